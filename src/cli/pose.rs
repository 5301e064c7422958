//! `hone pose MODEL POSE.json` / `hone pose MODEL --vpd P.vpd`: evaluate a pose with
//! physics off and print bone world matrices (column-major) and skinned vertices as
//! JSON. `--write-vpd` saves the pose as VPD; `--apply-as-rest` saves the model with
//! the pose as its new rest pose.
use super::json_number;
use super::CliResult;
use crate::deform::{pose_from_json, DeformState, Deformer, Pose};
use crate::motion::vpd::{load_vpd, write_vpd, Vpd};
use std::io::Write;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct PoseArgs {
    /// Model file (PMX or PMD).
    pub file: std::path::PathBuf,
    /// Pose JSON: `{"bones": {"name": {"rot": [x,y,z,w], "pos": [x,y,z]}}, "morphs": {"name": weight}}`.
    /// Without it (and without --vpd) the rest pose.
    pub pose: Option<std::path::PathBuf>,
    /// Read the pose from a VPD file (MMD's pose text, Shift-JIS) instead of JSON.
    #[arg(long, value_name = "P.vpd", conflicts_with = "pose")]
    pub vpd: Option<std::path::PathBuf>,
    /// Write the pose as VPD (bones off rest, non-zero morphs) and print nothing else.
    #[arg(long, value_name = "OUT.vpd")]
    pub write_vpd: Option<std::path::PathBuf>,
    /// Save the model with the pose's bones applied as its rest pose (vertices, normals,
    /// bones, bodies and joints move; morph weights are not baked) and print nothing else.
    #[arg(long, value_name = "OUT.pmx")]
    pub apply_as_rest: Option<std::path::PathBuf>,
    /// Leave out the skinned vertices.
    #[arg(long)]
    pub no_vertices: bool,
    /// Evaluate N times and print {"mean_us": ..} instead of the result.
    #[arg(long, value_name = "N")]
    pub bench: Option<u32>,
}

/// The pose from JSON or VPD (the rest pose when neither is given) and its warnings.
pub fn read_pose(
    model: &crate::pmx::Model,
    json: Option<&std::path::Path>,
    vpd: Option<&std::path::Path>,
) -> Result<(Pose, Vec<String>), String> {
    if let Some(path) = vpd {
        let (vpd, mut notes) = load_vpd(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let (pose, unknown) = vpd.to_pose(model);
        notes.extend(unknown);
        return Ok((pose, notes));
    }
    let Some(path) = json else {
        return Ok((Pose::new(model), Vec::new()));
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let parsed = pose_from_json(model, &text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((parsed.pose, parsed.warnings))
}

pub fn run(args: PoseArgs) -> CliResult {
    let loaded = crate::pmx::load(&args.file)?;
    let model = loaded.model;
    let (pose, warnings) = read_pose(&model, args.pose.as_deref(), args.vpd.as_deref())?;
    for w in &warnings {
        eprintln!("hone pose: {w}");
    }
    if args.write_vpd.is_some() || args.apply_as_rest.is_some() {
        if let Some(out) = &args.write_vpd {
            let (bytes, notes) = write_vpd(&Vpd::from_pose(&model, &pose));
            for n in &notes {
                eprintln!("hone pose: {n}");
            }
            std::fs::write(out, bytes).map_err(|e| format!("{}: {e}", out.display()))?;
        }
        if let Some(out) = &args.apply_as_rest {
            let edit = crate::rig::rest_pose::apply_pose_as_rest(&model, &pose)?;
            let mut rested = model.clone();
            crate::edit::History::new().apply(&mut rested, edit)?;
            let rested = super::bring_textures(&rested, &args.file, out)?;
            super::save_model(&rested, out, &Default::default())?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let mut deformer = Deformer::new(&model);
    // Only positions are printed (and timed by --bench): nothing reads normals.
    deformer.normals = false;
    let mut state: DeformState = deformer.new_state();

    if let Some(n) = args.bench {
        let n = n.max(1);
        deformer.evaluate(&model, &pose, &mut state);
        let start = std::time::Instant::now();
        for _ in 0..n {
            deformer.evaluate(&model, &pose, &mut state);
        }
        let mean = start.elapsed().as_secs_f64() * 1e6 / n as f64;
        println!("{{\"mean_us\": {mean:.3}}}");
        return Ok(ExitCode::SUCCESS);
    }

    if args.no_vertices {
        deformer.evaluate_bones(&model, &pose, &mut state);
    } else {
        deformer.evaluate(&model, &pose, &mut state);
    }
    match print(&model, &state, !args.no_vertices) {
        // A reader that stops early (`| head`) is not an error.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e.into()),
        Ok(()) => Ok(ExitCode::SUCCESS),
    }
}

fn print(model: &crate::pmx::Model, state: &DeformState, vertices: bool) -> std::io::Result<()> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    out.write_all(b"{\"bones\":[")?;
    super::bone_worlds_json(&mut out, model, &state.world, |x| x)?;
    out.write_all(b"]")?;
    if vertices {
        out.write_all(b",\"vertices\":[")?;
        for (i, p) in state.positions.iter().enumerate() {
            out.write_all(if i > 0 { b",\n[" } else { b"\n[" })?;
            json_number(&mut out, p.x)?;
            out.write_all(b",")?;
            json_number(&mut out, p.y)?;
            out.write_all(b",")?;
            json_number(&mut out, p.z)?;
            out.write_all(b"]")?;
        }
        out.write_all(b"]")?;
    }
    out.write_all(b"}\n")?;
    out.flush()
}
