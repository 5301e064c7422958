//! PMD import of the shared real files (mei, Gene) against the peer parsers'
//! dumps beside them, and Gene's PMD against its PMX peer dump. Hand-made PMD
//! bytes for each conversion rule are in `pmd_import.rs`.

use glam::Vec3;
use hone_core::pmx::pmd::read_pmd;
use hone_core::pmx::{MaterialFlags, Model, MorphOffsets, Toon, Weights};
use serde_json::Value;

mod support;
use support::assert_ik_after_chain;

fn shared(rel: &str) -> Option<std::path::PathBuf> {
    hone_testkit::shared_model(rel)
}

fn read_model(rel: &str) -> Option<hone_core::pmx::Loaded> {
    let p = shared(rel)?;
    let bytes = std::fs::read(&p).unwrap();
    Some(read_pmd(&bytes).unwrap_or_else(|e| panic!("{rel}: {e}")))
}

/// The peers' dumps that did not fail on this file.
fn peers(folder: &str, file: &str) -> Vec<Value> {
    ["pymeshio", "mmd-parser"]
        .iter()
        .filter_map(|peer| {
            let p = shared(&format!("{folder}/peers/{peer}/{file}.json"))?;
            let v: Value = serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
            (v["error"].is_null() && v["ok"] != Value::Bool(false)).then_some(v)
        })
        .collect()
}

fn v3(v: &Value) -> Vec3 {
    let a = v.as_array().unwrap();
    Vec3::new(
        a[0].as_f64().unwrap() as f32,
        a[1].as_f64().unwrap() as f32,
        a[2].as_f64().unwrap() as f32,
    )
}

fn close(a: Vec3, b: Vec3, tol: f32, what: &str) {
    assert!((a - b).abs().max_element() <= tol, "{what}: {a} vs {b}");
}

