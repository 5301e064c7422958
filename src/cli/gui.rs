//! `hone [FILE]`: the desktop app; `--screenshot` renders one frame to a PNG and exits.

use super::CliResult;
use crate::app::dock;
use crate::app::document::{sample_document, Document};
use crate::app::launch::Launch;
use crate::app::viewport::collision::CollisionOptions;
use crate::app::viewport::debug_overlays::DebugOverlays;
use crate::app::viewport::ViewOptions;
use crate::app::Selection;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct GuiArgs {
    /// PMX or PMD file to open (default: the bundled sample rig).
    pub file: Option<PathBuf>,
    /// Render the window once everything is loaded, write this PNG and exit.
    #[arg(long, value_name = "OUT.png")]
    pub screenshot: Option<PathBuf>,
    /// Window size in pixels, WIDTHxHEIGHT (default 1600x1000).
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<(u32, u32)>,
    /// Select an element at start: bone:NAME, morph:NAME, material:NAME, body:NAME, joint:NAME,
    /// frame:NAME (display frame) or vertex:INDEX.
    #[arg(long, value_name = "KIND:NAME")]
    pub select: Option<String>,
    /// Viewport overlays to show, comma-separated: bones, bodies, joints, wireframe, mesh,
    /// edges, grid, shadow (prefix with '-' to hide one).
    #[arg(long, value_name = "LIST", allow_hyphen_values = true)]
    pub show: Option<String>,
    /// Weight view: bone (the selected bone's weight on a ramp; with --select bone:NAME),
    /// kind (BDEF1/2/4/SDEF/QDEF) or problems (sums not 1, missing bones, SDEF), or off.
    #[arg(long, value_name = "MODE", value_parser = parse_weight_mode)]
    pub weights: Option<crate::app::weight_view::WeightMode>,
    /// Debug overlays, comma-separated: collision (bodies by group + the collision
    /// matrix tab), joints (frames and limits), contacts, deform-order (evaluation
    /// index per bone, order violations), ik (chains, limits, error).
    #[arg(long, value_name = "LIST")]
    pub overlay: Option<String>,
    /// Set a morph weight in the shown pose, NAME=WEIGHT (repeatable).
    #[arg(long, value_name = "NAME=WEIGHT", value_parser = parse_morph)]
    pub morph: Vec<(String, f32)>,
    /// Bring a dock tab to the front, e.g. "Deform order", problems, inspector.
    #[arg(long, value_name = "NAME")]
    pub tab: Option<String>,
    /// VMD motion to play on the model (unknown bone/morph names go to the Log).
    #[arg(long, value_name = "M.vmd")]
    pub motion: Option<PathBuf>,
    /// Motion frame to show (30 per second; default 0).
    #[arg(long, value_name = "N")]
    pub frame: Option<f32>,
    /// Turn physics on and run S seconds of the whole pipeline leading up to --frame
    /// before capturing (hair and cloth settle; the motion plays into the frame).
    #[arg(long, value_name = "S")]
    pub play_seconds: Option<f32>,
    /// Orbit the camera around the model by DEG degrees (180 = from behind).
    #[arg(long, value_name = "DEG", allow_hyphen_values = true)]
    pub yaw: Option<f32>,
    /// Raise the camera DEG degrees above the horizon (looks down on the floor).
    #[arg(long, value_name = "DEG", allow_hyphen_values = true)]
    pub pitch: Option<f32>,
    /// Pose the model before drawing: a pose file as `hone pose` reads it
    /// (`{"bones": {NAME: {"rot": [x,y,z,w], "pos": [x,y,z]}}, "morphs": {NAME: W}}`).
    #[arg(long, value_name = "POSE.json")]
    pub pose: Option<PathBuf>,
    /// Open an operation's dialog with these options, a script step such as
    /// `{"op":"merge","part":"hat.pmx","attach":"頭","match":"none"}` (its preview
    /// shows in the viewport; for screenshots).
    #[arg(long, value_name = "JSON")]
    pub dialog: Option<String>,
}

