//! Hone's physics against the Bullet reference on every shared model with bodies driven by
//! physics, at rest and under every shared motion that binds to it. The reference rotations
//! live in core/tests/data/physics_oracle (made once by scripts/physics_oracle_refs.py from
//! shared/oracles/bullet; no node here): per case Bullet's run, its 1/120 s-step run (the
//! noise floor: Bullet's own spread) and its run without physics, every 5th frame of 5 s,
//! for the bones physics drives (bodies' bones and their body-less descendants).
//!
//! Per bone group (compare.py's grouping), as core/tests/physics_oracle.rs measures Gene:
//! - settle: per bone the rotation error averaged over the last second, median over the
//!   group; must be ≤ floor + 0.5°;
//! - first second: per frame the group median of the rotation error, averaged over the
//!   first second; must be ≤ 2 × floor + 0.5°;
//! - swing: per bone the mean angle between physics on and off, mean over the group; Hone's
//!   must be within ±15 % of Bullet's, or within Bullet's own spread (its 1/120 s run's
//!   swing) where that is wider. A swing under 0.5° is noise and not compared.
//!
//! The cloak's weights (錘) are long rigid levers, chaotic in every engine: reported only.
//! The generated cases (rigs and motions from core/examples/physics_cases.rs, committed under
//! tests/data/physics_oracle/generated) cover what the shared models do not; they run even
//! when the shared models are absent (the others are then skipped, recorded by
//! `hone_testkit::skip`).

use hone_core::deform::Pose;
use hone_core::motion::{load_vmd, BoundMotion};
use hone_core::physics::PhysicsConfig;
use hone_core::sim::{run, RunOptions, Trace};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A group whose settled pose in Bullet's 1/120 s run is more than this from its 1/60 s run
/// is chaotic in Bullet itself (the generated rigs after a teleport; every shared group stays
/// under 6.1°): its settle and first-second errors are reported, not asserted.
const CHAOTIC_FLOOR_DEG: f64 = 10.0;

/// Differences not yet understood: (case, group, why). Reported with their figures but not
/// asserted; an entry that meets every criterion fails the test, so the list only shrinks.
const OPEN: &[(&str, &str, &str)] = &[
    // Not physics: the reference's animation. With physics off, babylon-mmd plays Gene.pmd's
    // 回転連動 bones (PMD bone type 9: 右肩連, 横クローク2_1…5_1 hanging the cloak) as if
    // unlinked — off from its own Gene.pmx by ratio × the source's turn (21.8° on
    // 横クローク5_1, ratio −50 %), where Hone's PMD and PMX agree within 0.02° — and leaves
    // both ankles 0.5 units from their leg IK targets for the whole motion (Hone's PMD 0.04,
    // either PMX 0.03). The cloak hangs from those bones, so it starts 4–22° away at frame 0,
    // before any step. Measured 2026-11-27 with sim.mjs --no-physics.
    (
        "gene_pmd_02_laugh",
        "cloak",
        "the reference plays Gene.pmd's 回転連動 bones and leg IK differently (not physics)",
    ),
    // A mode-1 body of mass 0 (胸飾り): Bullet makes it a static body that stays where it
    // was placed, so its bone stays put in the world while the upper body turns (60° swing);
    // Hone keeps it on its bone (rules::body_role, with a load note), a choice made before
    // these cases, not yet settled.
    ("gen_mixed_swing", "chest", ZERO_MASS),
    ("gen_mixed_switch_mixed", "chest", ZERO_MASS),
    ("gen_mixed_old", "chest", ZERO_MASS),
    // A lone mode-2 body falling from rest on translation springs: the reference's first
    // step moves no body (every body of the run shows its first motion a frame later than
    // in Hone), which only a body that starts away from its rest shows: 5.7° in the first
    // second, settled within 0.7°. Not found in sim.mjs's stepping; not a rule of Hone's.
    ("gen_chains_rest", "ribbon", LATE_START),
    ("gen_chains_pmd_rest", "ribbon", LATE_START),
    // The skirt hanging from the IK-driven knee swings 15 % less than Bullet's after the
    // fast swing and teleport (Bullet's own 1/120 s run: 9 % less). Not understood.
    (
        "gen_mixed_swing",
        "skirt",
        "skirt on the IK knee after the teleport: 15 % less swing",
    ),
    (
        "gen_mixed_old",
        "skirt",
        "skirt on the IK knee after the teleport: 15 % less swing",
    ),
    // The mode-1 sleeve whose physics the motion turns off (frames 10–25) and on again
    // swings 22 % less than Bullet's (its 1/120 s run: 17 % less). How MMD resumes a body
    // after the switch is a decision (PhysicsWorld::set_physics_switches); not yet compared
    // body by body.
    (
        "gen_mixed_switch_mixed",
        "other",
        "the sleeve after its physics switch: 22 % less swing",
    ),
];

