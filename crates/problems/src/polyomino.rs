//! Polyomino packing: fill a board exactly with a set of pieces, each used
//! once, in any rotation or reflection.
//!
//! # The exact cover
//! As in Knuth's `pentomino3x20.dlx`: one primary item per piece (its name,
//! `F` ... `Z` for the pentominoes) and one per board cell (`xXyY`, column X,
//! row Y counted downward, in reading order); one option per placement of a
//! piece, `F x0y0 x0y1 x1y1 x1y2 x2y1`. Placements come piece by piece, each
//! piece's orientations in increasing order of their sorted cells, each
//! orientation shifted column by column, row by row; so a 3x20 rectangle gives
//! Knuth's file line for line.
//!
//! # Solutions up to the board's symmetries
//! The board's symmetry group G is computed from its cells: the symmetries
//! of the square (rotations, reflections) that map the board onto itself
//! ([`Board::symmetries`]): 4 for a rectangle, 8 for a square, perhaps 1 for
//! a board with holes. G acts on solutions, and [`Packing::up_to_symmetry`]
//! keeps exactly one solution of each orbit:
//!
//! 1. One piece P is kept to one placement per orbit of G on its placements
//!    (the first in option order). Every orbit of solutions then has a member
//!    with P at a kept placement p, and two such members differ by a symmetry
//!    that fixes p.
//! 2. If no kept placement of P is fixed by a symmetry other than the
//!    identity, that is all: each orbit of solutions is counted once. This is
//!    always so when P has no symmetry of its own, and for the X pentomino on
//!    a 6x10 board, where X's centre never lies on an axis.
//! 3. Otherwise (X in the middle row of 3x20 or 5x12, the middle column of
//!    4x15), the solutions with P at such a p can still be mirror images by
//!    the stabilizer K of p. A second piece Q, none of whose placements is
//!    fixed by a symmetry in K, is kept to one placement per orbit of K,
//!    but only while P sits at p: a secondary item is put in P's options
//!    fixed by K and in Q's options that are not the first of their K-orbit,
//!    so the two cannot be chosen together. It is named after P and the
//!    symmetries that generate K ([`Symmetry::code`]): `X~ud` for X on the
//!    middle row. This is Knuth's treatment of X on the axis, made general.
//!
//! P is the piece that keeps the fewest placements (X, for the pentominoes),
//! Q the piece with the fewest placements among those that can serve. When
//! P or Q exists, no solution is its own image under a symmetry, so the raw
//! count is exactly |G| times the reduced one (3x20: 8 = 4 x 2). If no pair
//! of pieces can serve (every piece fixed by some symmetry of the board),
//! [`Packing::up_to_symmetry`] says so with
//! [`Error::NoSymmetryBreaking`].
//!
//! Pieces are told apart by name: two pieces of the same shape give two
//! solutions for every packing where they could be swapped.
//!
//! ```
//! use dancing_problems::polyomino::{Board, Packing, pentominoes};
//! use dancing_problems::ExactCover;
//!
//! let board = Board::rectangle(3, 20)?;
//! assert_eq!(Packing::new(board.clone(), pentominoes())?.count(), 8);
//! assert_eq!(Packing::up_to_symmetry(board, pentominoes())?.count(), 2);
//! # Ok::<(), dancing_problems::Error>(())
//! ```

use std::collections::{BTreeSet, HashMap};
use std::fmt;

use dancing::{ItemId, OptionId, Problem, ProblemBuilder};

use crate::{Error, ExactCover};

mod board;
mod piece;
mod symmetry;

pub use board::Board;
pub use piece::{Piece, pentominoes, pieces_from_picture};
pub use symmetry::{BoardSymmetry, Cell, Symmetry};

/// A packing problem, built: a board, pieces, and one option per placement.
#[derive(Clone, Debug)]
pub struct Packing {
    board: Board,
    pieces: Vec<Piece>,
    symbols: Vec<char>,
    symmetries: Vec<BoardSymmetry>,
    breaking: Option<SymmetryBreaking>,
    /// The placement of each option.
    placements: Vec<Placement>,
    problem: Problem,
}