fn parse_morph(s: &str) -> Result<(String, f32), String> {
    let (name, w) = s
        .rsplit_once('=')
        .ok_or_else(|| crate::tr!("cli-err-morph-spec", value = s))?;
    let w: f32 = w
        .trim()
        .parse()
        .map_err(|_| crate::tr!("cli-err-bad-weight", value = s))?;
    Ok((name.to_owned(), w))
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| crate::tr!("cli-err-size-spec", value = s))?;
    let w: u32 = w
        .trim()
        .parse()
        .map_err(|_| crate::tr!("cli-err-bad-width", value = s))?;
    let h: u32 = h
        .trim()
        .parse()
        .map_err(|_| crate::tr!("cli-err-bad-height", value = s))?;
    if !(64..=8192).contains(&w) || !(64..=8192).contains(&h) {
        return Err(crate::tr!("cli-err-size-range", size = format!("{w}x{h}")));
    }
    Ok((w, h))
}

pub fn run(args: GuiArgs) -> CliResult {
    crate::app::launch::run(launch(args)?)?;
    Ok(ExitCode::SUCCESS)
}

/// Opens the model and checks every flag against it before any window opens.
/// A file that does not open still opens the window, on the sample rig with the
/// error shown (flags that name parts of that file are dropped with a note);
/// only a screenshot, which nobody reads the error in, fails instead.
fn launch(mut args: GuiArgs) -> Result<Launch, String> {
    let (doc, open_error) = match &args.file {
        Some(p) => match Document::open(p) {
            Ok(doc) => (doc, None),
            Err(e) if args.screenshot.is_some() => {
                return Err(crate::tr!(
                    "cli-err-cannot-open",
                    path = p.display().to_string(),
                    reason = e.to_string()
                ))
            }
            Err(e) => (
                sample_document(),
                Some(crate::tr!(
                    "log-cannot-open",
                    path = p.display().to_string(),
                    error = e.to_string()
                )),
            ),
        },
        None => (sample_document(), None),
    };
    let open_error = open_error.map(|e| {
        let dropped = [
            ("--select", args.select.take().is_some()),
            ("--morph", !std::mem::take(&mut args.morph).is_empty()),
            ("--pose", args.pose.take().is_some()),
            ("--motion", args.motion.take().is_some()),
        ];
        let dropped: Vec<&str> = dropped.iter().filter(|d| d.1).map(|d| d.0).collect();
        if dropped.is_empty() {
            e
        } else {
            crate::tr!(
                "dialog-flags-ignored",
                error = e,
                flags = dropped.join(", ")
            )
        }
    });
    let model = doc.model();
    let select = match &args.select {
        Some(s) => Some(parse_select(model, s)?),
        None => None,
    };
    let mut morphs = Vec::new();
    for (name, w) in &args.morph {
        let i = model
            .morphs
            .iter()
            .position(|m| &m.name == name || &m.name_en == name)
            .ok_or_else(|| crate::tr!("cli-err-no-morph", name = name.as_str()))?;
        morphs.push((i, *w));
    }
    let motion = match &args.motion {
        Some(p) => {
            let vmd = crate::motion::load_vmd(p).map_err(|e| {
                crate::tr!(
                    "cli-err-motion",
                    path = p.display().to_string(),
                    reason = e.to_string()
                )
            })?;
            let name = p.file_name().map_or_else(
                || p.display().to_string(),
                |n| n.to_string_lossy().into_owned(),
            );
            Some((vmd, name))
        }
        None => None,
    };
    let pose = match &args.pose {
        Some(p) => {
            let text =
                std::fs::read_to_string(p).map_err(|e| format!("--pose {}: {e}", p.display()))?;
            let parsed = crate::deform::pose_from_json(model, &text)
                .map_err(|e| format!("--pose {}: {e}", p.display()))?;
            for w in &parsed.warnings {
                eprintln!("hone: --pose {}: {w}", p.display());
            }
            Some(parsed.pose)
        }
        None => None,
    };
    let mut view = ViewOptions::default();
    if let Some(s) = &args.show {
        apply_show(&mut view, s)?;
    }
    // Deform-order and IK overlays; the rest of the list is the collision overlays'.
    let mut debug_overlays = DebugOverlays::default();
    let mut collision = CollisionOptions::default();
    if let Some(list) = &args.overlay {
        let collision_items: Vec<&str> = list
            .split(',')
            .map(str::trim)
            .filter(|item| !debug_overlays.enable(item))
            .collect();
        apply_overlay(&mut collision, &collision_items.join(","))?;
    }
    let tab = match &args.tab {
        Some(t) => Some(dock::tab_by_name(t).ok_or_else(|| {
            let names: Vec<String> = dock::Tab::ALL.iter().map(|t| t.title()).collect();
            crate::tr!("cli-err-no-tab", tab = t.as_str(), names = names.join(", "))
        })?),
        None => None,
    };
    let dialog = match &args.dialog {
        Some(json) => Some(parse_dialog(json)?),
        None => None,
    };
    let screenshot_mode = args.screenshot.is_some();
    Ok(Launch {
        dialog,
        screenshot: args.screenshot,
        size: args.size,
        select,
        // A screenshot shows exactly what was asked (defaults otherwise); the
        // window keeps the user's last switches unless --show is given.
        view: (screenshot_mode || args.show.is_some()).then_some(view),
        debug_overlays,
        collision,
        tab,
        pose,
        morphs,
        motion,
        frame: args.frame,
        play_seconds: args.play_seconds,
        yaw: args.yaw,
        pitch: args.pitch,
        open_error,
        weights: args.weights,
        ..Launch::new(doc)
    })
}

