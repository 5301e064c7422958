//! Mirror left → right on mei.pmd: delete right-side parts, mirror, compare with the
//! original right side wherever mei itself is symmetric (its asymmetries are listed
//! below and checked to be exactly those). Skips without the shared models.

use glam::{Quat, Vec3};
use hone_core::edit::{ElementKind, History, ModelEdit};
use hone_core::pmx::{euler_rotation, Model, Tail};
use hone_core::rig::mirror::{mirror, MirrorOptions, MirrorParts};
use hone_core::rig::Selection;
use hone_core::rig::Side;

mod rig_support;
use rig_support::apply_and_undo;

fn mei() -> Option<Model> {
    let path = hone_testkit::shared_model("mei/mei.pmd")?;
    Some(hone_core::pmx::load(&path).expect("mei.pmd loads").model)
}

/// Whether `name` starts with one of the prefixes (the globs 右髪*, … of the check).
fn any_match(prefixes: &[&str], name: &str) -> bool {
    prefixes.iter().any(|p| name.starts_with(p))
}

const RIGHT_PHYSICS: [&str; 3] = ["右髪", "右後ろ髪", "右リボン"];

fn delete(model: &Model, kind: ElementKind, indices: Vec<usize>) -> Model {
    let mut m = model.clone();
    let mut h = History::new();
    h.apply(&mut m, ModelEdit::delete(kind, indices)).unwrap();
    m
}

fn rotation_error_deg(a: Vec3, b: Vec3) -> f32 {
    let (qa, qb): (Quat, Quat) = (euler_rotation(a), euler_rotation(b));
    qa.angle_between(qb).to_degrees()
}

fn mirrored(p: Vec3) -> Vec3 {
    Vec3::new(-p.x, p.y, p.z)
}

/// Names differ only in their first 右/左.
fn left_name(right: &str) -> String {
    right.replacen('右', "左", 1)
}

/// (element, field) of a right-side element that is not the mirror image of its left
/// counterpart in mei.pmd itself, with the tolerances the comparison uses.
fn body_asymmetries(m: &Model, names: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    for name in names {
        let r = &m.rigid_bodies[m.rigid_bodies.iter().position(|b| &b.name == name).unwrap()];
        let Some(l) = m.rigid_bodies.iter().find(|b| b.name == left_name(name)) else {
            out.push(format!("{name}: no left counterpart"));
            continue;
        };
        if mirrored(l.position).distance(r.position) > 0.01 {
            out.push(format!("body {name}.position"));
        }
        let mirrored_rot = Vec3::new(l.rotation.x, -l.rotation.y, -l.rotation.z);
        if rotation_error_deg(mirrored_rot, r.rotation) > 0.5 {
            out.push(format!("body {name}.rotation"));
        }
        if l.size != r.size || l.shape != r.shape {
            out.push(format!("body {name}.size"));
        }
        if l.mass != r.mass {
            out.push(format!("body {name}.mass"));
        }
        if (
            l.linear_damping,
            l.angular_damping,
            l.restitution,
            l.friction,
        ) != (
            r.linear_damping,
            r.angular_damping,
            r.restitution,
            r.friction,
        ) {
            out.push(format!("body {name}.damping/friction"));
        }
        if (l.group, l.collision_mask, l.mode) != (r.group, r.collision_mask, r.mode) {
            out.push(format!("body {name}.group/mask/mode"));
        }
    }
    out
}

