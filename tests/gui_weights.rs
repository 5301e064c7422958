//! Weight tools in the app, driven through the widgets (egui_kittest): the weight
//! view's colours, the weight table's operations, VPD poses and "apply pose as rest".

use eframe::egui;
use egui_kittest::kittest::Queryable;
use hone::app::dock::{focus_tab, Tab};
use hone::app::weight_view::{ramp, WeightMode, WeightProblem, UNWEIGHTED};
use hone::app::{HoneApp, Selected, Selection};
use hone::edit::ElementKind;
use hone::pmx::write::{write_pmx, WriteOptions};
use hone::pmx::{Model, WeightKind, Weights};

mod gui_support;
use gui_support::{app, app_mut, harness_with, AppHarness};

fn open(model: Model, tab: Tab) -> AppHarness {
    let mut h = harness_with(
        model,
        "test.pmx",
        egui::vec2(1600.0, 1000.0),
        move |app: &mut HoneApp| focus_tab(&mut app.dock, tab),
    );
    h.run_steps(3);
    h
}

fn bytes(m: &Model) -> Vec<u8> {
    write_pmx(m, &WriteOptions::default()).unwrap()
}

/// `bone`'s weight on a vertex as the test reads the spec's weight kinds: None when
/// no slot names the bone.
fn weight_on(w: &Weights, bone: i32) -> Option<f32> {
    let pairs: Vec<(i32, f32)> = match *w {
        Weights::Bdef1 { bone: b } => vec![(b, 1.0)],
        Weights::Bdef2 { bones, weight } | Weights::Sdef { bones, weight, .. } => {
            vec![(bones[0], weight), (bones[1], 1.0 - weight)]
        }
        Weights::Bdef4 { bones, weights } | Weights::Qdef { bones, weights } => {
            (0..4).map(|k| (bones[k], weights[k])).collect()
        }
    };
    let mine: Vec<f32> = pairs.iter().filter(|p| p.0 == bone).map(|p| p.1).collect();
    (!mine.is_empty()).then(|| mine.iter().sum())
}

/// How many bones carry weight on a vertex.
fn used(v: &hone::pmx::Vertex) -> usize {
    let (bones, w, n) = v.weights.bone_weights();
    (0..n).filter(|&k| bones[k] >= 0 && w[k] > 0.0).count()
}

/// Picks a weight-view mode from the viewport toolbar's combo box.
fn pick_mode(h: &mut AppHarness, mode: WeightMode) {
    h.get_by_label("Weight view").click();
    h.run_steps(2);
    h.get_by_label(&mode.label()).click();
    h.run_steps(3);
}

#[test]
fn weight_view_colours_by_bone_weight_kind_and_problems() {
    let mut model = hone::pmx::builder::sample_rig();
    let elbow = model.bone_index("左ひじ").expect("sample has 左ひじ");
    // Two broken vertices for the problems mode.
    let last = model.vertices.len() - 1;
    model.vertices[last].weights = Weights::Bdef4 {
        bones: [0, 1, 2, 3],
        weights: [0.3, 0.2, 0.1, 0.1],
    };
    model.vertices[last - 1].weights = Weights::Bdef1 { bone: 9999 };
    let mut h = open(model.clone(), Tab::Weights);
    app_mut(&mut h).state.select(Selection::Bone(elbow));
    h.run_steps(2);

    pick_mode(&mut h, WeightMode::Bone);
    let view = &app(&h).state.viewport().weights;
    assert_eq!((view.mode, view.bone), (WeightMode::Bone, Some(elbow)));
    assert_eq!(view.colors.len(), model.vertices.len());
    let (mut weighted, mut unweighted, mut partial) = (0, 0, 0);
    for (i, v) in model.vertices.iter().enumerate() {
        match weight_on(&v.weights, elbow as i32) {
            None => {
                unweighted += 1;
                assert_eq!(view.colors[i], UNWEIGHTED, "vertex {i}");
            }
            Some(w) => {
                weighted += 1;
                partial += usize::from(w > 0.0 && w < 1.0);
                assert_eq!(view.colors[i], ramp(w), "vertex {i} weight {w}");
            }
        }
    }
    eprintln!("左ひじ: {weighted} weighted ({partial} partly), {unweighted} not");
    assert!(weighted > 20 && partial > 10 && unweighted > 100);
    // The legend's figures: not weighted, 0, between, 1.
    assert_eq!(view.counts[0], unweighted);
    assert_eq!(view.counts[1..].iter().sum::<usize>(), weighted);

    // Posed: the colours stay with the vertices (they are per vertex, not per pixel).
    let before = view.revision;
    app_mut(&mut h).state.commands().pose_bone(
        elbow,
        hone::deform::BonePose {
            rotation: glam::Quat::from_rotation_y(1.2),
            ..Default::default()
        },
    );
    h.run_steps(3);
    assert_eq!(
        app(&h).state.viewport().weights.revision,
        before,
        "posing does not recolour"
    );

    pick_mode(&mut h, WeightMode::Kind);
    let view = &app(&h).state.viewport().weights;
    for (k, kind) in WeightKind::ALL.iter().enumerate() {
        let n = model
            .vertices
            .iter()
            .filter(|v| v.weights.kind() == *kind)
            .count();
        assert_eq!(view.counts[k], n, "{kind:?}");
    }
    assert!(
        view.counts[WeightKind::ALL
            .iter()
            .position(|k| *k == WeightKind::Sdef)
            .unwrap()]
            > 0
    );

    pick_mode(&mut h, WeightMode::Problems);
    let view = &app(&h).state.viewport().weights;
    assert_eq!(view.colors[last], WeightProblem::Sum.color());
    assert_eq!(view.colors[last - 1], WeightProblem::MissingBone.color());
    assert_eq!(
        view.colors[0], view.colors[1],
        "clean vertices share a colour"
    );
    assert_ne!(view.colors[0], WeightProblem::Sum.color());
}