/// Parses `--dialog JSON`: the operation's dialog with its defaults, then the given options.
fn parse_dialog(json: &str) -> Result<crate::app::generators::Dialog, String> {
    let value: serde_json::Value = serde_json::from_str(json)
        .map_err(|e| crate::tr!("cli-err-dialog-json", reason = e.to_string()))?;
    let serde_json::Value::Object(mut map) = value else {
        return Err(crate::tr!("cli-err-dialog-json", reason = json));
    };
    let name = map
        .remove("op")
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    let op = crate::ops::find(&name).ok_or_else(|| crate::tr!("cli-err-dialog-op", name = name))?;
    let mut dialog = crate::app::generators::Dialog::new(crate::app::commands::Open {
        op,
        kind: None,
        selected: Vec::new(),
    });
    dialog.options.values.extend(map);
    Ok(dialog)
}

/// Parses `--select kind:NAME` (bone, morph, material, body, joint, frame; Japanese or
/// English name) or `vertex:INDEX`.
pub fn parse_select(m: &crate::pmx::Model, spec: &str) -> Result<Selection, String> {
    let (kind, name) = spec
        .split_once(':')
        .ok_or_else(|| crate::tr!("cli-err-select-spec", value = spec))?;
    fn position<'a>(
        mut names: impl Iterator<Item = (&'a String, &'a String)>,
        name: &str,
    ) -> Option<usize> {
        names.position(|(n, en)| n == name || en == name)
    }
    let sel = match kind {
        "bone" => {
            position(m.bones.iter().map(|b| (&b.name, &b.name_en)), name).map(Selection::Bone)
        }
        "morph" => {
            position(m.morphs.iter().map(|b| (&b.name, &b.name_en)), name).map(Selection::Morph)
        }
        "material" => position(m.materials.iter().map(|b| (&b.name, &b.name_en)), name)
            .map(Selection::Material),
        "body" | "rigid_body" => {
            position(m.rigid_bodies.iter().map(|b| (&b.name, &b.name_en)), name)
                .map(Selection::RigidBody)
        }
        "joint" => {
            position(m.joints.iter().map(|b| (&b.name, &b.name_en)), name).map(Selection::Joint)
        }
        "frame" => position(m.display_frames.iter().map(|b| (&b.name, &b.name_en)), name)
            .map(Selection::DisplayFrame),
        // Vertices have no names: `vertex:INDEX`.
        "vertex" => name
            .parse::<usize>()
            .ok()
            .filter(|&i| i < m.vertices.len())
            .map(Selection::Vertex),
        _ => return Err(crate::tr!("cli-err-select-kind", kind = kind)),
    };
    sel.ok_or_else(|| crate::tr!("cli-err-select-none", kind = kind, name = name))
}

fn parse_weight_mode(s: &str) -> Result<crate::app::weight_view::WeightMode, String> {
    crate::app::weight_view::WeightMode::parse(s)
        .ok_or_else(|| crate::tr!("cli-err-weight-view", value = s))
}