/// A piece on the board: what one option of a [`Packing`] places.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The piece, as an index into [`Packing::pieces`].
    pub piece: usize,
    /// The board cells it covers, sorted.
    pub cells: Vec<Cell>,
}

/// How [`Packing::up_to_symmetry`] broke the board's symmetry (see the
/// [module documentation](self)).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct SymmetryBreaking {
    /// The piece kept to one placement per orbit (P), an index into
    /// [`Packing::pieces`].
    pub restricted_piece: usize,
    /// How many placements of it are kept.
    pub kept_placements: usize,
    /// How many it has on the board.
    pub all_placements: usize,
    /// The second piece (Q), restricted while P sits on a symmetry axis.
    pub second_piece: Option<usize>,
    /// The secondary items that tie P's placements on an axis to Q's.
    pub linking_items: Vec<String>,
}

/// The most option entries (cells plus the piece, over all placements) a
/// packing may have: some tens of megabytes once linked.
pub const MAX_ENTRIES: usize = 1 << 22;

impl Packing {
    /// Every packing of `board` with `pieces`.
    pub fn new(board: Board, pieces: Vec<Piece>) -> Result<Packing, Error> {
        Packing::build(board, pieces, false)
    }

    /// The packings of `board` with `pieces`, one of each set of packings
    /// that the board's symmetries map to one another.
    pub fn up_to_symmetry(board: Board, pieces: Vec<Piece>) -> Result<Packing, Error> {
        Packing::build(board, pieces, true)
    }

    fn build(board: Board, pieces: Vec<Piece>, up_to_symmetry: bool) -> Result<Packing, Error> {
        check_pieces(&board, &pieces)?;
        let mut budget = MAX_ENTRIES;
        let placements_by_piece = pieces
            .iter()
            .map(|piece| placements(&board, piece, &mut budget))
            .collect::<Result<Vec<_>, _>>()?;
        let symmetries = board.symmetries();
        let plan = if up_to_symmetry && symmetries.len() > 1 {
            Some(BreakingPlan::choose(&placements_by_piece, &symmetries)?)
        } else {
            None
        };

        let mut builder = ProblemBuilder::new();
        let piece_items = pieces
            .iter()
            .map(|piece| builder.primary_item(piece.name()))
            .collect::<Result<Vec<_>, _>>()?;
        let cell_items = board
            .cells()
            .iter()
            .map(|cell| builder.primary_item(&cell.to_string()))
            .collect::<Result<Vec<_>, _>>()?;
        let mut linking_items = Vec::new();
        if let Some(plan) = &plan {
            for &stabilizer in &plan.stabilizers {
                let name = format!(
                    "{}~{}",
                    pieces[plan.restricted].name(),
                    subgroup_name(&symmetries, stabilizer)
                );
                linking_items.push((stabilizer, builder.secondary_item(&name)?, name));
            }
        }
        let linking_item = |stabilizer: u8| -> ItemId {
            linking_items
                .iter()
                .find(|entry| entry.0 == stabilizer)
                .map(|entry| entry.1)
                .expect("a linking item per stabilizer")
        };

        let mut option_placements = Vec::new();
        let mut option = Vec::new();
        for (piece, placements) in placements_by_piece.into_iter().enumerate() {
            for (p, cells) in placements.into_iter().enumerate() {
                option.clear();
                option.push(piece_items[piece]);
                option.extend(cells.iter().map(|&cell| {
                    cell_items[board.position(cell).expect("placements lie on the board")]
                }));
                if let Some(plan) = &plan {
                    let Some(links) = plan.links(piece, p) else {
                        continue;
                    };
                    option.extend(links.into_iter().map(linking_item));
                }
                builder.option(option.iter().copied())?;
                option_placements.push(Placement { piece, cells });
            }
        }
        let breaking = plan.map(|plan| SymmetryBreaking {
            restricted_piece: plan.restricted,
            kept_placements: option_placements
                .iter()
                .filter(|p| p.piece == plan.restricted)
                .count(),
            all_placements: plan.orbits[plan.restricted].placements(),
            second_piece: plan.second,
            linking_items: linking_items.into_iter().map(|entry| entry.2).collect(),
        });
        Ok(Packing {
            symbols: picture_symbols(&pieces),
            board,
            pieces,
            symmetries,
            breaking,
            placements: option_placements,
            problem: builder.build()?,
        })
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The pieces, in item order.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The board's symmetries, the identity first.
    pub fn symmetries(&self) -> &[BoardSymmetry] {
        &self.symmetries
    }

    /// How the symmetry was broken, for [`up_to_symmetry`](Self::up_to_symmetry)
    /// on a board with symmetries.
    pub fn symmetry_breaking(&self) -> Option<&SymmetryBreaking> {
        self.breaking.as_ref()
    }

    /// The placement made by each option, by option index.
    pub fn placements(&self) -> &[Placement] {
        &self.placements
    }
}

impl ExactCover for Packing {
    type Solution = Tiling;

