//! File ▸ Bake motion…'s worker: a bake started from the app runs off the UI thread,
//! writes the file and puts its result lines in the Log; Cancel stops it and writes nothing.

use hone::app::document::Document;
use hone::app::{bake, timeline, State};
use hone::motion::load_vmd;

mod gui_support;
use gui_support::motion::{key, name};

fn state_with_motion() -> State {
    let model = hone::app::demo::tube_rig();
    let first = model.bones[0].name.clone();
    let mut state = State::new(Document::new(model, None, "tube.pmx"), None);
    let vmd = hone::motion::Vmd {
        bone_keys: vec![(name(&first), key(0, 0.0)), (name(&first), key(20, 0.8))],
        ..Default::default()
    };
    timeline::set_motion(&mut state, vmd, "turn.vmd");
    state
}

/// Runs UI frames until the bake is over (at most ~60 s).
fn finish(ctx: &eframe::egui::Context, state: &mut State) {
    for _ in 0..6000 {
        let _ = ctx.run_ui(Default::default(), |ui| {
            let (_, commands, _) = state.split();
            bake::show(ui.ctx(), commands)
        });
        state.apply_commands();
        if !bake::is_running(ctx) {
            return;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    panic!("the bake did not finish");
}

#[test]
fn a_bake_from_the_app_writes_the_file_and_logs_the_result() {
    let mut state = state_with_motion();
    let ctx = eframe::egui::Context::default();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("baked.vmd");
    let mut options = hone::ops::bake::OP.defaults();
    options
        .values
        .insert("bones".into(), serde_json::json!("all"));
    let before = state.log_lines().len();
    bake::start(&ctx, &state.view(), out.clone(), options);
    assert!(bake::is_running(&ctx));
    finish(&ctx, &mut state);
    let lines: Vec<&String> = state.log_lines()[before..].iter().map(|(_, l)| l).collect();
    assert!(!lines.is_empty(), "nothing logged");
    let baked = load_vmd(&out).expect("the baked motion was written");
    let bones = state.doc().model().bones.len();
    assert!(!baked.bone_keys.is_empty());
    assert!(lines[0].contains(&bones.to_string()), "{lines:?}");
}
