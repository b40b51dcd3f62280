//! A histogram of winning path lengths as SVG (plotters), like Weisser's charts.

use plotters::prelude::*;

/// Draw the frequency of each path length in `lengths` to the SVG file `file`.
pub fn draw(file: &str, title: &str, lengths: &[f64]) -> Result<(), String> {
    let values: Vec<u32> = lengths.iter().map(|&l| l as u32).collect();
    let min = values.iter().copied().min().unwrap_or(0);
    let max = values.iter().copied().max().unwrap_or(1).max(min + 1);
    let mut counts = vec![0u32; (max - min + 1) as usize];
    for &v in &values {
        counts[(v - min) as usize] += 1;
    }
    let top = counts.iter().copied().max().unwrap_or(1).max(1);
    let mean = if values.is_empty() {
        0.0
    } else {
        lengths.iter().sum::<f64>() / lengths.len() as f64
    };
    let root = SVGBackend::new(file, (900, 500)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let caption = format!("{title}  min={min} max={max} average={mean:.3}");
    let mut chart = ChartBuilder::on(&root)
        .caption(caption, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(50)
        .build_cartesian_2d((min..max + 1).into_segmented(), 0u32..top + top / 10 + 1)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("moves in the winning path")
        .y_desc("deals")
        .draw()
        .map_err(|e| e.to_string())?;
    chart
        .draw_series(
            Histogram::vertical(&chart)
                .style(BLUE.filled())
                .margin(1)
                .data(values.iter().map(|&v| (v, 1u32))),
        )
        .map_err(|e| e.to_string())?;
    root.present().map_err(|e| e.to_string())?;
    Ok(())
}
