//! Every registered operation is reachable from scripts (it runs with its defaults on
//! a model that fits), from the command line (`hone rig <op>` parses and its help
//! lists every option; `hone edit --help` lists it) and from the app (its menu lists
//! it). So is every output operation (bake, export, extract): `hone <op>` with its
//! flags, a script step whose file is written beside the script's output, the File
//! menu.

use clap::{CommandFactory, Parser};
use eframe::egui;
use egui_kittest::kittest::Queryable;
use hone::app::dock::{focus_tab, Tab};
use hone::app::{HoneApp, Selection};
use hone::edit::{ElementKind, History, ModelEdit};
use hone::ops::script::run_script;
use hone::ops::{Menu, Need, Operation, OptKind, OutputOperation, OUTPUTS, REGISTRY};
use hone::pmx::write::{write_pmx, WriteOptions};
use hone::pmx::Model;
use serde_json::{json, Value};

mod gui_support;
use gui_support::{app, app_mut, harness_with};

fn bytes(m: &Model) -> Vec<u8> {
    write_pmx(m, &WriteOptions::default()).unwrap()
}

fn sample() -> Model {
    hone::pmx::builder::sample_rig()
}

fn without_physics(mut m: Model) -> Model {
    let mut h = History::new();
    let joints = (0..m.joints.len()).collect();
    let bodies = (0..m.rigid_bodies.len()).collect();
    h.apply(&mut m, ModelEdit::delete(ElementKind::Joint, joints))
        .unwrap();
    h.apply(&mut m, ModelEdit::delete(ElementKind::RigidBody, bodies))
        .unwrap();
    m
}

/// The sample's hair bones (names with 髪 but the hair ornament).
fn hair(m: &Model) -> Vec<String> {
    m.bones
        .iter()
        .filter(|b| b.name.contains('髪') && !b.name.contains("飾り"))
        .map(|b| b.name.clone())
        .collect()
}

/// Files the file options name: the sample with one vertex moved, and a pose.
struct Files {
    model: String,
    pose: String,
    _dir: tempfile::TempDir,
}

fn files() -> Files {
    let dir = tempfile::tempdir().unwrap();
    let mut m = sample();
    m.vertices[0].position.y += 0.5;
    let model = dir.path().join("moved.pmx");
    std::fs::write(&model, bytes(&m)).unwrap();
    let pose = dir.path().join("pose.json");
    std::fs::write(
        &pose,
        r#"{"bones": {"頭": {"rot": [0.0, 0.0, 0.19509, 0.98079], "pos": [0, 0, 0]}}}"#,
    )
    .unwrap();
    Files {
        model: model.to_string_lossy().into(),
        pose: pose.to_string_lossy().into(),
        _dir: dir,
    }
}

/// The script object running `op` with its defaults; what has no default (a file,
/// a name, a bone) is filled in, the selection is the hair bones when it needs bones.
fn script_op(op: &Operation, model: &Model, files: &Files) -> Value {
    let mut o = json!({ "op": op.name });
    if op.selection == Need::Bones {
        o["bones"] = json!(hair(model));
    }
    if op.selection == Need::Materials {
        o["materials"] = json!([0]);
    }
    for opt in op.options.iter().filter(|o| o.required) {
        o[opt.key] = match (opt.kind, opt.key) {
            (OptKind::File, "pose") => json!(files.pose),
            (OptKind::File, _) => json!(files.model),
            (OptKind::Text, _) => json!("テスト"),
            (OptKind::Bone, "from") => json!("左ひじ"),
            (OptKind::Bone, _) => json!("左腕"),
            _ => opt.default.to_value(opt.kind).unwrap(),
        };
    }
    o
}

/// Operations that may find nothing to change on the sample (its weights are
/// already normalised, on few bones, with nothing tiny).
/// `transform`'s and `uv_transform`'s defaults are the identity.
const MAY_CHANGE_NOTHING: &[&str] = &[
    "normalize",
    "limit",
    "prune",
    "sdef_from_bdef2",
    "transform",
    "uv_transform",
    // Material 0 to place 0; the sample's materials all differ; no vertices given
    // selects every vertex, so every material has all its faces (tests: core/tests/rig_materials.rs).
    "material_order",
    "merge_materials",
    "split_material",
];

