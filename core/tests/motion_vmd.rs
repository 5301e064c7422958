//! VMD reading, Bézier sampling and binding to a model.

use glam::{Quat, Vec3};
use hone_core::deform::Pose;
use hone_core::motion::{read_vmd, Bezier, BoundMotion};
use hone_core::pmx::{Bone, Model, Morph, MorphOffsets};

fn sjis(name: &str, size: usize) -> Vec<u8> {
    let (b, _, _) = encoding_rs::SHIFT_JIS.encode(name);
    let mut v = b.into_owned();
    v.resize(size, 0);
    v
}

/// The 64 interpolation bytes MMD writes: row 0 = x1 ×4 (X,Y,Z,R), y1 ×4, x2 ×4, y2 ×4;
/// rows 1..3 = row 0 shifted left by 1..3 bytes.
fn interpolation(curves: [[u8; 4]; 4], physics_off: bool) -> [u8; 64] {
    let mut row = [0u8; 16];
    for (c, [x1, y1, x2, y2]) in curves.iter().enumerate() {
        row[c] = *x1;
        row[4 + c] = *y1;
        row[8 + c] = *x2;
        row[12 + c] = *y2;
    }
    let mut out = [0u8; 64];
    for r in 0..4 {
        for i in 0..16 {
            out[r * 16 + i] = if i + r < 16 { row[i + r] } else { 0 };
        }
    }
    if physics_off {
        out[2] = 0x63;
        out[3] = 0x0F;
    }
    out
}

fn bone_key(name: &str, frame: u32, t: Vec3, q: Quat, ip: [u8; 64]) -> Vec<u8> {
    let mut v = sjis(name, 15);
    v.extend(frame.to_le_bytes());
    for f in [t.x, t.y, t.z, q.x, q.y, q.z, q.w] {
        v.extend(f.to_le_bytes());
    }
    v.extend(ip);
    v
}

fn morph_key(name: &str, frame: u32, w: f32) -> Vec<u8> {
    let mut v = sjis(name, 15);
    v.extend(frame.to_le_bytes());
    v.extend(w.to_le_bytes());
    v
}

const LIN: [u8; 4] = [20, 20, 107, 107];

fn sample_file() -> Vec<u8> {
    let mut v = sjis("Vocaloid Motion Data 0002", 30);
    v.extend(sjis("テスト", 20));
    // Bone keys: センター moves 0 → (3, 6, 0) over 30 frames; X linear, Y eased.
    v.extend(2u32.to_le_bytes());
    v.extend(bone_key(
        "センター",
        0,
        Vec3::ZERO,
        Quat::IDENTITY,
        interpolation([LIN; 4], false),
    ));
    v.extend(bone_key(
        "センター",
        30,
        Vec3::new(3.0, 6.0, 0.0),
        Quat::from_rotation_y(1.0),
        interpolation([LIN, [127, 0, 0, 127], [30, 40, 90, 100], LIN], true),
    ));
    // Morph keys (one for a morph the model lacks).
    v.extend(3u32.to_le_bytes());
    v.extend(morph_key("まばたき", 0, 0.0));
    v.extend(morph_key("まばたき", 10, 1.0));
    v.extend(morph_key("ないモーフ", 0, 1.0));
    // One camera key (61 bytes), no light, no shadow.
    v.extend(1u32.to_le_bytes());
    v.extend([0u8; 61]);
    v.extend(0u32.to_le_bytes());
    v.extend(0u32.to_le_bytes());
    // Property keys: IK off from frame 5.
    v.extend(2u32.to_le_bytes());
    for (frame, on) in [(0u32, 1u8), (5, 0)] {
        v.extend(frame.to_le_bytes());
        v.push(1);
        v.extend(1u32.to_le_bytes());
        v.extend(sjis("右足ＩＫ", 20));
        v.push(on);
    }
    v
}

fn model() -> Model {
    let names = ["センター", "右足ＩＫ"];
    Model {
        bones: names
            .iter()
            .map(|n| Bone {
                name: n.to_string(),
                ..Default::default()
            })
            .collect(),
        morphs: vec![Morph {
            name: "まばたき".into(),
            name_en: String::new(),
            panel: 2,
            offsets: MorphOffsets::Vertex(vec![]),
        }],
        ..Default::default()
    }
}

