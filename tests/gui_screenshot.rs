//! Runs the built `hone` under Xvfb in `--screenshot` mode and checks the PNG:
//! the requested size, and model pixels in the viewport area.
//! Skips (with a message) where `xvfb-run` is not installed.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The viewport's background colour as the GPU clears it (render.rs FrameSettings).
const BACKGROUND: [u8; 3] = [89, 94, 107];

fn xvfb() -> bool {
    let found = Command::new("sh")
        .args(["-c", "command -v xvfb-run"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        eprintln!("SKIP: xvfb-run is not installed (apt-get install xvfb xauth libgl1-mesa-dri)");
    }
    found
}

fn screenshot(args: &[&str], out: &Path, size: (u32, u32)) -> std::process::Output {
    let size_arg = format!("{}x{}", size.0, size.1);
    let screen = format!("-screen 0 {}x{}x24", size.0 + 64, size.1 + 64);
    Command::new("xvfb-run")
        .args([
            "-a",
            "-s",
            &screen,
            env!("CARGO_BIN_EXE_hone"),
            "--screenshot",
        ])
        .arg(out)
        .args(["--size", &size_arg])
        .args(args)
        .output()
        .expect("run xvfb-run")
}

/// Fraction of pixels in the central viewport area that are clearly not background.
fn model_pixel_fraction(img: &image::RgbaImage) -> f64 {
    let (w, h) = img.dimensions();
    // The default layout puts the viewport in the middle column, upper part.
    let (x0, x1, y0, y1) = (w * 30 / 100, w * 65 / 100, h * 12 / 100, h * 60 / 100);
    let mut hits = 0u64;
    let mut total = 0u64;
    for y in y0..y1 {
        for x in x0..x1 {
            let p = img.get_pixel(x, y).0;
            let d: i32 = (0..3)
                .map(|k| (p[k] as i32 - BACKGROUND[k] as i32).abs())
                .sum();
            total += 1;
            if d > 60 {
                hits += 1;
            }
        }
    }
    hits as f64 / total as f64
}

fn check(args: &[&str], name: &str, min_fraction: f64) -> Option<image::RgbaImage> {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join(format!("{name}.png"));
    let size = (1280, 800);
    let run = screenshot(args, &out, size);
    assert!(
        run.status.success(),
        "hone --screenshot {args:?} failed: {}\n{}",
        run.status,
        String::from_utf8_lossy(&run.stderr)
    );
    let img = image::open(&out).expect("a PNG").to_rgba8();
    assert_eq!(img.dimensions(), size, "PNG size");
    let f = model_pixel_fraction(&img);
    assert!(
        f > min_fraction,
        "{name}: only {:.2}% model pixels in the viewport",
        f * 100.0
    );
    Some(img)
}

#[test]
fn screenshot_of_the_sample_rig() {
    if !xvfb() {
        return;
    }
    check(&["--show", "bones,bodies"], "sample", 0.01);
}

fn gene_light() -> Option<PathBuf> {
    let p = hone::shared_models_dir()?.join("gene/Gene_light.pmx");
    if !p.is_file() {
        eprintln!("SKIP: {} not present", p.display());
        return None;
    }
    if let Err(e) = hone::pmx::load(&p) {
        eprintln!("SKIP: Gene_light.pmx does not load here: {e}");
        return None;
    }
    Some(p)
}

#[test]
fn screenshot_of_gene_light_with_textures() {
    if !xvfb() {
        return;
    }
    let Some(gene) = gene_light() else { return };
    let img = check(&[gene.to_str().unwrap()], "gene", 0.05).unwrap();
    // Textured skin and clothes: many distinct colours, not one flat fill.
    let mut colours = std::collections::HashSet::new();
    for p in img.pixels() {
        colours.insert([p.0[0] >> 3, p.0[1] >> 3, p.0[2] >> 3]);
    }
    assert!(colours.len() > 400, "only {} colours", colours.len());
}

#[test]
fn screenshot_fails_cleanly_on_a_bad_file() {
    let dir = tempfile::tempdir().unwrap();
    let bad = dir.path().join("bad.pmx");
    std::fs::write(&bad, b"PMX \x00\x00garbage").unwrap();
    // No display needed: the file is read before any window opens.
    let run = Command::new(env!("CARGO_BIN_EXE_hone"))
        .arg("--screenshot")
        .arg(dir.path().join("out.png"))
        .arg(&bad)
        .output()
        .unwrap();
    assert!(!run.status.success());
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("bad.pmx"), "{err}");
    assert!(!dir.path().join("out.png").exists());
    // An unknown --select name is refused the same way.
    let run = Command::new(env!("CARGO_BIN_EXE_hone"))
        .args(["--screenshot", "x.png", "--select", "bone:no such bone"])
        .output()
        .unwrap();
    assert!(!run.status.success());
    assert!(String::from_utf8_lossy(&run.stderr).contains("no such bone"));
}