#[test]
fn every_operation_runs_from_a_script_with_its_defaults() {
    let files = files();
    for op in REGISTRY {
        // Generators of bodies start from a rig without physics; joints need bodies.
        let mut model = match op.name {
            "bodies_from_bones" | "chain" | "joint_chain" | "skirt_ring" => {
                without_physics(sample())
            }
            // The sample's English names are all set: translate a model without them.
            "translate_names" => {
                let mut m = sample();
                m.bones.iter_mut().for_each(|b| b.name_en.clear());
                m
            }
            _ => sample(),
        };
        let mut history = History::new();
        let mut ops = Vec::new();
        if matches!(op.name, "joint_chain" | "skirt_ring") {
            ops.push(json!({ "op": "bodies_from_bones", "bones": hair(&model) }));
        }
        ops.push(script_op(op, &model, &files));
        let before = bytes(&model);
        let before_count = model.rigid_bodies.len();
        let reports = run_script(&mut model, &mut history, &ops)
            .unwrap_or_else(|e| panic!("{}: {e}", op.name));
        assert_eq!(reports.len(), ops.len(), "{}", op.name);
        if !MAY_CHANGE_NOTHING.contains(&op.name) {
            assert_ne!(bytes(&model), before, "{}: nothing changed", op.name);
            assert!(!reports.last().unwrap().label.is_empty(), "{}", op.name);
        }
        if op.name == "bodies_from_bones" {
            assert_eq!(
                model.rigid_bodies.len(),
                before_count + hair(&model).len(),
                "{}: one body per hair bone",
                op.name
            );
        }
    }
}

#[test]
fn every_operation_has_a_cli_subcommand_with_its_options_and_is_in_edit_help() {
    let mut cli = hone::cli::Cli::command();
    let rig = cli.find_subcommand_mut("rig").expect("hone rig");
    let edit_help = hone::cli::edit::script_help();
    for op in REGISTRY {
        let sub = rig
            .find_subcommand_mut(op.name)
            .unwrap_or_else(|| panic!("hone rig {}", op.name));
        let help = sub.render_long_help().to_string();
        let flags = op
            .selection
            .key()
            .into_iter()
            .chain(op.options.iter().map(|o| o.key));
        for key in flags {
            let flag = format!("--{}", key.replace('_', "-"));
            assert!(
                help.contains(&flag),
                "hone rig {} --help lacks {flag}",
                op.name
            );
        }
        assert!(
            edit_help.contains(&format!("\"op\":\"{}\"", op.name)),
            "hone edit --help lacks {}",
            op.name
        );
        // It parses with what it requires, under its name and each alias.
        for name in std::iter::once(&op.name).chain(op.aliases) {
            let mut args: Vec<String> = ["hone", "rig", name, "in.pmx", "--dry-run"]
                .map(String::from)
                .to_vec();
            if op.selection == Need::Bones {
                args.extend(["--bones".into(), "頭".into()]);
            }
            if op.selection == Need::Materials {
                args.extend(["--materials".into(), "0".into()]);
            }
            for o in op.options.iter().filter(|o| o.required) {
                args.push(format!("--{}", o.key.replace('_', "-")));
                args.push(match o.kind {
                    OptKind::Choice(c) => c[0].value.to_string(),
                    _ => "1".to_string(),
                });
            }
            hone::cli::Cli::try_parse_from(&args).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        }
        // A misspelt flag is a usage error.
        let bad = hone::cli::Cli::try_parse_from(["hone", "rig", op.name, "in.pmx", "--no-such"]);
        assert!(bad.is_err(), "{}", op.name);
    }
}