    fn problem(&self) -> &Problem {
        &self.problem
    }

    fn decode(&self, options: &[OptionId]) -> Tiling {
        let (width, height) = (self.board.width(), self.board.height());
        let mut owner = vec![None; width * height];
        let mut placed: Vec<Placement> = options
            .iter()
            .map(|option| self.placements[option.index()].clone())
            .collect();
        placed.sort_by_key(|placement| placement.piece);
        for placement in &placed {
            for cell in &placement.cells {
                owner[cell.y as usize * width + cell.x as usize] = Some(placement.piece);
            }
        }
        Tiling {
            grid: OwnerGrid {
                width,
                height,
                owner,
            },
            symbols: self.symbols.clone(),
            placed,
        }
    }

    fn describe(&self) -> String {
        let pieces = if self.pieces == pentominoes() {
            "the 12 pentominoes".to_owned()
        } else {
            let names: Vec<&str> = self.pieces.iter().map(Piece::name).take(24).collect();
            let more = if self.pieces.len() > names.len() {
                " ..."
            } else {
                ""
            };
            format!("{} pieces ({}{more})", self.pieces.len(), names.join(" "))
        };
        let board = self.board.describe();
        let group = self.symmetries.len();
        let symmetry = match &self.breaking {
            None if group == 1 => "the board has no symmetry".to_owned(),
            None => format!("no symmetry breaking (the board has {group} symmetries)"),
            Some(breaking) => {
                let name = |piece: usize| self.pieces[piece].name();
                let mut text = format!(
                    "up to the board's {group} symmetries: {} kept to {} of its {} placements",
                    name(breaking.restricted_piece),
                    breaking.kept_placements,
                    breaking.all_placements
                );
                if let Some(second) = breaking.second_piece {
                    text += &format!(
                        ", {} restricted likewise while {} lies on an axis ({})",
                        name(second),
                        name(breaking.restricted_piece),
                        breaking.linking_items.join(" ")
                    );
                }
                text
            }
        };
        format!("{pieces} on {board}, {symmetry}")
    }
}

/// A packing found by the search; `Display` draws the board with one
/// letter per piece and a space for each hole.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tiling {
    /// The piece on each position of the board's bounding box.
    grid: OwnerGrid,
    symbols: Vec<char>,
    placed: Vec<Placement>,
}

impl Tiling {
    /// The width of the board's bounding box.
    pub fn width(&self) -> usize {
        self.grid.width
    }

    /// The height of the board's bounding box.
    pub fn height(&self) -> usize {
        self.grid.height
    }

    /// The piece (an index into [`Packing::pieces`]) covering `cell`, or
    /// `None` for a hole or a cell outside the board.
    pub fn piece_at(&self, cell: Cell) -> Option<usize> {
        self.grid.at(cell)
    }