const ZERO_MASS: &str = "zero-mass body: static in Bullet, on its bone in Hone";
const LATE_START: &str = "the reference starts one step late (a free-falling body shows it)";

#[derive(Deserialize)]
struct Index {
    every: usize,
    seconds: f32,
    runs: Vec<String>,
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    case: String,
    model: String,
    motion: Option<String>,
    fps: f32,
    frames: Vec<usize>,
    bones: Vec<CaseBone>,
    /// Made by core/examples/physics_cases.rs: model and motion paths are relative to the
    /// data folder, and the case runs without the shared models.
    #[serde(default)]
    generated: bool,
}

#[derive(Deserialize)]
struct CaseBone {
    index: usize,
    name: String,
    group: String,
}

/// Rotations per run, frame and bone: `[run][frame][bone]`.
type Rotations = Vec<Vec<Vec<glam::DQuat>>>;

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/physics_oracle")
}

fn read_rotations(case: &Case, runs: usize) -> Rotations {
    let path = data_dir().join(format!("{}.bin", case.case));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let (nf, nb) = (case.frames.len(), case.bones.len());
    assert_eq!(bytes.len(), runs * nf * nb * 6, "{}", path.display());
    let mut values = bytes
        .chunks_exact(2)
        .map(|c| i16::from_le_bytes([c[0], c[1]]) as f64 / 32767.0);
    let mut next = || values.next().unwrap();
    (0..runs)
        .map(|_| {
            (0..nf)
                .map(|_| {
                    (0..nb)
                        .map(|_| {
                            let (x, y, z) = (next(), next(), next());
                            let w = (1.0 - x * x - y * y - z * z).max(0.0).sqrt();
                            glam::DQuat::from_xyzw(x, y, z, w)
                        })
                        .collect()
                })
                .collect()
        })
        .collect()
}

/// Hone's rotations of the case's bones at the case's frames.
fn hone_rotations(trace: &Trace, case: &Case) -> Vec<Vec<glam::DQuat>> {
    case.frames
        .iter()
        .map(|&k| {
            let f = trace
                .frame(k)
                .unwrap_or_else(|| panic!("{}: Hone has no frame {k}", case.case));
            case.bones
                .iter()
                .map(|b| {
                    let e = &f.bone[b.index];
                    glam::DQuat::from_xyzw(e[3] as f64, e[4] as f64, e[5] as f64, e[6] as f64)
                        .normalize()
                })
                .collect()
        })
        .collect()
}

fn angle_deg(a: glam::DQuat, b: glam::DQuat) -> f64 {
    let d = a.inverse() * b;
    2.0 * d.xyz().length().atan2(d.w.abs()).to_degrees()
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    match n {
        0 => f64::NAN,
        _ if n % 2 == 1 => xs[n / 2],
        _ => (xs[n / 2 - 1] + xs[n / 2]) / 2.0,
    }
}

/// The three figures of one group, comparing `a` against `b` (settle, first second), and
/// the swing of `on` against `off`.
struct Metrics<'a> {
    case: &'a Case,
    members: Vec<usize>,
}

impl Metrics<'_> {
    fn settle(&self, a: &[Vec<glam::DQuat>], b: &[Vec<glam::DQuat>]) -> f64 {
        let last = *self.case.frames.last().unwrap();
        let from = last.saturating_sub(self.case.fps.round() as usize);
        let frames: Vec<usize> = (0..self.case.frames.len())
            .filter(|&f| self.case.frames[f] >= from)
            .collect();
        median(
            self.members
                .iter()
                .map(|&i| {
                    frames
                        .iter()
                        .map(|&f| angle_deg(a[f][i], b[f][i]))
                        .sum::<f64>()
                        / frames.len() as f64
                })
                .collect(),
        )
    }

    fn first_second(&self, a: &[Vec<glam::DQuat>], b: &[Vec<glam::DQuat>]) -> f64 {
        let end = self.case.fps.round() as usize;
        let frames: Vec<usize> = (0..self.case.frames.len())
            .filter(|&f| (1..=end).contains(&self.case.frames[f]))
            .collect();
        frames
            .iter()
            .map(|&f| {
                median(
                    self.members
                        .iter()
                        .map(|&i| angle_deg(a[f][i], b[f][i]))
                        .collect(),
                )
            })
            .sum::<f64>()
            / frames.len() as f64
    }

    fn swing(&self, on: &[Vec<glam::DQuat>], off: &[Vec<glam::DQuat>]) -> f64 {
        let frames: Vec<usize> = (0..self.case.frames.len())
            .filter(|&f| self.case.frames[f] >= 1)
            .collect();
        self.members
            .iter()
            .map(|&i| {
                frames
                    .iter()
                    .map(|&f| angle_deg(on[f][i], off[f][i]))
                    .sum::<f64>()
                    / frames.len() as f64
            })
            .sum::<f64>()
            / self.members.len() as f64
    }
}