#[test]
fn every_operation_is_in_an_app_menu() {
    let model = sample();
    let elbow = model.bone_index("左ひじ").unwrap();
    let mut h = harness_with(
        model,
        "ops.pmx",
        egui::vec2(1600.0, 1000.0),
        |app: &mut HoneApp| focus_tab(&mut app.dock, Tab::Weights),
    );
    h.run_steps(3);
    let titles = |menu: Menu| -> Vec<String> {
        REGISTRY
            .iter()
            .filter(|op| op.menu == menu)
            .map(|op| op.title())
            .collect()
    };
    let menus = [
        (Menu::Rig, "Rig"),
        (Menu::Morph, "Morph"),
        (Menu::Edit, "Edit"),
        (Menu::Model, "Model"),
        (Menu::Materials, "Materials"),
    ];
    for (menu, label) in menus {
        h.get_by_label(label).click();
        h.run_steps(3);
        for t in titles(menu) {
            assert!(h.query_by_label(&t).is_some(), "{label} ▸ {t}");
        }
        h.key_press(egui::Key::Escape);
        h.run_steps(3);
    }
    // The weight operations, on the vertices a bone weights (the weights panel).
    app_mut(&mut h).state.select(Selection::Bone(elbow));
    h.run_steps(2);
    h.get_by_label("Select vertices of 左ひじ").click();
    h.run_steps(3);
    assert!(matches!(app(&h).state.selection(), Selection::Vertex(_)));
    h.get_by_label(&hone::tr!("opsui-weight-ops")).click();
    h.run_steps(3);
    for t in titles(Menu::Weights) {
        assert!(h.query_by_label(&t).is_some(), "weights ▸ {t}");
    }
    // Every operation is in one of these menus.
    for op in REGISTRY {
        assert!(
            matches!(
                op.menu,
                Menu::Rig
                    | Menu::Morph
                    | Menu::Weights
                    | Menu::Edit
                    | Menu::Model
                    | Menu::Materials
            ),
            "{} is in a menu the app does not build yet",
            op.name
        );
    }
}

/// `hone NAME`'s arguments that an output operation requires, with values that parse.
fn required_output_args(op: &OutputOperation) -> Vec<String> {
    let mut args: Vec<String> = vec!["hone".into(), op.name.into(), "in.pmx".into()];
    args.extend(["-o".into(), format!("out.{}", op.extensions[0])]);
    for i in op.inputs {
        args.extend([format!("--{}", i.key()), "m.vmd".into()]);
    }
    if let Some(key) = op.selection.key() {
        args.extend([format!("--{key}"), "0".into()]);
    }
    args
}

#[test]
fn every_output_operation_is_a_subcommand_with_its_flags_and_in_edit_help() {
    let mut cli = hone::cli::Cli::command();
    let top = cli.render_long_help().to_string();
    let edit_help = hone::cli::edit::script_help();
    for op in OUTPUTS {
        let about = op.title().trim_end_matches('…').to_string();
        assert!(top.contains(&about), "hone --help lacks {about}");
        let Some(sub) = cli.find_subcommand_mut(op.name) else {
            panic!("hone {}", op.name);
        };
        let help = sub.render_long_help().to_string();
        let mut keys: Vec<&str> = vec!["output", "dry_run"];
        keys.extend(op.selection.key());
        keys.extend(op.inputs.iter().map(|i| i.key()));
        keys.extend(op.options.iter().map(|o| o.key));
        for key in keys {
            let flag = format!("--{}", key.replace('_', "-"));
            assert!(help.contains(&flag), "hone {} --help lacks {flag}", op.name);
        }
        // The help text is the operation's, from the catalogue.
        assert!(help.contains(&op.help()), "hone {} --help", op.name);
        for o in op.options {
            assert!(
                help.contains(&o.label()),
                "hone {} --help: {}",
                op.name,
                o.key
            );
        }
        assert!(
            edit_help.contains(&format!("\"op\":\"{}\"", op.name)),
            "hone edit --help lacks {}",
            op.name
        );
        let args = required_output_args(op);
        hone::cli::Cli::try_parse_from(&args).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        let bad = hone::cli::Cli::try_parse_from(args.iter().chain(&["--no-such".to_string()]));
        assert!(bad.is_err(), "{}", op.name);
    }
}

