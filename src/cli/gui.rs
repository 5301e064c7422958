//! `hone [FILE]`: the desktop app; `--screenshot` renders one frame to a PNG and exits.

use super::CliResult;
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
    /// ({"bones": {NAME: {"rot": [x,y,z,w], "pos": [x,y,z]}}, "morphs": {NAME: W}}).
    #[arg(long, value_name = "POSE.json")]
    pub pose: Option<PathBuf>,
}

fn parse_morph(s: &str) -> Result<(String, f32), String> {
    let (name, w) = s
        .rsplit_once('=')
        .ok_or_else(|| format!("expected NAME=WEIGHT, got {s:?}"))?;
    let w: f32 = w
        .trim()
        .parse()
        .map_err(|_| format!("bad weight in {s:?}"))?;
    Ok((name.to_owned(), w))
}

fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let (w, h) = s
        .split_once(['x', 'X'])
        .ok_or_else(|| format!("expected WIDTHxHEIGHT, got {s:?}"))?;
    let w: u32 = w
        .trim()
        .parse()
        .map_err(|_| format!("bad width in {s:?}"))?;
    let h: u32 = h
        .trim()
        .parse()
        .map_err(|_| format!("bad height in {s:?}"))?;
    if !(64..=8192).contains(&w) || !(64..=8192).contains(&h) {
        return Err(format!("size {w}x{h} out of range 64..8192"));
    }
    Ok((w, h))
}

pub fn run(args: GuiArgs) -> CliResult {
    crate::app::run(crate::app::Launch {
        file: args.file,
        screenshot: args.screenshot,
        size: args.size,
        select: args.select,
        show: args.show,
        overlay: args.overlay,
        morphs: args.morph,
        tab: args.tab,
        motion: args.motion,
        frame: args.frame,
        play_seconds: args.play_seconds,
        yaw: args.yaw,
        pose: args.pose,
        pitch: args.pitch,
    })?;
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::parse_size;

    #[test]
    fn sizes_parse_and_reject_nonsense() {
        assert_eq!(parse_size("1600x1000"), Ok((1600, 1000)));
        assert_eq!(parse_size("800X600"), Ok((800, 600)));
        assert!(parse_size("800").is_err());
        assert!(parse_size("10x10").is_err());
    }
}
