//! The search engines by name: Dancing Links and the seeds' depth-first
//! searches.

use std::fmt;
use std::str::FromStr;

use crate::grid::Shape;

/// A search engine: Dancing Links, or one of the seeds' depth-first searches.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Engine {
    /// Algorithm X on the `dancing` engine: the 324-item exact cover, givens
    /// pre-covered, candidates pruned (POJ 3074's method). Any shape.
    #[default]
    Dlx,
    /// Plain row-major depth-first search, digits 1 to 9 (POJ 2676):
    /// [`dfs::naive`]. 9x9 only.
    Naive,
    /// Depth-first search over a list of the empty cells ("100 lines"):
    /// [`dfs::blank_list`]. 9x9 only.
    BlankList,
    /// Bitmasks, branching on the cell with the fewest candidates
    /// (AcWing 166): [`dfs::mrv`]. 9x9 only.
    Mrv,
    /// Iterative bitmask backtracking with an explicit stack (LeetCode 37):
    /// [`dfs::stack`]. 9x9 only.
    Stack,
    /// The fewest-candidates bitmask search generalized to every shape
    /// up to 64x64, with 64-bit masks: [`dfs::bitmask`].
    Bitmask,
}

impl Engine {
    /// Every engine, Dancing Links first.
    pub const ALL: [Engine; 6] = [
        Engine::Dlx,
        Engine::Naive,
        Engine::BlankList,
        Engine::Mrv,
        Engine::Stack,
        Engine::Bitmask,
    ];

    /// The engine's name on the command line: `dlx`, `naive`, `blank-list`,
    /// `mrv`, `stack` or `bitmask`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Dlx => "dlx",
            Engine::Naive => "naive",
            Engine::BlankList => "blank-list",
            Engine::Mrv => "mrv",
            Engine::Stack => "stack",
            Engine::Bitmask => "bitmask",
        }
    }

    /// Whether the engine can solve grids of `shape`.
    pub fn supports(self, shape: Shape) -> bool {
        matches!(self, Engine::Dlx | Engine::Bitmask) || shape == Shape::CLASSIC
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Engine {
    type Err = UnknownEngine;

    fn from_str(name: &str) -> Result<Engine, UnknownEngine> {
        Engine::ALL
            .into_iter()
            .find(|engine| engine.name() == name)
            .ok_or_else(|| UnknownEngine(name.to_owned()))
    }
}

/// A name that is not one of [`Engine::name`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownEngine(pub String);

impl fmt::Display for UnknownEngine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown engine {:?}: expected dlx, naive, blank-list, mrv, stack or bitmask",
            self.0
        )
    }
}

impl std::error::Error for UnknownEngine {}
