//! `hone weights FILE --bone NAME [--json]`: the vertices a bone moves and how much.
use super::CliResult;
use crate::rig::weights::weight_of;
use std::io::Write;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct WeightsArgs {
    /// Model file (PMX or PMD).
    pub file: std::path::PathBuf,
    /// Bone name (exact), or #INDEX.
    #[arg(long)]
    pub bone: String,
    /// Print JSON: {"bone","index","count","sum","vertices":[{"vertex","weight","kind"}]}.
    #[arg(long)]
    pub json: bool,
}

/// A bone by exact name or `#index`.
pub fn find_bone(model: &crate::pmx::Model, key: &str) -> Result<usize, String> {
    if let Some(i) = model.bone_index(key) {
        return Ok(i);
    }
    key.strip_prefix('#')
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&i| i < model.bones.len())
        .ok_or_else(|| crate::tr!("cli-err-no-bone", name = key))
}

pub fn run(args: WeightsArgs) -> CliResult {
    let model = crate::pmx::load(&args.file)?.model;
    let bone = find_bone(&model, &args.bone)?;
    let rows: Vec<(usize, f32, &str)> = model
        .vertices
        .iter()
        .enumerate()
        .filter_map(|(i, v)| {
            let w = weight_of(&v.weights, bone as i32);
            (w != 0.0).then(|| (i, w, v.weights.kind().name()))
        })
        .collect();
    let total: f32 = rows.iter().map(|r| r.1).sum();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let result = if args.json {
        let vertices: Vec<_> = rows
            .iter()
            .map(|(v, w, k)| serde_json::json!({"vertex": v, "weight": w, "kind": k}))
            .collect();
        let doc = serde_json::json!({
            "bone": model.bones[bone].name,
            "index": bone,
            "count": rows.len(),
            "sum": total,
            "vertices": vertices,
        });
        writeln!(out, "{doc}")
    } else {
        (|| {
            writeln!(
                out,
                "{}",
                crate::tr!(
                    "cli-weights-heading",
                    bone = model.bones[bone].name.as_str(),
                    index = bone,
                    count = rows.len(),
                    total = format!("{total:.3}")
                )
            )?;
            for (v, w, k) in &rows {
                writeln!(out, "  #{v:<7} {w:.4}  {k}")?;
            }
            Ok(())
        })()
    };
    match result.and_then(|_| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        Err(e) => Err(e.into()),
        Ok(()) => Ok(ExitCode::SUCCESS),
    }
}