    /// The letter drawn for `piece`: the first character of its name, or a
    /// letter of its own when two names start alike.
    pub fn symbol(&self, piece: usize) -> char {
        self.symbols[piece]
    }

    /// The placed pieces, in piece order.
    pub fn placements(&self) -> &[Placement] {
        &self.placed
    }
}

impl fmt::Display for Tiling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.grid.draw(f, |piece| self.symbols[piece])
    }
}

/// What covers each position of a board's bounding box (a piece, a tile),
/// by index; `None` for a hole.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct OwnerGrid {
    pub(crate) width: usize,
    pub(crate) height: usize,
    /// Row by row.
    pub(crate) owner: Vec<Option<usize>>,
}

impl OwnerGrid {
    /// What covers `cell`: `None` for a hole or a cell outside the box.
    pub(crate) fn at(&self, cell: Cell) -> Option<usize> {
        if cell.x < 0
            || cell.y < 0
            || cell.x as usize >= self.width
            || cell.y as usize >= self.height
        {
            return None;
        }
        self.owner[cell.y as usize * self.width + cell.x as usize]
    }

    /// Draws the grid, a character per position (`symbol` of its owner, a
    /// space for a hole), each row without its trailing spaces.
    pub(crate) fn draw(
        &self,
        f: &mut fmt::Formatter<'_>,
        symbol: impl Fn(usize) -> char,
    ) -> fmt::Result {
        for y in 0..self.height {
            let row: String = (0..self.width)
                .map(|x| self.at(Cell::new(x as i32, y as i32)).map_or(' ', &symbol))
                .collect();
            writeln!(f, "{}", row.trim_end())?;
        }
        Ok(())
    }
}

/// The stabilizer of a placement that only the identity fixes.
const IDENTITY_ONLY: u8 = 1;

/// Which placements a piece keeps under the board's symmetries: a group
/// element is a bit of a `u8` (bit 0 the identity), a subgroup a mask.
#[derive(Clone, Debug)]
struct Orbits {
    group: usize,
    /// `images[p * group + k]` is the placement that symmetry `k` maps `p` to.
    images: Vec<u32>,
}

impl Orbits {
    fn new(placements: &[Vec<Cell>], symmetries: &[BoardSymmetry]) -> Orbits {
        let index: HashMap<&[Cell], u32> = placements
            .iter()
            .enumerate()
            .map(|(k, cells)| (cells.as_slice(), k as u32))
            .collect();
        let mut images = Vec::with_capacity(placements.len() * symmetries.len());
        let mut image = Vec::new();
        for cells in placements {
            for map in symmetries {
                image.clear();
                image.extend(cells.iter().map(|&cell| map.apply(cell)));
                image.sort_unstable();
                // A symmetry of the board maps a placement of a piece to
                // another placement of the same piece: all are listed.
                images.push(index[image.as_slice()]);
            }
        }
        Orbits {
            group: symmetries.len(),
            images,
        }
    }

    fn placements(&self) -> usize {
        self.images.len() / self.group
    }

    fn image(&self, placement: usize, symmetry: usize) -> usize {
        self.images[placement * self.group + symmetry] as usize
    }

    /// The symmetries that map `placement` to itself.
    fn stabilizer(&self, placement: usize) -> u8 {
        (0..self.group)
            .filter(|&k| self.image(placement, k) == placement)
            .fold(0, |mask, k| mask | 1 << k)
    }

    /// Whether `placement` comes first in its orbit under `subgroup`.
    fn is_representative(&self, placement: usize, subgroup: u8) -> bool {
        (0..self.group)
            .filter(|&k| subgroup >> k & 1 == 1)
            .all(|k| self.image(placement, k) >= placement)
    }
}

/// The choice of P and Q (see the module documentation).
struct BreakingPlan {
    all: u8,
    orbits: Vec<Orbits>,
    restricted: usize,
    /// The stabilizers (other than the identity alone) of P's kept placements.
    stabilizers: BTreeSet<u8>,
    second: Option<usize>,
}

