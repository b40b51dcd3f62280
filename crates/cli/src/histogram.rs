//! A histogram of winning path lengths as SVG or PNG (plotters), like Weisser's charts.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::register_font;

use crate::tally::Counts;

/// The font every plot is drawn with, shipped with the project: text never depends on the
/// fonts (or fontconfig) of the machine that draws it.
const FONT: &[u8] = include_bytes!("../../../assets/fonts/DejaVuSans.ttf");

/// The size of a plot in pixels (width, height).
pub const SIZE: (u32, u32) = (900, 500);

/// Why a plot could not be drawn.
#[derive(Debug, thiserror::Error)]
pub enum PlotError {
    /// The file name ends in neither `.svg` nor `.png`.
    #[error("unknown plot format: write FILE.svg or FILE.png")]
    UnknownFormat,
    /// The shipped font could not be read.
    #[error("the embedded DejaVu Sans font is not a valid font")]
    Font,
    /// Plotters failed to draw.
    #[error("cannot draw the plot: {0}")]
    Draw(String),
    /// The PNG could not be encoded.
    #[error("cannot encode the PNG: {0}")]
    Encode(#[from] png::EncodingError),
}

/// The image format of a plot, chosen by the file name's extension.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Format {
    /// Scalable vector graphics (`.svg`).
    Svg,
    /// A bitmap (`.png`).
    Png,
}

impl Format {
    /// The format of the file `file` by its extension (any case); SVG, text, for `-`
    /// (standard output).
    ///
    /// # Errors
    /// [`PlotError::UnknownFormat`] for any other extension.
    pub fn of(file: &str) -> Result<Format, PlotError> {
        let lower = file.to_ascii_lowercase();
        if lower.ends_with(".svg") || file == crate::out_file::STDOUT {
            Ok(Format::Svg)
        } else if lower.ends_with(".png") {
            Ok(Format::Png)
        } else {
            Err(PlotError::UnknownFormat)
        }
    }
}

/// Draw how many deals had each path length (`lengths`) for `file`, an SVG or a PNG by its
/// name (see [`Format::of`]): the bytes of the image, drawn and encoded in memory.
///
/// # Errors
/// An unknown extension, or a drawing or encoding failure.
pub fn draw(file: &str, title: &str, lengths: &Counts) -> Result<Vec<u8>, PlotError> {
    let format = Format::of(file)?;
    // Plotters measures text with the registered font for SVG too (the `ab_glyph` feature).
    register_font("sans-serif", FontStyle::Normal, FONT).map_err(|_| PlotError::Font)?;
    Ok(match format {
        Format::Svg => {
            let mut svg = String::new();
            chart(
                SVGBackend::with_string(&mut svg, SIZE).into_drawing_area(),
                title,
                lengths,
            )?;
            svg.into_bytes()
        }
        Format::Png => {
            let (w, h) = SIZE;
            let mut rgb = vec![0u8; w as usize * h as usize * 3];
            chart(
                BitMapBackend::with_buffer(&mut rgb, SIZE).into_drawing_area(),
                title,
                lengths,
            )?;
            let mut png = Vec::new();
            let mut encoder = png::Encoder::new(&mut png, w, h);
            encoder.set_color(png::ColorType::Rgb);
            encoder.set_depth(png::BitDepth::Eight);
            let mut writer = encoder.write_header()?;
            writer.write_image_data(&rgb)?;
            writer.finish()?;
            png
        }
    })
}

/// Draw the histogram on `root`, whatever the backend.
fn chart<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    title: &str,
    lengths: &Counts,
) -> Result<(), PlotError> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| PlotError::Draw(e.to_string());
    let (min, max, mean) = match lengths.spread() {
        Some((min, _, mean, max)) => (min as u64, max as u64, mean),
        None => (0, 0, 0.0),
    };
    let max = max.max(min + 1);
    let top = lengths.iter().map(|(_, n)| n).max().unwrap_or(1).max(1);
    root.fill(&WHITE).map_err(err)?;
    let caption = format!("{title}  min={min} max={max} average={mean:.3}");
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d((min..max + 1).into_segmented(), 0u64..top + top / 10 + 1)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("moves in the winning path")
        .y_desc("deals")
        .draw()
        .map_err(err)?;
    // One series per bar, in the order of the lengths: a series of many bars comes out in the
    // order of a hash map inside plotters, and the same data would not give the same file.
    for bar in lengths.iter() {
        chart
            .draw_series(
                Histogram::vertical(&chart)
                    .style(BLUE.filled())
                    .margin(1)
                    .data([bar]),
            )
            .map_err(err)?;
    }
    root.present().map_err(err)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_format_follows_the_extension() {
        assert_eq!(Format::of("a.svg").ok(), Some(Format::Svg));
        assert_eq!(Format::of("dir/A.PNG").ok(), Some(Format::Png));
        assert!(matches!(Format::of("a.jpg"), Err(PlotError::UnknownFormat)));
        assert!(matches!(Format::of("png"), Err(PlotError::UnknownFormat)));
        assert_eq!(Format::of("-").ok(), Some(Format::Svg));
    }

    #[test]
    fn the_shipped_font_is_valid() {
        assert!(register_font("sans-serif", FontStyle::Normal, FONT).is_ok());
    }
}
