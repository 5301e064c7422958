//! Model edits reach only the caches that read what they changed (issue 14.1):
//! the app routes each edit's `ChangeSet` to the deformer, the physics world,
//! the GPU mesh, the checks and the motion binding.

use glam::{Quat, Vec4};
use hone::app::document::Document;
use hone::app::{timeline, viewport, State};
use hone::edit::ModelEdit;
use hone::motion::Vmd;
use std::sync::{Arc, Mutex};

mod gui_support;
use gui_support::motion::{key, name};

fn state_with_gpu(model: hone::pmx::Model) -> State {
    let mut state = State::new(Document::new(model, None, "test.pmx"), None);
    state.viewport_mut().gpu = Some(Arc::new(Mutex::new(Default::default())));
    settle(&mut state);
    state
}

/// What the app does after the frame's commands: bookkeeping, the panels'
/// checks, the GPU sync.
fn settle(state: &mut State) {
    state.apply_commands();
    state.tick();
    {
        let f = state.frame_parts();
        f.debug.refresh(f.doc.model());
    }
    viewport::sync_gpu(state);
}

fn uploaded_diffuse(state: &State, material: usize) -> (Vec4, Vec4) {
    let gpu = state.viewport().gpu.as_ref().unwrap().lock().unwrap();
    let mesh = gpu.mesh.as_ref().expect("a mesh was uploaded");
    (
        mesh.materials[material].diffuse,
        gpu.live_materials[material].diffuse,
    )
}

#[test]
fn a_material_colour_edit_rebuilds_neither_the_mesh_nor_the_deformer() {
    let mut state = state_with_gpu(hone::pmx::builder::sample_rig());
    let builds = state.viewport().mesh_builds;
    let revision = state.pose().revision;
    let checks = state.debug().check_runs;
    assert_eq!(builds, 1, "the first sync builds the mesh once");

    let mut m = state.doc().model().materials[1].clone();
    let colour = Vec4::new(0.25, 0.5, 0.75, 1.0);
    assert_ne!(m.diffuse, colour);
    m.diffuse = colour;
    state
        .commands()
        .edit(ModelEdit::set_material(1, m, "diffuse"));
    settle(&mut state);

    assert_eq!(
        uploaded_diffuse(&state, 1),
        (colour, colour),
        "the colour is shown"
    );
    assert_eq!(state.viewport().mesh_builds, builds, "no mesh rebuild");
    assert_eq!(
        state.pose().revision,
        revision,
        "no deformer rebuild, no re-pose"
    );
    assert_eq!(
        state.debug().check_runs,
        checks + 1,
        "the checks read materials"
    );

    // Undo takes the same path back.
    state.commands().push(hone::app::commands::Command::Undo);
    settle(&mut state);
    assert_ne!(uploaded_diffuse(&state, 1).0, colour);
    assert_eq!(state.viewport().mesh_builds, builds);
    assert_eq!(state.pose().revision, revision);
}

#[test]
fn edits_of_what_the_mesh_reads_rebuild_it_and_bone_edits_re_pose_only() {
    let mut state = state_with_gpu(hone::pmx::builder::sample_rig());
    let builds = state.viewport().mesh_builds;

    // A bone moves: the deformer re-poses, the mesh (indices, UVs) stays.
    let revision = state.pose().revision;
    let mut bone = state.doc().model().bones[1].clone();
    bone.position.y += 0.5;
    state
        .commands()
        .edit(ModelEdit::set_bone(1, bone, "position"));
    settle(&mut state);
    assert!(
        state.pose().revision > revision,
        "the pose was evaluated again"
    );
    assert_eq!(state.viewport().mesh_builds, builds);

    // A bone rename: nothing the deformer or the mesh reads.
    let revision = state.pose().revision;
    let mut bone = state.doc().model().bones[1].clone();
    bone.name = "改名".into();
    state.commands().edit(ModelEdit::set_bone(1, bone, "name"));
    settle(&mut state);
    assert_eq!(state.pose().revision, revision);
    assert_eq!(state.viewport().mesh_builds, builds);

    // A vertex UV: the mesh holds the UVs, so it is built again.
    let mut v = state.doc().model().vertices[0].clone();
    v.uv.x += 0.125;
    state.commands().edit(ModelEdit::set_vertex(0, v, "uv"));
    settle(&mut state);
    assert_eq!(state.viewport().mesh_builds, builds + 1);
}

