//! `hone extract IN -o OUT --materials SEL [--dry-run]`: save the selected materials
//! as a model of their own, with the vertices, bones, bodies, joints, morphs and
//! display frames they need (`hone_core::rig::parts`). Texture paths are written as
//! they are.

use super::CliResult;
use crate::edit::ElementKind;
use crate::pmx::write::WriteOptions;
use crate::rig::parts::{extract, plan_removal, Scope};
use std::io::Write as _;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct ExtractArgs {
    /// Input model (PMX or PMD).
    pub input: std::path::PathBuf,
    /// Output PMX file.
    #[arg(short, long, value_name = "OUT", required_unless_present = "dry_run")]
    pub output: Option<std::path::PathBuf>,
    /// The materials to keep, comma-separated: names, globs with * (e.g. "髪*") or indices.
    #[arg(long, value_name = "MATERIAL[,MATERIAL…]")]
    pub materials: String,
    /// Print what would be kept and removed; write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

pub fn run(args: ExtractArgs) -> CliResult {
    let (loaded, _format) = super::info::load_any(&args.input)?;
    let model = loaded.model;
    let selector = super::rig::list_selector(&args.materials);
    let keep = crate::ops::script::select(&model, ElementKind::Material, &selector)
        .map_err(|e| crate::tr!("cli-flag-error", flag = "materials", error = e))?;
    if keep.is_empty() {
        return Err(crate::tr!("extractui-needs-materials").into());
    }
    let others: Vec<usize> = (0..model.materials.len())
        .filter(|m| !keep.contains(m))
        .collect();
    let mut out = std::io::stdout().lock();
    for line in plan_removal(&model, &others, Scope::Extract).summary(&model) {
        let _ = writeln!(out, "{line}");
    }
    let part = extract(&model, &keep).map_err(|e| e.to_string())?;
    let _ = writeln!(
        out,
        "{}",
        crate::tr!(
            "extract-cli-kept",
            materials = part.materials.len(),
            vertices = part.vertices.len(),
            bones = part.bones.len(),
            bodies = part.rigid_bodies.len(),
            joints = part.joints.len(),
            morphs = part.morphs.len()
        )
    );
    if args.dry_run {
        return Ok(ExitCode::SUCCESS);
    }
    let Some(path) = &args.output else {
        return Err(crate::tr!("cli-output-required").into());
    };
    // The texture rule: the part's textures go beside OUT.
    let part = super::bring_textures(&part, &args.input, path)?;
    super::save_model(&part, path, &WriteOptions::default())?;
    let _ = writeln!(
        out,
        "{}",
        crate::tr!("extract-cli-saved", path = path.display().to_string())
    );
    Ok(ExitCode::SUCCESS)
}