fn joint_asymmetries(m: &Model, names: &[String]) -> Vec<String> {
    let flip = |lo: Vec3, hi: Vec3, axes: [bool; 3]| {
        let (mut a, mut b) = (lo, hi);
        for i in 0..3 {
            if axes[i] {
                a[i] = -hi[i];
                b[i] = -lo[i];
            }
        }
        (a, b)
    };
    let near = |a: Vec3, b: Vec3| (a - b).abs().max_element() < 1e-4;
    let mut out = Vec::new();
    for name in names {
        let r = &m.joints[m.joints.iter().position(|j| &j.name == name).unwrap()];
        let Some(l) = m.joints.iter().find(|j| j.name == left_name(name)) else {
            out.push(format!("{name}: no left counterpart"));
            continue;
        };
        if mirrored(l.position).distance(r.position) > 0.01 {
            out.push(format!("joint {name}.position"));
        }
        let mirrored_rot = Vec3::new(l.rotation.x, -l.rotation.y, -l.rotation.z);
        if rotation_error_deg(mirrored_rot, r.rotation) > 0.5 {
            out.push(format!("joint {name}.rotation"));
        }
        let (lo, hi) = flip(l.linear_lower, l.linear_upper, [true, false, false]);
        let (alo, ahi) = flip(l.angular_lower, l.angular_upper, [false, true, true]);
        if !near(lo, r.linear_lower) || !near(hi, r.linear_upper) {
            out.push(format!("joint {name}.linear limits"));
        }
        if !near(alo, r.angular_lower) || !near(ahi, r.angular_upper) {
            out.push(format!("joint {name}.angular limits"));
        }
        if l.linear_spring != r.linear_spring || l.angular_spring != r.angular_spring {
            out.push(format!("joint {name}.springs"));
        }
    }
    out
}