/// Selects `vertices` as the viewport's vertex selection does.
fn select_vertices(h: &mut AppHarness, vertices: &[usize]) {
    app_mut(h)
        .state
        .commands()
        .push(hone::app::commands::Command::SelectSet {
            active: Selection::Vertex(vertices[0]),
            selected: Selected::many(ElementKind::Vertex, vertices.iter().copied()),
            reveal: false,
        });
    h.run_steps(3);
}

#[test]
fn weight_table_operations_are_one_undo_step_each() {
    let mut model = hone::pmx::builder::sample_rig();
    let elbow = model.bone_index("左ひじ").unwrap();
    // Ten of the elbow's vertices on four bones, for "Limit to 2".
    let four: Vec<usize> = (0..model.vertices.len())
        .filter(|&v| weight_on(&model.vertices[v].weights, elbow as i32).is_some_and(|w| w > 0.0))
        .take(10)
        .collect();
    for &v in &four {
        model.vertices[v].weights = Weights::Bdef4 {
            bones: [3, elbow as i32, 1, 2],
            weights: [0.3, 0.4, 0.2, 0.1],
        };
    }
    let mut h = open(model.clone(), Tab::Weights);
    app_mut(&mut h).state.select(Selection::Bone(elbow));
    h.run_steps(2);
    // "Select vertices of 左ひじ" selects what the bone weights.
    h.get_by_label("Select vertices of 左ひじ").click();
    h.run_steps(3);
    let verts = app(&h).state.selected_indices();
    let want: Vec<usize> = (0..model.vertices.len())
        .filter(|&v| weight_on(&model.vertices[v].weights, elbow as i32).is_some_and(|w| w > 0.0))
        .collect();
    assert_eq!(verts, want);
    assert!(matches!(app(&h).state.selection(), Selection::Vertex(_)));
    let original = bytes(&model);

    // Limit to 2 bones (the panel's default N): the four-bone vertices keep 左ひじ
    // and bone 3 in their old proportion 4 : 3; nothing else changes.
    h.get_by_label("Limit to").click();
    h.run_steps(3);
    {
        let m = app(&h).state.doc().model();
        for (i, (a, b)) in model.vertices.iter().zip(&m.vertices).enumerate() {
            if four.contains(&i) {
                let e = weight_on(&b.weights, elbow as i32).unwrap();
                let o = weight_on(&b.weights, 3).unwrap();
                assert!(
                    (e - 4.0 / 7.0).abs() < 1e-5 && (o - 3.0 / 7.0).abs() < 1e-5,
                    "vertex {i}: {:?}",
                    b.weights
                );
                assert_eq!(weight_on(&b.weights, 1).unwrap_or(0.0), 0.0);
            } else if !want.contains(&i) || used(a) <= 2 {
                assert_eq!(a, b, "vertex {i}: not selected or at most two bones");
            } else {
                assert!(used(b) == 2, "vertex {i}: {:?}", b.weights);
            }
        }
        assert_eq!(app(&h).state.doc().history.head(), 1);
    }
    app_mut(&mut h)
        .state
        .commands()
        .push(hone::app::commands::Command::Undo);
    h.run_steps(3);
    assert_eq!(bytes(app(&h).state.doc().model()), original);

    // The elbow's SDEF vertices as BDEF2, then BDEF2 → SDEF from the table.
    let mut bdef2 = model.clone();
    let mut sdef: Vec<usize> = Vec::new();
    for (i, v) in bdef2.vertices.iter_mut().enumerate() {
        if let Weights::Sdef { bones, weight, .. } = v.weights {
            v.weights = Weights::Bdef2 { bones, weight };
            sdef.push(i);
        }
    }
    let mut h = open(bdef2.clone(), Tab::Weights);
    select_vertices(&mut h, &sdef);
    h.get_by_label("BDEF2 → SDEF").click();
    h.run_steps(3);
    let m = app(&h).state.doc().model();
    let mut worst = 0.0f32;
    for &i in &sdef {
        let (Weights::Sdef { c, .. }, Weights::Sdef { c: want, .. }) =
            (m.vertices[i].weights, model.vertices[i].weights)
        else {
            panic!("vertex {i} is not SDEF: {:?}", m.vertices[i].weights);
        };
        worst = worst.max(c.distance(want));
    }
    eprintln!("BDEF2 → SDEF from the table: worst C vs the sample's {worst:.2e}");
    assert!(worst < 1e-3);
    assert_eq!(app(&h).state.doc().history.head(), 1);
}

