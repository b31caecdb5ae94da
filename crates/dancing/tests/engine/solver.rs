//! The sequential solver's search: searching again after a stop, a solver
//! from a template, node limits and progress monitors.

use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing::expert::{Solver, Template};
use dancing::{Progress, StopReason};
use dancing_testkit::verify::assert_exact_cover;

use super::{data, dlx1, ordered_solutions};
use dancing::expert::Search;

#[test]
fn a_solver_can_search_again_after_stopping_early() {
    let problem = data("queens8.dlx");
    let queens8 = dlx1("queens8.dlx");
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    assert_eq!(solver.count_up_to(5), 5);
    assert!(!solver.stats().is_complete());
    let first = solver.first().unwrap();
    assert_exact_cover(&problem, &first);
    assert_eq!(solver.collect(3).len(), 3);
    assert_eq!(solver.collect(3)[0], first, "searches are deterministic");
    // After all the stops, a full count still sees the whole tree.
    assert_eq!(solver.count(), queens8.solutions);
    assert_eq!(solver.stats().nodes, queens8.nodes);
    let fresh_bump = Bump::new();
    let mut fresh = Solver::new(&problem, &fresh_bump);
    fresh.count();
    assert_eq!(solver.profile(), fresh.profile());
    // A shallow search after a deep one counts only its own levels, and the
    // deep levels are clean for the next full search.
    solver.set_config(solver.config().clone().node_limit(Some(3)));
    solver.count();
    assert_eq!(solver.profile(), [1, 1, 1]);
    solver.set_config(solver.config().clone().node_limit(None));
    assert_eq!(solver.count(), queens8.solutions);
    assert_eq!(solver.profile(), fresh.profile());
    assert_eq!(solver.count_up_to(0), 0);
    assert_eq!(solver.count_up_to(1000), queens8.solutions);
}

#[test]
fn a_template_solver_searches_like_a_linked_one() {
    for file in ["queens8.dlx", "langford7.dlx", "partitions8.dlx", "toy.dlx"] {
        let problem = data(file);
        let (bump, template_bump) = (Bump::new(), Bump::new());
        let template = Template::new(&problem);
        let mut linked = Solver::new(&problem, &bump);
        let mut copied = Solver::from_template(&template, &template_bump);
        assert_eq!(
            ordered_solutions(&mut linked),
            ordered_solutions(&mut copied)
        );
        assert_eq!(linked.stats(), copied.stats(), "{file}");
        assert_eq!(linked.profile(), copied.profile(), "{file}");
    }
}

#[test]
fn a_node_limit_stops_the_search_exactly_and_leaves_the_solver_whole() {
    let problem = data("queens10.dlx");
    let queens10 = dlx1("queens10.dlx");
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    for limit in [1, 2, 57, 5_000, queens10.nodes - 1] {
        solver.set_config(solver.config().clone().node_limit(Some(limit)));
        let stats = solver.search(|_| ControlFlow::Continue(()));
        assert_eq!(stats.nodes, limit);
        assert!(!stats.is_complete());
        assert!(stats.solutions <= queens10.solutions);
    }
    solver.set_config(solver.config().clone().node_limit(Some(queens10.nodes)));
    assert!(solver.search(|_| ControlFlow::Continue(())).is_complete());
    solver.set_config(solver.config().clone().node_limit(None));
    assert_eq!(solver.count(), queens10.solutions);
    assert_eq!(solver.stats().nodes, queens10.nodes);
}

#[test]
fn a_monitor_sees_growing_progress_and_can_stop_the_search() {
    let problem = data("queens10.dlx");
    let queens10 = dlx1("queens10.dlx");
    let bump = Bump::new();
    let mut solver = Solver::new(&problem, &bump);
    solver.set_config(solver.config().clone().checkpoint_interval(1_000));
    let mut seen: Vec<Progress> = Vec::new();
    let stats = solver.search_monitored(
        |_| ControlFlow::Continue(()),
        |progress| {
            seen.push(*progress);
            ControlFlow::Continue(())
        },
    );
    // Every 1,000 nodes, or more often when nodes are slow (a loaded
    // machine): checkpoints then come at least every 20 ms.
    assert!(seen.len() as u64 >= queens10.nodes / 1_000);
    let mut last = 0;
    for progress in &seen {
        let gap = progress.stats.nodes - last;
        assert!((1..=1_000).contains(&gap), "{gap}");
        last = progress.stats.nodes;
        assert_eq!(progress.stats.stop, StopReason::Running);
        assert!((0.0..1.0).contains(&progress.fraction));
    }
    assert!(seen.windows(2).all(|p| p[0].fraction <= p[1].fraction));
    assert!(
        seen.windows(2)
            .all(|p| p[0].stats.solutions <= p[1].stats.solutions)
    );
    // Ten queens are symmetric: halfway through the nodes is about halfway.
    let halfway = seen
        .iter()
        .find(|p| p.stats.nodes >= queens10.nodes / 2)
        .unwrap();
    assert!((halfway.fraction - 0.5).abs() < 0.2, "{}", halfway.fraction);
    assert!(stats.is_complete());

    let stopped = solver.search_monitored(
        |_| ControlFlow::Continue(()),
        |progress| {
            if progress.stats.nodes >= 3_000 {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            }
        },
    );
    assert!((3_000..4_000).contains(&stopped.nodes), "{}", stopped.nodes);
    assert_eq!(stopped.stop, StopReason::Interrupted);
    assert_eq!(
        solver.count(),
        queens10.solutions,
        "the stop unwound the matrix"
    );
}
