//! `hone rig bodies|joints|chain|mirror|semistandard IN -o OUT [options]`: the rig
//! generators of `hone_core::rig`, each one undoable step, saved to OUT.

use super::CliResult;
use crate::edit::script::select;
use crate::edit::{ElementKind, History, ModelEdit};
use crate::pmx::write::WriteOptions;
use crate::pmx::Model;
use crate::rig::args::{chain_options, BodyArgs, JointArgs, RingArg};
use crate::rig::{bodies, chain, RigPlan};
use std::io::Write;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct RigArgs {
    #[command(subcommand)]
    pub command: RigCommand,
}

#[derive(clap::Subcommand, Debug)]
pub enum RigCommand {
    /// One rigid body per bone, centred on the bone and oriented along it.
    Bodies {
        #[command(flatten)]
        io: Io,
        #[command(flatten)]
        bodies: BodyFlags,
    },
    /// Joints from each bone's body to its parent bone's body (and skirt rings).
    Joints {
        #[command(flatten)]
        io: Io,
        #[command(flatten)]
        joints: JointFlags,
    },
    /// Make hair or a skirt swing: bodies, joints and a collision group for the root
    /// bones given with --bones and every bone below them, in one step.
    Chain {
        #[command(flatten)]
        io: Io,
        #[command(flatten)]
        bodies: BodyFlags,
        #[command(flatten)]
        joints: JointFlags,
    },
    /// Copy one side onto the other: bones, rigid bodies, joints, bone-morph offsets,
    /// display-frame entries and vertex weights (missing counterparts created, existing
    /// ones overwritten), one undo step.
    Mirror(super::rig_mirror::MirrorArgs),
    /// Add the missing semi-standard bones (準標準ボーン), one undo step.
    Semistandard(super::rig_mirror::SemistandardArgs),
}

