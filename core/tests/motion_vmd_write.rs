//! VMD writing: every shared motion reads, writes and reads back as the same keys; the
//! bytes come back as they were (the reader keeps MMD's stray bytes), and written without
//! those kept bytes (as MMD lays a key out) the keys still come back and the bytes are a
//! fixed point.

use hone_core::motion::{read_vmd, write_vmd, BoneKey, Vmd};

fn same_keys(a: &Vmd, b: &Vmd, what: &str) {
    assert_eq!(a.model_name, b.model_name, "{what}: model name");
    assert_eq!(a.bone_keys.len(), b.bone_keys.len(), "{what}: bone keys");
    for ((na, ka), (nb, kb)) in a.bone_keys.iter().zip(&b.bone_keys) {
        assert_eq!(na, nb, "{what}: bone key name");
        // Reading normalises a rotation again: equal up to that rounding.
        assert!(
            ka.rotation.abs_diff_eq(kb.rotation, 1e-6),
            "{what}: {} rotation",
            na.text
        );
        let same_rest = BoneKey {
            rotation: ka.rotation,
            ..*kb
        };
        assert_eq!(*ka, same_rest, "{what}: {} key", na.text);
    }
    assert_eq!(a.morph_keys, b.morph_keys, "{what}: morph keys");
    assert_eq!(a.property_keys, b.property_keys, "{what}: property keys");
    assert_eq!(a.camera_keys_raw, b.camera_keys_raw, "{what}: camera keys");
    assert_eq!(a.light_keys_raw, b.light_keys_raw, "{what}: light keys");
    assert_eq!(
        a.self_shadow_keys_raw, b.self_shadow_keys_raw,
        "{what}: self-shadow keys"
    );
}

#[test]
fn every_shared_motion_round_trips() {
    let files = hone_testkit::shared_model_files(&["vmd"]);
    let mut identical = 0;
    for path in &files {
        let what = path.display().to_string();
        let bytes = std::fs::read(path).unwrap();
        let vmd = read_vmd(&bytes).unwrap();
        let (written, report) = write_vmd(&vmd);
        assert!(report.is_clean(), "{what}: {report:?}");
        let back = read_vmd(&written).unwrap();
        same_keys(&vmd, &back, &what);
        // Byte for byte, but for what the reader does not keep: bytes after the NUL
        // that ends a bone, morph or IK name (MMD leaves stray bytes there), and rotations
        // not stored at unit length (the reader normalises them).
        assert_eq!(written.len(), bytes.len(), "{what}: size");
        let differ: Vec<usize> = (0..bytes.len())
            .filter(|&i| written[i] != bytes[i])
            .collect();
        for &i in &differ {
            assert!(
                (written[i] == 0 && after_a_nul(&bytes, i)) || in_renormalised_rotation(&bytes, i),
                "{what}: byte {i} differs ({} written, {} read) outside a name's padding",
                written[i],
                bytes[i]
            );
        }
        if differ.is_empty() {
            identical += 1;
        }

        // Without the bytes kept from reading: MMD's own layout.
        let mut plain = vmd.clone();
        plain.bone_interpolation_raw.clear();
        // A name MMD cut inside a character (00_normal's) has no Shift-JIS form of its own:
        // only its kept bytes give it back.
        if !vmd.model_name.contains('\u{FFFD}') {
            plain.model_name_raw.clear();
        }
        let (canonical, _) = write_vmd(&plain);
        let back = read_vmd(&canonical).unwrap();
        same_keys(&vmd, &back, &what);
        let again = write_vmd(&back).0;
        assert_eq!(again.len(), canonical.len(), "{what}: not a fixed point");
        for i in (0..again.len()).filter(|&i| again[i] != canonical[i]) {
            assert!(
                in_renormalised_rotation(&canonical, i),
                "{what}: not a fixed point at byte {i}"
            );
        }
        assert_eq!(canonical.len(), bytes.len(), "{what}: size");
    }
    eprintln!(
        "{identical} of {} motions written back byte for byte",
        files.len()
    );
}

/// Whether a NUL comes shortly (within a name field) before byte `i`.
fn after_a_nul(bytes: &[u8], i: usize) -> bool {
    bytes[i.saturating_sub(19)..i].contains(&0)
}

/// Whether byte `i` lies in a bone key's rotation whose stored quaternion normalising
/// changes.
fn in_renormalised_rotation(bytes: &[u8], i: usize) -> bool {
    let count = u32::from_le_bytes(bytes[50..54].try_into().unwrap()) as usize;
    if i < 54 || i >= 54 + count * 111 {
        return false;
    }
    let (key, at) = ((i - 54) / 111, (i - 54) % 111);
    if !(31..47).contains(&at) {
        return false;
    }
    let start = 54 + key * 111 + 31;
    let f =
        |k: usize| f32::from_le_bytes(bytes[start + 4 * k..start + 4 * k + 4].try_into().unwrap());
    let q = glam::Quat::from_xyzw(f(0), f(1), f(2), f(3));
    q.normalize() != q
}
