//! `hone bake`, `hone export` and `hone extract`: the output operations
//! ([`hone_core::ops::OUTPUTS`]) as subcommands, their flags and `--help` built from the
//! declaration (the same option schema as `hone rig`): `INPUT -o OUT [--dry-run]`, the
//! inputs it reads (`--motion`), its selection flag and one flag per option. The
//! report's lines go to stdout, its notes (what was carried with changes, then what
//! could not be carried, each under its heading) and what writing said to stderr; the file is written through a temporary file and a rename, so a failure
//! writes nothing.

use super::CliResult;
use crate::ops::output::{Input, OutputOperation, Progress, Sources};
use clap::{Arg, ArgAction, ArgMatches};
use std::io::Write as _;
use std::marker::PhantomData;
use std::path::PathBuf;
use std::process::ExitCode;

/// Which output operation a subcommand runs.
pub trait Declared: std::fmt::Debug {
    const OP: &'static OutputOperation;
}

#[derive(Debug)]
pub struct Bake;
impl Declared for Bake {
    const OP: &'static OutputOperation = &crate::ops::bake::OP;
}

#[derive(Debug)]
pub struct Export;
impl Declared for Export {
    const OP: &'static OutputOperation = &crate::ops::export::OP;
}

#[derive(Debug)]
pub struct Extract;
impl Declared for Extract {
    const OP: &'static OutputOperation = &crate::ops::extract::OP;
}

/// The flags given to output operation `T`'s subcommand.
#[derive(Debug)]
pub struct OutputArgs<T> {
    pub matches: ArgMatches,
    op: PhantomData<T>,
}

impl<T: Declared> clap::FromArgMatches for OutputArgs<T> {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        Ok(OutputArgs {
            matches: matches.clone(),
            op: PhantomData,
        })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        self.matches = matches.clone();
        Ok(())
    }
}

impl<T: Declared> clap::Args for OutputArgs<T> {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        arguments(cmd, T::OP)
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

/// `cmd` with `op`'s about, input, output, inputs, selection and option flags.
pub fn arguments(cmd: clap::Command, op: &OutputOperation) -> clap::Command {
    let mut cmd = cmd
        .about(op.title().trim_end_matches('…').to_string())
        .long_about(op.help())
        .arg(
            Arg::new("input")
                .value_name("INPUT")
                .required(true)
                .value_parser(clap::value_parser!(PathBuf))
                .help(
                    "Input model (PMX, PMD or PMX Editor CSV); textures are read from its folder.",
                ),
        )
        .arg(
            Arg::new("output")
                .short('o')
                .long("output")
                .value_name(format!("OUT.{}", op.extensions.join("|OUT.")))
                .required_unless_present("dry_run")
                .value_parser(clap::value_parser!(PathBuf))
                .help("The file to write (through a temporary file and a rename)."),
        )
        .arg(
            Arg::new("dry_run")
                .long("dry-run")
                .action(ArgAction::SetTrue)
                .help("Run and print the report; write nothing."),
        );
    for input in op.inputs {
        cmd = cmd.arg(match input {
            Input::Motion => Arg::new(input.key())
                .long(input.key())
                .value_name("M.vmd")
                .required(true)
                .value_parser(clap::value_parser!(PathBuf))
                .help("The motion (VMD)."),
        });
    }
    if let Some(arg) = super::rig::selection_arg(op.selection) {
        cmd = cmd.arg(arg);
    }
    for o in op.options {
        cmd = cmd.arg(super::rig::option_arg(o));
    }
    cmd
}

pub fn run<T: Declared>(args: OutputArgs<T>) -> CliResult {
    let (op, m) = (T::OP, &args.matches);
    let input = m
        .get_one::<PathBuf>("input")
        .ok_or_else(|| crate::tr!("cli-missing-input"))?;
    let dry_run = m.get_flag("dry_run");
    let output = m.get_one::<PathBuf>("output").cloned().unwrap_or_default();
    let (loaded, _) = super::info::load_any(input)?;
    let mut err = std::io::stderr();
    let file = input.display().to_string();
    for w in loaded.warnings.iter().map(|w| w.to_string()) {
        let line = crate::tr!("cli-read-warning", path = file.as_str(), warning = w);
        let _ = writeln!(err, "{line}");
    }
    let model = loaded.model;
    let motion = match m.get_one::<PathBuf>(Input::Motion.key()) {
        Some(path) if op.needs_motion() => Some(crate::motion::load_vmd(path)?),
        _ => None,
    };
    let selection = super::rig::selection(&model, op.selection, m)?;
    let options = super::rig::option_values(op.options, m);
    let model_dir = crate::pmx::textures::folder_of(input);
    let mut sources = Sources::new(&model, Some(&model_dir), &output);
    sources.motion = motion.as_ref();
    let cancel = std::sync::atomic::AtomicBool::new(false);
    let mut progress = Progress {
        report: &mut |_| {},
        cancel: &cancel,
    };
    let made = (op.run)(&sources, &selection, &options, &mut progress)?;
    let mut out = std::io::stdout().lock();
    for line in &made.lines {
        let _ = writeln!(out, "{line}");
    }
    let _ = out.flush();
    for (kind, texts) in crate::ops::output::notes_by_kind(&made.notes) {
        let _ = writeln!(err, "hone: {}", kind.heading());
        for text in texts {
            let _ = writeln!(err, "{}", crate::tr!("export-note", note = text));
        }
    }
    if dry_run {
        return Ok(ExitCode::SUCCESS);
    }
    for line in crate::ops::output::write(&made, &sources, &cancel)? {
        let _ = writeln!(err, "hone: {line}");
    }
    let kib = std::fs::metadata(&output).map_or(0, |m| m.len().div_ceil(1024)) as i64;
    let path = output.display().to_string();
    let lost = made.notes.iter();
    let notes = lost
        .filter(|n| n.kind == crate::ops::output::NoteKind::Lost)
        .count() as i64;
    let written = crate::tr!("output-written", path = path, kib = kib, notes = notes);
    let _ = writeln!(err, "{written}");
    Ok(ExitCode::SUCCESS)
}