impl BreakingPlan {
    fn choose(
        placements: &[Vec<Vec<Cell>>],
        symmetries: &[BoardSymmetry],
    ) -> Result<BreakingPlan, Error> {
        let group = symmetries.len();
        let all = ((1u16 << group) - 1) as u8;
        let orbits: Vec<Orbits> = placements
            .iter()
            .map(|p| Orbits::new(p, symmetries))
            .collect();
        // Each candidate for P: how many placements it keeps, and the
        // stabilizers of those that a symmetry fixes.
        let mut candidates: Vec<(usize, BTreeSet<u8>, usize)> = orbits
            .iter()
            .enumerate()
            .map(|(piece, orbits)| {
                let kept: Vec<usize> = (0..orbits.placements())
                    .filter(|&p| orbits.is_representative(p, all))
                    .collect();
                let stabilizers: BTreeSet<u8> = kept
                    .iter()
                    .map(|&p| orbits.stabilizer(p))
                    .filter(|&s| s != IDENTITY_ONLY)
                    .collect();
                (kept.len(), stabilizers, piece)
            })
            .collect();
        candidates
            .sort_by_key(|(kept, stabilizers, piece)| (*kept, !stabilizers.is_empty(), *piece));
        for (_, stabilizers, restricted) in candidates {
            if stabilizers.is_empty() {
                return Ok(BreakingPlan {
                    all,
                    orbits,
                    restricted,
                    stabilizers,
                    second: None,
                });
            }
            // Q must have no placement fixed by a symmetry (besides the
            // identity) of any of those stabilizers.
            let second = (0..orbits.len())
                .filter(|&piece| piece != restricted)
                .filter(|&piece| {
                    let orbits = &orbits[piece];
                    (0..orbits.placements()).all(|q| {
                        let fixed_by = orbits.stabilizer(q);
                        stabilizers
                            .iter()
                            .all(|&stabilizer| fixed_by & stabilizer == IDENTITY_ONLY)
                    })
                })
                .min_by_key(|&piece| (orbits[piece].placements(), piece));
            if let Some(second) = second {
                return Ok(BreakingPlan {
                    all,
                    orbits,
                    restricted,
                    stabilizers,
                    second: Some(second),
                });
            }
        }
        Err(Error::NoSymmetryBreaking { symmetries: group })
    }

    /// What the plan does to placement `p` of `piece`: `None` drops it
    /// (P, not first in its orbit), otherwise it gets the linking items of
    /// these stabilizers (P's own when a symmetry fixes it; for Q, those
    /// under which it is not first in its orbit).
    fn links(&self, piece: usize, p: usize) -> Option<Vec<u8>> {
        let orbits = &self.orbits[piece];
        if piece == self.restricted {
            if !orbits.is_representative(p, self.all) {
                return None;
            }
            let stabilizer = orbits.stabilizer(p);
            Some(if stabilizer == IDENTITY_ONLY {
                Vec::new()
            } else {
                vec![stabilizer]
            })
        } else if Some(piece) == self.second {
            Some(
                self.stabilizers
                    .iter()
                    .copied()
                    .filter(|&k| !orbits.is_representative(p, k))
                    .collect(),
            )
        } else {
            Some(Vec::new())
        }
    }
}

