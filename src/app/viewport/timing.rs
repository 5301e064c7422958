//! View ▸ Frame timing: frames a second and the UI thread's work per frame, in a
//! box at the window's corner (what "60 frames a second while painting" is read from).

use eframe::egui;
use std::time::Duration;

/// Frames the rate is averaged over (about a second).
const FRAMES: usize = 60;

/// The last second of frame intervals and UI work; fixed size, no allocation per frame.
#[derive(Debug, Clone)]
pub struct FrameTiming {
    pub shown: bool,
    intervals: [f32; FRAMES],
    work: [f32; FRAMES],
    next: usize,
    filled: usize,
    last_time: Option<f64>,
}

impl Default for FrameTiming {
    fn default() -> Self {
        FrameTiming {
            shown: false,
            intervals: [0.0; FRAMES],
            work: [0.0; FRAMES],
            next: 0,
            filled: 0,
            last_time: None,
        }
    }
}

impl FrameTiming {
    /// One frame that started at `time` (egui's input time, seconds) and took
    /// `work` on the UI thread.
    pub fn record(&mut self, time: f64, work: Duration) {
        if let Some(last) = self.last_time {
            self.intervals[self.next] = (time - last).max(0.0) as f32;
            self.work[self.next] = work.as_secs_f32();
            self.next = (self.next + 1) % FRAMES;
            self.filled = (self.filled + 1).min(FRAMES);
        }
        self.last_time = Some(time);
    }

    /// Frames a second over the last second (None before two frames).
    pub fn fps(&self) -> Option<f32> {
        let total: f32 = self.intervals[..self.filled].iter().sum();
        (self.filled > 0 && total > 0.0).then(|| self.filled as f32 / total)
    }

    /// The UI thread's mean and worst work per frame, in milliseconds.
    pub fn work_ms(&self) -> (f32, f32) {
        let w = &self.work[..self.filled];
        let mean = w.iter().sum::<f32>() / w.len().max(1) as f32;
        let worst = w.iter().copied().fold(0.0, f32::max);
        (mean * 1000.0, worst * 1000.0)
    }

    /// The box at the bottom right of the window.
    pub fn show(&self, ctx: &egui::Context) {
        if !self.shown {
            return;
        }
        let (mean, worst) = self.work_ms();
        let text = crate::tr!(
            "frame-timing-box",
            fps = format!("{:.0}", self.fps().unwrap_or(0.0)),
            mean = format!("{mean:.1}"),
            worst = format!("{worst:.1}")
        );
        egui::Area::new(egui::Id::new("frame timing"))
            .anchor(egui::Align2::RIGHT_BOTTOM, egui::vec2(-12.0, -36.0))
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.label(egui::RichText::new(text).monospace());
                });
            });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rate_and_work_come_from_the_frames_recorded() {
        let mut t = FrameTiming::default();
        assert_eq!(t.fps(), None);
        for k in 0..=30 {
            let work = Duration::from_millis(if k == 10 { 9 } else { 3 });
            t.record(k as f64 / 30.0, work);
        }
        let fps = t.fps().unwrap();
        assert!((fps - 30.0).abs() < 0.01, "{fps}");
        let (mean, worst) = t.work_ms();
        assert!(
            (worst - 9.0).abs() < 1e-3 && mean > 3.0 && mean < 3.3,
            "{mean} {worst}"
        );
        // Only the last second counts.
        for k in 31..=200 {
            t.record(
                k as f64 / 30.0 + (k - 30) as f64 / 30.0,
                Duration::from_millis(1),
            );
        }
        assert!((t.fps().unwrap() - 15.0).abs() < 0.01);
    }
}