#[test]
fn mei_right_hair_and_ribbon_physics_mirrored_from_left() {
    let Some(original) = mei() else { return };
    let body_names: Vec<String> = original
        .rigid_bodies
        .iter()
        .filter(|b| any_match(&RIGHT_PHYSICS, &b.name))
        .map(|b| b.name.clone())
        .collect();
    let joint_names: Vec<String> = original
        .joints
        .iter()
        .filter(|j| any_match(&RIGHT_PHYSICS, &j.name))
        .map(|j| j.name.clone())
        .collect();
    assert_eq!(body_names.len(), 7, "{body_names:?}");
    assert_eq!(joint_names.len(), 7, "{joint_names:?}");

    // Where mei is not symmetric (found by comparing mei's own two sides; 0.01 and
    // 0.5° tolerances). These fields cannot be reproduced by mirroring and are
    // compared with the mirrored left side instead.
    let mut asym = body_asymmetries(&original, &body_names);
    asym.extend(joint_asymmetries(&original, &joint_names));
    let expected = [
        // 左リボン2 is at Euler (0.517, 0.079, 0.548), 右リボン2 at (0.517, 0.079, −0.548):
        // y has the same sign on both sides; angular damping 0.8 vs 1.0.
        "body 右リボン2.rotation",
        "body 右リボン2.damping/friction",
        // 右髪1 sits 0.05 from the mirrored 左髪1, in group 5 (左髪1: 6), angular
        // damping 1.0 (左髪1: 2.0).
        "body 右髪1.position",
        "body 右髪1.damping/friction",
        "body 右髪1.group/mask/mode",
        "joint 右髪1.position",
        // Bodies 0.015–0.04 off the mirrored left ones.
        "body 右髪3.position",
        "body 右後ろ髪1.position",
        "body 右後ろ髪2.position",
        "joint 右後ろ髪2.position",
        // The left joints have Z limits [0.175, 0.175] (locked at 10°), the right ones
        // [−0.175, 0.175].
        "joint 右後ろ髪1.angular limits",
        "joint 右後ろ髪2.angular limits",
        "joint 右髪3.angular limits",
    ];
    let mut sorted_asym = asym.clone();
    sorted_asym.sort();
    let mut sorted_expected: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
    sorted_expected.sort();
    assert_eq!(sorted_asym, sorted_expected, "mei's own asymmetries");

    // Delete the right hair and ribbon bodies (their joints go with the joints list).
    let bodies: Vec<usize> = (0..original.rigid_bodies.len())
        .filter(|&i| any_match(&RIGHT_PHYSICS, &original.rigid_bodies[i].name))
        .collect();
    let joints: Vec<usize> = (0..original.joints.len())
        .filter(|&i| any_match(&RIGHT_PHYSICS, &original.joints[i].name))
        .collect();
    let stripped = delete(&original, ElementKind::Joint, joints);
    let stripped = delete(&stripped, ElementKind::RigidBody, bodies);
    assert!(stripped
        .rigid_bodies
        .iter()
        .all(|b| !any_match(&RIGHT_PHYSICS, &b.name)));

    let plan = mirror(&stripped, &MirrorOptions::new(Side::Left)).expect("mirror plans");
    // The 7 deleted ones. mei's counterpart of 左前髪 is named 前髪横２ (no side in its
    // name, 0.05 from the mirrored place): found by place and overwritten, not doubled.
    assert_eq!(plan.report.created.rigid_bodies, 7, "{:?}", plan.report);
    assert_eq!(plan.report.created.joints, 7, "{:?}", plan.report);
    assert!(
        plan.report.skipped.iter().any(|s| s.contains("前髪横2")),
        "{:?}",
        plan.report.skipped
    );
    let result = apply_and_undo(&stripped, plan.edit);

    let (mut max_pos, mut max_rot) = (0.0f32, 0.0f32);
    for name in &body_names {
        let o = &original.rigid_bodies[original
            .rigid_bodies
            .iter()
            .position(|b| &b.name == name)
            .unwrap()];
        let m = result
            .rigid_bodies
            .iter()
            .find(|b| &b.name == name)
            .unwrap_or_else(|| panic!("{name} recreated"));
        let l = result
            .rigid_bodies
            .iter()
            .find(|b| b.name == left_name(name))
            .unwrap();
        let sym = |field: &str| !asym.contains(&format!("body {name}.{field}"));
        // Bone, shape and fields copied unchanged are checked everywhere.
        assert_eq!(
            result.bones[m.bone as usize].name,
            original.bones[o.bone as usize].name
        );
        assert_eq!((m.shape, m.size), (l.shape, l.size), "{name} size");
        assert_eq!(
            (m.group, m.collision_mask, m.mode),
            (l.group, l.collision_mask, l.mode)
        );
        if sym("position") {
            let e = m.position.distance(o.position);
            max_pos = max_pos.max(e);
            assert!(e <= 0.01, "{name}: position off by {e}");
        } else {
            assert!(m.position.distance(mirrored(l.position)) < 1e-6);
        }
        if sym("rotation") {
            let e = rotation_error_deg(m.rotation, o.rotation);
            max_rot = max_rot.max(e);
            assert!(e <= 0.5, "{name}: rotation off by {e}°");
        }
        assert_eq!(m.size, o.size, "{name} size");
        assert_eq!(m.mass, o.mass, "{name} mass");
        if sym("damping/friction") {
            assert_eq!(
                (m.linear_damping, m.angular_damping),
                (o.linear_damping, o.angular_damping)
            );
        }
        if sym("group/mask/mode") {
            assert_eq!(
                (m.group, m.collision_mask, m.mode),
                (o.group, o.collision_mask, o.mode)
            );
        }
    }
    for name in &joint_names {
        let o = &original.joints[original
            .joints
            .iter()
            .position(|j| &j.name == name)
            .unwrap()];
        let m = result
            .joints
            .iter()
            .find(|j| &j.name == name)
            .unwrap_or_else(|| panic!("{name}"));
        let sym = |field: &str| !asym.contains(&format!("joint {name}.{field}"));
        let body = |model: &Model, i: i32| model.rigid_bodies[i as usize].name.clone();
        assert_eq!(
            body(&result, m.body_a),
            body(&original, o.body_a),
            "{name} A"
        );
        assert_eq!(
            body(&result, m.body_b),
            body(&original, o.body_b),
            "{name} B"
        );
        if sym("position") {
            let e = m.position.distance(o.position);
            max_pos = max_pos.max(e);
            assert!(e <= 0.01, "{name}: position off by {e}");
        }
        if sym("rotation") {
            let e = rotation_error_deg(m.rotation, o.rotation);
            max_rot = max_rot.max(e);
            assert!(e <= 0.5, "{name}: rotation off by {e}°");
        }
        let near = |a: Vec3, b: Vec3| (a - b).abs().max_element() < 1e-4;
        if sym("angular limits") {
            assert!(
                near(m.angular_lower, o.angular_lower) && near(m.angular_upper, o.angular_upper),
                "{name}"
            );
        }
        assert!(near(m.linear_lower, o.linear_lower) && near(m.linear_upper, o.linear_upper));
        assert_eq!(
            (m.linear_spring, m.angular_spring),
            (o.linear_spring, o.angular_spring)
        );
    }
    println!("bodies/joints: max position error {max_pos:.5}, max rotation error {max_rot:.4}°");
    // `hone check` finds no error the original did not have.
    let errors = |m: &Model| {
        let mut e: Vec<String> = hone_core::check::check_model(m, &Default::default())
            .into_iter()
            .filter(|p| p.severity == hone_core::check::Severity::Error)
            .map(|p| p.code.to_string())
            .collect();
        e.sort();
        e
    };
    assert_eq!(errors(&result), errors(&original));
}

