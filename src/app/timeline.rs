//! Live simulation in the app: a VMD motion on a timeline, play / pause /
//! step / reset, and the per-frame drive of the whole `sim.rs` pipeline.
//!
//! Each app frame [`tick`] samples the motion into the pose (only the bones and
//! morphs it animates), then runs one pipeline frame (`PoseState::advance`):
//! morphs → bones → physics → after-physics bones → skinning → soft bodies.
//! Playing advances motion time and physics time together, scaled by the speed.
//! Paused, physics time stands still; a pose change re-runs the pipeline with
//! dt = 0 so the shown mesh follows the pose.
//!
//! Seeking (moving the slider, typing a frame, wrapping around when looping)
//! resets physics to the bone-driven pose at the new frame, as MMD does when
//! the play head jumps: bodies cannot follow a jump without exploding. With
//! "warm-up on reset" on, the reset then simulates that many seconds holding the
//! pose so hair and cloth hang naturally.

use crate::app::{LogLevel, State};
use crate::edit::changes::{BoneField, MorphField};
use crate::edit::{ChangeSet, ElementKind};
use crate::motion::{BindReport, BoundMotion, Vmd, FRAMES_PER_SECOND};
use crate::pmx::Model;
use std::path::Path;

/// A VMD bound to the open model.
pub struct LoadedMotion {
    pub name: String,
    pub vmd: Vmd,
    pub bound: BoundMotion,
    pub report: BindReport,
}

impl LoadedMotion {
    pub fn last_frame(&self) -> u32 {
        self.bound.last_frame
    }
}

/// Play state of the timeline and the live pipeline.
pub struct Playback {
    pub motion: Option<LoadedMotion>,
    /// Current motion frame (fractional while playing; 30 per second).
    pub frame: f32,
    /// Playing: motion and physics time advance each app frame.
    pub playing: bool,
    pub looping: bool,
    /// 0.25–2: scales motion and physics time alike.
    pub speed: f32,
    /// Seconds simulated after each physics reset (0 = off).
    pub warm_up_seconds: f32,
    /// Physics starts over when playing reaches this motion frame (MMD users reset at a
    /// cut in the motion).
    pub reset_at: Option<u32>,
    step_requested: bool,
    seek_requested: bool,
    reset_requested: bool,
}

impl Default for Playback {
    fn default() -> Self {
        Playback {
            motion: None,
            frame: 0.0,
            // Physics switched on runs live, as before the timeline existed.
            playing: true,
            looping: true,
            speed: 1.0,
            warm_up_seconds: 0.0,
            reset_at: None,
            step_requested: false,
            seek_requested: false,
            reset_requested: false,
        }
    }
}

impl Playback {
    pub fn last_frame(&self) -> u32 {
        self.motion.as_ref().map_or(0, LoadedMotion::last_frame)
    }

    pub fn play(&mut self) {
        if self.motion.is_some() && !self.looping && self.frame >= self.last_frame() as f32 {
            self.seek(0.0);
        }
        self.playing = true;
    }

    pub fn pause(&mut self) {
        self.playing = false;
    }

    /// Exactly one motion frame (1/30 s of physics) on the next tick; pauses.
    pub fn step(&mut self) {
        self.playing = false;
        self.step_requested = true;
    }

    /// Jumps to `frame`; physics resets there on the next tick.
    pub fn seek(&mut self, frame: f32) {
        let last = self.last_frame() as f32;
        self.frame = if frame.is_finite() {
            frame.clamp(0.0, last)
        } else {
            0.0
        };
        self.seek_requested = true;
    }

    /// Puts every body back on its bone (bone-driven pose) on the next tick.
    pub fn request_reset(&mut self) {
        self.reset_requested = true;
    }
}

/// Reads a VMD file and binds it to the open model (see [`set_motion`]).
/// Applies one of the Simulation tab's playback commands.
pub fn playback_command(pb: &mut Playback, command: crate::app::commands::PlaybackCommand) {
    use crate::app::commands::PlaybackCommand as P;
    match command {
        P::Play => pb.play(),
        P::Pause => pb.pause(),
        P::Step => pb.step(),
        P::Reset => pb.request_reset(),
        P::Seek(frame) => pb.seek(frame),
        P::Looping(on) => pb.looping = on,
        P::Speed(speed) => pb.speed = speed,
        P::ResetAt(at) => pb.reset_at = at,
        P::WarmUp(seconds) => pb.warm_up_seconds = seconds,
    }
}

pub fn load_motion_file(state: &mut State, path: &Path) {
    match crate::motion::load_vmd(path) {
        Ok(vmd) => {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_else(|| path.display().to_string());
            set_motion(state, vmd, name);
        }
        Err(e) => state.log(
            LogLevel::Error,
            crate::tr!(
                "log-cannot-load-motion",
                path = path.display().to_string(),
                error = e.to_string()
            ),
        ),
    }
}

