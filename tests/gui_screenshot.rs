//! Runs the built `hone` under Xvfb in `--screenshot` mode and checks the PNG:
//! the requested size, and model pixels in the viewport area.
//! Skips (recorded by the testkit) where `xvfb-run` is not installed or the shared models are absent.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The viewport's background colour as the GPU clears it (render.rs FrameSettings).
const BACKGROUND: [u8; 3] = [89, 94, 107];

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

/// The default layout puts the viewport in the middle column, upper part.
fn viewport_area(img: &image::RgbaImage) -> (u32, u32, u32, u32) {
    let (w, h) = img.dimensions();
    (w * 30 / 100, w * 65 / 100, h * 12 / 100, h * 60 / 100)
}

/// Fraction of pixels in the central viewport area for which `hit(pixel)` holds.
fn viewport_fraction(img: &image::RgbaImage, hit: impl Fn(u32, u32, [u8; 3]) -> bool) -> f64 {
    let (x0, x1, y0, y1) = viewport_area(img);
    let mut hits = 0u64;
    let mut total = 0u64;
    for y in y0..y1 {
        for x in x0..x1 {
            let p = img.get_pixel(x, y).0;
            total += 1;
            if hit(x, y, [p[0], p[1], p[2]]) {
                hits += 1;
            }
        }
    }
    hits as f64 / total as f64
}

fn distance(a: [u8; 3], b: [u8; 3]) -> i32 {
    (0..3).map(|k| (a[k] as i32 - b[k] as i32).abs()).sum()
}

/// Fraction of pixels in the central viewport area that are clearly not background.
fn model_pixel_fraction(img: &image::RgbaImage) -> f64 {
    viewport_fraction(img, |_, _, p| distance(p, BACKGROUND) > 60)
}

/// Fraction of the viewport area where two images clearly differ.
fn changed_fraction(a: &image::RgbaImage, b: &image::RgbaImage) -> f64 {
    viewport_fraction(a, |x, y, p| {
        let q = b.get_pixel(x, y).0;
        distance(p, [q[0], q[1], q[2]]) > 60
    })
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
    // HONE_KEEP_SCREENSHOTS=DIR keeps the images (to look at, or for screenshots/).
    if let Some(dir) = std::env::var_os("HONE_KEEP_SCREENSHOTS") {
        std::fs::copy(&out, std::path::Path::new(&dir).join(format!("{name}.png"))).unwrap();
    }
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
    if !hone_testkit::xvfb_run() {
        return;
    }
    check(&["--show", "bones,bodies"], "sample", 0.01);
}

fn gene_light() -> Option<PathBuf> {
    hone_testkit::shared_model("gene/Gene_light.pmx")
}