#[test]
fn vpd_loads_saves_and_applies_as_rest_in_the_app() {
    let Some(path) = hone_testkit::shared_model("gene/Gene.pmx") else {
        return;
    };
    let gene = hone::pmx::load(&path).unwrap().model;
    let pose_path = path.parent().unwrap().join("oracle/gene_a.pose.json");
    let text = std::fs::read_to_string(pose_path).unwrap();
    let mut pose = hone::deform::pose_from_json(&gene, &text).unwrap().pose;
    pose.morphs.fill(0.0);
    let dir = tempfile::tempdir().unwrap();
    let vpd_in = dir.path().join("a.vpd");
    let vpd = hone::motion::vpd::Vpd::from_pose(&gene, &pose);
    std::fs::write(&vpd_in, hone::motion::vpd::write_vpd(&vpd).0).unwrap();

    let mut h = open(gene.clone(), Tab::Inspector);
    let (view, sent, _) = app_mut(&mut h).state.split();
    hone::app::pose_files::load_vpd_file(&view, sent, &vpd_in).unwrap();
    h.run_steps(3);
    let shown = app(&h).state.pose().pose.clone();
    let worst = shown
        .bones
        .iter()
        .zip(&pose.bones)
        .map(|(a, b)| {
            (a.rotation.dot(b.rotation).abs() - 1.0)
                .abs()
                .max(a.translation.distance(b.translation))
        })
        .fold(0.0f32, f32::max);
    assert!(worst < 1e-5, "loaded pose differs by {worst}");

    // Saved from the app, read back: the same bones.
    let vpd_out = dir.path().join("b.vpd");
    let (view, sent, _) = app_mut(&mut h).state.split();
    hone::app::pose_files::save_vpd_file(&view, sent, &vpd_out).unwrap();
    let (back, _) = hone::motion::vpd::load_vpd(&vpd_out).unwrap();
    assert_eq!(back.bones.len(), vpd.bones.len());
    for (a, b) in back.bones.iter().zip(&vpd.bones) {
        assert_eq!(a.name, b.name);
        assert!(
            a.rotation.abs_diff_eq(b.rotation.normalize(), 1e-5),
            "{}",
            a.name
        );
    }

    // File ▸ Apply pose as rest: the new rest mesh is the old posed mesh.
    let posed = {
        let d = hone::deform::Deformer::new(&gene);
        let mut s = d.new_state();
        d.evaluate(&gene, &pose, &mut s);
        s.positions.clone()
    };
    h.get_by_label("File").click();
    h.run_steps(2);
    h.get_by_label("Apply pose as rest").click();
    h.run_steps(4);
    let state = &app(&h).state;
    assert!(
        state.pose().is_rest(),
        "the bones are back at (the new) rest"
    );
    let m = state.doc().model();
    let worst = m
        .vertices
        .iter()
        .zip(&posed)
        .map(|(v, p)| v.position.distance(*p))
        .fold(0.0f32, f32::max);
    eprintln!("apply pose as rest in the app: worst vertex vs posed {worst:.2e}");
    assert!(worst < 1e-3);
    assert_eq!(state.doc().history.head(), 1);
    app_mut(&mut h)
        .state
        .commands()
        .push(hone::app::commands::Command::Undo);
    h.run_steps(3);
    assert_eq!(bytes(app(&h).state.doc().model()), bytes(&gene));
}