fn check_against_peer(model: &Model, peer: &Value) {
    let who = peer["peer"].as_str().unwrap();
    let c = &peer["counts"];
    let iks = model.bones.iter().filter(|b| b.ik.is_some()).count();
    for (ours, key) in [
        (model.vertices.len(), "vertices"),
        (model.faces.len(), "triangles"),
        (model.materials.len(), "materials"),
        (model.bones.len(), "bones"),
        // Peers count the base expression; PMX drops it.
        (model.morphs.len() + 1, "morphs"),
        (model.rigid_bodies.len(), "rigid_bodies"),
        (model.joints.len(), "joints"),
        (iks, "ik_chains"),
    ] {
        assert_eq!(ours as u64, c[key].as_u64().unwrap(), "{who} {key}");
    }
    assert_eq!(model.info.name, peer["name"].as_str().unwrap(), "{who}");
    assert_eq!(
        model.info.name_en,
        peer["name_en"].as_str().unwrap(),
        "{who}"
    );

    for s in peer["vertices_sample"].as_array().unwrap() {
        let i = s["index"].as_u64().unwrap() as usize;
        let v = &model.vertices[i];
        close(v.position, v3(&s["position"]), 1e-5, "vertex position");
        close(v.normal, v3(&s["normal"]), 1e-5, "vertex normal");
        let uv = s["uv"].as_array().unwrap();
        assert!((v.uv.x - uv[0].as_f64().unwrap() as f32).abs() < 1e-5);
        assert!((v.uv.y - uv[1].as_f64().unwrap() as f32).abs() < 1e-5);
        let bones: Vec<i32> = s["bones"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| b.as_i64().unwrap() as i32)
            .collect();
        let w0 = s["weights"][0].as_f64().unwrap() as f32;
        // Peers show PMD's raw pair; the PMX weight is the same share.
        let (b, w, _) = v.weights.bone_weights();
        if w0 >= 0.9999 {
            assert_eq!(v.weights, Weights::Bdef1 { bone: bones[0] }, "vertex {i}");
        } else if w0 <= 1e-4 {
            assert_eq!(v.weights, Weights::Bdef1 { bone: bones[1] }, "vertex {i}");
        } else {
            assert_eq!(&b[..2], &bones[..], "vertex {i}");
            assert!((w[0] - w0).abs() < 1e-5, "vertex {i}");
        }
    }

    for key in ["first_bone", "last_bone"] {
        let pb = &peer[key];
        let b = &model.bones[pb["index"].as_u64().unwrap() as usize];
        assert_eq!(b.name, pb["name"].as_str().unwrap(), "{who} {key}");
        assert_eq!(b.name_en, pb["name_en"].as_str().unwrap(), "{who} {key}");
        assert_eq!(
            b.parent as i64,
            pb["parent"].as_i64().unwrap(),
            "{who} {key}"
        );
        close(b.position, v3(&pb["position"]), 1e-5, key);
    }
    let face = |v: &Value| -> [i32; 3] {
        let a = v.as_array().unwrap();
        [0, 1, 2].map(|k| a[k].as_i64().unwrap() as i32)
    };
    assert_eq!(model.faces[0], face(&peer["first_face"]), "{who}");
    assert_eq!(
        *model.faces.last().unwrap(),
        face(&peer["last_face"]),
        "{who}"
    );

    for (key, index) in [
        ("rigid_first", 0),
        ("rigid_last", model.rigid_bodies.len() - 1),
    ] {
        let pr = &peer[key];
        let r = &model.rigid_bodies[index];
        assert_eq!(r.name, pr["name"].as_str().unwrap(), "{who} {key}");
        assert_eq!(r.bone as i64, pr["bone"].as_i64().unwrap(), "{who} {key}");
        assert_eq!(r.group as u64, pr["group"].as_u64().unwrap(), "{who} {key}");
        assert_eq!(
            r.collision_mask as u64,
            pr["no_collision_mask"].as_u64().unwrap()
        );
        assert_eq!(r.shape.to_u8() as u64, pr["shape"].as_u64().unwrap());
        assert_eq!(r.mode.to_u8() as u64, pr["mode"].as_u64().unwrap());
        close(r.size, v3(&pr["size"]), 1e-5, "rigid size");
        close(r.rotation, v3(&pr["rotation"]), 1e-5, "rigid rotation");
        // Peers show PMD's bone-relative position; ours is absolute.
        let origin = model.bones[r.bone.max(0) as usize].position;
        close(
            r.position - origin,
            v3(&pr["position"]),
            1e-5,
            "rigid position",
        );
        for (field, value) in [
            ("mass", r.mass),
            ("linear_damping", r.linear_damping),
            ("angular_damping", r.angular_damping),
            ("restitution", r.restitution),
            ("friction", r.friction),
        ] {
            assert!(
                (value - pr[field].as_f64().unwrap() as f32).abs() < 1e-5,
                "{who} {key} {field}"
            );
        }
    }
    let pj = &peer["joint_first"];
    let j = &model.joints[0];
    assert_eq!(j.name, pj["name"].as_str().unwrap());
    assert_eq!(
        (j.body_a as i64, j.body_b as i64),
        (
            pj["rigid_a"].as_i64().unwrap(),
            pj["rigid_b"].as_i64().unwrap()
        )
    );
    for (ours, key, what) in [
        (j.position, "position", "joint position"),
        (j.rotation, "rotation", "joint rotation"),
        (j.linear_lower, "translation_min", "joint translation min"),
        (j.linear_upper, "translation_max", "joint translation max"),
        (j.angular_lower, "rotation_min", "joint rotation min"),
        (j.angular_upper, "rotation_max", "joint rotation max"),
        (j.linear_spring, "spring_translation", "joint spring"),
        (j.angular_spring, "spring_rotation", "joint spring rotation"),
    ] {
        close(ours, v3(&pj[key]), 1e-5, what);
    }
}

