//! A horizontal bar chart on a logarithmic axis, written as SVG by hand (no
//! plotting dependency): one panel per table, one group of bars per set or
//! problem, one bar per solver.

use std::fmt::Write as _;

/// One bar: a labelled value, coloured by its series.
#[derive(Clone, Debug)]
pub struct Bar {
    /// The label left of the bar (the solver).
    pub label: String,
    /// The value, positive.
    pub value: f64,
    /// The series, an index into the chart's palette and legend.
    pub series: usize,
}

/// Bars under one heading (a set, a problem).
#[derive(Clone, Debug)]
pub struct Group {
    /// The heading.
    pub label: String,
    /// The bars, top to bottom.
    pub bars: Vec<Bar>,
}

/// One chart panel with its own axis.
#[derive(Clone, Debug)]
pub struct Panel {
    /// The panel's title.
    pub title: String,
    /// The unit of the values, printed after them.
    pub unit: String,
    /// The groups, top to bottom.
    pub groups: Vec<Group>,
}

/// Colours of the series, in order; the first is our Dancing Links.
pub const PALETTE: [&str; 8] = [
    "#d62728", "#7f7f7f", "#bcbd22", "#2ca02c", "#9467bd", "#1f77b4", "#ff7f0e", "#17becf",
];

const WIDTH: f64 = 980.0;
const LABEL_WIDTH: f64 = 150.0;
const VALUE_WIDTH: f64 = 90.0;
const BAR: f64 = 13.0;
const GAP: f64 = 3.0;
const HEADING: f64 = 20.0;
const AXIS: f64 = 40.0;
const TITLE: f64 = 26.0;

/// Escapes text for SVG.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// `n` with thousands separators: `49,158`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (k, c) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A value to three significant digits, whole numbers from 1,000 up with
/// thousands separators: `0.0123`, `24.1`, `267`, `1,468,258`.
pub fn significant(value: f64) -> String {
    if !value.is_finite() {
        return "?".to_owned();
    }
    if value >= 999.5 {
        return thousands(value.round() as u64);
    }
    if value <= 0.0 {
        return "0".to_owned();
    }
    let decimals = (2 - value.log10().floor() as i32).clamp(0, 9) as usize;
    let text = format!("{value:.decimals$}");
    // Rounding up may add a digit (99.96 to "100.0"): keep three.
    if text.len() > 4 && !text.starts_with("0.") && text.contains('.') {
        format!("{value:.0$}", decimals.saturating_sub(1))
    } else {
        text
    }
}

/// A power of ten as a tick label: 1, 10, 100, 1k, ... or 0.1, 0.01.
fn tick_label(exponent: i32) -> String {
    match exponent {
        e if e < 0 => format!("{}", 10f64.powi(e)),
        0..=2 => format!("{}", 10i64.pow(exponent as u32)),
        3..=5 => format!("{}k", 10i64.pow(exponent as u32 - 3)),
        6..=8 => format!("{}M", 10i64.pow(exponent as u32 - 6)),
        _ => format!("1e{exponent}"),
    }
}

/// The height of a panel.
fn panel_height(panel: &Panel) -> f64 {
    let bars: usize = panel.groups.iter().map(|g| g.bars.len()).sum();
    TITLE + AXIS + panel.groups.len() as f64 * HEADING + bars as f64 * (BAR + GAP) + 10.0
}