/// The flags `hone bake`, `hone export` and `hone extract` had before they were built
/// from their declarations parse as before (scripts and tests call them).
#[test]
fn the_output_subcommands_keep_their_flags() {
    let parses = |args: &[&str]| hone::cli::Cli::try_parse_from(args).is_ok();
    assert!(parses(&[
        "hone",
        "bake",
        "m.pmx",
        "--motion",
        "a.vmd",
        "-o",
        "b.vmd",
        "--ik",
        "--bones",
        "physics",
        "--tolerance-deg",
        "0.01",
        "--start",
        "3",
        "--end",
        "40",
    ]));
    assert!(
        !parses(&["hone", "bake", "m.pmx", "-o", "b.vmd"]),
        "--motion is required"
    );
    assert!(parses(&[
        "hone",
        "export",
        "m.pmx",
        "-o",
        "a.vrm",
        "--author",
        "A",
        "--license",
        "L",
        "--t-pose",
        "--expressions",
        "map.json",
    ]));
    assert!(parses(&[
        "hone",
        "export",
        "m.pmx",
        "-o",
        "a.glb",
        "--t-pose=false"
    ]));
    assert!(parses(&["hone", "export", "m.pmx", "--output", "a.glb"]));
    assert!(parses(&[
        "hone",
        "extract",
        "m.pmx",
        "--materials",
        "髪",
        "--dry-run"
    ]));
    assert!(
        !parses(&["hone", "extract", "m.pmx", "--materials", "髪"]),
        "-o or --dry-run"
    );
}

#[test]
fn every_output_operation_runs_from_a_script_and_writes_beside_the_output() {
    let dir = tempfile::tempdir().unwrap();
    let model_path = dir.path().join("sample.pmx");
    std::fs::write(&model_path, bytes(&sample())).unwrap();
    // A motion turning the sample's first bone.
    let motion = dir.path().join("m.vmd");
    let first = sample().bones[0].name.clone();
    let vmd = hone::motion::Vmd {
        bone_keys: vec![
            (
                gui_support::motion::name(&first),
                gui_support::motion::key(0, 0.0),
            ),
            (
                gui_support::motion::name(&first),
                gui_support::motion::key(10, 0.5),
            ),
        ],
        ..Default::default()
    };
    hone::motion::save_vmd(&vmd, &motion).unwrap();
    let steps: Vec<Value> = OUTPUTS
        .iter()
        .map(|op| {
            let mut o = json!({ "op": op.name, "output": format!("made/{}.{}", op.name, op.extensions[0]) });
            if op.needs_motion() {
                o["motion"] = json!(motion.to_string_lossy());
            }
            if op.selection == Need::Materials {
                o["materials"] = json!([0]);
            }
            if op.name == "bake" {
                o["bones"] = json!("all");
            }
            o
        })
        .collect();

    // In the core: each is a step that changes nothing and holds its file.
    let mut model = sample();
    let before = bytes(&model);
    let reports = run_script(&mut model, &mut History::new(), &steps).unwrap();
    assert_eq!(
        bytes(&model),
        before,
        "an output operation changed the model"
    );
    for (op, r) in OUTPUTS.iter().zip(&reports) {
        assert_eq!(r.outputs.len(), 1, "{}", op.name);
        assert!(r.label.contains(&format!("{}.", op.name)), "{}", r.label);
    }
    // A misspelt key and a missing output are errors naming the step.
    let typo = [json!({"op": "export", "output": "a.glb", "autor": "A"})];
    assert!(run_script(&mut model, &mut History::new(), &typo).is_err());
    let no_output = [json!({"op": "export"})];
    assert!(run_script(&mut model, &mut History::new(), &no_output).is_err());

    // `hone edit`: the files go beside OUT, after it, only when the script succeeds.
    let out_dir = dir.path().join("out");
    std::fs::create_dir(&out_dir).unwrap();
    // `made/` does not exist: `hone edit` makes it (the usage line says so).
    let script = dir.path().join("ops.json");
    std::fs::write(&script, Value::Array(steps.clone()).to_string()).unwrap();
    let hone_edit = |out: &std::path::Path| {
        std::process::Command::new(env!("CARGO_BIN_EXE_hone"))
            .args(["edit", "--lang", "en", "-o"])
            .arg(out.join("edited.pmx"))
            .arg(&model_path)
            .arg("--script")
            .arg(&script)
            .output()
            .unwrap()
    };
    let run = hone_edit(&out_dir);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    for op in OUTPUTS {
        assert!(op.usage().contains("folder is made"), "{}", op.usage());
        let file = out_dir.join(format!("made/{}.{}", op.name, op.extensions[0]));
        assert!(file.is_file(), "{} wrote no {}", op.name, file.display());
    }
    assert!(hone::motion::load_vmd(out_dir.join("made/bake.vmd")).is_ok());
    assert_eq!(
        hone::pmx::load(out_dir.join("made/extract.pmx"))
            .unwrap()
            .model
            .materials
            .len(),
        1
    );
    // A script failing after an output step writes none of its files.
    let failing = dir.path().join("failing");
    std::fs::create_dir(&failing).unwrap();
    let mut bad = steps;
    bad.push(json!({"op": "delete", "kind": "bone", "select": "no such bone"}));
    std::fs::write(&script, Value::Array(bad).to_string()).unwrap();
    let run = hone_edit(&failing);
    assert_eq!(run.status.code(), Some(1));
    assert_eq!(std::fs::read_dir(&failing).unwrap().count(), 0);
}

