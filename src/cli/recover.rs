//! `hone recover --list` and `hone recover N -o OUT.pmx`: the unsaved work the app's
//! autosave kept (see [`hone_core::recovery`]), from a shell.
use super::CliResult;
use hone_core::recovery;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
#[command(group(clap::ArgGroup::new("what").required(true).args(["list", "entry"])))]
pub struct RecoverArgs {
    /// List the copies, newest first, numbered from 1 (file, age, edits).
    #[arg(long)]
    pub list: bool,
    /// The copy to write (its number in --list).
    pub entry: Option<usize>,
    /// Where to write copy N (a PMX file).
    #[arg(short = 'o', long = "output", requires = "entry")]
    pub output: Option<std::path::PathBuf>,
    /// Remove copy N from the recovery folder after writing it.
    #[arg(long, requires = "output")]
    pub remove: bool,
}

pub fn run(args: RecoverArgs) -> CliResult {
    let Some(dir) = recovery::recovery_dir() else {
        return Err(crate::tr!("recover-no-folder").into());
    };
    let entries = recovery::list(&dir, false);
    if args.list {
        if entries.is_empty() {
            println!(
                "{}",
                crate::tr!("recover-none", folder = dir.display().to_string())
            );
        }
        for (i, e) in entries.iter().enumerate() {
            let file = e
                .meta
                .source
                .as_ref()
                .map_or(e.meta.display_name.clone(), |p| p.display().to_string());
            let age = recovery::now().saturating_sub(e.meta.saved_at) as i64;
            let edits = e.meta.edits as i64;
            println!(
                "{:>3}  {file}  {}",
                i + 1,
                crate::tr!("recover-row", seconds = age, edits = edits)
            );
        }
        return Ok(ExitCode::SUCCESS);
    }
    let n = args.entry.unwrap_or(0);
    let Some(entry) = n.checked_sub(1).and_then(|i| entries.get(i)) else {
        let count = entries.len() as i64;
        return Err(crate::tr!("recover-no-entry", n = n as i64, count = count).into());
    };
    let Some(out) = args.output else {
        return Err(crate::tr!("recover-needs-output").into());
    };
    let model = entry.load()?;
    super::save_model(&model, &out, &Default::default())?;
    eprintln!(
        "{}",
        crate::tr!(
            "recover-written",
            n = n as i64,
            path = out.display().to_string()
        )
    );
    if args.remove {
        entry.slot.remove();
    }
    Ok(ExitCode::SUCCESS)
}