#[test]
fn hand_made_vmd_parses() {
    let vmd = read_vmd(&sample_file()).unwrap();
    assert_eq!(vmd.model_name, "テスト");
    assert_eq!(vmd.bone_keys.len(), 2);
    assert_eq!(vmd.bone_keys[0].0.text, "センター");
    let k = &vmd.bone_keys[1].1;
    assert_eq!(k.frame, 30);
    assert_eq!(k.translation, Vec3::new(3.0, 6.0, 0.0));
    assert!(k.rotation.angle_between(Quat::from_rotation_y(1.0)) < 1e-5);
    assert!(k.physics_off);
    assert!(!vmd.bone_keys[0].1.physics_off);
    // Z's x1 was overwritten by the physics switch; it is recovered from row 1.
    assert_eq!(k.curves[2], Bezier::from_bytes(30, 40, 90, 100));
    assert_eq!(k.curves[1], Bezier::from_bytes(127, 0, 0, 127));
    assert_eq!(vmd.morph_keys.len(), 3);
    assert_eq!(vmd.morph_keys[1].1.weight, 1.0);
    assert_eq!(vmd.camera_key_count, 1);
    assert_eq!(vmd.property_keys.len(), 2);
    assert_eq!(vmd.property_keys[1].ik[0].0.text, "右足ＩＫ");
    assert!(!vmd.property_keys[1].ik[0].1);
    assert_eq!(vmd.last_frame(), 30);
}

#[test]
fn binding_reports_unknown_names_and_samples() {
    let vmd = read_vmd(&sample_file()).unwrap();
    let model = model();
    let (m, report) = BoundMotion::bind(&vmd, &model);
    assert_eq!(report.unknown_morphs, vec!["ないモーフ".to_string()]);
    assert!(report.unknown_bones.is_empty());
    assert_eq!(report.bound_bones, 1);
    // Linear X: half way at frame 15.
    let (r, t) = m.sample_bone(0, 15.0).unwrap();
    assert!((t.x - 1.5).abs() < 1e-4, "{t}");
    // Y uses the eased curve (127,0)-(0,127): slow-fast-slow, symmetric → 3.0 at the middle.
    assert!((t.y - 3.0).abs() < 1e-3, "{t}");
    let (_, t_early) = m.sample_bone(0, 5.0).unwrap();
    assert!(
        t_early.y < 6.0 * 5.0 / 30.0,
        "ease-in is slower at first: {t_early}"
    );
    assert!(r.angle_between(Quat::from_rotation_y(0.5)) < 1e-4);
    // Before the first and after the last key: clamped.
    assert_eq!(m.sample_bone(0, -3.0).unwrap().1, Vec3::ZERO);
    assert_eq!(m.sample_bone(0, 99.0).unwrap().1, Vec3::new(3.0, 6.0, 0.0));
    assert!(m.sample_bone(1, 0.0).is_none(), "no keys for bone 1");
    assert!((m.sample_morph(0, 5.0).unwrap() - 0.5).abs() < 1e-6);
    assert!(m.ik_enabled(1, 2.0));
    assert!(!m.ik_enabled(1, 7.0));
    let mut rot = vec![Quat::IDENTITY; 2];
    let mut tr = vec![Vec3::ZERO; 2];
    let mut w = vec![0.0; 1];
    m.sample_into(15.0, &mut rot, &mut tr, &mut w);
    assert!((tr[0].x - 1.5).abs() < 1e-4);
    assert!((w[0] - 1.0).abs() < 1e-6);
}

#[test]
fn bezier_matches_known_values() {
    // x(t) = t when the x controls are 1/3 and 2/3; y(0,1 controls) = 3t² − 2t³.
    let smooth = Bezier {
        x1: 1.0 / 3.0,
        y1: 0.0,
        x2: 2.0 / 3.0,
        y2: 1.0,
    };
    for (x, want) in [
        (0.1f32, 0.028f32),
        (0.25, 0.15625),
        (0.5, 0.5),
        (0.9, 0.972),
    ] {
        assert!(
            (smooth.eval(x) - want).abs() < 1e-4,
            "{x}: {}",
            smooth.eval(x)
        );
    }
    // MMD's default curve is the identity.
    for x in [0.0, 0.3, 0.77, 1.0] {
        assert!((Bezier::LINEAR.eval(x) - x).abs() < 1e-6);
    }
    // Against dense sampling of the parametric curve, for a steep one.
    let b = Bezier::from_bytes(120, 5, 10, 125);
    let p = |t: f32, a: f32, c: f32| {
        3.0 * (1.0 - t) * (1.0 - t) * t * a + 3.0 * (1.0 - t) * t * t * c + t * t * t
    };
    for i in 1..50 {
        let t = i as f32 / 50.0;
        let (x, y) = (p(t, b.x1, b.x2), p(t, b.y1, b.y2));
        assert!((b.eval(x) - y).abs() < 1e-3, "t {t}: {} vs {y}", b.eval(x));
    }
    // Out of range and NaN inputs are clamped, not propagated.
    assert_eq!(b.eval(-1.0), 0.0);
    assert!((b.eval(2.0) - 1.0).abs() < 1e-6);
    assert_eq!(b.eval(f32::NAN), 0.0);
}

