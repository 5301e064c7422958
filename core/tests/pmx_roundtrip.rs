//! Shared PMX models: read → write is byte-identical, the reader's warnings are
//! the expected ones, and what we read agrees with two independent parsers'
//! dumps (`<folder>/peers/*/<file>.json`) wherever those parsers succeeded.

use hone_core::pmx::read::read_pmx;
use hone_core::pmx::write::{write_pmx, WriteOptions};
use hone_core::pmx::*;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn shared_pmx_files() -> Vec<PathBuf> {
    hone_testkit::shared_model_files(&["pmx"])
}

/// Warnings each shared file is expected to produce (substring per warning).
fn expected_warnings(path: &Path) -> Vec<&'static str> {
    let in_generated = path
        .components()
        .any(|c| c.as_os_str() == "generated_deform");
    let name = path.file_name().unwrap().to_string_lossy();
    if in_generated && (name.contains("qdef") || name.contains("mixed")) {
        vec!["QDEF"]
    } else {
        vec![]
    }
}

#[test]
fn shared_models_roundtrip_byte_identical() {
    for path in shared_pmx_files() {
        let bytes = std::fs::read(&path).unwrap();
        let loaded = read_pmx(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let expected = expected_warnings(&path);
        let got: Vec<String> = loaded.warnings.iter().map(|w| w.to_string()).collect();
        assert_eq!(
            got.len(),
            expected.len(),
            "{}: warnings {got:?}, expected {expected:?}",
            path.display()
        );
        for (g, e) in got.iter().zip(&expected) {
            assert!(
                g.contains(e),
                "{}: warning {g:?} should mention {e}",
                path.display()
            );
        }
        if !expected.is_empty() {
            // A 2.0 header over 2.1 data is not written back as it was (the save rule makes
            // it 2.1): `generated_deform_files_declare_2_0_but_hold_qdef` covers these.
            continue;
        }
        let written = write_pmx(&loaded.model, &WriteOptions::default()).unwrap();
        if written != bytes {
            let first = written
                .iter()
                .zip(&bytes)
                .position(|(a, b)| a != b)
                .unwrap_or(written.len().min(bytes.len()));
            panic!(
                "{}: not byte-identical (sizes {} vs {}, first difference at {first:#x})",
                path.display(),
                written.len(),
                bytes.len()
            );
        }
        // And what was written reads back to the same model.
        let again = read_pmx(&written).unwrap();
        assert_eq!(again.model, loaded.model, "{}", path.display());
    }
}

#[test]
fn generated_deform_files_declare_2_0_but_hold_qdef() {
    for path in shared_pmx_files() {
        if !expected_warnings(&path).contains(&"QDEF") {
            continue;
        }
        let loaded = read_pmx(&std::fs::read(&path).unwrap()).unwrap();
        assert_eq!(loaded.model.header.version, PmxVersion::V2_0);
        assert!(loaded
            .model
            .vertices
            .iter()
            .any(|v| v.weights.kind() == WeightKind::Qdef));
        // Neither the header's 2.0 nor an explicit 2.0 is written: no file declares a
        // version its data exceeds.
        let strict = WriteOptions {
            version: Some(PmxVersion::V2_0),
            encoding: None,
        };
        for opts in [WriteOptions::default(), strict] {
            match write_pmx(&loaded.model, &opts) {
                Err(Error::Needs21(list)) => {
                    assert!(list.iter().any(|l| l.contains("QDEF")), "{list:?}")
                }
                other => panic!(
                    "{}: expected Needs21, got {:?}",
                    path.display(),
                    other.map(|b| b.len())
                ),
            }
        }
        // The save rule writes it as 2.1, which reads back clean and equal but for the header.
        let plan =
            hone_core::pmx::needs::plan_save(&loaded.model, &WriteOptions::default()).unwrap();
        assert_eq!(plan.options.version, Some(PmxVersion::V2_1));
        let back = read_pmx(&write_pmx(&loaded.model, &plan.options).unwrap()).unwrap();
        assert!(back.warnings.is_empty(), "{:?}", back.warnings);
        let mut want = loaded.model.clone();
        want.header.version = PmxVersion::V2_1;
        assert_eq!(back.model, want);
    }
}

// ------------------------------------------------------------------ peers

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 2e-5 * a.abs().max(b.abs()).max(1.0)
}