#[test]
fn screenshot_of_gene_light_with_textures() {
    if !hone_testkit::xvfb_run() {
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

/// The PMX 2.1 point/line rig (hone::app::demo::point_line_rig) saved to `dir`.
fn point_line_file(dir: &Path) -> PathBuf {
    let path = dir.join("points_lines.pmx");
    let model = hone::app::demo::point_line_rig();
    hone::pmx::write::save(&model, &path, &Default::default()).unwrap();
    path
}

#[test]
fn screenshot_draws_point_and_line_materials() {
    if !hone_testkit::xvfb_run() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = point_line_file(dir.path());
    let file = file.to_str().unwrap();
    // No grid: its red X axis would count as points.
    let img = check(&[file, "--show=-bones,-shadow,-grid"], "points-lines", 0.01).unwrap();
    // The point sphere is red, the line sphere green (lit, so not exact colours).
    let dominant = |c: usize| {
        move |_: u32, _: u32, p: [u8; 3]| {
            p[c] > 100 && (0..3).all(|k| k == c || p[c] as i32 > 2 * p[k] as i32)
        }
    };
    // The point sphere is red, the line sphere green (lit, so not exact colours).
    for (c, what) in [(0, "points"), (1, "lines")] {
        let hit = dominant(c);
        let f = viewport_fraction(&img, hit);
        assert!(f > 0.001, "{what}: {:.3}% pixels", f * 100.0);
        // Drawn as points/edges, not filled: gaps inside the sphere's outline.
        let fill = bbox_fill(&img, hit);
        assert!(
            fill < 0.6,
            "{what} fill their outline to {:.0}%",
            fill * 100.0
        );
    }
}

/// How much of the bounding box of the viewport pixels `hit` selects they cover.
fn bbox_fill(img: &image::RgbaImage, hit: impl Fn(u32, u32, [u8; 3]) -> bool) -> f64 {
    let (x0, x1, y0, y1) = viewport_area(img);
    let (mut lo, mut hi, mut n) = ((u32::MAX, u32::MAX), (0, 0), 0u64);
    for (x, y, p) in img.enumerate_pixels() {
        let inside = (x0..x1).contains(&x) && (y0..y1).contains(&y);
        if inside && hit(x, y, [p.0[0], p.0[1], p.0[2]]) {
            lo = (lo.0.min(x), lo.1.min(y));
            hi = (hi.0.max(x), hi.1.max(y));
            n += 1;
        }
    }
    let area = (hi.0.saturating_sub(lo.0) + 1) as f64 * (hi.1.saturating_sub(lo.1) + 1) as f64;
    n as f64 / area
}

#[test]
fn ground_shadow_darkens_the_floor_under_the_model() {
    if !hone_testkit::xvfb_run() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = point_line_file(dir.path());
    let file = file.to_str().unwrap();
    // From above, so the floor shows.
    let on = check(
        &[file, "--show=-bones", "--pitch", "35"],
        "ground-shadow-on",
        0.01,
    )
    .unwrap();
    let off = check(
        &[file, "--show=-bones,-shadow", "--pitch", "35"],
        "ground-shadow-off",
        0.01,
    )
    .unwrap();
    // Only darker pixels, never lighter: the shadow is translucent black.
    let darker = viewport_fraction(&on, |x, y, p| {
        let q = off.get_pixel(x, y).0;
        (0..3).all(|k| p[k] + 8 < q[k])
    });
    let lighter = viewport_fraction(&on, |x, y, p| {
        let q = off.get_pixel(x, y).0;
        (0..3).all(|k| p[k] > q[k] + 8)
    });
    assert!(darker > 0.01, "shadow covers {:.2}%", darker * 100.0);
    assert!(lighter < 0.001, "{:.3}% got lighter", lighter * 100.0);
}

fn write_pose(dir: &Path, json: &str) -> PathBuf {
    let path = dir.join("pose.json");
    std::fs::write(&path, json).unwrap();
    path
}

#[test]
fn screenshot_with_a_pose_file_shows_the_posed_sample_rig() {
    if !hone_testkit::xvfb_run() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Both arms lowered 60° about Z (an A pose), the upper body 30° about X (MMD axes).
    let (s, c) = (30f32.to_radians().sin(), 30f32.to_radians().cos());
    let (s2, c2) = (15f32.to_radians().sin(), 15f32.to_radians().cos());
    let pose = write_pose(
        dir.path(),
        &format!(
            r#"{{"bones": {{"左腕": {{"rot": [0, 0, {ns}, {c}]}}, "右腕": {{"rot": [0, 0, {s}, {c}]}},
                "上半身": {{"rot": [{s2}, 0, 0, {c2}]}}}}}}"#,
            ns = -s
        ),
    );
    assert_pose_shows(&[], &pose, "sample", 0.01, 0.01);
}

/// Screenshots `model_args` at rest and with `--pose pose`; the model area must change.
fn assert_pose_shows(
    model_args: &[&str],
    pose: &Path,
    name: &str,
    min_model: f64,
    min_changed: f64,
) {
    let rest_args = [model_args, &["--show=-bones"]].concat();
    let rest = check(&rest_args, &format!("{name}-rest"), min_model).unwrap();
    let posed_args = [&rest_args[..], &["--pose", pose.to_str().unwrap()]].concat();
    let posed = check(&posed_args, &format!("{name}-posed"), min_model).unwrap();
    let changed = changed_fraction(&rest, &posed);
    assert!(
        changed > min_changed,
        "{name}: posing changed {:.2}%",
        changed * 100.0
    );
}

#[test]
fn screenshot_of_gene_posed_with_the_oracle_pose() {
    if !hone_testkit::xvfb_run() {
        return;
    }
    let Some(gene) = gene_light() else { return };
    let pose = gene.with_file_name("oracle/gene_a.pose.json");
    assert_pose_shows(&[gene.to_str().unwrap()], &pose, "gene", 0.05, 0.02);
}

#[test]
fn a_bad_pose_file_is_refused_before_any_window_opens() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out.png");
    let run = |pose: &Path| {
        Command::new(env!("CARGO_BIN_EXE_hone"))
            .arg("--screenshot")
            .arg(&out)
            .arg("--pose")
            .arg(pose)
            .output()
            .unwrap()
    };
    let missing = run(&dir.path().join("missing.json"));
    assert!(!missing.status.success());
    assert!(String::from_utf8_lossy(&missing.stderr).contains("missing.json"));
    let bad = run(&write_pose(
        dir.path(),
        r#"{"bones": {"左腕": {"rot": [1, 2]}}}"#,
    ));
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("pose.json") && err.contains("rot"), "{err}");
    assert!(!out.exists());
}