#[test]
fn renaming_a_bone_rebinds_the_loaded_motion() {
    let model = hone::app::demo::tube_rig();
    let bone = model.bone_index("下").expect("the tube rig has 下");
    let mut state = State::new(Document::new(model, None, "tube.pmx"), None);
    let vmd = Vmd {
        model_name: "tube".into(),
        bone_keys: vec![(name("腕"), key(0, 0.5)), (name("腕"), key(30, 0.5))],
        ..Vmd::default()
    };
    timeline::set_motion(&mut state, vmd, "rename.vmd");
    settle(&mut state);
    let motion = state.playback().motion.as_ref().unwrap();
    assert_eq!(motion.report.unknown_bones, ["腕"]);
    assert!(motion.bound.bone_tracks[bone].is_empty());
    assert_eq!(state.pose().bones()[bone].rotation, Quat::IDENTITY);

    let mut renamed = state.doc().model().bones[bone].clone();
    renamed.name = "腕".into();
    state
        .commands()
        .edit(ModelEdit::set_bone(bone, renamed, "name"));
    settle(&mut state);
    let motion = state.playback().motion.as_ref().unwrap();
    assert!(
        motion.report.unknown_bones.is_empty(),
        "bound by its new name"
    );
    assert_eq!(motion.bound.bone_tracks[bone].len(), 2);

    // The next frame samples the motion onto the renamed bone.
    state.playback_mut().seek(15.0);
    settle(&mut state);
    let angle = state.pose().bones()[bone]
        .rotation
        .angle_between(Quat::IDENTITY);
    assert!((angle - 0.5).abs() < 1e-4, "rotated by the motion: {angle}");
}

/// The bone names `state` has selected (active first).
fn selected_bone_names(state: &State) -> (String, Vec<String>) {
    let model = state.doc().model();
    let active = match state.selection() {
        hone::app::Selection::Bone(b) => model.bones[b].name.clone(),
        other => panic!("a bone should be active, not {other:?}"),
    };
    let all = state
        .selected_indices()
        .into_iter()
        .map(|b| model.bones[b].name.clone())
        .collect();
    (active, all)
}

#[test]
fn semistandard_bones_inserted_before_the_selection_keep_the_same_bones_selected_and_posed() {
    let Some(path) = hone_testkit::shared_model("gene/Gene_light.pmx") else {
        return;
    };
    let bytes = std::fs::read(&path).unwrap();
    let model = hone::pmx::read::read_pmx(&bytes)
        .expect("Gene_light reads")
        .model;
    let hair: Vec<usize> = (0..model.bones.len())
        .filter(|&b| model.bones[b].name.contains('髪'))
        .take(5)
        .collect();
    assert_eq!(hair.len(), 5, "Gene_light has hair bones");
    let plan = hone::rig::semistandard::semistandard(&model, &Default::default()).unwrap();
    let mut state = state_with_gpu(model);
    state
        .commands()
        .push(hone::app::commands::Command::SelectSet {
            active: hone::app::Selection::Bone(hair[2]),
            selected: hone::app::Selected::many(hone::edit::ElementKind::Bone, hair.clone()),
            reveal: false,
        });
    let turn = hone::app::pose::BonePose {
        rotation: Quat::from_rotation_z(0.5),
        ..Default::default()
    };
    state.commands().pose_bone(hair[4], turn);
    settle(&mut state);
    let before = selected_bone_names(&state);

    state.commands().edit(plan.edit);
    settle(&mut state);
    let model = state.doc().model();
    let moved = model
        .bones
        .iter()
        .position(|b| b.name == before.1[4])
        .unwrap();
    assert_ne!(moved, hair[4], "semi-standard bones go in before the hair");
    assert_eq!(selected_bone_names(&state), before);
    assert_eq!(state.pose().pose.bones[moved].rotation, turn.rotation);

    // Undo and redo put back the selection of each side.
    state.commands().push(hone::app::commands::Command::Undo);
    settle(&mut state);
    assert_eq!(selected_bone_names(&state), before);
    assert_eq!(state.selected_indices(), hair);
}

#[test]
fn deleting_bones_before_the_selection_moves_it_with_its_bones() {
    let model = hone::pmx::builder::sample_rig();
    let n = model.bones.len();
    let mut state = state_with_gpu(model);
    state
        .commands()
        .push(hone::app::commands::Command::SelectSet {
            active: hone::app::Selection::Bone(n - 1),
            selected: hone::app::Selected::many(hone::edit::ElementKind::Bone, [n - 2, n - 1]),
            reveal: false,
        });
    settle(&mut state);
    let before = selected_bone_names(&state);
    // A bone with no children or weights, well before the selection.
    let victim = (1..n - 2)
        .find(|&b| {
            let m = state.doc().model();
            !m.bones.iter().any(|x| x.parent == b as i32)
        })
        .expect("a leaf bone");
    state.commands().edit(ModelEdit::delete(
        hone::edit::ElementKind::Bone,
        vec![victim],
    ));
    settle(&mut state);
    assert_eq!(state.doc().model().bones.len(), n - 1);
    assert_eq!(selected_bone_names(&state), before);
    assert_eq!(state.selected_indices(), vec![n - 3, n - 2]);
}