fn assert_floats(what: &str, ours: &[f32], theirs: &Value) {
    let theirs: Vec<f64> = theirs
        .as_array()
        .unwrap_or_else(|| panic!("{what}: not an array"))
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(ours.len(), theirs.len(), "{what}: length");
    for (o, t) in ours.iter().zip(&theirs) {
        assert!(
            close(*o as f64, *t),
            "{what}: ours {ours:?}, peer {theirs:?}"
        );
    }
}

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap()
}

fn i(v: &Value) -> i64 {
    v.as_i64().unwrap()
}

fn check_against_peer(model: &Model, peer: &Value, what: &str) {
    assert_eq!(
        peer["name"].as_str().unwrap(),
        model.info.name,
        "{what}: name"
    );
    if let Some(en) = peer.get("name_en").and_then(|v| v.as_str()) {
        assert_eq!(en, model.info.name_en, "{what}: name_en");
    }
    let c = &peer["counts"];
    let counts = [
        ("vertices", model.vertices.len()),
        ("triangles", model.faces.len()),
        ("textures", model.textures.len()),
        ("materials", model.materials.len()),
        ("bones", model.bones.len()),
        ("morphs", model.morphs.len()),
        ("display_frames", model.display_frames.len()),
        ("rigid_bodies", model.rigid_bodies.len()),
        ("joints", model.joints.len()),
        (
            "ik_bones",
            model.bones.iter().filter(|b| b.ik.is_some()).count(),
        ),
    ];
    for (k, ours) in counts {
        if let Some(n) = c.get(k) {
            assert_eq!(i(n) as usize, ours, "{what}: count of {k}");
        }
    }
    if let Some(wc) = peer.get("weight_type_counts").and_then(|v| v.as_object()) {
        for (kind, n) in wc {
            let ours = model
                .vertices
                .iter()
                .filter(|v| v.weights.kind().name() == kind)
                .count();
            assert_eq!(ours, i(n) as usize, "{what}: {kind} vertices");
        }
    }
    // pymeshio misreads additional UVs, so its vertex samples only hold without them.
    let vertices_trustworthy =
        !(peer["peer"] == "pymeshio" && model.header.additional_uv_count > 0);
    for s in peer["vertices_sample"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|_| vertices_trustworthy)
    {
        let idx = i(&s["index"]) as usize;
        let v = &model.vertices[idx];
        let w = format!("{what}: vertex {idx}");
        assert_floats(
            &format!("{w} position"),
            &v.position.to_array(),
            &s["position"],
        );
        assert_floats(&format!("{w} normal"), &v.normal.to_array(), &s["normal"]);
        assert_floats(&format!("{w} uv"), &v.uv.to_array(), &s["uv"]);
        assert_eq!(
            s["weight_type"].as_str().unwrap(),
            v.weights.kind().name(),
            "{w} weight kind"
        );
        let (bones, weights, n) = v.weights.bone_weights();
        let peer_bones: Vec<i32> = s["bones"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| i(b) as i32)
            .collect();
        assert_eq!(peer_bones, bones[..n].to_vec(), "{w} bones");
        assert_floats(&format!("{w} weights"), &weights[..n], &s["weights"]);
    }
    for (key, idx) in [
        ("first_bone", 0usize),
        ("last_bone", model.bones.len().wrapping_sub(1)),
    ] {
        let Some(b) = peer.get(key).filter(|b| b.is_object()) else {
            continue;
        };
        assert_eq!(i(&b["index"]) as usize, idx, "{what}: {key} index");
        let bone = &model.bones[idx];
        assert_eq!(b["name"].as_str().unwrap(), bone.name, "{what}: {key} name");
        assert_eq!(
            b["name_en"].as_str().unwrap(),
            bone.name_en,
            "{what}: {key} name_en"
        );
        assert_floats(
            &format!("{what}: {key} position"),
            &bone.position.to_array(),
            &b["position"],
        );
        assert_eq!(i(&b["parent"]) as i32, bone.parent, "{what}: {key} parent");
    }
    for (key, idx) in [
        ("first_face", 0usize),
        ("last_face", model.faces.len().wrapping_sub(1)),
    ] {
        let Some(face) = peer.get(key).filter(|f| f.is_array()) else {
            continue;
        };
        let theirs: Vec<i32> = face
            .as_array()
            .unwrap()
            .iter()
            .map(|v| i(v) as i32)
            .collect();
        assert_eq!(theirs, model.faces[idx].to_vec(), "{what}: {key}");
    }
    for (key, idx) in [
        ("rigid_first", 0usize),
        ("rigid_last", model.rigid_bodies.len().wrapping_sub(1)),
    ] {
        let Some(r) = peer.get(key).filter(|r| r.is_object()) else {
            continue;
        };
        let body = &model.rigid_bodies[idx];
        let w = format!("{what}: {key}");
        assert_eq!(r["name"].as_str().unwrap(), body.name, "{w} name");
        assert_eq!(i(&r["bone"]) as i32, body.bone, "{w} bone");
        assert_eq!(i(&r["group"]) as u8, body.group, "{w} group");
        assert_eq!(
            i(&r["no_collision_mask"]) as u16,
            body.collision_mask,
            "{w} mask"
        );
        assert_eq!(i(&r["shape"]) as u8, body.shape.to_u8(), "{w} shape");
        assert_eq!(i(&r["mode"]) as u8, body.mode.to_u8(), "{w} mode");
        assert_floats(&format!("{w} size"), &body.size.to_array(), &r["size"]);
        assert_floats(
            &format!("{w} position"),
            &body.position.to_array(),
            &r["position"],
        );
        assert_floats(
            &format!("{w} rotation"),
            &body.rotation.to_array(),
            &r["rotation"],
        );
        for (k, ours) in [
            ("mass", body.mass),
            ("linear_damping", body.linear_damping),
            ("angular_damping", body.angular_damping),
            ("restitution", body.restitution),
            ("friction", body.friction),
        ] {
            assert!(
                close(ours as f64, f(&r[k])),
                "{w} {k}: ours {ours}, peer {}",
                r[k]
            );
        }
    }
    if let Some(j) = peer.get("joint_first").filter(|j| j.is_object()) {
        let joint = &model.joints[0];
        let w = format!("{what}: joint_first");
        assert_eq!(j["name"].as_str().unwrap(), joint.name, "{w} name");
        assert_eq!(i(&j["type"]) as u8, joint.kind.to_u8(), "{w} type");
        assert_eq!(i(&j["rigid_a"]) as i32, joint.body_a, "{w} rigid_a");
        assert_eq!(i(&j["rigid_b"]) as i32, joint.body_b, "{w} rigid_b");
        for (k, ours) in [
            ("position", joint.position),
            ("rotation", joint.rotation),
            ("translation_min", joint.linear_lower),
            ("translation_max", joint.linear_upper),
            ("rotation_min", joint.angular_lower),
            ("rotation_max", joint.angular_upper),
            ("spring_translation", joint.linear_spring),
            ("spring_rotation", joint.angular_spring),
        ] {
            assert_floats(&format!("{w} {k}"), &ours.to_array(), &j[k]);
        }
    }
}

