//! `hone simulate --plot`: the bodies it names (or the six that swing most) drawn as SVG or
//! PNG; a name the model lacks or an unknown extension writes nothing.

use std::path::Path;
use std::process::{Command, Output};

fn hone(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hone"))
        .args(args)
        .output()
        .expect("hone runs")
}

fn sample() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("resources/sample/hone-sample.pmx")
        .display()
        .to_string()
}

/// The sample rig's simulated bodies' names.
fn simulated_bodies() -> Vec<String> {
    let model = hone::pmx::load(sample()).unwrap().model;
    model
        .rigid_bodies
        .iter()
        .filter(|b| b.mode != hone::pmx::RigidMode::FollowBone && b.bone >= 0)
        .map(|b| b.name.clone())
        .collect()
}

#[test]
fn an_svg_names_the_chosen_bodies_and_labels_the_three_figures() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("plot.svg");
    let bodies = simulated_bodies();
    let chosen = bodies[..2].join(",");
    let o = hone(&[
        "simulate",
        "--lang",
        "en",
        &sample(),
        "--seconds",
        "1",
        "--plot",
        out.to_str().unwrap(),
        "--plot-bodies",
        &chosen,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let svg = std::fs::read_to_string(&out).unwrap();
    assert!(svg.starts_with("<svg"), "{}", &svg[..40.min(svg.len())]);
    for name in &bodies[..2] {
        assert!(svg.contains(name.as_str()), "{name} in the legend");
    }
    for label in [
        "swing (°)",
        "speed (units/s)",
        "distance from bone (units)",
        "time (s)",
    ] {
        assert!(svg.contains(label), "{label}");
    }
    // Each body's line: a polyline per chart.
    assert!(svg.matches("<polyline").count() >= 6);
}

#[test]
fn a_png_in_japanese_has_the_drawing_size_and_the_default_bodies() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("plot.png");
    let o = hone(&[
        "simulate",
        "--lang",
        "ja",
        &sample(),
        "--seconds",
        "1",
        "--plot",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let stderr = String::from_utf8_lossy(&o.stderr);
    assert!(stderr.contains("グラフを"), "{stderr}");
    let image = image::open(&out).unwrap();
    assert_eq!((image.width(), image.height()), (1200, 900));
    // Named: at most six of the simulated bodies, all of them when there are fewer.
    let named = stderr.rsplit(": ").next().unwrap().trim();
    let names: Vec<&str> = named.split(", ").collect();
    assert_eq!(names.len(), simulated_bodies().len().min(6), "{named}");
}

#[test]
fn an_unknown_body_or_extension_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("plot.svg");
    let o = hone(&[
        "simulate",
        "--lang",
        "en",
        &sample(),
        "--seconds",
        "1",
        "--plot",
        svg.to_str().unwrap(),
        "--plot-bodies",
        "存在しない剛体",
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("存在しない剛体"));
    let txt = dir.path().join("plot.txt");
    let o = hone(&[
        "simulate",
        "--lang",
        "en",
        &sample(),
        "--seconds",
        "1",
        "--plot",
        txt.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        std::fs::read_dir(dir.path()).unwrap().next().is_none(),
        "nothing written"
    );
}