fn hone_run(
    model: &hone_core::pmx::Model,
    motion: Option<&BoundMotion>,
    physics: bool,
    index: &Index,
) -> Trace {
    let r = run(
        model,
        PhysicsConfig::default(),
        &Pose::new(model),
        motion,
        &RunOptions {
            seconds: index.seconds,
            fps: 60.0,
            physics,
            trace_every: Some(index.every),
            ..Default::default()
        },
    );
    assert_eq!(r.nan_count, 0, "non-finite bodies");
    r.trace.unwrap()
}

#[test]
fn every_shared_model_and_motion_stays_within_bullets_own_spread() {
    // Without the shared models only the generated cases run (the skip is logged).
    let shared = hone_testkit::shared_models();
    let index: Index =
        serde_json::from_slice(&std::fs::read(data_dir().join("index.json")).unwrap()).unwrap();
    assert_eq!(index.runs, ["on", "on_120", "off"]);
    assert!(index.cases.len() >= 20, "{} cases", index.cases.len());
    let mut failures = Vec::new();
    let mut models: BTreeMap<&str, hone_core::pmx::Model> = BTreeMap::new();
    for case in &index.cases {
        let base = match (&shared, case.generated) {
            (_, true) => data_dir(),
            (Some(shared), false) => shared.clone(),
            (None, false) => continue,
        };
        let model = models.entry(&case.model).or_insert_with(|| {
            hone_core::pmx::load(base.join(&case.model))
                .unwrap_or_else(|e| panic!("{}: {e}", case.model))
                .model
        });
        for b in &case.bones {
            assert_eq!(model.bones[b.index].name, b.name, "{}", case.case);
        }
        let bound = case.motion.as_ref().map(|m| {
            let vmd = load_vmd(base.join(m)).unwrap();
            BoundMotion::bind(&vmd, model).0
        });
        let reference = read_rotations(case, index.runs.len());
        let (on, on_120, off) = (&reference[0], &reference[1], &reference[2]);
        let hone_on = hone_rotations(&hone_run(model, bound.as_ref(), true, &index), case);
        let hone_off = hone_rotations(&hone_run(model, bound.as_ref(), false, &index), case);
        let mut groups: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
        for (i, b) in case.bones.iter().enumerate() {
            groups.entry(&b.group).or_default().push(i);
        }
        eprintln!(
            "{}: group   settle° (floor)   first s° (floor)   swing° hone / bullet = ratio (bullet 1/120 ratio)",
            case.case
        );
        for (group, members) in groups {
            let m = Metrics { case, members };
            let settle = m.settle(on, &hone_on);
            let settle_floor = m.settle(on, on_120);
            let first = m.first_second(on, &hone_on);
            let first_floor = m.first_second(on, on_120);
            let swing_hone = m.swing(&hone_on, &hone_off);
            let swing_ref = m.swing(on, off);
            let swing_120 = m.swing(on_120, off);
            let ratio = swing_hone / swing_ref;
            let spread = (swing_120 / swing_ref - 1.0).abs().max(0.15);
            eprintln!(
                "  {group:<8} {settle:6.2} ({settle_floor:5.2})   {first:6.2} ({first_floor:5.2})   {swing_hone:6.2} / {swing_ref:6.2} = {ratio:.2} ({:.2})",
                swing_120 / swing_ref
            );
            if group == "weight" {
                continue;
            }
            let name = format!("{} {group}", case.case);
            let mut misses = Vec::new();
            // Bullet's own two runs end this far apart: the group has no one rest after the
            // motion, so where a run ends says nothing (only the swing is compared).
            let chaotic = settle_floor > CHAOTIC_FLOOR_DEG;
            if chaotic {
                eprintln!(
                    "  chaotic in Bullet itself (floor {settle_floor:.2}° > {CHAOTIC_FLOOR_DEG}°): settle and first second not asserted"
                );
            }
            if !chaotic && settle > settle_floor + 0.5 {
                misses.push(format!(
                    "{name}: settled error {settle:.2}° > floor {settle_floor:.2}° + 0.5°"
                ));
            }
            if !chaotic && first > 2.0 * first_floor + 0.5 {
                misses.push(format!(
                    "{name}: first-second error {first:.2}° > 2 × floor {first_floor:.2}° + 0.5°"
                ));
            }
            if swing_ref > 0.5 && (ratio - 1.0).abs() > spread {
                misses.push(format!(
                    "{name}: swing {swing_hone:.2}° vs Bullet's {swing_ref:.2}° (ratio {ratio:.2}, allowed ±{spread:.2})"
                ));
            }
            match OPEN.iter().find(|(c, g, _)| *c == case.case && *g == group) {
                Some((_, _, why)) if misses.is_empty() => failures.push(format!(
                    "{name} now meets every criterion: take it off the open list ({why})"
                )),
                Some((_, _, why)) => {
                    eprintln!("  open, not asserted ({why}): {}", misses.join("; "))
                }
                None => failures.extend(misses),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
