//! VMD writing: every shared motion reads, writes and reads back as the same keys; the
//! bytes come back as they were (the reader keeps MMD's stray bytes), and written without
//! those kept bytes (as MMD lays a key out) the keys still come back and the bytes are a
//! fixed point.

use hone_core::motion::{read_vmd, write_vmd, Vmd};

fn same_keys(a: &Vmd, b: &Vmd, what: &str) {
    assert_eq!(a.model_name, b.model_name, "{what}: model name");
    assert_eq!(a.bone_keys, b.bone_keys, "{what}: bone keys");
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
    for path in &files {
        let what = path.display().to_string();
        let bytes = std::fs::read(path).unwrap();
        let vmd = read_vmd(&bytes).unwrap();
        let (written, report) = write_vmd(&vmd);
        assert!(report.is_clean(), "{what}: {report:?}");
        let back = read_vmd(&written).unwrap();
        same_keys(&vmd, &back, &what);
        assert_eq!(written, bytes, "{what}: bytes differ");

        // Without the bytes kept from reading: MMD's own layout.
        let mut plain = vmd.clone();
        plain.bone_interpolation_raw.clear();
        plain.model_name_raw.clear();
        let (canonical, _) = write_vmd(&plain);
        let back = read_vmd(&canonical).unwrap();
        same_keys(&vmd, &back, &what);
        assert_eq!(write_vmd(&back).0, canonical, "{what}: not a fixed point");
        assert_eq!(canonical.len(), bytes.len(), "{what}: size");
    }
}