/// Applies `--show a,b,c`: turns the listed overlays on (`-name` turns one off).
pub fn apply_show(options: &mut ViewOptions, spec: &str) -> Result<(), String> {
    for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let (on, name) = match item.strip_prefix('-') {
            Some(n) => (false, n),
            None => (true, item),
        };
        let flag = match name {
            "mesh" => &mut options.mesh,
            "wireframe" => &mut options.wireframe,
            "edges" => &mut options.edges,
            "bones" => &mut options.bones,
            "bodies" | "rigid_bodies" => &mut options.bodies,
            "joints" => &mut options.joints,
            "grid" => &mut options.grid,
            "shadow" | "ground-shadow" => &mut options.ground_shadow,
            _ => return Err(crate::tr!("cli-err-show-item", item = name)),
        };
        *flag = on;
    }
    Ok(())
}

/// Applies `--overlay a,b,c` (collision, joints, contacts) to the collision overlay options.
pub fn apply_overlay(options: &mut CollisionOptions, spec: &str) -> Result<(), String> {
    for item in spec.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        if !options.apply_overlay_item(item) {
            return Err(crate::tr!("cli-err-overlay-item", item = item));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn select_and_show_flags_parse_and_refuse_unknowns() {
        let m = crate::app::demo::tube_rig();
        assert_eq!(parse_select(&m, "bone:上"), Ok(Selection::Bone(2)));
        assert_eq!(parse_select(&m, "bone:upper"), Ok(Selection::Bone(2)));
        assert_eq!(parse_select(&m, "body:下"), Ok(Selection::RigidBody(1)));
        assert!(parse_select(&m, "bone:nope").unwrap_err().contains("nope"));
        assert!(parse_select(&m, "上").is_err());
        assert_eq!(parse_select(&m, "vertex:1"), Ok(Selection::Vertex(1)));
        let past_end = format!("vertex:{}", m.vertices.len());
        assert!(parse_select(&m, &past_end)
            .unwrap_err()
            .contains("no vertex"));
        assert!(parse_select(&m, "vertex:first").is_err());
        assert!(parse_select(&m, "face:1")
            .unwrap_err()
            .contains("unknown kind"));
        let mut o = ViewOptions::default();
        apply_show(&mut o, "bodies,joints,-bones,wireframe").unwrap();
        assert!(o.bodies && o.joints && o.wireframe && !o.bones && o.mesh);
        assert!(apply_show(&mut o, "bogus").is_err());
    }

    #[derive(clap::Parser)]
    struct Cli {
        #[command(flatten)]
        gui: GuiArgs,
    }

    fn args(list: &[&str]) -> GuiArgs {
        use clap::Parser;
        Cli::parse_from(std::iter::once("hone").chain(list.iter().copied())).gui
    }

    #[test]
    fn a_bad_file_opens_the_sample_with_the_error_but_a_screenshot_fails() {
        let dir = std::env::temp_dir().join(format!("hone-bad-open-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let bad = dir.join("bad.pmx");
        std::fs::write(&bad, b"PMX \x00\x00 not really").unwrap();
        let bad = bad.to_str().unwrap();
        // The dialog's text is read in English.
        hone_core::i18n::set_lang(hone_core::i18n::Lang::En);
        let launch = launch(args(&[bad, "--select", "bone:頭", "--morph", "あ=1"])).unwrap();
        assert_eq!(launch.doc.display_name, "hone-sample.pmx");
        let error = launch.open_error.expect("the error is shown");
        assert!(
            error.starts_with(&format!("cannot open {bad}: ")),
            "{error}"
        );
        assert!(error.contains("--select, --morph ignored"), "{error}");
        assert!(launch.select.is_none() && launch.morphs.is_empty());
        let out = dir.join("out.png");
        let shot = launch_result(args(&[bad, "--screenshot", out.to_str().unwrap()]));
        assert!(shot.unwrap_err().starts_with("cannot open"));
        std::fs::remove_dir_all(&dir).ok();
    }

    fn launch_result(a: GuiArgs) -> Result<(), String> {
        launch(a).map(|_| ())
    }

    #[test]
    fn sizes_parse_and_reject_nonsense() {
        assert_eq!(parse_size("1600x1000"), Ok((1600, 1000)));
        assert_eq!(parse_size("800X600"), Ok((800, 600)));
        assert!(parse_size("800").is_err());
        assert!(parse_size("10x10").is_err());
    }
}