#[test]
fn truncated_and_lying_files_give_errors_with_offsets() {
    let bytes = sample_file();
    for cut in [10, 49, 60, 54 + 111 + 50] {
        let err = read_vmd(&bytes[..cut]).unwrap_err().to_string();
        assert!(err.contains("motion") && err.contains("at byte"), "{err}");
    }
    // A bone count far larger than the file: rejected before allocating.
    let mut lying = bytes[..50].to_vec();
    lying.extend(u32::MAX.to_le_bytes());
    let err = read_vmd(&lying).unwrap_err().to_string();
    assert!(err.contains("bone key count"), "{err}");
    assert!(read_vmd(b"not a motion file at all, really not").is_err());
    // Ending right after the bone section is valid (old files).
    let mut short = bytes[..50].to_vec();
    short.extend(0u32.to_le_bytes());
    assert!(read_vmd(&short).unwrap().morph_keys.is_empty());
}

#[test]
fn real_motion_parses_with_every_key_name_accounted_for() {
    let Some(dir) = hone_testkit::shared_models() else {
        return;
    };
    let motion_dir = dir.join("gene/motion");
    let mut checked = 0;
    for entry in std::fs::read_dir(&motion_dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("vmd") {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        let vmd = read_vmd(&bytes).unwrap();
        assert!(!vmd.bone_keys.is_empty() || !vmd.morph_keys.is_empty());
        for (n, k) in &vmd.bone_keys {
            assert!(
                !n.text.is_empty() && !n.text.contains('\u{FFFD}'),
                "{:?}",
                n
            );
            assert!(k.rotation.is_normalized() && k.translation.is_finite());
        }
        for (n, k) in &vmd.morph_keys {
            assert!(
                !n.text.is_empty() && !n.text.contains('\u{FFFD}'),
                "{:?}",
                n
            );
            assert!(k.weight.is_finite());
        }
        // Every key is either bound to a model element or reported by name:
        // distinct (name, frame) keys of known names = keys on the model's tracks.
        let gene = dir.join("gene/Gene.pmx");
        if let Ok(loaded) = hone_core::pmx::load(&gene) {
            let (m, report) = BoundMotion::bind(&vmd, &loaded.model);
            let known = |keys: Vec<(String, u32)>, unknown: &[String]| {
                let set: std::collections::HashSet<(String, u32)> = keys.into_iter().collect();
                set.iter().filter(|(n, _)| !unknown.contains(n)).count()
            };
            let bone_keys = vmd.bone_keys.iter().map(|(n, k)| (n.text.clone(), k.frame));
            let bound: usize = m.bone_tracks.iter().map(|t| t.len()).sum();
            assert_eq!(bound, known(bone_keys.collect(), &report.unknown_bones));
            let morph_keys = vmd
                .morph_keys
                .iter()
                .map(|(n, k)| (n.text.clone(), k.frame));
            let bound: usize = m.morph_tracks.iter().map(|t| t.len()).sum();
            assert_eq!(bound, known(morph_keys.collect(), &report.unknown_morphs));
            for (n, _) in &vmd.bone_keys {
                // Names longer than the 15-byte field match by their cut Shift-JIS bytes.
                let cut = loaded
                    .model
                    .bones
                    .iter()
                    .any(|b| hone_core::motion::vmd::encode_name(&b.name, 15) == n.raw);
                assert!(
                    loaded.model.bone_index(&n.text).is_some()
                        || cut
                        || report.unknown_bones.contains(&n.text),
                    "{n:?}"
                );
            }
            for (n, _) in &vmd.morph_keys {
                let cut = loaded
                    .model
                    .morphs
                    .iter()
                    .any(|m| hone_core::motion::vmd::encode_name(&m.name, 15) == n.raw);
                assert!(
                    loaded.model.morph_index(&n.text).is_some()
                        || cut
                        || report.unknown_morphs.contains(&n.text),
                    "{n:?}"
                );
            }
            // Gene's own motions name Gene's bones.
            assert!(report.bound_bones > 0 || report.bound_morphs > 0);
        }
        checked += 1;
    }
    assert!(checked >= 1);
}

/// センター: x = frame over keys at 0, 10, 20, 30, 40 (linear); rotation
/// identity until 20, turning to rot_y(1) by 30, then still. まばたき: 0 → 1
/// (0..10), 1 (10..20), 1 → 0 (20..30).
fn stepped_file() -> Vec<u8> {
    let mut v = sjis("Vocaloid Motion Data 0002", 30);
    v.extend(sjis("テスト", 20));
    let turned = Quat::from_rotation_y(1.0);
    let rotations = [
        Quat::IDENTITY,
        Quat::IDENTITY,
        Quat::IDENTITY,
        turned,
        turned,
    ];
    v.extend(5u32.to_le_bytes());
    for (k, q) in rotations.into_iter().enumerate() {
        let frame = 10 * k as u32;
        let t = Vec3::new(frame as f32, 0.0, 0.0);
        v.extend(bone_key(
            "センター",
            frame,
            t,
            q,
            interpolation([LIN; 4], false),
        ));
    }
    v.extend(4u32.to_le_bytes());
    for (frame, w) in [(0, 0.0), (10, 1.0), (20, 1.0), (30, 0.0)] {
        v.extend(morph_key("まばたき", frame, w));
    }
    v.extend([0u8; 16]); // no camera, light, shadow or property keys
    v
}

#[test]
fn sampling_forward_backward_by_jumps_and_in_loops_gives_the_keys_values() {
    let (m, _) = BoundMotion::bind(&read_vmd(&stepped_file()).unwrap(), &model());
    let forward = (0..=180).map(|i| i as f32 * 0.25);
    let backward = (0..=67).map(|i| 45.0 - i as f32 * 0.75);
    let jumps = [
        33.0,
        2.0,
        39.9,
        10.0,
        9.999,
        20.0,
        -1.0,
        100.0,
        15.5,
        f32::NAN,
        31.0,
    ];
    let loops = (0..82).map(|i| (i % 41) as f32);
    let mut pose = Pose::new(&model());
    for f in forward.chain(backward).chain(jumps).chain(loops) {
        let clamped = if f.is_nan() { 0.0 } else { f.clamp(0.0, 40.0) };
        let (r, t) = m.sample_bone(0, f).unwrap();
        assert!((t.x - clamped).abs() < 1e-4, "frame {f}: x {}", t.x);
        if clamped <= 20.0 {
            assert_eq!(r, Quat::IDENTITY, "frame {f}: still between equal keys");
        } else if clamped >= 30.0 {
            // The key's value as read (normalised on reading).
            assert_eq!(r, m.bone_tracks[0][3].rotation, "frame {f}");
            assert!(r.abs_diff_eq(Quat::from_rotation_y(1.0), 1e-6));
        } else {
            let expected = Quat::from_rotation_y((clamped - 20.0) / 10.0);
            assert!(r.abs_diff_eq(expected, 1e-4), "frame {f}: {r}");
        }
        let w = m.sample_morph(0, f).unwrap();
        let expected = match clamped {
            x if x <= 10.0 => x / 10.0,
            x if x <= 20.0 => 1.0,
            x if x <= 30.0 => 1.0 - (x - 20.0) / 10.0,
            _ => 0.0,
        };
        assert!((w - expected).abs() < 1e-5, "frame {f}: weight {w}");
        m.apply_to_pose(f, &mut pose);
        assert_eq!((pose.bones[0].rotation, pose.bones[0].translation), (r, t));
        assert_eq!(pose.morphs[0], w);
    }
}

#[test]
fn a_motion_that_sampled_other_frames_gives_what_a_fresh_one_gives() {
    let (Some(pmx), Some(vmd)) = (
        hone_testkit::shared_model("gene/Gene.pmx"),
        hone_testkit::shared_model("gene/motion/02_laugh.vmd"),
    ) else {
        return;
    };
    let model = hone_core::pmx::load(&pmx).unwrap().model;
    let (fresh, _) = BoundMotion::bind(&hone_core::motion::load_vmd(&vmd).unwrap(), &model);
    let used = fresh.clone();
    let last = fresh.last_frame as f32;
    // Playback, a jump back, scrubbing backwards, seeks, a loop, in-between frames.
    let frames = (0..120)
        .map(|f| f as f32)
        .chain((0..60).map(|f| 200.0 - f as f32 * 1.5))
        .chain([last, 3.0, last + 10.0, -2.0, 77.7, 12.25])
        .chain((0..2 * 40).map(|f| (f % 40) as f32 + 0.5));
    let (mut a, mut b) = (Pose::new(&model), Pose::new(&model));
    for f in frames {
        used.apply_to_pose(f, &mut a);
        fresh.clone().apply_to_pose(f, &mut b);
        assert_eq!(a, b, "frame {f}");
    }
}