/// Draws `panel` with its top at `top`.
fn draw_panel(out: &mut String, panel: &Panel, top: f64, palette: &[&str]) {
    let values = panel
        .groups
        .iter()
        .flat_map(|g| &g.bars)
        .map(|b| b.value)
        .filter(|v| *v > 0.0);
    let (min, max) = values.fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    });
    if max <= 0.0 {
        return;
    }
    let low = min.log10().floor() as i32;
    let high = (max.log10().ceil() as i32).max(low + 1);
    let left = LABEL_WIDTH;
    let right = WIDTH - VALUE_WIDTH;
    let x = |value: f64| {
        let t = (value.max(10f64.powi(low)).log10() - low as f64) / (high - low) as f64;
        left + t * (right - left)
    };
    let bottom = top + panel_height(panel) - 10.0;
    writeln!(
        out,
        r#"<text x="10" y="{:.1}" font-size="15" font-weight="bold">{}</text>"#,
        top + 18.0,
        escape(&panel.title)
    )
    .unwrap();
    let axis_y = top + TITLE + AXIS - 8.0;
    writeln!(
        out,
        r##"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="middle" fill="#444">{} (log scale)</text>"##,
        (left + right) / 2.0,
        top + TITLE + 8.0,
        escape(&panel.unit)
    )
    .unwrap();
    for exponent in low..=high {
        let tx = x(10f64.powi(exponent));
        writeln!(
            out,
            r##"<line x1="{tx:.1}" y1="{axis_y:.1}" x2="{tx:.1}" y2="{bottom:.1}" stroke="#ddd"/><text x="{tx:.1}" y="{:.1}" font-size="11" text-anchor="middle" fill="#444">{}</text>"##,
            axis_y - 4.0,
            tick_label(exponent)
        )
        .unwrap();
    }
    let mut y = top + TITLE + AXIS;
    for group in &panel.groups {
        writeln!(
            out,
            r#"<text x="10" y="{:.1}" font-size="12" font-weight="bold">{}</text>"#,
            y + 14.0,
            escape(&group.label)
        )
        .unwrap();
        y += HEADING;
        for bar in &group.bars {
            let colour = palette[bar.series % palette.len()];
            let end = x(bar.value);
            writeln!(
                out,
                r#"<text x="{:.1}" y="{:.1}" font-size="11" text-anchor="end">{}</text>"#,
                left - 6.0,
                y + BAR - 2.5,
                escape(&bar.label)
            )
            .unwrap();
            writeln!(
                out,
                r#"<rect x="{left:.1}" y="{y:.1}" width="{:.1}" height="{BAR}" fill="{colour}"/>"#,
                (end - left).max(1.0)
            )
            .unwrap();
            writeln!(
                out,
                r#"<text x="{:.1}" y="{:.1}" font-size="11">{} {}</text>"#,
                end + 4.0,
                y + BAR - 2.5,
                significant(bar.value),
                escape(&panel.unit)
            )
            .unwrap();
            y += BAR + GAP;
        }
    }
}

/// The chart: a title, a caption line, then the panels one below the other.
pub fn svg(title: &str, caption: &str, panels: &[Panel]) -> String {
    let height = 56.0 + panels.iter().map(panel_height).sum::<f64>();
    let mut out = String::new();
    writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height:.0}" viewBox="0 0 {WIDTH} {height:.0}" font-family="sans-serif">"#
    )
    .unwrap();
    writeln!(
        out,
        r##"<rect width="100%" height="100%" fill="white"/><text x="10" y="22" font-size="17" font-weight="bold">{}</text><text x="10" y="42" font-size="11" fill="#444">{}</text>"##,
        escape(title),
        escape(caption)
    )
    .unwrap();
    let mut top = 56.0;
    for panel in panels {
        draw_panel(&mut out, panel, top, &PALETTE);
        top += panel_height(panel);
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_grow_with_the_logarithm_and_text_is_escaped() {
        let panel = Panel {
            title: "a <b> & c".into(),
            unit: "us".into(),
            groups: vec![Group {
                label: "set".into(),
                bars: vec![
                    Bar {
                        label: "one".into(),
                        value: 10.0,
                        series: 0,
                    },
                    Bar {
                        label: "two".into(),
                        value: 1000.0,
                        series: 1,
                    },
                ],
            }],
        };
        let text = svg("t", "c", &[panel]);
        assert!(text.starts_with("<svg") && text.ends_with("</svg>\n"));
        assert!(text.contains("a &lt;b&gt; &amp; c"));
        let widths: Vec<f64> = text
            .match_indices("<rect x=")
            .map(|(at, _)| {
                let rest = &text[at..];
                let start = rest.find("width=\"").unwrap() + 7;
                let end = start + rest[start..].find('"').unwrap();
                rest[start..end].parse().unwrap()
            })
            .collect();
        // From 10 to 1000 on an axis from 10 to 1000: a sliver, then all.
        assert_eq!(widths.len(), 2);
        assert!(widths[0] <= 1.0 && widths[1] > 700.0, "{widths:?}");
        assert_eq!(tick_label(4), "10k");
        assert_eq!(significant(24.06), "24.1");
        assert_eq!(significant(0.01234), "0.0123");
        assert_eq!(significant(267.2), "267");
        assert_eq!(significant(99.96), "100");
        assert_eq!(significant(1_468_258.4), "1,468,258");
        assert_eq!(thousands(49_158), "49,158");
    }
}
