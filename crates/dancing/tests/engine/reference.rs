//! Knuth's reference figures: DLX1's solutions, search-tree nodes and link
//! updates on every reference file, and his example's solution.

use std::ops::ControlFlow;

use bumpalo::Bump;
use dancing::expert::Solver;
use dancing_testkit::figures::DLX1;
use dancing_testkit::verify::assert_exact_cover;

use super::data;
use dancing::expert::Search;

#[test]
fn reference_problems_match_dlx1_solutions_nodes_and_updates() {
    for figures in DLX1 {
        let file = figures.file;
        let problem = data(file);
        let bump = Bump::new();
        let mut solver = Solver::new(&problem, &bump);
        let mut seen = 0;
        let stats = solver.search(|solution| {
            seen += 1;
            assert_exact_cover(&problem, solution.options());
            ControlFlow::Continue(())
        });
        assert_eq!(
            (stats.solutions, stats.nodes, stats.updates),
            (figures.solutions, figures.nodes, figures.updates),
            "{file}"
        );
        assert_eq!(seen, figures.solutions, "{file}");
        assert!(stats.is_complete());
        assert_eq!(
            solver.profile().iter().sum::<u64>(),
            figures.nodes,
            "{file}: profile"
        );
        assert_eq!(solver.profile()[0], 1, "{file}: one root");
    }
}

#[test]
fn queens8_statistics_are_those_of_the_cli_example() {
    let problem = data("queens8.dlx");
    let bump = Bump::new();
    let stats = Solver::new(&problem, &bump).search(|_| ControlFlow::Continue(()));
    assert_eq!(stats.max_depth, 8);
}

#[test]
fn toy_problem_solution_is_knuths() {
    let problem = data("toy.dlx");
    let bump = Bump::new();
    let solution = Solver::new(&problem, &bump).first().unwrap();
    let mut lines: Vec<String> = solution
        .iter()
        .map(|&o| {
            let names: Vec<&str> = problem
                .option(o)
                .iter()
                .map(|&i| problem.item_name(i).unwrap())
                .collect();
            names.join(" ")
        })
        .collect();
    lines.sort();
    assert_eq!(lines, ["A D", "B G", "C E F"]);
}