/// Binds `vmd` to the model, logs names the model lacks, and parks the play head
/// on frame 0 (paused, physics reset there).
pub fn set_motion(state: &mut State, vmd: Vmd, name: impl Into<String>) {
    let name = name.into();
    let (bound, report) = BoundMotion::bind(&vmd, state.doc().model());
    state.log(
        LogLevel::Info,
        crate::tr!(
            "log-motion-bound",
            name = name.as_str(),
            frames = bound.last_frame,
            bones = report.bound_bones,
            morphs = report.bound_morphs
        ),
    );
    log_unknown(state, &name, &report);
    state.playback_mut().motion = Some(LoadedMotion {
        name,
        vmd,
        bound,
        report,
    });
    state.playback_mut().playing = false;
    state.playback_mut().seek(0.0);
}

fn log_unknown(state: &mut State, name: &str, report: &BindReport) {
    for (key, list) in [
        ("log-motion-unknown-bones", &report.unknown_bones),
        ("log-motion-unknown-morphs", &report.unknown_morphs),
        ("log-motion-unknown-ik", &report.unknown_ik),
    ] {
        if !list.is_empty() {
            state.log(
                LogLevel::Warning,
                crate::tr!(
                    key,
                    name = name,
                    count = list.len(),
                    names = list.join(", ")
                ),
            );
        }
    }
}

pub fn unload_motion(state: &mut State) {
    state.playback_mut().motion = None;
    state.playback_mut().frame = 0.0;
}

/// Resets physics at the current pose, warming up if asked.
fn reset_physics(state: &mut State) {
    let w = state.playback().warm_up_seconds;
    let f = state.frame_parts();
    if w > 0.0 {
        f.pose.warm_up_physics(f.doc.model(), w);
    } else {
        f.pose.reset_physics(f.doc.model());
    }
}

/// After model edits: the motion binds tracks to bones and morphs by name, so
/// it binds again when bones or morphs were added, removed, reordered or renamed.
pub fn model_changed(playback: &mut Playback, model: &Model, changes: &ChangeSet) {
    let Some(m) = &mut playback.motion else {
        return;
    };
    let structure = changes.structure();
    let renamed = changes.fields(ElementKind::Bone).has(BoneField::Name)
        || changes.fields(ElementKind::Morph).has(MorphField::Name);
    if renamed || structure.contains(ElementKind::Bone) || structure.contains(ElementKind::Morph) {
        let (bound, report) = BoundMotion::bind(&m.vmd, model);
        m.bound = bound;
        m.report = report;
    }
}

/// Motion values at the play head into the pose.
fn apply_motion(state: &mut State) {
    let (playback, pose) = state.playback_and_pose();
    if let Some(m) = &playback.motion {
        let frame = playback.frame;
        // apply_to_pose only writes animated tracks; go through set_* so the pose is marked changed.
        for (i, keys) in m.bound.bone_tracks.iter().enumerate() {
            if !keys.is_empty() {
                if let Some((rotation, translation)) = m.bound.sample_bone(i, frame) {
                    pose.set_bone(
                        i,
                        crate::deform::BonePose {
                            rotation,
                            translation,
                        },
                    );
                }
                pose.set_bone_physics(i, m.bound.physics_enabled(i, frame));
            }
        }
        for i in 0..m.bound.morph_tracks.len() {
            if let Some(w) = m.bound.sample_morph(i, frame) {
                pose.set_morph(i, w);
            }
        }
    }
}

/// One app frame of `dt` real seconds: motion → pose → pipeline frame.
pub fn tick(state: &mut State, dt: f32) {
    let pb = state.playback_mut();
    let last = pb.last_frame() as f32;
    let has_motion = pb.motion.is_some();
    // Physics seconds to run this tick (None = paused).
    let mut advance: Option<f32> = None;
    let from = pb.frame;
    if std::mem::take(&mut pb.step_requested) {
        if has_motion {
            pb.frame = (pb.frame + 1.0).min(last);
        }
        advance = Some(1.0 / FRAMES_PER_SECOND);
    } else if pb.playing {
        // A stalled window (dragging, debugger) must not fling bodies: cap the step.
        let dt = if dt.is_finite() {
            dt.clamp(0.0, 0.1)
        } else {
            0.0
        } * pb.speed.clamp(0.25, 2.0);
        advance = Some(dt);
        if has_motion {
            pb.frame += dt * FRAMES_PER_SECOND;
            if pb.frame > last {
                if pb.looping && last > 0.0 {
                    pb.frame = 0.0;
                    pb.seek_requested = true;
                } else {
                    pb.frame = last;
                    pb.playing = false;
                }
            }
        }
    }
    // "Reset physics at frame N": playing or stepping onto N starts physics over there.
    if let Some(n) = pb.reset_at.map(|n| n as f32) {
        if has_motion && from < n && pb.frame >= n {
            pb.frame = n;
            pb.reset_requested = true;
        }
    }
    let seek = std::mem::take(&mut pb.seek_requested);
    let reset = std::mem::take(&mut pb.reset_requested);
    if has_motion && (advance.is_some() || seek) {
        apply_motion(state);
    }
    if seek || reset {
        reset_physics(state);
        return;
    }
    let f = state.frame_parts();
    let model = f.doc.model();
    match advance {
        Some(dt) => f.pose.advance(model, dt),
        None if f.pose.pose_changed() && f.pose.physics_enabled() => f.pose.advance(model, 0.0),
        None => {}
    }
}