/// A name for a subgroup of the board's symmetries: the codes of the fewest
/// symmetries that generate it, joined by `+` (`ud`, `lr+ud`, `r90+lr`), so
/// that item names stay within the 8 characters of Knuth's programs.
fn subgroup_name(symmetries: &[BoardSymmetry], subgroup: u8) -> String {
    let members: Vec<Symmetry> = (1..symmetries.len())
        .filter(|&k| subgroup >> k & 1 == 1)
        .map(|k| symmetries[k].symmetry)
        .collect();
    let generated = |generators: &[Symmetry]| -> BTreeSet<&'static str> {
        let mut group = vec![Symmetry::Identity];
        while let Some(product) = group
            .iter()
            .flat_map(|&g| generators.iter().map(move |&s| g.then(s)))
            .find(|p| !group.contains(p))
        {
            group.push(product);
        }
        group
            .into_iter()
            .filter(|&s| s != Symmetry::Identity)
            .map(Symmetry::code)
            .collect()
    };
    let wanted: BTreeSet<&str> = members.iter().map(|s| s.code()).collect();
    let singles = members.iter().map(|&s| vec![s]);
    let pairs = members
        .iter()
        .enumerate()
        .flat_map(|(k, &a)| members[k + 1..].iter().map(move |&b| vec![a, b]));
    singles
        .chain(pairs)
        .find(|generators| generated(generators) == wanted)
        .unwrap_or(members)
        .iter()
        .map(|s| s.code())
        .collect::<Vec<_>>()
        .join("+")
}

/// Checks that the pieces can be items next to the cells and could fill the
/// board.
fn check_pieces(board: &Board, pieces: &[Piece]) -> Result<(), Error> {
    let mut names = BTreeSet::new();
    for piece in pieces {
        if !names.insert(piece.name()) {
            return Err(Error::InvalidPiece {
                name: piece.name().to_owned(),
                reason: "two pieces have this name".to_owned(),
            });
        }
        if is_cell_name(piece.name()) {
            return Err(Error::InvalidPiece {
                name: piece.name().to_owned(),
                reason: "names of the form xNyM are the board's cells".to_owned(),
            });
        }
    }
    let area: usize = pieces.iter().map(Piece::len).sum();
    if area != board.len() {
        return Err(Error::AreaMismatch {
            board: board.len(),
            pieces: area,
        });
    }
    Ok(())
}

/// Whether `name` looks like a cell item, `x` digits `y` digits.
fn is_cell_name(name: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    name.strip_prefix('x')
        .and_then(|rest| rest.split_once('y'))
        .is_some_and(|(x, y)| digits(x) && digits(y))
}

/// Every placement of `piece` on `board`, in option order; stops with an
/// error once the entries would pass `budget`.
pub(crate) fn placements(
    board: &Board,
    piece: &Piece,
    budget: &mut usize,
) -> Result<Vec<Vec<Cell>>, Error> {
    let mut result = Vec::new();
    for shape in piece.orientations() {
        let width = shape.iter().map(|c| c.x).max().unwrap_or(0) as usize + 1;
        let height = shape.iter().map(|c| c.y).max().unwrap_or(0) as usize + 1;
        if width > board.width() || height > board.height() {
            continue;
        }
        for dx in 0..=board.width() - width {
            for dy in 0..=board.height() - height {
                let cells: Vec<Cell> = shape
                    .iter()
                    .map(|c| Cell::new(c.x + dx as i32, c.y + dy as i32))
                    .collect();
                if !cells.iter().all(|&cell| board.contains(cell)) {
                    continue;
                }
                let entries = cells.len() + 1;
                if entries > *budget {
                    return Err(Error::TooLarge {
                        entries: MAX_ENTRIES - *budget + entries,
                        limit: MAX_ENTRIES,
                    });
                }
                *budget -= entries;
                result.push(cells);
            }
        }
    }
    Ok(result)
}

/// The letters drawn for the pieces: the first characters of their names
/// when those differ, otherwise letters and digits in turn.
fn picture_symbols(pieces: &[Piece]) -> Vec<char> {
    let firsts: Vec<char> = pieces.iter().map(Piece::symbol).collect();
    let distinct: BTreeSet<char> = firsts.iter().copied().collect();
    if distinct.len() == firsts.len() {
        return firsts;
    }
    let alphabet: Vec<char> = ('A'..='Z').chain('a'..='z').chain('0'..='9').collect();
    (0..pieces.len())
        .map(|k| alphabet[k % alphabet.len()])
        .collect()
}