#[test]
fn morph_menu_makes_bone_and_group_morphs_from_what_is_shown() {
    let model = hone::pmx::builder::sample_rig();
    let elbow = model.bone_index("左ひじ").unwrap();
    let mut h = open(model.clone(), Tab::Inspector);
    let rot = glam::Quat::from_rotation_z(0.7);
    {
        let c = &mut app_mut(&mut h).state.commands();
        c.pose_bone(
            elbow,
            hone::deform::BonePose {
                rotation: rot,
                ..Default::default()
            },
        );
        c.pose_morph(0, 0.5);
        c.pose_morph(1, 1.0);
    }
    h.run_steps(3);
    for item in ["Bone morph from pose", "Group morph from sliders"] {
        h.get_by_label("Morph").click();
        h.run_steps(2);
        h.get_by_label(item).click();
        h.run_steps(3);
    }
    let m = app(&h).state.doc().model();
    assert_eq!(
        m.morphs.len(),
        model.morphs.len() + 2,
        "{:?}",
        app(&h).state.log_lines()
    );
    assert_eq!(app(&h).state.doc().history.head(), 2, "one step each");
    let bone = &m.morphs[model.morphs.len()];
    let hone::pmx::MorphOffsets::Bone(offsets) = &bone.offsets else {
        panic!("not a bone morph: {:?}", bone.offsets.kind());
    };
    assert_eq!(offsets.len(), 1);
    assert_eq!(offsets[0].bone, elbow as i32);
    assert!(offsets[0].rotation.abs_diff_eq(glam::Vec4::from(rot), 1e-6));
    let group = &m.morphs[model.morphs.len() + 1];
    let hone::pmx::MorphOffsets::Group(g) = &group.offsets else {
        panic!("not a group morph: {:?}", group.offsets.kind());
    };
    let pairs: Vec<(i32, f32)> = g.iter().map(|o| (o.morph, o.ratio)).collect();
    assert_eq!(pairs, vec![(0, 0.5), (1, 1.0)]);
}

#[test]
fn weights_from_a_model_file_restore_scrambled_weights() {
    let model = hone::pmx::builder::sample_rig();
    let elbow = model.bone_index("左ひじ").unwrap();
    let verts: Vec<usize> = (0..model.vertices.len())
        .filter(|&v| weight_on(&model.vertices[v].weights, elbow as i32).is_some())
        .collect();
    // The source: the sample as it is. The target: those vertices all on bone 0.
    let dir = tempfile::tempdir().unwrap();
    let source = dir.path().join("source.pmx");
    hone::pmx::write::save(&model, &source, &WriteOptions::default()).unwrap();
    let mut scrambled = model.clone();
    for &v in &verts {
        scrambled.vertices[v].weights = Weights::Bdef1 { bone: 0 };
    }
    let mut h = open(scrambled, Tab::Weights);
    select_vertices(&mut h, &verts);
    // Through the panel's button and the picker, as a user does.
    app_mut(&mut h).picker = hone::app::files::picker::Picker::answering([source.clone()]);
    h.get_by_label("Weights from model…").click();
    h.run_steps(4);
    assert_eq!(app(&h).picker.asked, vec!["Weights from model".to_string()]);
    let m = app(&h).state.doc().model();
    let mut worst = 0.0f32;
    for &v in &verts {
        for b in 0..model.bones.len() as i32 {
            let want = weight_on(&model.vertices[v].weights, b).unwrap_or(0.0);
            let got = weight_on(&m.vertices[v].weights, b).unwrap_or(0.0);
            worst = worst.max((want - got).abs());
        }
    }
    eprintln!(
        "weights from the same model: {} vertices, worst weight difference {worst:.2e}",
        verts.len()
    );
    assert!(worst < 1e-4);
    assert_eq!(app(&h).state.doc().history.head(), 1);
}