#[test]
fn mei_imports_and_matches_the_peers() {
    let Some(loaded) = read_model("mei/mei.pmd") else {
        return;
    };
    let m = &loaded.model;
    assert!(loaded.warnings.is_empty(), "{:?}", loaded.warnings);
    let peers = peers("mei", "mei.pmd");
    assert!(!peers.is_empty());
    for p in &peers {
        check_against_peer(m, p);
    }
    // Mei-specific conversion facts.
    assert_eq!(m.header.index_sizes.vertex, 2);
    assert_eq!(m.header.index_sizes.bone, 2, "142 bones");
    assert_eq!(m.header.index_sizes.morph, 1);
    assert_eq!(m.textures.len(), 16, "17 materials share face.png");
    assert!(m
        .materials
        .iter()
        .all(|x| matches!(x.toon, Toon::Shared(0) | Toon::Shared(4))));
    assert!(m
        .materials
        .iter()
        .all(|x| x.flags.has(MaterialFlags::SELF_SHADOW)));
    let faces: i32 = m.materials.iter().map(|x| x.face_index_count).sum();
    assert_eq!(faces as usize, m.faces.len() * 3);
    let bone = |name: &str| &m.bones[m.bone_index(name).unwrap_or_else(|| panic!("{name}"))];
    let ik = bone("左足ＩＫ").ik.as_ref().unwrap();
    assert_eq!(ik.target, m.bone_index("左足首").unwrap() as i32);
    assert_eq!(ik.loop_count, 40);
    assert!((ik.limit_angle - 0.4).abs() < 1e-6, "0.1 x 4");
    let knee = ik.links[0];
    assert_eq!(knee.bone, m.bone_index("左ひざ").unwrap() as i32);
    assert_eq!(knee.limits.unwrap().lower.x, -std::f32::consts::PI);
    assert!(ik.links[1].limits.is_none(), "左足 has no limit");
    assert_eq!(bone("左足ＩＫ").layer, 1);
    assert_eq!(bone("左つま先ＩＫ").layer, 1);
    assert_eq!(bone("左足ＩＫ先").layer, 1);
    assert_eq!(bone("左目").layer, 2);
    assert_eq!(bone("左目先").layer, 2);
    assert_eq!(bone("左ひざ").layer, 0);
    assert_ik_after_chain(m);
    let eye = bone("左目").append.unwrap();
    assert_eq!(
        (eye.parent, eye.ratio),
        (m.bone_index("両目").unwrap() as i32, 1.0)
    );
    let twist = bone("右腕捩2").append.unwrap();
    assert_eq!(
        (twist.parent, twist.ratio),
        (m.bone_index("右腕捩").unwrap() as i32, 0.5)
    );
    assert!(bone("右腕捩").fixed_axis.is_some());
    // Frames: Root, 表情, then センター, IK, 上半身, 髪, 腕, 指, ... (8 named frames).
    assert_eq!(m.display_frames.len(), 2 + 8);
    assert_eq!(m.display_frames[2].name, "センター");
    assert_eq!(m.display_frames[1].elements.len(), 28);
    assert!(m.morphs.iter().all(|x| (1..=4).contains(&x.panel)));
    // Every vertex morph offset lands on a real vertex.
    for morph in &m.morphs {
        let MorphOffsets::Vertex(o) = &morph.offsets else {
            panic!()
        };
        assert!(o.iter().all(|o| (o.vertex as usize) < m.vertices.len()));
    }
}

#[test]
fn gene_imports_and_matches_the_peers() {
    let Some(loaded) = read_model("gene/Gene.pmd") else {
        return;
    };
    let m = &loaded.model;
    let peers = peers("gene", "Gene.pmd");
    assert!(!peers.is_empty());
    for p in &peers {
        check_against_peer(m, p);
    }
    assert_eq!(m.header.index_sizes.vertex, 2);
    assert_eq!(m.header.index_sizes.morph, 2, "177 morphs");
    // Gene's PMD holds negative linked-rotation ratios (0xFFF6 = −10%).
    assert_ik_after_chain(m);
    assert_eq!(m.bones[m.bone_index("右腕xcIK").unwrap()].layer, 2);
    assert_eq!(m.bones[m.bone_index("横クローク2_1").unwrap()].layer, 2);
    let b = &m.bones[m.bone_index("横クローク4_1").unwrap()];
    assert!((b.append.unwrap().ratio + 0.1).abs() < 1e-6);
    assert!(
        (m.bones[m.bone_index("左足ＩＫ").unwrap()]
            .ik
            .as_ref()
            .unwrap()
            .limit_angle
            - 2.0071287)
            .abs()
            < 1e-5
    );
}

/// Gene.pmd and Gene.pmx are a conversion pair: the mesh and the bone names
/// must agree. (The .pmx is the original; PMD cannot hold everything it has.)
#[test]
fn gene_pmd_agrees_with_gene_pmx_peer_dump() {
    let Some(loaded) = read_model("gene/Gene.pmd") else {
        return;
    };
    let m = &loaded.model;
    for p in peers("gene", "Gene.pmx") {
        let c = &p["counts"];
        assert_eq!(m.vertices.len() as u64, c["vertices"].as_u64().unwrap());
        assert_eq!(m.faces.len() as u64, c["triangles"].as_u64().unwrap());
        assert_eq!(m.bones.len() as u64, c["bones"].as_u64().unwrap());
        assert_eq!(
            m.rigid_bodies.len() as u64,
            c["rigid_bodies"].as_u64().unwrap()
        );
        assert_eq!(m.joints.len() as u64, c["joints"].as_u64().unwrap());
        for s in p["vertices_sample"].as_array().unwrap() {
            let i = s["index"].as_u64().unwrap() as usize;
            close(
                m.vertices[i].position,
                v3(&s["position"]),
                1e-5,
                "vertex vs pmx",
            );
        }
        // The PMX stores absolute rigid-body positions: ours must agree.
        let r = &m.rigid_bodies[0];
        close(
            r.position,
            v3(&p["rigid_first"]["position"]),
            1e-4,
            "first body vs pmx",
        );
        let r = m.rigid_bodies.last().unwrap();
        close(
            r.position,
            v3(&p["rigid_last"]["position"]),
            1e-4,
            "last body vs pmx",
        );
        assert_eq!(m.bones[223].name, p["last_bone"]["name"].as_str().unwrap());
    }
}
