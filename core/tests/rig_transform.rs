//! Transform (scale, rotate, move) a model or a part: what moves how, round trips give the
//! model back, the deformed model is the transformed deformed model, physics stays stable.

use glam::{Quat, Vec3};
use hone_core::deform::{Deformer, Pose};
use hone_core::edit::History;
use hone_core::pmx::{euler_rotation, Model, MorphOffsets};
use hone_core::rig::transform::{transform, Scope, Transform};

fn applied(model: &Model, t: Transform, scope: &Scope) -> Model {
    let mut m = model.clone();
    let edit =
        transform(model, &t, scope).unwrap_or_else(|e| panic!("{} by {t:?}: {e}", model.info.name));
    History::new()
        .apply(&mut m, edit)
        .expect("the edit applies");
    m
}

fn scale(s: f32) -> Transform {
    Transform {
        scale: s,
        ..Default::default()
    }
}

/// Every shared model (PMD imported) and the sample rig.
fn models() -> Vec<(String, Model)> {
    let mut out = vec![("sample".to_string(), hone_core::pmx::builder::sample_rig())];
    for path in hone_testkit::shared_model_files(&["pmx", "pmd"]) {
        let model = hone_core::pmx::load(&path).unwrap().model;
        out.push((path.display().to_string(), model));
    }
    out
}

fn close(a: Vec3, b: Vec3, tol: f32) -> bool {
    (a - b).length() <= tol * (1.0 + a.length().max(b.length()))
}

/// Every place the transform touches, compared between two models.
fn assert_same_geometry(name: &str, a: &Model, b: &Model, tol: f32) {
    for (i, (x, y)) in a.vertices.iter().zip(&b.vertices).enumerate() {
        assert!(close(x.position, y.position, tol), "{name} vertex {i}");
        assert!(close(x.normal, y.normal, tol), "{name} normal {i}");
    }
    for (i, (x, y)) in a.bones.iter().zip(&b.bones).enumerate() {
        assert!(close(x.position, y.position, tol), "{name} bone {i}");
    }
    for (i, (x, y)) in a.rigid_bodies.iter().zip(&b.rigid_bodies).enumerate() {
        assert!(close(x.position, y.position, tol), "{name} body {i}");
        assert!(close(x.size, y.size, tol), "{name} body size {i}");
        let (qa, qb) = (euler_rotation(x.rotation), euler_rotation(y.rotation));
        assert!(qa.dot(qb).abs() > 1.0 - tol, "{name} body rotation {i}");
    }
    for (i, (x, y)) in a.joints.iter().zip(&b.joints).enumerate() {
        assert!(close(x.position, y.position, tol), "{name} joint {i}");
        assert!(
            close(x.linear_lower, y.linear_lower, tol),
            "{name} joint limit {i}"
        );
        let (qa, qb) = (euler_rotation(x.rotation), euler_rotation(y.rotation));
        assert!(qa.dot(qb).abs() > 1.0 - tol, "{name} joint rotation {i}");
    }
    for (x, y) in a.morphs.iter().zip(&b.morphs) {
        if let (MorphOffsets::Vertex(p), MorphOffsets::Vertex(q)) = (&x.offsets, &y.offsets) {
            for (o, r) in p.iter().zip(q) {
                assert!(close(o.offset, r.offset, tol), "{name} morph {}", x.name);
            }
        }
    }
}