/// Catalogue keys of the friendly names for `sim::STAGES`.
pub const STAGE_KEYS: [&str; 9] = [
    "stage-morphs",
    "stage-bones",
    "stage-kinematic-sync",
    "stage-physics",
    "stage-write-back",
    "stage-after-physics",
    "stage-skinning",
    "stage-soft-bodies",
    "stage-normals",
];

/// Frame time per pipeline stage in the viewport's top-right corner.
const HUD_LINE: f32 = 13.0;

/// Where the timing box sits in the viewport `rect` (top right; the collision
/// legend keeps to the bottom right so neither covers the other).
pub fn hud_rect(rect: eframe::egui::Rect) -> eframe::egui::Rect {
    use eframe::egui;
    let width = 170.0;
    let rows = STAGE_KEYS.len() + 2;
    let top_right = rect.right_top() + egui::vec2(-8.0, 34.0);
    egui::Rect::from_min_size(
        top_right - egui::vec2(width, 0.0),
        egui::vec2(width, rows as f32 * HUD_LINE + 8.0),
    )
}

pub fn draw_hud(
    painter: &eframe::egui::Painter,
    rect: eframe::egui::Rect,
    view: &crate::app::View,
) {
    use eframe::egui;
    let Some(sim) = view.pose.sim() else {
        return;
    };
    let times = sim.times();
    let font = egui::FontId::monospace(11.0);
    let color = egui::Color32::from_rgb(230, 230, 230);
    let line = HUD_LINE;
    let bg = hud_rect(rect);
    painter.rect_filled(bg, 4.0, egui::Color32::from_black_alpha(150));
    let mut y = bg.top() + 4.0;
    // Label at the left, time at the right: Japanese labels are not monospace-wide.
    let mut row = |text: String, value: Option<f64>| {
        painter.text(
            egui::pos2(bg.left() + 6.0, y),
            egui::Align2::LEFT_TOP,
            text,
            font.clone(),
            color,
        );
        if let Some(us) = value {
            painter.text(
                egui::pos2(bg.right() - 6.0, y),
                egui::Align2::RIGHT_TOP,
                format!("{:>7.2} ms", us / 1000.0),
                font.clone(),
                color,
            );
        }
        y += line;
    };
    let pb = view.playback;
    let status = if pb.playing {
        crate::tr!("hud-playing", substeps = sim.substeps())
    } else {
        crate::tr!("hud-paused", substeps = sim.substeps())
    };
    row(status, None);
    for (key, us) in STAGE_KEYS.iter().zip(times.us) {
        row(crate::tr!(*key), Some(us));
    }
    row(crate::tr!("stage-total"), Some(times.total()));
}

/// Screenshot mode (`--motion`, `--frame`, `--play-seconds`): binds the motion,
/// then, with `play_seconds`, turns physics on and runs that many seconds of the
/// pipeline at 60 Hz *leading up to* `frame` (the motion plays into it, holding
/// frame 0 while the lead-in reaches before the start), so the captured frame is
/// `frame` with physics settled. Ends paused.
pub fn prepare_capture(
    state: &mut State,
    motion: Option<(Vmd, String)>,
    frame: Option<f32>,
    play_seconds: Option<f32>,
) {
    if let Some((vmd, name)) = motion {
        set_motion(state, vmd, name);
    }
    let pb = state.playback_mut();
    pb.playing = false;
    pb.step_requested = false;
    pb.seek_requested = false;
    pb.reset_requested = false;
    let target = frame
        .filter(|f| f.is_finite())
        .unwrap_or(0.0)
        .clamp(0.0, pb.last_frame() as f32);
    let seconds = play_seconds.filter(|s| s.is_finite() && *s > 0.0);
    let fps = 60.0;
    let frames = seconds.map_or(0, |s| (s * fps).round() as usize);
    let frame_at = |k: usize| (target - (frames - k) as f32 / fps * FRAMES_PER_SECOND).max(0.0);
    state.playback_mut().frame = frame_at(0);
    apply_motion(state);
    if seconds.is_some() {
        let f = state.frame_parts();
        f.pose.set_physics(f.doc.model(), true);
        // The Simulation panel's plots show the lead-in (as the panel would ask).
        use crate::app::panels::simulation::{PLOTTED, PLOT_SECONDS};
        let (targets, _) = state.plot_targets(PLOTTED);
        state
            .pose_mut()
            .set_probe(&targets, State::plot_frames(PLOT_SECONDS));
    }
    let f = state.frame_parts();
    f.pose.reset_physics(f.doc.model());
    for k in 1..=frames {
        state.playback_mut().frame = frame_at(k);
        apply_motion(state);
        let f = state.frame_parts();
        f.pose.advance(f.doc.model(), 1.0 / fps);
    }
    state.playback_mut().frame = target;
    let f = state.frame_parts();
    f.pose.evaluate(f.doc.model());
}
