# The `dlx` command in a small image, for the Kubernetes Indexed Job of
# scripts/cluster/kubernetes/ (docs/src/clusters.md, "Kubernetes"):
#
#   docker build -t registry.example/dlx:1 . && docker push registry.example/dlx:1
#
# Two stages: `dlx` is built with cargo in the Rust image, then only the
# binary is copied onto Debian's slim image (the same Debian release, so
# the same glibc), which also gives the Job its /bin/sh and the collecting
# pod its tar. The bases are build arguments, so that a mirror or a pinned
# digest can stand in for them (--build-arg RUST_IMAGE=...).
ARG RUST_IMAGE=rust:1-slim-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim

FROM ${RUST_IMAGE} AS build
WORKDIR /src
# The whole workspace (cargo reads every member's manifest); .dockerignore
# keeps build output, .git and virtual environments out of the context.
COPY . .
# `cargo static-dlx` (.cargo/config.toml): glibc linked in, no shared
# library to load, so each of the Job's many short runs starts faster.
RUN cargo static-dlx \
    && install -m 755 target/release/dlx /usr/local/bin/dlx \
    && dlx --version

FROM ${RUNTIME_IMAGE}
COPY --from=build /usr/local/bin/dlx /usr/local/bin/dlx
# Runs as the base's user (root), so that a shared volume owned by root
# (as NFS exports often are) can take the results; set the Job's
# securityContext to run as another user where the volume allows it.
CMD ["dlx", "--help"]