/// Input, output and the bones to work on.
#[derive(clap::Args, Debug)]
pub struct Io {
    /// Input model (PMX or PMD).
    pub input: std::path::PathBuf,
    /// Output PMX file.
    #[arg(short, long, value_name = "OUT", required_unless_present = "dry_run")]
    pub output: Option<std::path::PathBuf>,
    /// Bones, comma-separated: names, globs with * (e.g. "後髪*_1") or indices.
    /// For `chain`: the root bones.
    #[arg(long, value_name = "BONE[,BONE…]", required = true)]
    pub bones: String,
    /// Print what would be added; write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

/// Body options (defaults in brackets).
#[derive(clap::Args, Debug)]
pub struct BodyFlags {
    /// Body shape [default: capsule].
    #[arg(long, value_parser = ["capsule", "box", "sphere"])]
    pub shape: Option<String>,
    /// Size from the weighted vertices and the length, or from the length only [default: vertices].
    #[arg(long, value_parser = ["vertices", "length"])]
    pub size: Option<String>,
    /// Multiply the computed radius [default: 1].
    #[arg(long)]
    pub radius_scale: Option<f32>,
    /// Mode of each chain's first body [default: follow_bone].
    #[arg(long, value_parser = ["follow_bone", "dynamic", "dynamic_bone_position"])]
    pub root_mode: Option<String>,
    /// Mode of the other bodies [default: dynamic_bone_position].
    #[arg(long, value_parser = ["follow_bone", "dynamic", "dynamic_bone_position"])]
    pub mode: Option<String>,
    /// Mass of each chain's first body [default: 1].
    #[arg(long)]
    pub mass: Option<f32>,
    /// Each body weighs this times its parent's [default: 0.8] …
    #[arg(long)]
    pub mass_falloff: Option<f32>,
    /// … but at least this [default: 0.1].
    #[arg(long)]
    pub min_mass: Option<f32>,
    /// Damping/friction preset [default: hair].
    #[arg(long, value_parser = ["hair", "cloth", "accessory", "plain"])]
    pub preset: Option<String>,
    /// Collision group 0-15 [default: the lowest group no body uses].
    #[arg(long)]
    pub group: Option<u8>,
    /// Collision mask, bit n set = collides with group n [default: the group's usual mask, else
    /// all but the group itself]; bits of groups the bodies overlap at rest are cleared.
    #[arg(long, value_parser = parse_mask)]
    pub mask: Option<u16>,
    /// Groups not to collide with, e.g. 0,4 (instead of --mask).
    #[arg(long, value_delimiter = ',')]
    pub no_collide: Option<Vec<u8>>,
    /// Body name pattern: {bone} the bone's name, {num} a running number [default: {bone}].
    #[arg(long)]
    pub name: Option<String>,
    /// Replace existing bodies and joints on those bones instead of keeping them.
    #[arg(long)]
    pub replace: bool,
}

/// Joint options (defaults in brackets).
#[derive(clap::Args, Debug)]
pub struct JointFlags {
    /// Limit preset [default: hair]: hair ±30/5/30°, skirt ±30/5/10°, loose ±45°, stiff ±5°.
    #[arg(long, value_parser = ["hair", "skirt", "loose", "stiff"])]
    pub joint_preset: Option<String>,
    /// Symmetric rotation limit ±X,Y,Z degrees (overrides the preset).
    #[arg(long, value_parser = parse_triple, allow_hyphen_values = true)]
    pub limit_deg: Option<[f32; 3]>,
    /// Lower rotation limit X,Y,Z degrees.
    #[arg(long, value_parser = parse_triple, allow_hyphen_values = true)]
    pub angular_lower_deg: Option<[f32; 3]>,
    /// Upper rotation limit X,Y,Z degrees.
    #[arg(long, value_parser = parse_triple, allow_hyphen_values = true)]
    pub angular_upper_deg: Option<[f32; 3]>,
    /// Lower translation limit X,Y,Z [default: 0,0,0].
    #[arg(long, value_parser = parse_triple, allow_hyphen_values = true)]
    pub linear_lower: Option<[f32; 3]>,
    /// Upper translation limit X,Y,Z [default: 0,0,0].
    #[arg(long, value_parser = parse_triple, allow_hyphen_values = true)]
    pub linear_upper: Option<[f32; 3]>,
    /// Translation spring X,Y,Z [default: 0,0,0].
    #[arg(long, value_parser = parse_triple)]
    pub linear_spring: Option<[f32; 3]>,
    /// Rotation spring X,Y,Z [default: 0,0,0].
    #[arg(long, value_parser = parse_triple)]
    pub angular_spring: Option<[f32; 3]>,
    /// Ring joints between neighbouring chains at the same depth (skirts): auto closes
    /// the ring when the chains go all the way round [default: off; auto when given alone].
    #[arg(long, num_args = 0..=1, default_missing_value = "auto",
          value_parser = ["auto", "open", "closed", "off"])]
    pub ring: Option<String>,
    /// Ring joints' symmetric rotation limit ±X,Y,Z degrees [default: 30,30,30].
    #[arg(long, value_parser = parse_triple)]
    pub ring_limit_deg: Option<[f32; 3]>,
}

fn parse_triple(s: &str) -> Result<[f32; 3], String> {
    let v: Vec<f32> = s
        .split(',')
        .map(|x| x.trim().parse::<f32>().map_err(|e| format!("{x:?}: {e}")))
        .collect::<Result<_, _>>()?;
    match v.as_slice() {
        [x, y, z] if v.iter().all(|x| x.is_finite()) => Ok([*x, *y, *z]),
        _ => Err(format!("expected three numbers X,Y,Z, not {s:?}")),
    }
}

fn parse_mask(s: &str) -> Result<u16, String> {
    let parsed = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(hex) => u16::from_str_radix(hex, 16),
        None => s.parse::<u16>(),
    };
    parsed.map_err(|e| format!("{s:?}: {e} (a number 0-65535 or 0xFFFF)"))
}

impl BodyFlags {
    fn to_args(&self) -> BodyArgs {
        BodyArgs {
            shape: self.shape.clone(),
            size: self.size.clone(),
            radius_scale: self.radius_scale,
            root_mode: self.root_mode.clone(),
            mode: self.mode.clone(),
            mass: self.mass,
            mass_falloff: self.mass_falloff,
            min_mass: self.min_mass,
            preset: self.preset.clone(),
            group: self.group,
            mask: self.mask,
            no_collide: self.no_collide.clone(),
            name: self.name.clone(),
            replace: Some(self.replace),
        }
    }
}

