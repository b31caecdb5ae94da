//! A `dlx` running in the background, for the tests that interrupt it or
//! keep it waiting for input: its output is collected while it runs, and
//! a run that does not end in time fails the test instead of hanging it.

use std::ffi::OsStr;
use std::io::Read;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// A started `dlx`.
pub struct Running {
    child: Child,
    stdout: JoinHandle<Vec<u8>>,
    stderr: JoinHandle<Vec<u8>>,
    stdin: Option<ChildStdin>,
}

/// How a background run ended.
#[derive(Debug)]
pub struct Finished {
    pub code: Option<i32>,
    pub stdout: String,
    pub stderr: String,
    /// From the call of [`Running::finish`] to the exit.
    pub waited: Duration,
}

/// Starts `dlx ARGS` with its standard input a pipe that the test holds
/// (and may write to, or leave silent).
pub fn spawn<S: AsRef<OsStr>>(args: &[S]) -> Running {
    let mut child = Command::new(assert_cmd::cargo::cargo_bin("dlx"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("dlx starts");
    let collect = |mut stream: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = stream.read_to_end(&mut bytes);
            bytes
        })
    };
    let stdout = collect(Box::new(child.stdout.take().unwrap()));
    let stderr = collect(Box::new(child.stderr.take().unwrap()));
    let stdin = child.stdin.take();
    Running {
        child,
        stdout,
        stderr,
        stdin,
    }
}

impl Running {
    /// The pipe to the program's standard input (closing it ends the input).
    pub fn stdin(&mut self) -> &mut Option<ChildStdin> {
        &mut self.stdin
    }

    /// Whether the program has already exited (its status is kept for
    /// [`Running::finish`]).
    pub fn has_exited(&mut self) -> bool {
        self.child.try_wait().unwrap().is_some()
    }

    /// The program's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends SIGINT, as Ctrl-C in a terminal does.
    pub fn interrupt(&self) {
        let sent = Command::new("kill")
            .args(["-INT", &self.child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(sent.success(), "kill -INT failed");
    }

    /// Waits for the exit, at most `limit` (then kills the program and
    /// fails the test).
    pub fn finish(mut self, limit: Duration) -> Finished {
        let start = Instant::now();
        let status = loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                break status;
            }
            if start.elapsed() > limit {
                let _ = self.child.kill();
                let _ = self.child.wait();
                let stderr = String::from_utf8_lossy(&self.stderr.join().unwrap()).into_owned();
                panic!("dlx did not end within {limit:?}; stderr: {stderr}");
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        let waited = start.elapsed();
        drop(self.stdin.take());
        Finished {
            code: status.code(),
            stdout: String::from_utf8_lossy(&self.stdout.join().unwrap()).into_owned(),
            stderr: String::from_utf8_lossy(&self.stderr.join().unwrap()).into_owned(),
            waited,
        }
    }
}