#[test]
fn scale_up_then_down_and_turn_there_and_back_give_every_model_back() {
    for (name, model) in models() {
        let twice = applied(&model, scale(2.0), &Scope::All);
        let back = applied(&twice, scale(0.5), &Scope::All);
        assert_same_geometry(&name, &model, &back, 1e-5);
        // An inexact factor, a turn about Y and a move, each undone.
        let odd = applied(&model, scale(1.37), &Scope::All);
        assert_same_geometry(
            &name,
            &model,
            &applied(&odd, scale(1.0 / 1.37), &Scope::All),
            1e-5,
        );
        let turn = |deg: f32| Transform {
            rotate_deg: Vec3::new(0.0, deg, 0.0),
            translate: Vec3::new(0.0, 0.0, 0.0),
            ..Default::default()
        };
        // A model whose every element lies on the Y axis (a stub) does not turn about it.
        let on_axis = model
            .bones
            .iter()
            .all(|b| b.position.x == 0.0 && b.position.z == 0.0)
            && model.vertices.is_empty()
            && model.rigid_bodies.is_empty()
            && model.joints.is_empty();
        if !on_axis {
            let turned = applied(&model, turn(30.0), &Scope::All);
            let back = applied(&turned, turn(-30.0), &Scope::All);
            assert_same_geometry(&name, &model, &back, 1e-5);
        }
        let step = |d: f32| Transform {
            translate: Vec3::new(d, 2.0 * d, -d),
            ..Default::default()
        };
        let moved = applied(&model, step(3.0), &Scope::All);
        assert_same_geometry(
            &name,
            &model,
            &applied(&moved, step(-3.0), &Scope::All),
            1e-5,
        );
    }
}

#[test]
fn each_kind_of_value_moves_as_a_point_an_offset_a_direction_or_a_length() {
    let model = hone_core::pmx::builder::sample_rig();
    let t = Transform {
        scale: 2.0,
        rotate_deg: Vec3::new(0.0, 90.0, 0.0),
        translate: Vec3::new(1.0, 0.0, 0.0),
    };
    let out = applied(&model, t, &Scope::All);
    // Y by 90°: +X goes to −Z (glam, right-handed maths on MMD's numbers).
    let point = |p: Vec3| Vec3::new(2.0 * p.z + 1.0, 2.0 * p.y, -2.0 * p.x);
    let v = &model.vertices[10];
    assert!(close(out.vertices[10].position, point(v.position), 1e-6));
    let n = v.normal;
    assert!(close(
        out.vertices[10].normal,
        Vec3::new(n.z, n.y, -n.x),
        1e-6
    ));
    let b = &model.bones[5];
    assert!(close(out.bones[5].position, point(b.position), 1e-6));
    let rb = &model.rigid_bodies[0];
    assert!(close(out.rigid_bodies[0].size, rb.size * 2.0, 1e-6));
    assert!(close(
        out.rigid_bodies[0].position,
        point(rb.position),
        1e-6
    ));
    let want = Quat::from_rotation_y(std::f32::consts::FRAC_PI_2) * euler_rotation(rb.rotation);
    assert!(euler_rotation(out.rigid_bodies[0].rotation).dot(want).abs() > 1.0 - 1e-6);
    let j = &model.joints[0];
    assert!(close(
        out.joints[0].linear_upper,
        j.linear_upper * 2.0,
        1e-6
    ));
    assert_eq!(
        out.joints[0].angular_upper, j.angular_upper,
        "angles keep their values"
    );
    assert_eq!(
        out.rigid_bodies[0].mass, rb.mass,
        "masses keep their values"
    );
}

/// The transformed model, deformed with any morph, is the deformed model transformed:
/// vertex offsets turn and scale, bone-morph rotations turn into the new axes.
#[test]
fn a_transformed_model_deforms_as_the_transformed_deformed_model() {
    let model = hone_core::pmx::builder::sample_rig();
    let t = Transform {
        scale: 1.5,
        rotate_deg: Vec3::new(20.0, -35.0, 10.0),
        translate: Vec3::new(0.5, -1.0, 2.0),
    };
    let out = applied(&model, t, &Scope::All);
    let r = euler_rotation(t.rotate_deg * (std::f32::consts::PI / 180.0));
    let map = |p: Vec3| r * (p * t.scale) + t.translate;
    let (d0, d1) = (Deformer::new(&model), Deformer::new(&out));
    let (mut s0, mut s1) = (d0.new_state(), d1.new_state());
    let mut tested = 0;
    for m in 0..model.morphs.len() {
        let mut pose = Pose::new(&model);
        pose.morphs[m] = 1.0;
        d0.evaluate(&model, &pose, &mut s0);
        d1.evaluate(&out, &pose, &mut s1);
        for (i, (a, b)) in s0.positions.iter().zip(&s1.positions).enumerate() {
            assert!(
                close(map(*a), *b, 1e-4),
                "morph {} vertex {i}: {:?} vs {:?}",
                model.morphs[m].name,
                map(*a),
                b
            );
        }
        tested += 1;
    }
    assert!(tested >= 5, "the sample rig has morphs");
}

