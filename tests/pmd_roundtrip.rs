//! PMD → PMX: the converted model writes, reads back unchanged and rewrites
//! to the same bytes; `hone convert` does it from the command line; and
//! Gene.pmd agrees with its conversion partner Gene.pmx where PMD can.

use glam::Vec3;
use hone::pmx::pmd::read_pmd;
use hone::pmx::read::read_pmx;
use hone::pmx::write::{write_pmx, WriteOptions};
use hone::pmx::{Model, MorphOffsets};

fn shared(rel: &str) -> Option<std::path::PathBuf> {
    hone_testkit::shared_model(rel)
}

const PMDS: [&str; 2] = ["mei/mei.pmd", "gene/Gene.pmd"];

fn convert(rel: &str) -> Option<Model> {
    let bytes = std::fs::read(shared(rel)?).unwrap();
    Some(read_pmd(&bytes).unwrap().model)
}

#[test]
fn converted_pmd_writes_reads_back_and_rewrites_identically() {
    for rel in PMDS {
        let Some(model) = convert(rel) else { return };
        let first = write_pmx(&model, &WriteOptions::default()).unwrap();
        assert_eq!(&first[..4], b"PMX ");
        assert_eq!(f32::from_le_bytes(first[4..8].try_into().unwrap()), 2.0);
        let back = read_pmx(&first).unwrap();
        assert!(back.warnings.is_empty(), "{rel}: {:?}", back.warnings);
        // The header's index sizes are the ones the writer picks: nothing changes.
        assert_eq!(back.model, model, "{rel}: read back differs");
        let second = write_pmx(&back.model, &WriteOptions::default()).unwrap();
        assert!(first == second, "{rel}: second write differs");
    }
}

