//! Drawing solutions: the printers of `dlx gen --solve` (decoded by the
//! generator) and of `dlx solve --draw` (any problem whose items name
//! cells, drawn from the names), and the ANSI colors of packings.

use std::fmt::Write as _;
use std::io::{self, IsTerminal, Write};

use anstyle::{AnsiColor, Color, Style};
use clap::ValueEnum;
use dancing::{OptionId, Problem};
use dancing_problems::ExactCover;
use dancing_problems::picture::CellPicture;
use dancing_problems::polyomino::Cell;

use crate::run::outcome::RunOutcome;
use crate::run::printer::{EMPTY_SOLUTION, Header, Printer};

/// When to color drawings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    // When standard output is a terminal and NO_COLOR is not set.
    Auto,
    Always,
    Never,
}

impl ColorWhen {
    /// Whether drawings are colored: `auto` colors them on a terminal,
    /// unless NO_COLOR is set (and not empty).
    pub fn colors(self) -> bool {
        match self {
            ColorWhen::Always => true,
            ColorWhen::Never => false,
            ColorWhen::Auto => {
                io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }
}

/// How drawings are separated: a blank line between pictures of several
/// lines, nothing between one-line ones.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    Block,
    Line,
}

pub fn plain<S: std::fmt::Display>(solution: &S) -> String {
    solution.to_string()
}

/// Draws each solution, decoded by the generator: pictures of several lines
/// separated by a blank line, one-line pictures one after another.
pub struct Drawing<'a, P, D, W> {
    pub generator: &'a P,
    pub draw: &'a D,
    pub shape: Shape,
    pub out: &'a mut W,
}

impl<P, D, W> Printer for Drawing<'_, P, D, W>
where
    P: ExactCover,
    D: Fn(&P::Solution) -> String,
    W: Write,
{
    fn wants_solutions(&self) -> bool {
        true
    }

    fn solution(
        &mut self,
        _: &dancing::Problem,
        number: u64,
        options: &[OptionId],
    ) -> io::Result<()> {
        let picture = (self.draw)(&self.generator.decode(options));
        if number > 1 && self.shape == Shape::Block {
            writeln!(self.out)?;
        }
        write!(self.out, "{picture}")?;
        if !picture.ends_with('\n') {
            writeln!(self.out)?;
        }
        Ok(())
    }

    fn finish(&mut self, _: &RunOutcome) -> io::Result<()> {
        self.out.flush()
    }
}

/// Draws each solution of a problem whose items name cells (`dlx solve
/// --draw`), from the names: a picture, a blank line between pictures, and
/// `==> FILE <==` before the pictures of each of several files.
pub struct Pictures<'w, W: Write> {
    out: &'w mut W,
    header: Option<Header>,
    /// Whether pieces are drawn on colored backgrounds.
    colored: bool,
    /// Made from the problem once it is read.
    picture: Option<CellPicture>,
}

impl<'w, W: Write> Pictures<'w, W> {
    pub fn new(out: &'w mut W, header: Option<Header>, colored: bool) -> Self {
        Pictures {
            out,
            header,
            colored,
            picture: None,
        }
    }
}

impl<W: Write> Printer for Pictures<'_, W> {
    fn wants_solutions(&self) -> bool {
        true
    }

    fn prepare(&mut self, problem: &Problem) -> Result<(), String> {
        let picture = CellPicture::of(problem).map_err(|why| format!("--draw: {why}"))?;
        self.picture = Some(picture);
        Ok(())
    }

    fn begin(&mut self) -> io::Result<()> {
        match &self.header {
            Some(header) => header.write(self.out),
            None => Ok(()),
        }
    }

    fn solution(&mut self, problem: &Problem, number: u64, options: &[OptionId]) -> io::Result<()> {
        if number > 1 {
            writeln!(self.out)?;
        }
        if options.is_empty() {
            return writeln!(self.out, "{EMPTY_SOLUTION}");
        }
        let picture = self
            .picture
            .as_ref()
            .expect("the printer is prepared before the search")
            .draw(problem, options);
        if self.colored && picture.has_pieces() {
            let text = draw_colored(picture.width(), picture.height(), |cell| {
                picture.tile_at(cell)
            });
            write!(self.out, "{text}")
        } else {
            write!(self.out, "{picture}")
        }
    }

    fn finish(&mut self, _: &RunOutcome) -> io::Result<()> {
        self.out.flush()
    }
}

/// Background colors for pieces, twelve that a terminal tells apart.
const PIECE_COLORS: [AnsiColor; 12] = [
    AnsiColor::Red,
    AnsiColor::Green,
    AnsiColor::Yellow,
    AnsiColor::Blue,
    AnsiColor::Magenta,
    AnsiColor::Cyan,
    AnsiColor::BrightRed,
    AnsiColor::BrightGreen,
    AnsiColor::BrightYellow,
    AnsiColor::BrightBlue,
    AnsiColor::BrightMagenta,
    AnsiColor::BrightCyan,
];

/// A picture of a board with each piece (or tile) on a background of its
/// own: `owner` gives what covers a cell, as the number that picks its
/// color and the letter drawn, `None` for a hole. Cells are two characters
/// wide, so that they look square.
pub fn draw_colored(
    width: usize,
    height: usize,
    owner: impl Fn(Cell) -> Option<(usize, char)>,
) -> String {
    let mut picture = String::new();
    for y in 0..height {
        let mut row = String::new();
        // The style changes only where the piece does.
        let mut current: Option<Style> = None;
        for x in 0..width {
            let covering = owner(Cell::new(x as i32, y as i32));
            let style = covering.map(|(color, _)| piece_style(color));
            if style != current {
                if let Some(previous) = current {
                    let _ = write!(row, "{}", previous.render_reset());
                }
                if let Some(next) = style {
                    let _ = write!(row, "{}", next.render());
                }
                current = style;
            }
            match covering {
                Some((_, letter)) => {
                    row.push(letter);
                    row.push(' ');
                }
                None => row.push_str("  "),
            }
        }
        if let Some(last) = current {
            let _ = write!(row, "{}", last.render_reset());
        }
        picture.push_str(row.trim_end());
        picture.push('\n');
    }
    picture
}

/// The colors of a piece's number: a background from the palette, and a
/// letter that stands out on it.
fn piece_style(number: usize) -> Style {
    let k = number % PIECE_COLORS.len();
    let letter = if k < 6 {
        AnsiColor::BrightWhite
    } else {
        AnsiColor::Black
    };
    Style::new()
        .bg_color(Some(Color::Ansi(PIECE_COLORS[k])))
        .fg_color(Some(Color::Ansi(letter)))
}