fn descendants(m: &Model, root: usize) -> Vec<usize> {
    let mut out = vec![root];
    let mut i = 0;
    while i < out.len() {
        let p = out[i] as i32;
        out.extend((0..m.bones.len()).filter(|&b| m.bones[b].parent == p));
        i += 1;
    }
    out
}

#[test]
fn mei_right_hair_bones_mirrored_from_left() {
    let Some(original) = mei() else { return };
    let hair = ["右髪", "右後ろ髪"];
    let bone_names: Vec<String> = original
        .bones
        .iter()
        .filter(|b| any_match(&hair, &b.name))
        .map(|b| b.name.clone())
        .collect();
    assert_eq!(bone_names.len(), 10, "{bone_names:?}");
    let doomed: Vec<usize> = (0..original.bones.len())
        .filter(|&i| any_match(&hair, &original.bones[i].name))
        .collect();
    let bodies: Vec<usize> = (0..original.rigid_bodies.len())
        .filter(|&i| doomed.contains(&(original.rigid_bodies[i].bone as usize)))
        .collect();
    let joints: Vec<usize> = (0..original.joints.len())
        .filter(|&i| {
            let j = &original.joints[i];
            bodies.contains(&(j.body_a as usize)) || bodies.contains(&(j.body_b as usize))
        })
        .collect();
    assert_eq!((bodies.len(), joints.len()), (5, 5));
    let stripped = delete(&original, ElementKind::Joint, joints);
    let stripped = delete(&stripped, ElementKind::RigidBody, bodies);
    let stripped = delete(&stripped, ElementKind::Bone, doomed);

    let plan = mirror(&stripped, &MirrorOptions::new(Side::Left)).expect("mirror plans");
    let result = apply_and_undo(&stripped, plan.edit);

    // mei's right hair bones that are not the mirror image of the left ones (> 0.01).
    let asymmetric = ["右髪１", "右髪１先", "右後ろ髪２", "右後ろ髪２先"];
    let mut max_pos = 0.0f32;
    let mut max_asym = 0.0f32;
    for name in &bone_names {
        let o = &original.bones[original.bone_index(name).unwrap()];
        let l = &original.bones[original.bone_index(&left_name(name)).unwrap()];
        let m = &result.bones[result.bone_index(name).unwrap_or_else(|| panic!("{name}"))];
        let e = m.position.distance(o.position);
        let own = mirrored(l.position).distance(o.position);
        assert_eq!(
            own > 0.01,
            asymmetric.contains(&name.as_str()),
            "{name}: mei asymmetry {own}"
        );
        if asymmetric.contains(&name.as_str()) {
            max_asym = max_asym.max(own);
            assert!(m.position.distance(mirrored(l.position)) < 1e-6);
        } else {
            max_pos = max_pos.max(e);
            assert!(e <= 0.01, "{name}: position off by {e}");
        }
        let parent = |model: &Model, b: &hone_core::pmx::Bone| {
            model.bones.get(b.parent as usize).map(|p| p.name.clone())
        };
        assert_eq!(parent(&result, m), parent(&original, o), "{name} parent");
        assert_eq!(m.file_flags(), o.file_flags(), "{name} flags");
        assert_eq!(m.layer, o.layer, "{name} layer");
        match (m.tail, o.tail) {
            (Tail::Bone(a), Tail::Bone(b)) => assert_eq!(
                result.bones.get(a as usize).map(|x| &x.name),
                original.bones.get(b as usize).map(|x| &x.name),
                "{name} tail"
            ),
            (a, b) => panic!("{name}: tails {a:?} vs {b:?}"),
        }
    }
    // The recreated bones drive the recreated bodies, and the right hair vertices.
    for name in ["右髪1", "右髪2", "右後ろ髪1"] {
        let b = result.rigid_bodies.iter().find(|b| b.name == name).unwrap();
        assert!(
            result.bones[b.bone as usize].name.starts_with("右"),
            "{name}"
        );
    }
    let hair_bone = result.bone_index("右髪２").unwrap() as i32;
    let weighted = result
        .vertices
        .iter()
        .filter(|v| v.weights.bones().contains(&hair_bone))
        .count();
    let original_weighted = {
        let b = original.bone_index("右髪２").unwrap() as i32;
        original
            .vertices
            .iter()
            .filter(|v| v.weights.bones().contains(&b))
            .count()
    };
    println!(
        "hair bones: max position error {max_pos:.5} (symmetric ones); mei's own asymmetry up to {max_asym:.4}; \
         vertices on 右髪２: {weighted} (originally {original_weighted})"
    );
    assert!(weighted > 0);
}

