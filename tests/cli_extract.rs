//! `hone extract`: the selected materials are written as a model of their own
//! (the rule itself is tested in core/tests/rig_parts.rs); a bad selector writes nothing.

use std::process::Command;

fn hone() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hone"))
}

#[test]
fn extract_writes_the_selected_materials_and_a_bad_selector_writes_nothing() {
    let Some(gene) = hone_testkit::shared_model("gene/Gene.pmx") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("hair.pmx");
    let run = hone()
        .arg("extract")
        .arg(&gene)
        .args(["--lang", "en"])
        .arg("-o")
        .arg(&out)
        .args(["--materials", "髪"])
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(stdout.contains("Kept 1 materials"), "{stdout}");
    let part = hone::pmx::load(&out).unwrap().model;
    let original = hone::pmx::load(&gene).unwrap().model;
    assert_eq!(part.materials.len(), 1);
    assert_eq!(part.materials[0].name, "髪");
    assert!(part.vertices.len() < original.vertices.len());
    assert_eq!(
        part.textures.len(),
        1,
        "only the hair's texture, path as it was"
    );
    assert!(original.textures.contains(&part.textures[0]));

    let bad = dir.path().join("none.pmx");
    let run = hone()
        .arg("extract")
        .arg(&gene)
        .arg("-o")
        .arg(&bad)
        .args(["--materials", "no such material"])
        .output()
        .unwrap();
    assert_eq!(run.status.code(), Some(1));
    assert!(!bad.exists());
}