#[test]
fn shared_models_agree_with_peer_parsers() {
    let mut compared = 0;
    for path in shared_pmx_files() {
        let loaded = read_pmx(&std::fs::read(&path).unwrap()).unwrap();
        let file_name = path.file_name().unwrap().to_string_lossy().to_string();
        let peers_dir = path.parent().unwrap().join("peers");
        for peer in ["pymeshio", "mmd-parser"] {
            let dump = peers_dir.join(peer).join(format!("{file_name}.json"));
            let Ok(text) = std::fs::read_to_string(&dump) else {
                continue;
            };
            let v: Value = serde_json::from_str(&text).unwrap();
            if v.get("error").is_some_and(|e| !e.is_null())
                || v.get("ok") == Some(&Value::Bool(false))
            {
                continue; // the peer failed on this file: not the truth here
            }
            check_against_peer(&loaded.model, &v, &format!("{} vs {peer}", path.display()));
            compared += 1;
        }
    }
    if hone_testkit::shared_models_dir().is_some() {
        assert!(compared >= 5, "only {compared} peer dumps compared");
    }
}

#[test]
fn gene_facts_from_the_models_readme() {
    let Some(path) = hone_testkit::shared_model("gene/Gene.pmx") else {
        return;
    };
    let bytes = std::fs::read(&path).unwrap();
    let m = read_pmx(&bytes).unwrap().model;
    assert_eq!(m.header.version, PmxVersion::V2_0);
    assert_eq!(m.header.encoding, TextEncoding::Utf16Le);
    assert_eq!(m.vertices.len(), 28_646);
    assert_eq!(m.bones.len(), 224);
    assert_eq!(m.bones.iter().filter(|b| b.ik.is_some()).count(), 6);
    assert_eq!(m.morphs.len(), 184);
    assert_eq!(m.rigid_bodies.len(), 87);
    assert_eq!(m.joints.len(), 92);
    let modes: std::collections::BTreeSet<u8> =
        m.rigid_bodies.iter().map(|r| r.mode.to_u8()).collect();
    assert_eq!(modes.into_iter().collect::<Vec<_>>(), vec![0, 1, 2]);
    // Material face counts add up to the face list.
    let total: i64 = m.materials.iter().map(|x| x.face_index_count as i64).sum();
    assert_eq!(total, m.faces.len() as i64 * 3);
    // Structural flag bits are derived, never stored.
    assert!(m
        .bones
        .iter()
        .all(|b| b.flags.0 & BoneFlags::STRUCTURAL == 0));
}