/// The bones with the largest weight (several on a tie such as BDEF2 at 0.5, where
/// "dominant" depends only on the order the bones are stored in).
fn dominant(m: &Model, v: usize) -> Vec<String> {
    let (b, w, n) = m.vertices[v].weights.bone_weights();
    let max = w[..n].iter().copied().fold(f32::MIN, f32::max);
    let mut out: Vec<String> = (0..n)
        .filter(|&k| max - w[k] < 1e-6)
        .filter_map(|k| m.bones.get(b[k] as usize).map(|b| b.name.clone()))
        .collect();
    out.sort();
    out.dedup();
    out
}

fn weight_sum(m: &Model, v: usize) -> f32 {
    let (_, w, n) = m.vertices[v].weights.bone_weights();
    w[..n].iter().sum()
}

#[test]
fn mei_left_arm_weights_mirrored_onto_right_arm() {
    let Some(original) = mei() else { return };
    let left_arm = descendants(&original, original.bone_index("左腕").unwrap());
    let right_arm: Vec<String> = descendants(&original, original.bone_index("右腕").unwrap())
        .iter()
        .map(|&b| original.bones[b].name.clone())
        .collect();
    let right_arm_vertices: Vec<usize> = (0..original.vertices.len())
        .filter(|&v| dominant(&original, v).iter().any(|d| right_arm.contains(d)))
        .collect();
    assert!(
        right_arm_vertices.len() > 500,
        "{}",
        right_arm_vertices.len()
    );

    let opts = MirrorOptions {
        selection: Some(Selection {
            bones: left_arm,
            ..Selection::default()
        }),
        parts: MirrorParts {
            bones: false,
            rigid_bodies: false,
            joints: false,
            bone_morphs: false,
            display_frames: false,
            weights: true,
        },
        ..MirrorOptions::new(Side::Left)
    };
    let plan = mirror(&original, &opts).expect("mirror plans");
    let report = plan.report.clone();
    let result = apply_and_undo(&original, plan.edit);
    assert_eq!(result.bones, original.bones, "weights only");

    // On a tie (BDEF2 at 0.5) either bone counts as dominant.
    let same = right_arm_vertices
        .iter()
        .filter(|&&v| {
            let before = dominant(&original, v);
            dominant(&result, v).iter().any(|d| before.contains(d))
        })
        .count();
    let share = same as f64 / right_arm_vertices.len() as f64;
    let strict = right_arm_vertices
        .iter()
        .filter(|&&v| dominant(&result, v) == dominant(&original, v))
        .count();
    let max_sum_error = (0..result.vertices.len())
        .map(|v| (weight_sum(&result, v) - 1.0).abs())
        .fold(0.0f32, f32::max);
    println!(
        "arm weights: {same}/{} right-arm vertices keep their dominant bone ({:.2} %; {strict} with \
         exactly the same tie set); \
         {} considered, {} changed, {} without a mirror vertex; max |sum − 1| = {max_sum_error:e}",
        right_arm_vertices.len(),
        share * 100.0,
        report.vertices_considered,
        report.vertices_changed,
        report.vertices_without_mirror
    );
    assert!(share >= 0.99, "{share}");
    assert!(max_sum_error < 1e-5);
    // Every changed vertex now uses right-side bones only (or centre ones).
    for v in 0..result.vertices.len() {
        if result.vertices[v].weights != original.vertices[v].weights {
            for &b in result.vertices[v].weights.bones() {
                assert!(
                    !result.bones[b as usize].name.starts_with('左'),
                    "vertex {v}"
                );
            }
        }
    }
}

