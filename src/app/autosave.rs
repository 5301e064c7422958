//! Autosave: while the document has unsaved edits, a copy goes to the recovery folder
//! ([`hone_core::recovery`]) within [`Autosave::interval`] of an edit, written on a
//! worker thread (the UI thread only clones the model). Saving, or loading another
//! document, removes it; what a crash leaves is offered at the next start
//! ([`RecoveryOffer`]).

use crate::app::document::Document;
use hone_core::recovery::{self, Meta, Slot};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// The default time from an edit to its copy on disk (`HONE_AUTOSAVE_SECONDS` sets it).
pub const DEFAULT_INTERVAL: Duration = Duration::from_secs(10);

pub struct Autosave {
    slot: Option<Slot>,
    pub interval: Duration,
    /// The history revision the copy on disk holds (None: no copy).
    written: Option<u64>,
    last_write: Option<Instant>,
    /// Results of writes in flight (one at a time).
    busy: Option<mpsc::Receiver<Result<(), String>>>,
    /// Copies written so far (tests, the status).
    pub writes: usize,
}

impl Autosave {
    /// Autosave into the recovery folder (off when there is none), at the
    /// interval `HONE_AUTOSAVE_SECONDS` gives (0 turns it off) or the default.
    pub fn new() -> Self {
        let seconds = std::env::var("HONE_AUTOSAVE_SECONDS")
            .ok()
            .and_then(|s| s.trim().parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s >= 0.0);
        let slot = match seconds {
            Some(0.0) => None,
            _ => recovery::recovery_dir().map(Slot::new),
        };
        Autosave::with(
            slot,
            seconds.map_or(DEFAULT_INTERVAL, Duration::from_secs_f64),
        )
    }

    /// Autosave into `slot` every `interval` (tests).
    pub fn with(slot: Option<Slot>, interval: Duration) -> Self {
        Autosave {
            slot,
            interval,
            written: None,
            last_write: None,
            busy: None,
            writes: 0,
        }
    }

    /// Once a frame: writes a copy when the document has edits the copy lacks and
    /// the interval since the last write has passed; removes the copy when the
    /// document is saved again. Returns a failed write's message, and the time
    /// after which to look again (the caller asks for a repaint then).
    pub fn tick(&mut self, doc: &Document, now: Instant) -> (Option<String>, Option<Duration>) {
        let mut error = None;
        if let Some(rx) = &self.busy {
            match rx.try_recv() {
                Ok(result) => {
                    self.busy = None;
                    match result {
                        Ok(()) => self.writes += 1,
                        Err(e) => {
                            // Try again at the next interval.
                            self.written = None;
                            error = Some(e);
                        }
                    }
                }
                Err(mpsc::TryRecvError::Empty) => return (None, Some(Duration::from_millis(50))),
                Err(mpsc::TryRecvError::Disconnected) => self.busy = None,
            }
        }
        let Some(slot) = &self.slot else {
            return (error, None);
        };
        if !doc.is_dirty() {
            if self.written.take().is_some() {
                slot.remove();
            }
            return (error, None);
        }
        let revision = doc.history.revision();
        if self.written == Some(revision) {
            return (error, None);
        }
        if let Some(wait) = self
            .last_write
            .map(|t| self.interval.saturating_sub(now.duration_since(t)))
            .filter(|w| !w.is_zero())
        {
            return (error, Some(wait));
        }
        let model = doc.model().clone();
        let meta = recovery_meta(doc);
        let slot = slot.clone();
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let _ = tx.send(slot.write(&model, &meta).map_err(|e| e.to_string()));
        });
        self.busy = Some(rx);
        self.written = Some(revision);
        self.last_write = Some(now);
        (error, Some(self.interval))
    }

    /// Waits for a write in flight (tests, quitting).
    pub fn flush(&mut self) {
        if let Some(rx) = self.busy.take() {
            if let Ok(Ok(())) = rx.recv() {
                self.writes += 1;
            }
        }
    }

    /// Writes into `slot` from now on (a restored copy: overwritten by this session's
    /// copies, removed when the document is saved).
    pub fn adopt(&mut self, slot: Slot) {
        if self.slot.is_some() {
            self.flush();
            if let Some(old) = &self.slot {
                old.remove();
            }
            self.slot = Some(slot);
            // The adopted copy holds the restored state already.
            self.written = None;
        }
    }

    /// The document was replaced, or closed with its edits given up: its copy goes.
    pub fn discard(&mut self) {
        self.flush();
        if let Some(slot) = &self.slot {
            slot.remove();
        }
        self.written = None;
        self.last_write = None;
    }
}