#[test]
fn softbody_stub_is_2_1_utf8_with_one_soft_body() {
    let Some(path) = hone_testkit::shared_model("pmx21_softbody_stub/sample_pmx21_utf8.pmx") else {
        return;
    };
    let bytes = std::fs::read(path).unwrap();
    let m = read_pmx(&bytes).unwrap().model;
    assert_eq!(m.header.version, PmxVersion::V2_1);
    assert_eq!(m.header.encoding, TextEncoding::Utf8);
    assert_eq!(m.vertices.len(), 0);
    assert_eq!(m.soft_bodies.len(), 1);
    // Writing it as 2.0 is refused, naming the soft body.
    let err = write_pmx(
        &m,
        &WriteOptions {
            version: Some(PmxVersion::V2_0),
            encoding: None,
        },
    )
    .unwrap_err();
    assert!(err.to_string().contains("soft bod"), "{err}");
}

/// A 2.0 file whose maker left 4 zero bytes after the joints (the shape of an empty 2.1
/// soft-body count), and a 2.1 file with bytes after its soft bodies: both save byte-identical,
/// keep the bytes through an edit, and say so in one warning.
#[test]
fn bytes_after_the_last_section_round_trip() {
    use glam::Vec3;
    use hone_core::pmx::builder::ModelBuilder;

    let mut b = ModelBuilder::new("trailing");
    let root = b.bone("センター", Vec3::ZERO).index();
    let hair = b.bone("髪", Vec3::new(0.0, 5.0, 0.0)).parent(root).index();
    let head = b.rigid_body("頭", root).sphere(1.0).index();
    let tip = b.rigid_body("髪", hair).sphere(0.5).dynamic().index();
    b.joint("髪", JointKind::Spring6Dof, head, tip);
    let v20 = b.build();
    assert_eq!(v20.header.version, PmxVersion::V2_0);
    let v21 = hone_core::pmx::builder::sample_rig();
    assert_eq!(v21.header.version, PmxVersion::V2_1);

    for (model, tail) in [(v20, &[0u8; 4][..]), (v21, &b"\x01\x02 end"[..])] {
        let clean = write_pmx(&model, &WriteOptions::default()).unwrap();
        let mut file = clean.clone();
        file.extend_from_slice(tail);

        let loaded = read_pmx(&file).unwrap();
        assert_eq!(loaded.model.trailing_bytes, tail);
        assert_eq!(loaded.model.soft_bodies, model.soft_bodies);
        let warnings: Vec<String> = loaded.warnings.iter().map(|w| w.to_string()).collect();
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(
            warnings[0].contains(&format!("{} bytes after the last section", tail.len())),
            "{warnings:?}"
        );
        assert_eq!(loaded.warnings[0].offset, clean.len());

        let written = write_pmx(&loaded.model, &WriteOptions::default()).unwrap();
        assert!(written == file, "not byte-identical");
        // An edit elsewhere leaves them at the end.
        let mut edited = loaded.model.clone();
        edited.bones[0].position.y = 1.0;
        let written = write_pmx(&edited, &WriteOptions::default()).unwrap();
        assert!(written.ends_with(tail) && written.len() == file.len());
        assert_eq!(read_pmx(&written).unwrap().model, edited);
    }
}