#[test]
fn mirroring_a_symmetric_result_again_changes_nothing_and_errors_cleanly() {
    let Some(original) = mei() else { return };
    let plan = mirror(&original, &MirrorOptions::new(Side::Left)).expect("plans");
    let once = apply_and_undo(&original, plan.edit);
    let again = mirror(&once, &MirrorOptions::new(Side::Left));
    assert!(
        matches!(again, Err(hone_core::rig::RigError::NothingToDo(_))),
        "{:?}",
        again.map(|m| m.report)
    );
    let bad = MirrorOptions {
        tolerance: f32::NAN,
        ..MirrorOptions::new(Side::Left)
    };
    assert!(mirror(&original, &bad).is_err());
}

#[test]
fn select_symmetric_by_name_then_position() {
    use hone_core::rig::symmetric::{select_symmetric, symmetric_counterpart};
    let Some(m) = mei() else { return };
    let bone = |n: &str| m.bone_index(n).unwrap();
    assert_eq!(
        symmetric_counterpart(&m, ElementKind::Bone, bone("左髪１"), 0.01),
        Some(bone("右髪１"))
    );
    // 前髪横２ has no side in its name; it is 左前髪's counterpart by place (0.05 off).
    assert_eq!(
        symmetric_counterpart(&m, ElementKind::Bone, bone("前髪横２"), 0.01),
        None
    );
    assert_eq!(
        symmetric_counterpart(&m, ElementKind::Bone, bone("前髪横２"), 0.1),
        Some(bone("左前髪"))
    );
    assert_eq!(
        symmetric_counterpart(&m, ElementKind::Bone, bone("上半身"), 0.1),
        None
    );
    let body = |n: &str| m.rigid_bodies.iter().position(|b| b.name == n).unwrap();
    assert_eq!(
        select_symmetric(&m, ElementKind::RigidBody, &[body("左リボン1")], 0.01),
        {
            let mut v = vec![body("左リボン1"), body("右リボン1")];
            v.sort();
            v
        }
    );
    // Vertices through the spatial index: every matched pair is mutual within 0.01.
    let right: Vec<usize> = (0..m.vertices.len())
        .filter(|&v| m.vertices[v].position.x < -0.5)
        .take(2000)
        .collect();
    let both = select_symmetric(&m, ElementKind::Vertex, &right, 0.01);
    let added: Vec<usize> = both
        .iter()
        .copied()
        .filter(|v| !right.contains(v))
        .collect();
    assert!(added.len() > 1500, "{}", added.len());
    for v in added {
        let p = m.vertices[v].position;
        assert!(p.x > 0.49);
        let mirrored = Vec3::new(-p.x, p.y, p.z);
        assert!(right
            .iter()
            .any(|&r| m.vertices[r].position.distance(mirrored) <= 0.01));
    }
}