#[test]
fn a_bone_part_moves_its_bones_bodies_joints_and_only_vertices_weighted_by_them() {
    let model = hone_core::pmx::builder::sample_rig();
    let head = model.bone_index("頭").unwrap();
    let mut part: Vec<usize> = vec![head];
    // 頭 and everything below it.
    let mut i = 0;
    while i < part.len() {
        let p = part[i] as i32;
        part.extend((0..model.bones.len()).filter(|&b| model.bones[b].parent == p));
        i += 1;
    }
    let up = Transform {
        translate: Vec3::new(0.0, 1.0, 0.0),
        ..Default::default()
    };
    let out = applied(&model, up, &Scope::Bones(part.clone()));
    for (b, (x, y)) in model.bones.iter().zip(&out.bones).enumerate() {
        let moved = y.position - x.position;
        if part.contains(&b) {
            assert!(close(moved, Vec3::Y, 1e-6), "bone {}", x.name);
        } else {
            assert_eq!(moved, Vec3::ZERO, "bone {} stays", x.name);
        }
    }
    let mut moved_vertices = 0;
    for (v, (x, y)) in model.vertices.iter().zip(&out.vertices).enumerate() {
        let (bones, weights, k) = x.weights.bone_weights();
        let only_part = (0..k).all(|i| weights[i] == 0.0 || part.contains(&(bones[i] as usize)));
        if only_part {
            moved_vertices += 1;
            assert!(close(y.position - x.position, Vec3::Y, 1e-6), "vertex {v}");
        } else {
            assert_eq!(y.position, x.position, "vertex {v} stays");
        }
    }
    assert!(moved_vertices > 0);
    for (x, y) in model.rigid_bodies.iter().zip(&out.rigid_bodies) {
        let on_part = x.bone >= 0 && part.contains(&(x.bone as usize));
        assert_eq!(y.position != x.position, on_part, "body {}", x.name);
    }
}

#[test]
fn bad_scales_and_empty_parts_are_refused() {
    let model = hone_core::pmx::builder::sample_rig();
    for s in [0.0, -1.0, f32::NAN, f32::INFINITY] {
        assert!(
            transform(&model, &scale(s), &Scope::All).is_err(),
            "scale {s}"
        );
    }
    assert!(
        transform(&model, &scale(1.0), &Scope::All).is_err(),
        "moves nothing"
    );
    assert!(transform(&model, &scale(2.0), &Scope::Bones(vec![])).is_err());
    assert!(transform(&model, &scale(2.0), &Scope::Vertices(vec![usize::MAX])).is_err());
}

#[test]
fn a_scaled_model_keeps_stable_physics() {
    use hone_core::physics::PhysicsConfig;
    use hone_core::sim::{run, RunOptions};
    let options = RunOptions {
        seconds: 3.0,
        ..Default::default()
    };
    for (name, model) in models() {
        let troubled = |m: &Model| {
            let r = run(m, PhysicsConfig::default(), &Pose::new(m), None, &options);
            assert_eq!(r.nan_count, 0, "{name}: non-finite bodies");
            let mut names: Vec<String> = r
                .troubles
                .iter()
                .map(|t| m.rigid_bodies[t.body].name.clone())
                .collect();
            names.sort();
            names.dedup();
            names
        };
        let before = troubled(&model);
        for s in [0.5, 2.0] {
            let after = troubled(&applied(&model, scale(s), &Scope::All));
            let new: Vec<_> = after.iter().filter(|n| !before.contains(n)).collect();
            assert!(
                new.is_empty(),
                "{name} ×{s}: bodies misbehave only when scaled: {new:?}"
            );
        }
    }
}