impl JointFlags {
    fn to_args(&self, replace: bool) -> JointArgs {
        JointArgs {
            joint_preset: self.joint_preset.clone(),
            limit_deg: self.limit_deg,
            angular_lower_deg: self.angular_lower_deg,
            angular_upper_deg: self.angular_upper_deg,
            linear_lower: self.linear_lower,
            linear_upper: self.linear_upper,
            linear_spring: self.linear_spring,
            angular_spring: self.angular_spring,
            ring: self.ring.clone().map(RingArg::Mode),
            ring_limit_deg: self.ring_limit_deg,
            replace: Some(replace),
        }
    }
}

/// The bones `--bones` names: each comma-separated item an index, a name or a glob.
fn parse_bones(model: &Model, list: &str) -> Result<Vec<usize>, String> {
    let items: Vec<serde_json::Value> = list
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| match s.parse::<u64>() {
            Ok(i) => serde_json::json!(i),
            Err(_) => serde_json::json!(s),
        })
        .collect();
    select(model, ElementKind::Bone, &serde_json::Value::Array(items))
        .map_err(|e| format!("--bones: {e}"))
}

/// Makes a generator's plan for the bones given.
type Planner = Box<dyn Fn(&Model, &[usize]) -> Result<RigPlan, String>>;

pub fn run(args: RigArgs) -> CliResult {
    let (io, plan_for): (Io, Planner) = match args.command {
        RigCommand::Mirror(a) => return super::rig_mirror::run_mirror(a),
        RigCommand::Semistandard(a) => return super::rig_mirror::run_semistandard(a),
        RigCommand::Bodies { io, bodies: b } => {
            let opts = b.to_args().to_options().map_err(|e| e.to_string())?;
            let f = move |m: &Model, bones: &[usize]| {
                bodies::bodies_from_bones(m, bones, &opts).map_err(|e| e.to_string())
            };
            (io, Box::new(f))
        }
        RigCommand::Joints { io, joints } => {
            let opts = joints
                .to_args(false)
                .to_options()
                .map_err(|e| e.to_string())?;
            let f = move |m: &Model, bones: &[usize]| {
                chain::joint_chain(m, bones, &opts).map_err(|e| e.to_string())
            };
            (io, Box::new(f))
        }
        RigCommand::Chain {
            io,
            bodies: b,
            joints,
        } => {
            let opts = chain_options(&b.to_args(), &joints.to_args(b.replace))
                .map_err(|e| e.to_string())?;
            let f = move |m: &Model, roots: &[usize]| {
                chain::chain(m, roots, &opts).map_err(|e| e.to_string())
            };
            (io, Box::new(f))
        }
    };
    let (loaded, _format) = super::info::load_any(&io.input)?;
    let model = loaded.model;
    let bones = parse_bones(&model, &io.bones)?;
    let plan = plan_for(&model, &bones)?;
    let mut out = std::io::stdout().lock();
    for n in &plan.notes {
        let _ = writeln!(out, "note: {n}");
    }
    let _ = writeln!(
        out,
        "{}: {} rigid bodies, {} joints",
        plan.label,
        plan.rigid_bodies.len(),
        plan.joints.len()
    );
    if io.dry_run {
        for b in &plan.rigid_bodies {
            let _ = writeln!(out, "  body {:?} {:?}", b.target, b.value.name);
        }
        for j in &plan.joints {
            let _ = writeln!(out, "  joint {:?} {:?}", j.target, j.value.name);
        }
        return Ok(ExitCode::SUCCESS);
    }
    let Some(path) = &io.output else {
        return Err("--output is required without --dry-run".into());
    };
    apply_and_save(model, plan.into_edit(), path, &mut out)
}

/// Applies `edit` (one undo step, refused like any edit) and saves the model.
pub(super) fn apply_and_save(
    mut model: Model,
    edit: Option<ModelEdit>,
    path: &std::path::Path,
    out: &mut impl Write,
) -> CliResult {
    if let Some(edit) = edit {
        History::new()
            .apply(&mut model, edit)
            .map_err(|e| e.to_string())?;
    }
    super::save_model(&model, path, &WriteOptions::default())?;
    let _ = writeln!(out, "saved {}", path.display());
    Ok(ExitCode::SUCCESS)
}
