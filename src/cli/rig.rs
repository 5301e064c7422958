//! `hone rig <op> IN -o OUT [options]`: every registered operation
//! ([`hone_core::ops::REGISTRY`]) as a subcommand, its flags and `--help` built from
//! the operation's option schema (clap's builder API). Each run is one undoable step,
//! saved to OUT.

use super::CliResult;
use crate::edit::History;
use crate::ops::{Need, Operation, Opt, OptKind, Options, REGISTRY};
use crate::pmx::write::WriteOptions;
use clap::{Arg, ArgAction, ArgMatches};
use serde_json::{json, Map, Value};
use std::io::Write;
use std::process::ExitCode;

/// The chosen operation and its flags.
#[derive(Debug)]
pub struct RigArgs {
    pub op: &'static Operation,
    pub matches: ArgMatches,
}

impl clap::FromArgMatches for RigArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let (name, sub) = matches
            .subcommand()
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::MissingSubcommand))?;
        let op = crate::ops::find(name)
            .ok_or_else(|| clap::Error::new(clap::error::ErrorKind::InvalidSubcommand))?;
        Ok(RigArgs {
            op,
            matches: sub.clone(),
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

impl clap::Args for RigArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.subcommand_required(true)
            .subcommands(REGISTRY.iter().map(|op| subcommand(op)))
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

/// The CLI flag of option / selection key `key`.
fn flag(key: &str) -> String {
    key.replace('_', "-")
}

/// `hone rig NAME`: input, output, the selection flag, one flag per option.
pub fn subcommand(op: &Operation) -> clap::Command {
    let title = op.title();
    let mut cmd = clap::Command::new(op.name)
        .visible_aliases(op.aliases.iter().copied())
        .about(title.trim_end_matches('…').to_string())
        .long_about(op.help())
        .arg(
            Arg::new("input")
                .value_name("INPUT")
                .required(true)
                .value_parser(clap::value_parser!(std::path::PathBuf))
                .help("Input model (PMX or PMD)."),
        )
        .arg(
            Arg::new("output")
                .short('o')
                .long("output")
                .value_name("OUT")
                .required_unless_present("dry_run")
                .value_parser(clap::value_parser!(std::path::PathBuf))
                .help("Output PMX file."),
        )
        .arg(
            Arg::new("dry_run")
                .long("dry-run")
                .action(ArgAction::SetTrue)
                .help("Print what would change; write nothing."),
        );
    if let Some(arg) = selection_arg(op.selection) {
        cmd = cmd.arg(arg);
    }
    for o in op.options {
        cmd = cmd.arg(option_arg(o));
    }
    cmd
}

/// The flag of the selection `need` asks for (none for the whole model).
pub(crate) fn selection_arg(need: Need) -> Option<Arg> {
    Some(match need {
        Need::None => return None,
        Need::Bones => Arg::new("bones")
            .long("bones")
            .value_name("BONE[,BONE…]")
            .required(true)
            .help("Bones, comma-separated: names, globs with * (e.g. \"後髪*_1\") or indices."),
        Need::Vertices => Arg::new("vertices")
            .long("vertices")
            .value_name("all|I,J,…|bone:NAME|material:NAME")
            .help("The vertices [default: all]."),
        Need::Elements => Arg::new("select")
            .long("select")
            .value_name("NAME[,NAME…]")
            .help("Only these: names or globs of bones, rigid bodies, joints and morphs, comma-separated [default: the whole model]."),
        Need::Materials => Arg::new("materials")
            .long("materials")
            .value_name("MATERIAL[,MATERIAL…]")
            .required(true)
            .help("Materials, comma-separated: names, globs with * or indices."),
    })
}

/// The flag of option `o`: `--key`, its help from the catalogue, its default.
pub(crate) fn option_arg(o: &Opt) -> Arg {
    let mut help = o.label();
    match o.kind {
        OptKind::Choice(c) | OptKind::Choices(c) => {
            let list: Vec<String> = c
                .iter()
                .map(|c| format!("{} = {}", c.value, hone_core::tr!(c.label)))
                .collect();
            help.push_str(&format!(" ({})", list.join("; ")));
        }
        _ => {}
    }
    if o.auto {
        help.push_str(" [default: auto]");
    } else if let Some(v) = o.default.to_value(o.kind).filter(|_| !o.required) {
        let shown = match &v {
            Value::String(s) if s.is_empty() => "\"\"".into(),
            Value::String(s) => s.clone(),
            Value::Array(a) if a.is_empty() => "none".into(),
            Value::Array(a) => a
                .iter()
                .map(|x| x.to_string().trim_matches('"').to_string())
                .collect::<Vec<_>>()
                .join(","),
            v => v.to_string(),
        };
        help.push_str(&format!(" [default: {shown}]"));
    }
    let arg = Arg::new(o.key)
        .long(flag(o.key))
        .help(help)
        .required(o.required);
    match o.kind {
        // A flag that may take a value: `--t-pose` or `--t-pose=false`.
        OptKind::Bool if o.bare.is_some() => arg
            .value_parser(clap::value_parser!(bool))
            .num_args(0..=1)
            .default_missing_value(o.bare.unwrap_or("true"))
            .value_name("BOOL"),
        OptKind::Bool => arg.action(ArgAction::SetTrue),
        OptKind::Int { .. } => arg.value_parser(clap::value_parser!(i64)),
        OptKind::Float { .. } => arg
            .value_parser(clap::value_parser!(f64))
            .allow_hyphen_values(true),
        OptKind::Choice(c) => {
            let arg = arg.value_parser(c.iter().map(|c| c.value).collect::<Vec<_>>());
            match o.bare {
                Some(v) => arg.num_args(0..=1).default_missing_value(v),
                None => arg,
            }
        }
        OptKind::Choices(_) => arg.value_delimiter(',').value_name("NAME[,NAME…]"),
        OptKind::Text | OptKind::Bone => arg,
        OptKind::File => arg.value_name("FILE"),
        OptKind::Vec3 { .. } => arg
            .value_parser(parse_triple)
            .value_name("X,Y,Z")
            .allow_hyphen_values(true),
        OptKind::Mask => arg.value_parser(parse_mask),
        OptKind::Groups => arg
            .value_delimiter(',')
            .value_parser(clap::value_parser!(u8)),
    }
}

fn parse_triple(s: &str) -> Result<[f32; 3], String> {
    let v: Vec<f32> = s
        .split(',')
        .map(|x| x.trim().parse::<f32>().map_err(|e| format!("{x:?}: {e}")))
        .collect::<Result<_, _>>()?;
    match v.as_slice() {
        [x, y, z] if v.iter().all(|x| x.is_finite()) => Ok([*x, *y, *z]),
        _ => Err(crate::tr!("cli-err-xyz", value = s)),
    }
}

fn parse_mask(s: &str) -> Result<u16, String> {
    let parsed = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(hex) => u16::from_str_radix(hex, 16),
        None => s.parse::<u16>(),
    };
    parsed.map_err(|e| crate::tr!("cli-err-mask", value = s, reason = e.to_string()))
}

/// A comma-separated list as a script selector: numbers are indices, the rest names.
pub(crate) fn list_selector(list: &str) -> Value {
    Value::Array(
        list.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(|s| match s.parse::<u64>() {
                Ok(i) => json!(i),
                Err(_) => json!(s),
            })
            .collect(),
    )
}

/// The script form of `--vertices`.
fn vertices_selector(s: &str) -> Value {
    if let Some(name) = s.strip_prefix("bone:") {
        json!({ "bone": list_selector(name) })
    } else if let Some(name) = s.strip_prefix("material:") {
        json!({ "material": list_selector(name) })
    } else if s == "all" {
        json!("all")
    } else {
        list_selector(s)
    }
}

/// The options given on the command line, in their script form.
pub(crate) fn option_values(options: &[Opt], m: &ArgMatches) -> Options {
    let mut values = Map::new();
    for o in options {
        let v = match o.kind {
            OptKind::Bool if o.bare.is_some() => m.get_one::<bool>(o.key).map(|&b| json!(b)),
            OptKind::Bool => m.get_flag(o.key).then_some(Value::Bool(true)),
            OptKind::Int { .. } => m.get_one::<i64>(o.key).map(|&i| json!(i)),
            OptKind::Float { .. } => m.get_one::<f64>(o.key).map(|&x| json!(x)),
            OptKind::Choice(_) | OptKind::Text | OptKind::Bone | OptKind::File => {
                m.get_one::<String>(o.key).map(|s| json!(s))
            }
            OptKind::Choices(_) => m
                .get_many::<String>(o.key)
                .map(|v| v.map(|s| json!(s)).collect()),
            OptKind::Vec3 { .. } => m.get_one::<[f32; 3]>(o.key).map(|v| json!(v)),
            OptKind::Mask => m.get_one::<u16>(o.key).map(|&x| json!(x)),
            OptKind::Groups => m
                .get_many::<u8>(o.key)
                .map(|v| v.map(|&g| json!(g)).collect()),
        };
        if let Some(v) = v {
            values.insert(o.key.to_string(), v);
        }
    }
    Options::new(values)
}

/// The selection `need` asks for, from its flag.
pub(crate) fn selection(
    model: &crate::pmx::Model,
    need: Need,
    m: &ArgMatches,
) -> Result<crate::ops::Selection, String> {
    let given = |key: &str| m.get_one::<String>(key);
    let selector = match need {
        Need::None => None,
        Need::Bones => given("bones").map(|s| list_selector(s)),
        Need::Vertices => given("vertices").map(|s| vertices_selector(s)),
        Need::Elements => given("select").map(|s| list_selector(s)),
        Need::Materials => given("materials").map(|s| list_selector(s)),
    };
    let flag_name = need.key().map(flag).unwrap_or_default();
    crate::ops::need_selection(model, need, selector.as_ref())
        .map_err(|e| crate::tr!("cli-flag-error", flag = flag_name, error = e.to_string()))
}

pub fn run(args: RigArgs) -> CliResult {
    let (op, m) = (args.op, &args.matches);
    let input = m
        .get_one::<std::path::PathBuf>("input")
        .ok_or_else(|| crate::tr!("cli-missing-input"))?;
    let (loaded, _format) = super::info::load_any(input)?;
    let mut model = loaded.model;
    let selection = selection(&model, op.selection, m)?;
    let plan =
        (op.plan)(&model, &selection, &option_values(op.options, m)).map_err(|e| e.to_string())?;
    let mut out = std::io::stdout().lock();
    for line in &plan.summary {
        let _ = writeln!(out, "{line}");
    }
    if let Some(p) = &plan.preview {
        if m.get_flag("dry_run") {
            let target = |t: &dyn std::fmt::Debug| format!("{t:?}");
            let bodies = (p.rigid_bodies.iter())
                .map(|b| ("cli-would-body", target(&b.target), &b.value.name));
            let joints =
                (p.joints.iter()).map(|j| ("cli-would-joint", target(&j.target), &j.value.name));
            for (key, target, name) in bodies.chain(joints) {
                let line = crate::tr!(key, target = target, name = format!("{name:?}"));
                let _ = writeln!(out, "  {line}");
            }
        }
    }
    if m.get_flag("dry_run") {
        return Ok(ExitCode::SUCCESS);
    }
    let Some(path) = m.get_one::<std::path::PathBuf>("output") else {
        return Err(crate::tr!("cli-output-required").into());
    };
    if let Some(edit) = plan.edit {
        History::new()
            .apply(&mut model, edit)
            .map_err(|e| e.to_string())?;
    }
    // A merged part's textures come from its folder: the texture rule copies them too.
    let model = super::bring_textures_from(&model, &plan.textures, input, path)?;
    super::save_model(&model, path, &WriteOptions::default())?;
    let _ = writeln!(
        out,
        "{}",
        crate::tr!("cli-saved", path = path.display().to_string())
    );
    Ok(ExitCode::SUCCESS)
}
