//! `hone merge BASE PART… -o OUT [--attach BONE] [--match names|none] [--map P=B,…]
//! [--prefix TEXT] [--offset X,Y,Z] [--rotate-deg X,Y,Z] [--scale F] [--group-offset N]`:
//! add parts from other models ([`hone_core::rig::merge`]), in order, then copy every
//! texture beside OUT by the texture rule ([`hone_core::pmx::textures`]) and save by
//! the save rule. Prints what was added, matched and renamed, and which textures were
//! copied, missing or refused.

use super::CliResult;
use hone_core::edit::History;
use hone_core::ops::Options;
use hone_core::pmx::textures::{TextureMode, TextureOrigins};
use serde_json::{Map, Value};
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// The model the parts are added to (PMX or PMD).
    pub base: PathBuf,
    /// Part models (PMX or PMD), added in order.
    #[arg(required = true)]
    pub parts: Vec<PathBuf>,
    /// Output PMX file.
    #[arg(short, long)]
    pub output: PathBuf,
    /// The model's bone the part's root bones go under (name or #INDEX).
    #[arg(long)]
    pub attach: Option<String>,
    /// Match part bones to the model's by name (exact, then standard aliases), or not.
    #[arg(long = "match", value_parser = ["names", "none"], default_value = "names")]
    pub match_mode: String,
    /// Bone pairs PART=MODEL,… matched by hand (before names).
    #[arg(long)]
    pub map: Option<String>,
    /// Prefix for new names that clash (default: the part's file name and "_").
    #[arg(long)]
    pub prefix: Option<String>,
    /// Move the part by X,Y,Z (after scale and rotation).
    #[arg(long, value_name = "X,Y,Z", allow_hyphen_values = true)]
    pub offset: Option<String>,
    /// Rotate the part (degrees, MMD's Y·X·Z order).
    #[arg(long, value_name = "X,Y,Z", allow_hyphen_values = true)]
    pub rotate_deg: Option<String>,
    /// Scale the part about the origin.
    #[arg(long)]
    pub scale: Option<f32>,
    /// Shift the part's collision groups by N (mod 16); masks turn with them.
    #[arg(long, default_value_t = 0)]
    pub group_offset: u8,
    /// Same-name morphs of one kind: combine them, or add the part's with the prefix.
    #[arg(long, value_parser = ["combine", "prefix"], default_value = "combine")]
    pub morphs: String,
    /// Add the part's bodies on matched bones even where the model has one.
    #[arg(long)]
    pub duplicate_bodies: bool,
    /// Rewrite texture paths relative to OUT instead of copying the files.
    #[arg(long)]
    pub relative_textures: bool,
}

fn vec3(text: &Option<String>, flag: &str) -> Result<Option<Value>, String> {
    let Some(text) = text else { return Ok(None) };
    let parts: Vec<Result<f64, _>> = text.split(',').map(|s| s.trim().parse::<f64>()).collect();
    match parts.as_slice() {
        [Ok(x), Ok(y), Ok(z)] => Ok(Some(serde_json::json!([x, y, z]))),
        _ => Err(crate::tr!(
            "cli-merge-bad-vec3",
            flag = flag,
            value = text.as_str()
        )),
    }
}

pub fn run(args: MergeArgs) -> CliResult {
    let mut out = std::io::stdout().lock();
    let (loaded, _) = super::info::load_any(&args.base)?;
    let mut model = loaded.model;
    let mut origins = TextureOrigins::default();
    let mut values = Map::new();
    if let Some(a) = &args.attach {
        let bone = match a.strip_prefix('#').and_then(|i| i.parse::<u64>().ok()) {
            Some(i) => Value::from(i),
            None => Value::from(a.as_str()),
        };
        values.insert("attach".into(), bone);
    }
    values.insert("match".into(), Value::from(args.match_mode.as_str()));
    values.insert(
        "map".into(),
        Value::from(args.map.clone().unwrap_or_default()),
    );
    values.insert(
        "prefix".into(),
        Value::from(args.prefix.clone().unwrap_or_default()),
    );
    if let Some(v) = vec3(&args.offset, "--offset")? {
        values.insert("offset".into(), v);
    }
    if let Some(v) = vec3(&args.rotate_deg, "--rotate-deg")? {
        values.insert("rotate_deg".into(), v);
    }
    if let Some(s) = args.scale {
        values.insert("scale".into(), hone_core::ops::float(s));
    }
    values.insert("group_offset".into(), Value::from(args.group_offset % 16));
    values.insert("morphs".into(), Value::from(args.morphs.as_str()));
    values.insert("share_bodies".into(), Value::from(!args.duplicate_bodies));
    let options = Options::new(values);

    let mut history = History::new();
    let merge = hone_core::ops::find("merge").ok_or("merge")?;
    for path in &args.parts {
        let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
        let mut values = options.values.clone();
        let part = Value::from(path.to_string_lossy().into_owned());
        values.insert("part".into(), part);
        // The merge operation itself: the part, its summary and the textures it brings.
        let plan = (merge.plan)(&model, &Default::default(), &Options::new(values))
            .map_err(|e| fail(&e))?;
        if let Some(edit) = plan.edit {
            history.apply(&mut model, edit).map_err(|e| fail(&e))?;
        }
        let _ = writeln!(
            out,
            "{}",
            crate::tr!("cli-merge-part", part = path.display().to_string())
        );
        for line in &plan.summary {
            let _ = writeln!(out, "  {line}");
        }
        origins.extend(&plan.textures);
    }

    let mode = if args.relative_textures {
        TextureMode::Relative
    } else {
        TextureMode::Copy
    };
    let (model, textures) =
        super::textures_for_output(&model, &origins, &args.base, &args.output, mode)?;
    for line in textures {
        let _ = writeln!(out, "{line}");
    }
    super::save_model(&model, &args.output, &Default::default())?;
    Ok(ExitCode::SUCCESS)
}