#[test]
fn hone_convert_turns_mei_pmd_into_pmx() {
    let Some(input) = shared("mei/mei.pmd") else {
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let output = dir.path().join("mei.pmx");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_hone"))
        .arg("convert")
        .arg(&input)
        .arg(&output)
        .status()
        .unwrap();
    assert!(status.success());
    let written = std::fs::read(&output).unwrap();
    let expected = convert("mei/mei.pmd").unwrap();
    assert_eq!(read_pmx(&written).unwrap().model, expected);
    assert_eq!(
        written,
        write_pmx(&expected, &WriteOptions::default()).unwrap()
    );
}

/// Gene.pmx is the original, Gene.pmd its PMD export: what PMD can hold must
/// survive PMD → PMX. Known, expected differences (PMD cannot express them):
/// BDEF4 weights (PMD has two bones), bone tails given as offsets, bone flags
/// beyond PMD's bone types, hand-set deform layers, IK limits other than the
/// knee rule, PMX-only morph kinds, morph names over 20 bytes, material names
/// and flags other than edge/shadow/alpha.
#[test]
fn gene_pmd_matches_gene_pmx_where_pmd_can() {
    let (Some(pmd), Some(pmx_path)) = (convert("gene/Gene.pmd"), shared("gene/Gene.pmx")) else {
        return;
    };
    let pmx = read_pmx(&std::fs::read(pmx_path).unwrap()).unwrap().model;

    assert_eq!(pmd.info.name, pmx.info.name);
    assert_eq!(pmd.vertices.len(), pmx.vertices.len());
    for (i, (a, b)) in pmd.vertices.iter().zip(&pmx.vertices).enumerate() {
        assert!(
            (a.position - b.position).abs().max_element() < 1e-5,
            "vertex {i}"
        );
        assert!(
            (a.normal - b.normal).abs().max_element() < 1e-5,
            "normal {i}"
        );
        assert!((a.uv - b.uv).abs().max_element() < 1e-5, "uv {i}");
        assert_eq!(a.edge_scale, b.edge_scale, "edge {i}");
        // The heaviest bone agrees whatever the weight kind.
        let heaviest = |w: &hone::pmx::Weights| {
            let (bones, weights, n) = w.bone_weights();
            let k = (0..n)
                .max_by(|&x, &y| weights[x].total_cmp(&weights[y]))
                .unwrap();
            (bones[k], weights[k])
        };
        let (ba, wa) = heaviest(&a.weights);
        let (bb, wb) = heaviest(&b.weights);
        if wb > 0.55 {
            assert_eq!(ba, bb, "vertex {i} main bone");
        }
        let _ = wa;
    }
    assert_eq!(pmd.faces, pmx.faces);
    assert_eq!(pmd.textures, pmx.textures);
    assert_eq!(pmd.materials.len(), pmx.materials.len());
    for (a, b) in pmd.materials.iter().zip(&pmx.materials) {
        assert_eq!(a.texture, b.texture);
        assert_eq!(a.face_index_count, b.face_index_count);
        assert_eq!(a.diffuse.truncate(), b.diffuse.truncate());
        assert_eq!(a.ambient, b.ambient);
        assert_eq!(a.toon, b.toon);
    }

    assert_eq!(pmd.bones.len(), pmx.bones.len());
    for (a, b) in pmd.bones.iter().zip(&pmx.bones) {
        assert_eq!(a.name, b.name);
        assert_eq!(a.parent, b.parent, "{}", a.name);
        assert!(
            (a.position - b.position).abs().max_element() < 1e-5,
            "{}",
            a.name
        );
        assert_eq!(a.ik.is_some(), b.ik.is_some(), "{}", a.name);
        if let (Some(x), Some(y)) = (&a.ik, &b.ik) {
            assert_eq!(
                (x.target, x.loop_count),
                (y.target, y.loop_count),
                "{}",
                a.name
            );
            assert!((x.limit_angle - y.limit_angle).abs() < 1e-5, "{}", a.name);
            let links = |ik: &hone::pmx::Ik| ik.links.iter().map(|l| l.bone).collect::<Vec<_>>();
            assert_eq!(links(x), links(y), "{}", a.name);
        }
        assert_eq!(a.append.is_some(), b.append.is_some(), "{}", a.name);
        if let (Some(x), Some(y)) = (a.append, b.append) {
            assert_eq!(x.parent, y.parent, "{}", a.name);
            assert!((x.ratio - y.ratio).abs() < 1e-6, "{}", a.name);
        }
        assert_eq!(a.fixed_axis.is_some(), b.fixed_axis.is_some(), "{}", a.name);
        if let (Some(x), Some(y)) = (a.fixed_axis, b.fixed_axis) {
            assert!((x - y).length() < 1e-4, "{}", a.name);
        }
    }

    // Vertex morphs: same offsets on the same vertices (names cut to 20 bytes).
    let mut compared = 0;
    for m in &pmd.morphs {
        let Some(p) = pmx.morphs.iter().find(|p| p.name == m.name) else {
            continue;
        };
        let (MorphOffsets::Vertex(a), MorphOffsets::Vertex(b)) = (&m.offsets, &p.offsets) else {
            continue;
        };
        let key = |o: &[hone::pmx::VertexOffset]| {
            let mut v: Vec<(i32, [i32; 3])> = o
                .iter()
                .map(|o| (o.vertex, (o.offset * 1e4).round().as_ivec3().to_array()))
                .collect();
            v.sort();
            v
        };
        assert_eq!(key(a), key(b), "morph {}", m.name);
        assert_eq!(m.panel, p.panel, "morph {}", m.name);
        compared += 1;
    }
    assert!(compared >= 170, "{compared} vertex morphs compared");

    assert_eq!(pmd.rigid_bodies.len(), pmx.rigid_bodies.len());
    for (a, b) in pmd.rigid_bodies.iter().zip(&pmx.rigid_bodies) {
        assert_eq!(a.name, b.name);
        assert_eq!(
            (a.bone, a.group, a.collision_mask),
            (b.bone, b.group, b.collision_mask)
        );
        assert_eq!((a.shape, a.mode), (b.shape, b.mode), "{}", a.name);
        // PMD stores bone-relative positions: absolute after conversion.
        assert!(
            (a.position - b.position).abs().max_element() < 1e-4,
            "{}",
            a.name
        );
        assert!(
            (a.rotation - b.rotation).abs().max_element() < 1e-5,
            "{}",
            a.name
        );
        assert!((a.size - b.size).abs().max_element() < 1e-5, "{}", a.name);
        let v = |r: &hone::pmx::RigidBody| {
            Vec3::new(r.mass, r.linear_damping, r.angular_damping).extend(r.friction)
        };
        assert!((v(a) - v(b)).abs().max_element() < 1e-5, "{}", a.name);
    }
    assert_eq!(pmd.joints, {
        let mut j = pmx.joints.clone();
        j.iter_mut().for_each(|j| j.name_en.clear());
        j
    });
}

/// The rig checker finds nothing the conversion caused: no index, cycle,
/// deform-order or IK errors. (Gene's overlapping rigid bodies are its own:
/// Gene.pmx has the same ones.)
#[test]
fn converted_pmds_pass_the_rig_checker() {
    use hone::check::{check_model, CheckContext, Severity};
    for rel in PMDS {
        let Some(model) = convert(rel) else { continue };
        let problems = check_model(&model, &CheckContext::default());
        let errors: Vec<_> = problems
            .iter()
            .filter(|p| p.severity == Severity::Error && p.code != "E-BODY-OVERLAP")
            .map(|p| format!("{} {}", p.code, p.message))
            .collect();
        assert!(errors.is_empty(), "{rel}: {errors:#?}");
    }
}
