//! File ▸ Bake motion…'s worker without a window: a bake started from the output dialog
//! runs off the UI thread, writes the file with the dialog's options and puts its result
//! lines in the Log.

use hone::app::document::Document;
use hone::app::{outputs, timeline, State};
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

/// Runs UI frames until the run is over (at most ~60 s).
fn finish(ctx: &eframe::egui::Context, state: &mut State) {
    for _ in 0..6000 {
        let _ = ctx.run_ui(Default::default(), |ui| {
            let (view, commands, _) = state.split();
            outputs::show(ui.ctx(), &view, commands)
        });
        state.apply_commands();
        if !outputs::is_running(ctx) {
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
    let op = &hone::ops::bake::OP;
    let view = state.view();
    assert!(outputs::missing(op, &view).is_none(), "a motion is loaded");
    outputs::open(&ctx, op, &view, Default::default(), Default::default());
    outputs::edit_dialog(&ctx, |d| {
        d.path = out.display().to_string();
        d.options
            .values
            .insert("bones".into(), serde_json::json!("all"));
    });
    let dialog = outputs::dialog(&ctx).unwrap();
    let before = state.log_lines().len();
    outputs::start(&ctx, &state.view(), &dialog);
    assert!(outputs::is_running(&ctx));
    finish(&ctx, &mut state);
    let lines: Vec<&String> = state.log_lines()[before..].iter().map(|(_, l)| l).collect();
    assert!(!lines.is_empty(), "nothing logged");
    let baked = load_vmd(&out).expect("the baked motion was written");
    let bones = state.doc().model().bones.len();
    assert!(!baked.bone_keys.is_empty());
    // "all": every bone of the model is baked (the first line counts them).
    assert!(lines[0].contains(&bones.to_string()), "{lines:?}");
}
