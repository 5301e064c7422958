//! The Problems panel groups problems by category with counts, and "Fix all"
//! applies a category's fixes as one undo step.

use eframe::egui;
use egui_kittest::kittest::Queryable;
use hone::app::dock::{focus_tab, Tab};
use hone::app::panels::problems::{category_title, fix_all_label};
use hone::check::{Category, Check, Problem};
use hone::pmx::{Model, RigidMode};

mod gui_support;
use gui_support::{app, harness_with, AppHarness};

fn harness(model: Model) -> AppHarness {
    harness_with(model, "test", egui::vec2(1400.0, 900.0), |app| {
        focus_tab(&mut app.dock, Tab::Problems);
    })
}

/// The sample rig (no problems) with two massless simulated bodies (physics:
/// each is reported massless, and, Bullet making it static, as following a
/// bone physics moves; the second one's bone 髪2, left without a moving body of
/// its own below 髪1's, as a bone below physics) and a material colour above 1
/// (display).
fn model() -> Model {
    let mut m = hone::pmx::builder::sample_rig();
    let mut sim =
        (0..m.rigid_bodies.len()).filter(|&i| m.rigid_bodies[i].mode == RigidMode::Dynamic);
    for i in [sim.next().unwrap(), sim.next().unwrap()] {
        m.rigid_bodies[i].mass = 0.0;
    }
    m.materials[0].ambient.x = 1.5;
    m
}

fn problems(h: &AppHarness) -> Vec<Problem> {
    app(h).state.debug().problems.clone()
}

fn of(problems: &[Problem], category: Category) -> Vec<&Problem> {
    problems
        .iter()
        .filter(|p| p.category() == category)
        .collect()
}

#[test]
fn problems_are_grouped_by_category_with_counts() {
    let mut h = harness(model());
    h.run_steps(3);
    let all = problems(&h);
    assert_eq!(of(&all, Category::Physics).len(), 5, "{all:#?}");
    assert_eq!(of(&all, Category::Display).len(), 1, "{all:#?}");
    assert_eq!(all.len(), 6);
    // One header per category that has problems, physics above display.
    let physics = category_title(Category::Physics, &of(&all, Category::Physics));
    let display = category_title(Category::Display, &of(&all, Category::Display));
    assert_eq!(physics, "physics (5: 5 warnings)");
    assert_eq!(display, "display (1: 1 warning)");
    let top = |label: &str| h.get_by_label(label).rect().min.y;
    assert!(top(&physics) < top(&display));
    assert!(h.query_by_label_contains("structure (").is_none());
    // Each problem row sits below its own header.
    for p in &all {
        let row = top(&format!("{}  {}", p.code, p.message));
        let header = if p.category() == Category::Physics {
            &physics
        } else {
            &display
        };
        assert!(row > top(header), "{}", p.code);
    }
}

#[test]
fn fix_all_of_a_category_is_one_undo_step() {
    let mut h = harness(model());
    h.run_steps(3);
    h.get_by_label(&fix_all_label(Category::Physics)).click();
    h.run_steps(3);
    let after = problems(&h);
    assert!(of(&after, Category::Physics).is_empty(), "{after:#?}");
    assert_eq!(
        of(&after, Category::Display).len(),
        1,
        "other categories untouched"
    );
    // One Ctrl+Z brings every physics problem back.
    h.key_press_modifiers(egui::Modifiers::COMMAND, egui::Key::Z);
    h.run_steps(3);
    assert_eq!(of(&problems(&h), Category::Physics).len(), 5);
    assert_eq!(*app(&h).state.doc().model(), model());
}

/// The codes of the texture-file problems the panel lists.
fn texture_codes(h: &AppHarness) -> Vec<&'static str> {
    let all = problems(h);
    let codes = all.iter().map(|p| p.code);
    codes.filter(|c| c.contains("TEXTURE")).collect()
}

#[test]
fn texture_files_appearing_and_disappearing_on_disk_are_noticed() {
    let dir = tempfile::tempdir().unwrap();
    let mut model = hone::pmx::builder::sample_rig();
    model.textures = vec!["tex\\cloth.png".into()];
    model.materials[0].texture = 0;
    let file = dir.path().join("tex").join("cloth.png");
    let path = dir.path().join("rig.pmx");
    let mut h = harness_with(model, "rig.pmx", egui::vec2(1400.0, 900.0), move |app| {
        app.state.doc_mut().path = Some(path);
        focus_tab(&mut app.dock, Tab::Problems);
    });
    h.run_steps(3);
    assert_eq!(texture_codes(&h), ["W-TEXTURE-MISSING"]);
    let runs = |h: &AppHarness, check| {
        let results = app(h).state.debug().check_results().unwrap();
        results.runs(check)
    };
    // Wait for a poll, so the test counts from it: how many frames the harness
    // ran while the app settled depends on the machine (a loading thread).
    let before = runs(&h, Check::TextureFiles);
    let mut waited = 0;
    while runs(&h, Check::TextureFiles) == before {
        assert!(waited < 9, "no look at the texture files within 2.25 s");
        h.run_steps(1);
        waited += 1;
    }
    let (texture_runs, bone_runs) = (runs(&h, Check::TextureFiles), runs(&h, Check::Cycles));

    // The file appears: not seen within the same second (no stat every frame:
    // a harness frame is 0.25 s), seen once 2 s have passed since the last look.
    std::fs::create_dir(file.parent().unwrap()).unwrap();
    std::fs::write(&file, b"png").unwrap();
    h.run_steps(2);
    assert_eq!(texture_codes(&h), ["W-TEXTURE-MISSING"]);
    h.run_steps(8);
    assert!(texture_codes(&h).is_empty(), "{:?}", texture_codes(&h));
    let looks = runs(&h, Check::TextureFiles) - texture_runs;
    assert_eq!(looks, 1, "one look in the 2.5 s after a look");
    // Only the texture check ran again.
    assert_eq!(runs(&h, Check::Cycles), bone_runs);

    // The file goes while the user is in another program: seen on the frame the
    // window gets the focus back, without waiting for the poll.
    std::fs::remove_file(&file).unwrap();
    h.event(egui::Event::WindowFocused(false));
    h.run_steps(1);
    h.event(egui::Event::WindowFocused(true));
    h.run_steps(1);
    assert_eq!(texture_codes(&h), ["W-TEXTURE-MISSING"]);
}