/// Every output operation has a File-menu entry, disabled (with the reason) until what
/// it needs is there, that opens its generated dialog listing every option.
#[test]
fn every_output_operation_is_in_the_file_menu_and_opens_its_dialog() {
    use egui_kittest::kittest::NodeT;
    let mut h = harness_with(sample(), "ops.pmx", egui::vec2(1600.0, 1000.0), |_| {});
    h.run_steps(3);
    let needs_something = |op: &OutputOperation| {
        op.needs_motion() || !matches!(op.selection, Need::None | Need::Elements)
    };
    h.get_by_label("File").click();
    h.run_steps(3);
    for op in OUTPUTS {
        assert_eq!(op.menu, Menu::File, "{}", op.name);
        let title = op.title();
        let entry = h.get_by_label(&title);
        assert_eq!(
            entry.accesskit_node().is_disabled(),
            needs_something(op),
            "File ▸ {} before a motion and a selection",
            op.title()
        );
    }
    h.key_press(egui::Key::Escape);
    h.run_steps(2);
    // What they need: a motion loaded, the first material selected.
    let first = sample().bones[0].name.clone();
    let vmd = hone::motion::Vmd {
        bone_keys: vec![(
            gui_support::motion::name(&first),
            gui_support::motion::key(0, 0.0),
        )],
        ..Default::default()
    };
    hone::app::timeline::set_motion(&mut app_mut(&mut h).state, vmd, "m.vmd");
    app_mut(&mut h)
        .state
        .commands()
        .select(Selection::Material(0));
    h.run_steps(3);
    // How many nodes a label names without any dialog (the dock's "Bones" tab…).
    let labels: Vec<String> = OUTPUTS
        .iter()
        .flat_map(|op| op.options.iter().map(|o| o.dialog_label()))
        .chain(["File".to_string()])
        .collect();
    let count = |h: &gui_support::AppHarness, label: &str| h.query_all_by_label(label).count();
    let before: Vec<usize> = labels.iter().map(|l| count(&h, l)).collect();
    let before = |label: &str| before[labels.iter().position(|l| l == label).unwrap()];
    for op in OUTPUTS {
        h.get_by_label("File").click();
        h.run_steps(3);
        h.get_by_label(&op.title()).click();
        h.run_steps(3);
        let open = hone::app::outputs::dialog(&h.ctx).expect("a dialog opened");
        assert_eq!(open.op.name, op.name);
        h.get_by_label(op.title().trim_end_matches('…'));
        assert!(count(&h, "File") > before("File"), "no file row");
        for o in op.options {
            let label = o.dialog_label();
            assert!(
                count(&h, &label) > before(&label),
                "{}: no row for {}",
                op.name,
                o.key
            );
        }
        if op.selection == Need::Materials {
            assert_eq!(open.selection.materials, vec![0]);
        }
        h.get_by_label("Cancel").click();
        h.run_steps(3);
        assert!(hone::app::outputs::dialog(&h.ctx).is_none());
    }
}
