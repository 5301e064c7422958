//! `hone simulate --plot OUT.svg|png`: the Simulation panel's plots on paper — for each
//! watched body, swing (degrees from the physics-off pose), speed and distance from its
//! bone over the run, one chart per figure, one line per body.

use crate::sim::Probe;
use hone_core::tr;
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::Path;

/// Width and height of the drawing in pixels (SVG user units).
const SIZE: (u32, u32) = (1200, 900);

/// The three figures, in chart order.
#[derive(Clone, Copy)]
enum Figure {
    Swing,
    Speed,
    Distance,
}

impl Figure {
    const ALL: [Figure; 3] = [Figure::Swing, Figure::Speed, Figure::Distance];

    fn label(self) -> String {
        match self {
            Figure::Swing => tr!("plot-swing"),
            Figure::Speed => tr!("plot-speed"),
            Figure::Distance => tr!("plot-distance"),
        }
    }

    fn of(self, s: &crate::sim::Sample) -> Option<f32> {
        match self {
            Figure::Swing => Some(s.swing_deg),
            Figure::Speed => Some(s.speed),
            Figure::Distance => s.distance,
        }
    }
}

/// Writes the plots of `probe` (series named by `names`) to `path`, SVG or PNG by its
/// extension, atomically.
pub fn write(path: &Path, title: &str, probe: &Probe, names: &[String]) -> Result<(), String> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    install_font();
    let bytes = match ext.as_deref() {
        Some("svg") => {
            let mut text = String::new();
            {
                let root = SVGBackend::with_string(&mut text, SIZE).into_drawing_area();
                draw(root, title, probe, names).map_err(|e| e.to_string())?;
            }
            text.into_bytes()
        }
        Some("png") => {
            let (w, h) = SIZE;
            let mut rgb = vec![0u8; (w * h * 3) as usize];
            {
                let root = BitMapBackend::with_buffer(&mut rgb, SIZE).into_drawing_area();
                draw(root, title, probe, names).map_err(|e| e.to_string())?;
            }
            let image = image::RgbImage::from_raw(w, h, rgb).ok_or("plot buffer")?;
            let mut png = std::io::Cursor::new(Vec::new());
            image
                .write_to(&mut png, image::ImageFormat::Png)
                .map_err(|e| e.to_string())?;
            png.into_inner()
        }
        _ => return Err(tr!("plot-bad-extension", path = path.display().to_string())),
    };
    crate::pmx::write::write_file_atomically(path, &bytes).map_err(|e| e.to_string())
}

/// Text is measured (SVG) and drawn (PNG) with the bundled font: body names are Japanese.
fn install_font() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let _ = plotters::style::register_font(
            "sans-serif",
            FontStyle::Normal,
            crate::app::fonts::CJK_FONT,
        );
    });
}

fn draw<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    title: &str,
    probe: &Probe,
    names: &[String],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    root.fill(&WHITE)?;
    let root = root.titled(title, ("sans-serif", 22))?;
    let end = probe
        .series()
        .iter()
        .filter_map(|s| s.samples().last().map(|x| x.time))
        .fold(0.0f32, f32::max)
        .max(1e-3);
    let charts = root.split_evenly((Figure::ALL.len(), 1));
    for (k, (area, figure)) in charts.iter().zip(Figure::ALL).enumerate() {
        let top = probe
            .series()
            .iter()
            .flat_map(|s| s.samples().filter_map(move |x| figure.of(x)))
            .filter(|v| v.is_finite())
            .fold(0.0f32, f32::max);
        let top = if top > 0.0 { top * 1.08 } else { 1.0 };
        let mut chart = ChartBuilder::on(area)
            .margin(10)
            .x_label_area_size(40)
            .y_label_area_size(56)
            .build_cartesian_2d(0.0f32..end, 0.0f32..top)?;
        chart
            .configure_mesh()
            .x_desc(tr!("plot-time"))
            .y_desc(figure.label())
            .label_style(("sans-serif", 14))
            .draw()?;
        for (i, series) in probe.series().iter().enumerate() {
            let colour = Palette99::pick(i).to_rgba();
            let points = series
                .samples()
                .filter_map(|x| Some((x.time, figure.of(x)?)))
                .filter(|(_, v)| v.is_finite());
            let name = names.get(i).cloned().unwrap_or_default();
            chart
                .draw_series(LineSeries::new(points, colour.stroke_width(2)))?
                .label(name)
                .legend(move |(x, y)| PathElement::new([(x, y), (x + 18, y)], colour));
        }
        if k > 0 {
            // One legend, on the top chart: the colours are the same below.
            continue;
        }
        chart
            .configure_series_labels()
            .position(SeriesLabelPosition::UpperRight)
            .label_font(("sans-serif", 14))
            .background_style(WHITE.mix(0.85))
            .border_style(BLACK)
            .draw()?;
    }
    root.present()
}
