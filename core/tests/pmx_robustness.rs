//! Bad input never panics, never allocates far beyond the file size, and
//! errors name the section and byte offset. Bounded to run in seconds (release).

use hone_core::pmx::read::read_pmx;
use hone_core::pmx::write::{write_pmx, WriteOptions};
use hone_core::pmx::*;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::{Path, PathBuf};

mod seeded_rng;
use seeded_rng::Rng;

// ------------------------------------------------------------------ allocation probe

/// Records the largest single allocation made on the current thread.
struct Probe;

thread_local! {
    static LARGEST: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Probe {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = LARGEST.try_with(|m| m.set(m.get().max(layout.size())));
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let _ = LARGEST.try_with(|m| m.set(m.get().max(new_size)));
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Probe = Probe;

/// Runs `f` and returns its result with the largest single allocation it made.
fn largest_alloc<T>(f: impl FnOnce() -> T) -> (T, usize) {
    LARGEST.with(|m| m.set(0));
    let r = f();
    (r, LARGEST.with(|m| m.get()))
}

// ------------------------------------------------------------------ helpers

fn shared_pmx() -> Vec<(PathBuf, Vec<u8>)> {
    (hone_testkit::shared_model_files(&["pmx"]).into_iter())
        .map(|p| {
            let b = std::fs::read(&p).unwrap();
            (p, b)
        })
        .collect()
}

/// Byte offsets where each section starts (vertices .. soft bodies), found by
/// writing the model with the later sections emptied.
fn section_starts(model: &Model) -> Vec<usize> {
    // The writer refuses a 2.0 header over 2.1 data (the generated QDEF files): measure a twin
    // whose 2.1 data has the same byte size (QDEF → BDEF4, joint kinds and material flags).
    let mut twin = model.clone();
    if twin.header.version == PmxVersion::V2_0 {
        for v in &mut twin.vertices {
            if let Weights::Qdef { bones, weights } = v.weights {
                v.weights = Weights::Bdef4 { bones, weights };
            }
        }
        for m in &mut twin.materials {
            m.flags.0 &= !MaterialFlags::V21_ONLY;
        }
        for j in &mut twin.joints {
            j.kind = JointKind::Spring6Dof;
        }
    }
    let model = &twin;
    let counts_after = |k: usize| {
        4 * (if model.header.version == PmxVersion::V2_1 {
            10
        } else {
            9
        } - k)
    };
    let mut m = model.clone();
    let mut prefixes = Vec::new();
    // Empty everything, then restore one section at a time.
    let full = model.clone();
    m.vertices.clear();
    m.faces.clear();
    m.textures.clear();
    m.materials.clear();
    m.bones.clear();
    m.morphs.clear();
    m.display_frames.clear();
    m.rigid_bodies.clear();
    m.joints.clear();
    m.soft_bodies.clear();
    let len = |m: &Model| write_pmx(m, &WriteOptions::default()).unwrap().len();
    prefixes.push(len(&m) - counts_after(0));
    let steps: [&dyn Fn(&mut Model); 10] = [
        &|m| m.vertices = full.vertices.clone(),
        &|m| m.faces = full.faces.clone(),
        &|m| m.textures = full.textures.clone(),
        &|m| m.materials = full.materials.clone(),
        &|m| m.bones = full.bones.clone(),
        &|m| m.morphs = full.morphs.clone(),
        &|m| m.display_frames = full.display_frames.clone(),
        &|m| m.rigid_bodies = full.rigid_bodies.clone(),
        &|m| m.joints = full.joints.clone(),
        &|m| m.soft_bodies = full.soft_bodies.clone(),
    ];
    for (k, step) in steps.iter().enumerate() {
        step(&mut m);
        if k + 1 < counts_after(0) / 4 {
            prefixes.push(len(&m) - counts_after(k + 1));
        }
    }
    prefixes
}

/// A truncated file is an error naming a byte offset, or, for a 2.1 file cut
/// exactly after the joints, a model with a warning.
fn check_truncated(path: &Path, bytes: &[u8], at: usize) {
    match read_pmx(&bytes[..at]) {
        Err(e) => {
            let msg = e.to_string();
            assert!(
                msg.contains("at byte") || matches!(e, Error::Unsupported(_)),
                "{} cut at {at}: error without location: {msg}",
                path.display()
            );
        }
        Ok(l) => assert!(
            !l.warnings.is_empty(),
            "{} cut at {at} of {} read without complaint",
            path.display(),
            bytes.len()
        ),
    }
}

#[test]
fn every_truncation_is_an_error_not_a_panic() {
    for (path, bytes) in shared_pmx() {
        let model = read_pmx(&bytes).unwrap().model;
        let mut points: Vec<usize> = if bytes.len() <= 64 * 1024 {
            (0..bytes.len()).collect()
        } else {
            // Big files: an even spread, plus every point near each section start.
            let mut p: Vec<usize> = (0..3000).map(|k| k * bytes.len() / 3000).collect();
            for s in section_starts(&model) {
                p.extend(s..(s + 256).min(bytes.len()));
            }
            p.extend(0..1024);
            p
        };
        points.sort_unstable();
        points.dedup();
        for at in points {
            check_truncated(&path, &bytes, at);
        }
    }
}

#[test]
fn section_starts_are_where_the_counts_are() {
    // Guards the helper the truncation test relies on.
    for (path, bytes) in shared_pmx() {
        let model = read_pmx(&bytes).unwrap().model;
        let starts = section_starts(&model);
        let counts = [
            model.vertices.len(),
            model.faces.len() * 3,
            model.textures.len(),
            model.materials.len(),
            model.bones.len(),
            model.morphs.len(),
            model.display_frames.len(),
            model.rigid_bodies.len(),
            model.joints.len(),
            model.soft_bodies.len(),
        ];
        for (s, n) in starts.iter().zip(counts) {
            let stored = i32::from_le_bytes(bytes[*s..*s + 4].try_into().unwrap());
            assert_eq!(stored as usize, n, "{} section at {s:#x}", path.display());
        }
    }
}

#[test]
fn random_mutations_never_panic_and_stay_bounded() {
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    for (path, bytes) in shared_pmx() {
        let tries = match bytes.len() {
            0..=65_536 => 3000,
            65_537..=1_000_000 => 1000,
            _ => 400,
        };
        let mut buf = bytes.clone();
        for t in 0..tries {
            buf.copy_from_slice(&bytes);
            let flips = 1 + rng.below(4);
            for _ in 0..flips {
                // Half the mutations hit the first 4 KiB (header, counts, names).
                let at = if rng.below(2) == 0 {
                    rng.below(buf.len().min(4096))
                } else {
                    rng.below(buf.len())
                };
                buf[at] = match rng.below(4) {
                    0 => 0xff,
                    1 => 0x7f,
                    2 => 0,
                    _ => rng.next() as u8,
                };
            }
            let (result, largest) = largest_alloc(|| read_pmx(&buf));
            assert!(
                largest <= 8 * buf.len() + (1 << 16),
                "{} mutation {t}: a {largest}-byte allocation for a {}-byte file",
                path.display(),
                buf.len()
            );
            if let Ok(loaded) = result {
                // Whatever reads must write, and writing is a fixed point.
                // Through the save rule (a 2.0 header over 2.1 data is written as 2.1).
                let opts =
                    hone_core::pmx::needs::plan_save(&loaded.model, &WriteOptions::default())
                        .unwrap()
                        .options;
                let once = write_pmx(&loaded.model, &opts).unwrap_or_else(|e| {
                    panic!("{} mutation {t}: write failed: {e}", path.display())
                });
                let again = read_pmx(&once).unwrap_or_else(|e| {
                    panic!("{} mutation {t}: re-read failed: {e}", path.display())
                });
                let twice = write_pmx(&again.model, &opts).unwrap();
                assert!(
                    once == twice,
                    "{} mutation {t}: write(read(write)) differs",
                    path.display()
                );
            }
        }
    }
}

// ------------------------------------------------------------------ hand-made evil inputs

fn header(version: f32, utf8: bool, sizes: [u8; 6]) -> Vec<u8> {
    let mut b = b"PMX ".to_vec();
    b.extend(version.to_le_bytes());
    b.push(8);
    b.push(utf8 as u8);
    b.push(0);
    b.extend(sizes);
    b
}

fn text(b: &mut Vec<u8>, s: &str) {
    b.extend((s.len() as i32).to_le_bytes());
    b.extend(s.as_bytes());
}

/// A UTF-8 2.0 file up to (and without) the vertex count.
fn prefix() -> Vec<u8> {
    let mut b = header(2.0, true, [1; 6]);
    for s in ["m", "", "", ""] {
        text(&mut b, s);
    }
    b
}

fn count(b: &mut Vec<u8>, n: i32) {
    b.extend(n.to_le_bytes());
}

/// An empty model (all counts zero) as bytes.
fn empty_file() -> Vec<u8> {
    let mut b = prefix();
    for _ in 0..9 {
        count(&mut b, 0);
    }
    b
}

fn expect_err(bytes: &[u8], needles: &[&str]) -> String {
    let (r, largest) = largest_alloc(|| read_pmx(bytes));
    let e = r.expect_err("must fail").to_string();
    for n in needles {
        assert!(e.contains(n), "error {e:?} should mention {n:?}");
    }
    assert!(
        largest < 1 << 20,
        "{largest}-byte allocation for a {}-byte file",
        bytes.len()
    );
    e
}

#[test]
fn huge_counts_fail_fast_without_allocating() {
    for n in [0x7fff_ffff, 0x1000_0000, 1 << 20] {
        let mut b = prefix();
        count(&mut b, n);
        b.extend([0u8; 64]);
        expect_err(&b, &["vertex", "count", "at byte 0x"]);
    }
    // Every later section, too.
    let sections = [
        "face",
        "texture",
        "material",
        "bone",
        "morph",
        "display frame",
        "rigid body",
        "joint",
    ];
    for (k, name) in sections.iter().enumerate() {
        let mut b = prefix();
        for _ in 0..=k {
            count(&mut b, 0);
        }
        count(&mut b, 0x7fff_fff0);
        b.extend([0u8; 32]);
        expect_err(&b, &[name, "at byte"]);
    }
    let mut b = prefix();
    count(&mut b, -5);
    expect_err(&b, &["vertex", "negative"]);
}

#[test]
fn huge_inner_counts_and_text_lengths_fail_fast() {
    // A text length far beyond the file.
    let mut b = header(2.0, true, [1; 6]);
    b.extend(0x7fff_ffffi32.to_le_bytes());
    expect_err(&b, &["model info", "end of file"]);
    // A morph with 2^31-1 offsets.
    let mut b = prefix();
    for _ in 0..5 {
        count(&mut b, 0);
    }
    count(&mut b, 1);
    text(&mut b, "まばたき");
    text(&mut b, "");
    b.push(4); // panel
    b.push(1); // vertex morph
    count(&mut b, 0x7fff_ffff);
    b.extend([0u8; 40]);
    let e = expect_err(&b, &["morph 0 (まばたき)", "offset count"]);
    assert!(e.contains("at byte 0x"), "{e}");
    // A bone with an IK link count far beyond the file.
    let mut b = prefix();
    for _ in 0..4 {
        count(&mut b, 0);
    }
    count(&mut b, 1);
    text(&mut b, "右足ＩＫ");
    text(&mut b, "");
    b.extend([0u8; 12]); // position
    b.push(0xff); // parent -1
    count(&mut b, 0); // layer
    b.extend((BoneFlags::IK | BoneFlags::ROTATABLE).to_le_bytes());
    b.extend([0u8; 12]); // tail offset
    b.push(0); // IK target
    count(&mut b, 40);
    b.extend(1.0f32.to_le_bytes());
    count(&mut b, 0x4000_0000);
    b.extend([0u8; 16]);
    expect_err(&b, &["bone 0 (右足ＩＫ)", "IK link count"]);
}

#[test]
fn header_problems_are_refused_clearly() {
    expect_err(b"", &["header", "too short"]);
    expect_err(b"Pmd\0", &["not a PMX file"]);
    let mut old = b"Pmx ".to_vec();
    old.extend(1.0f32.to_le_bytes());
    expect_err(&old, &["PMX 1.0"]);
    expect_err(&header(2.2, false, [1; 6]), &["version 2.2"]);
    expect_err(&header(1.0, false, [1; 6]), &["version 1"]);
    let mut b = header(2.0, false, [1, 1, 3, 1, 1, 1]);
    b.extend([0u8; 64]);
    expect_err(&b, &["material index size 3"]);
    let mut b = header(2.0, false, [1; 6]);
    b[9] = 2; // encoding
    expect_err(&b, &["text encoding 2"]);
    let mut b = header(2.0, false, [1; 6]);
    b[10] = 5; // additional UVs
    expect_err(&b, &["additional UV count 5"]);
    let mut b = header(2.0, false, [1; 6]);
    b[8] = 4; // fewer globals than PMX needs
    expect_err(&b, &["4 globals"]);
}

#[test]
fn empty_model_reads_and_trailing_bytes_warn() {
    let b = empty_file();
    let l = read_pmx(&b).unwrap();
    assert!(l.warnings.is_empty());
    assert_eq!(l.model.info.name, "m");
    assert_eq!(write_pmx(&l.model, &WriteOptions::default()).unwrap(), b);
    let mut t = b.clone();
    t.extend(b"junk");
    let l = read_pmx(&t).unwrap();
    assert_eq!(l.warnings.len(), 1);
    assert!(
        l.warnings[0]
            .message
            .contains("4 bytes after the last section"),
        "{:?}",
        l.warnings
    );
    assert_eq!(l.warnings[0].offset, b.len());
    // The bytes are kept as plain data and written back: the file saves byte-identical.
    assert_eq!(l.model.trailing_bytes, b"junk");
    assert_eq!(write_pmx(&l.model, &WriteOptions::default()).unwrap(), t);
}

#[test]
fn a_2_1_file_without_a_soft_body_section_reads_with_a_warning() {
    let mut b = header(2.1, true, [1; 6]);
    for s in ["m", "", "", ""] {
        text(&mut b, s);
    }
    for _ in 0..9 {
        count(&mut b, 0);
    }
    let l = read_pmx(&b).unwrap();
    assert_eq!(l.model.header.version, PmxVersion::V2_1);
    assert!(
        l.warnings.iter().any(|w| w.message.contains("soft-body")),
        "{:?}",
        l.warnings
    );
}

#[test]
fn invalid_text_is_decoded_lossily_with_a_warning() {
    // UTF-16 with an unpaired surrogate, and an odd byte length.
    let mut b = header(2.0, false, [1; 6]);
    let bad: [u8; 4] = [0x00, 0xd8, 0x41, 0x00]; // D800 'A'
    b.extend(4i32.to_le_bytes());
    b.extend(bad);
    b.extend(3i32.to_le_bytes());
    b.extend([0x41, 0x00, 0x42]);
    b.extend(0i32.to_le_bytes());
    b.extend(0i32.to_le_bytes());
    for _ in 0..9 {
        count(&mut b, 0);
    }
    let l = read_pmx(&b).unwrap();
    assert_eq!(l.model.info.name, "\u{fffd}A");
    assert!(l.model.info.name_en.starts_with('A'));
    assert_eq!(l.warnings.len(), 2, "{:?}", l.warnings);
    // Invalid UTF-8.
    let mut b = header(2.0, true, [1; 6]);
    b.extend(2i32.to_le_bytes());
    b.extend([0xff, 0x41]);
    for _ in 0..3 {
        b.extend(0i32.to_le_bytes());
    }
    for _ in 0..9 {
        count(&mut b, 0);
    }
    let l = read_pmx(&b).unwrap();
    assert_eq!(l.model.info.name, "\u{fffd}A");
    assert_eq!(l.warnings.len(), 1);
    assert!(l.warnings[0].message.contains("UTF-8"));
    assert_eq!(l.warnings[0].section, "model info");
}

#[test]
fn errors_name_section_element_and_offset() {
    // One bone named 右ひじ whose flag word asks for data that is not there.
    let mut b = prefix();
    for _ in 0..4 {
        count(&mut b, 0);
    }
    count(&mut b, 2);
    for name in ["センター", "右ひじ"] {
        text(&mut b, name);
        text(&mut b, "");
        b.extend([0u8; 12]);
        b.push(0xff);
        count(&mut b, 0);
        b.extend(0x001eu16.to_le_bytes());
        b.extend([0u8; 12]);
    }
    let good = b.len();
    b.truncate(good - 5); // cut the second bone's tail offset
    let e = read_pmx(&b).unwrap_err();
    let msg = e.to_string();
    assert!(
        msg.starts_with("bone 1 (右ひじ): unexpected end of file"),
        "{msg}"
    );
    match e {
        Error::Parse { location, .. } => {
            assert_eq!(location.section, Section::Bone);
            assert_eq!(location.index, Some(1));
            assert_eq!(location.offset, good - 12);
            assert!(msg.ends_with(&format!("at byte {:#x}", good - 12)), "{msg}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn out_of_range_indices_still_load_and_round_trip() {
    // Bone parent 400 (2-byte bone indices) with only 1 bone, and a face to a missing vertex.
    let mut b = header(2.0, true, [1, 1, 1, 2, 1, 1]);
    for s in ["m", "", "", ""] {
        text(&mut b, s);
    }
    count(&mut b, 0); // vertices
    count(&mut b, 3);
    b.extend([7, 8, 9]); // faces to vertices that do not exist
    count(&mut b, 0);
    count(&mut b, 0);
    count(&mut b, 1);
    text(&mut b, "b");
    text(&mut b, "");
    b.extend([0u8; 12]);
    b.extend(400i16.to_le_bytes());
    count(&mut b, 0);
    b.extend(0x001eu16.to_le_bytes());
    b.extend([0u8; 12]);
    for _ in 0..4 {
        count(&mut b, 0);
    }
    let l = read_pmx(&b).unwrap();
    assert_eq!(l.model.bones[0].parent, 400);
    assert_eq!(l.model.faces, vec![[7, 8, 9]]);
    assert_eq!(write_pmx(&l.model, &WriteOptions::default()).unwrap(), b);
}

#[test]
fn signedness_follows_the_spec() {
    // 1-byte bone 0xFF = -1; 1-byte vertex 0xFF = 255; 2-byte vertex 0xFFFF = 65535.
    for (vsize, raw, want) in [
        (1u8, vec![0xffu8, 0xff, 0xff], 255),
        (2, vec![0xff; 6], 65535),
    ] {
        let mut b = header(2.0, true, [vsize, 1, 1, 1, 1, 1]);
        for s in ["", "", "", ""] {
            text(&mut b, s);
        }
        count(&mut b, 0);
        count(&mut b, 3);
        b.extend(&raw);
        for _ in 0..7 {
            count(&mut b, 0);
        }
        let l = read_pmx(&b).unwrap();
        assert_eq!(l.model.faces, vec![[want; 3]]);
        assert_eq!(write_pmx(&l.model, &WriteOptions::default()).unwrap(), b);
    }
    // A rigid body whose 1-byte bone index 0xFF means "no bone".
    let mut b = prefix();
    for _ in 0..7 {
        count(&mut b, 0);
    }
    count(&mut b, 1);
    text(&mut b, "r");
    text(&mut b, "");
    b.push(0xff);
    b.extend([0u8; 3 + 1 + 36 + 20 + 1]);
    count(&mut b, 0);
    let l = read_pmx(&b).unwrap();
    assert_eq!(l.model.rigid_bodies[0].bone, -1);
}