impl Default for Autosave {
    fn default() -> Self {
        Autosave::with(None, DEFAULT_INTERVAL)
    }
}

/// The copies a crash left, offered at start (restore / save as / discard).
/// What a recovery entry of `doc` says about it, as of now.
pub fn recovery_meta(doc: &Document) -> Meta {
    Meta {
        source: doc.path.clone(),
        display_name: doc.display_name.clone(),
        saved_at: recovery::now(),
        edits: doc.history.head() + doc.recovered_edits(),
        pid: std::process::id(),
    }
}

#[derive(Debug, Default)]
pub struct RecoveryOffer {
    pub entries: Vec<recovery::Entry>,
}

impl RecoveryOffer {
    /// The copies of processes that no longer run.
    pub fn find() -> Self {
        let entries = recovery::recovery_dir()
            .map(|d| recovery::list(&d, true))
            .unwrap_or_default();
        RecoveryOffer { entries }
    }
}

/// What the user chose for a recovery copy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    Restore(usize),
    SaveAs(usize),
    Discard(usize),
    /// Decide later: the copies stay for the next start and `hone recover`.
    Later,
}

/// The start-up question about the copies a crash left; returns what was chosen.
pub fn offer_modal(ctx: &eframe::egui::Context, offer: &RecoveryOffer) -> Option<Choice> {
    use eframe::egui;
    let mut choice = None;
    egui::Modal::new(egui::Id::new("recovery_offer")).show(ctx, |ui| {
        ui.heading(crate::tr!("recovery-title"));
        ui.label(crate::tr!("recovery-explain"));
        ui.add_space(6.0);
        egui::Grid::new("recovery_entries")
            .striped(true)
            .num_columns(5)
            .show(ui, |ui| {
                for (i, e) in offer.entries.iter().enumerate() {
                    let file = e
                        .meta
                        .source
                        .as_ref()
                        .map_or(e.meta.display_name.clone(), |p| p.display().to_string());
                    ui.label(file);
                    ui.label(crate::tr!(
                        "recovery-when",
                        ago = ago(recovery::now().saturating_sub(e.meta.saved_at)),
                        edits = e.meta.edits as i64
                    ));
                    if ui.button(crate::tr!("recovery-restore")).clicked() {
                        choice = Some(Choice::Restore(i));
                    }
                    if ui.button(crate::tr!("recovery-save-as")).clicked() {
                        choice = Some(Choice::SaveAs(i));
                    }
                    if ui.button(crate::tr!("recovery-discard")).clicked() {
                        choice = Some(Choice::Discard(i));
                    }
                    ui.end_row();
                }
            });
        ui.add_space(6.0);
        if ui.button(crate::tr!("recovery-later")).clicked() {
            choice = Some(Choice::Later);
        }
    });
    choice
}

/// "5 min" / "2 h" / "3 d": how long ago a copy was written.
fn ago(seconds: u64) -> String {
    match seconds {
        s if s < 60 => crate::tr!("recovery-ago-seconds", n = s as i64),
        s if s < 3600 => crate::tr!("recovery-ago-minutes", n = (s / 60) as i64),
        s if s < 86_400 => crate::tr!("recovery-ago-hours", n = (s / 3600) as i64),
        s => crate::tr!("recovery-ago-days", n = (s / 86_400) as i64),
    }
}
