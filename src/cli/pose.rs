//! `hone pose MODEL POSE.json`: evaluate a pose with physics off and print
//! bone world matrices (column-major) and skinned vertices as JSON.
use super::CliResult;
use crate::deform::{pose_from_json, DeformState, Deformer};
use std::io::Write;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct PoseArgs {
    /// Model file (PMX or PMD).
    pub file: std::path::PathBuf,
    /// Pose JSON: {"bones": {"name": {"rot": [x,y,z,w], "pos": [x,y,z]}}, "morphs": {"name": weight}}.
    pub pose: std::path::PathBuf,
    /// Leave out the skinned vertices.
    #[arg(long)]
    pub no_vertices: bool,
    /// Evaluate N times and print {"mean_us": ..} instead of the result.
    #[arg(long, value_name = "N")]
    pub bench: Option<u32>,
}

fn num(out: &mut impl Write, x: f32) -> std::io::Result<()> {
    if x.is_finite() {
        write!(out, "{x}")
    } else {
        out.write_all(b"null")
    }
}

pub fn run(args: PoseArgs) -> CliResult {
    let loaded = crate::pmx::load(&args.file)?;
    let model = loaded.model;
    let text =
        std::fs::read_to_string(&args.pose).map_err(|e| format!("{}: {e}", args.pose.display()))?;
    let parsed =
        pose_from_json(&model, &text).map_err(|e| format!("{}: {e}", args.pose.display()))?;
    for w in &parsed.warnings {
        eprintln!("hone pose: {w}");
    }
    let deformer = Deformer::new(&model);
    let mut state: DeformState = deformer.new_state();

    if let Some(n) = args.bench {
        let n = n.max(1);
        deformer.evaluate(&model, &parsed.pose, &mut state);
        let start = std::time::Instant::now();
        for _ in 0..n {
            deformer.evaluate(&model, &parsed.pose, &mut state);
        }
        let mean = start.elapsed().as_secs_f64() * 1e6 / n as f64;
        println!("{{\"mean_us\": {mean:.3}}}");
        return Ok(ExitCode::SUCCESS);
    }

    if args.no_vertices {
        deformer.evaluate_bones(&model, &parsed.pose, &mut state);
    } else {
        deformer.evaluate(&model, &parsed.pose, &mut state);
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
    for (i, bone) in model.bones.iter().enumerate() {
        if i > 0 {
            out.write_all(b",")?;
        }
        write!(
            out,
            "\n{{\"name\":{},\"world\":[",
            serde_json::to_string(&bone.name)?
        )?;
        for (k, x) in state.world[i].to_cols_array().iter().enumerate() {
            if k > 0 {
                out.write_all(b",")?;
            }
            num(&mut out, *x)?;
        }
        out.write_all(b"]}")?;
    }
    out.write_all(b"]")?;
    if vertices {
        out.write_all(b",\"vertices\":[")?;
        for (i, p) in state.positions.iter().enumerate() {
            out.write_all(if i > 0 { b",\n[" } else { b"\n[" })?;
            num(&mut out, p.x)?;
            out.write_all(b",")?;
            num(&mut out, p.y)?;
            out.write_all(b",")?;
            num(&mut out, p.z)?;
            out.write_all(b"]")?;
        }
        out.write_all(b"]")?;
    }
    out.write_all(b"}\n")?;
    out.flush()
}
