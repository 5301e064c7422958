//! `hone edit IN --script OPS.json -o OUT [--dry-run]`: apply a JSON script of
//! operations through the edit layer (see `hone_core::ops::script`).

use super::CliResult;
use crate::edit::History;
use crate::ops::script::{field_docs, parse_script, run_script_from, usage_lines, KINDS};
use crate::pmx::write::WriteOptions;
use std::io::Write as _;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
#[command(after_long_help = script_help())]
pub struct EditArgs {
    /// Input model (PMX or PMD).
    pub input: std::path::PathBuf,
    /// The script: a JSON array of operations (see below).
    #[arg(long, value_name = "OPS.json")]
    pub script: std::path::PathBuf,
    /// Output PMX file (written only if every operation succeeds).
    #[arg(short, long, value_name = "OUT", required_unless_present = "dry_run")]
    pub output: Option<std::path::PathBuf>,
    /// Print what each operation would change; write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

/// The script format, for `hone edit --help`.
pub fn script_help() -> String {
    let mut s = String::from(
        "Script format: a JSON array of operations, applied in order; each is one undo \
step. If one fails, nothing is written and the error names its index (0-based).\n\n\
Operations:\n",
    );
    for u in usage_lines() {
        s.push_str("  ");
        s.push_str(&u);
        s.push('\n');
    }
    s.push_str(
        "\nK (kind): one of the kinds below. S (selector): an index, an exact name (Japanese, \
else English), a name glob with * (e.g. \"右横髪*\"), or a list of these.\n\
V (vertices): absent or \"all\", a list of vertex indices, {\"bone\": S} (the vertices S \
weights) or {\"material\": S} (the vertices of its faces). BONE: a selector naming one bone. \
File paths are relative to the current directory, but an output operation's \"output\" \
(bake, export, extract: they change nothing and write a file) is relative to OUT's folder; \
those files are written, after OUT, only when every operation succeeded.\n\
Fields (for set and add; references take a name or an index, enums a name or number, \
angles also as FIELD_deg):\n",
    );
    for (name, kind) in KINDS {
        let fields: Vec<&str> = field_docs(*kind).iter().map(|d| d.name).collect();
        s.push_str(&format!("  {name}: {}\n", fields.join(", ")));
    }
    s.push_str(
        "\nExample:\n  [{\"op\":\"delete\",\"kind\":\"joint\",\"select\":\"右横髪*\"},\n   \
{\"op\":\"set\",\"kind\":\"rigid_body\",\"select\":\"後髪*\",\"field\":\"mass\",\"value\":0.5}]",
    );
    s
}

pub fn run(args: EditArgs) -> CliResult {
    let text = std::fs::read_to_string(&args.script)
        .map_err(|e| format!("{}: {e}", args.script.display()))?;
    let ops = parse_script(&text).map_err(|e| format!("{}: {e}", args.script.display()))?;
    let (loaded, _format) = super::info::load_any(&args.input)?;
    let mut model = loaded.model;
    let mut history = History::new();
    let model_dir = crate::pmx::textures::folder_of(&args.input);
    let reports =
        run_script_from(&mut model, &mut history, &ops, Some(&model_dir)).map_err(|e| {
            crate::tr!(
                "cli-script-failed",
                path = args.script.display().to_string(),
                error = e.to_string()
            )
        })?;
    let mut out = std::io::stdout().lock();
    for r in &reports {
        let line = if args.dry_run {
            crate::tr!("cli-dry-run-step", step = r.to_string())
        } else {
            r.to_string()
        };
        let _ = writeln!(out, "{line}");
    }
    if args.dry_run {
        return Ok(ExitCode::SUCCESS);
    }
    let Some(path) = &args.output else {
        return Err(crate::tr!("cli-output-required").into());
    };
    // A merged part's textures come from its folder: the texture rule copies them too.
    let mut origins = crate::pmx::textures::TextureOrigins::default();
    for r in &reports {
        origins.extend(&r.textures);
    }
    let model = super::bring_textures_from(&model, &origins, &args.input, path)?;
    super::save_model(&model, path, &WriteOptions::default())?;
    // The output operations' files, beside OUT.
    let out_dir = crate::pmx::textures::folder_of(path);
    let never = std::sync::atomic::AtomicBool::new(false);
    for made in reports.iter().flat_map(|r| &r.outputs) {
        let target = out_dir.join(&made.path);
        // A script may name a folder of its own (`"made/a.glb"`): it is made, as the
        // operation's usage line says.
        if let Some(folder) = target.parent() {
            std::fs::create_dir_all(folder).map_err(|e| {
                crate::tr!(
                    "cli-edit-cannot-make-folder",
                    path = folder.display().to_string(),
                    error = e.to_string()
                )
            })?;
        }
        let sources = crate::ops::output::Sources::new(&model, Some(&model_dir), &target);
        for line in made.output.lines.iter() {
            let _ = writeln!(out, "{line}");
        }
        for line in crate::ops::output::write(&made.output, &sources, &never)? {
            let _ = writeln!(std::io::stderr(), "hone: {line}");
        }
    }
    let _ = writeln!(
        out,
        "{}",
        crate::tr!(
            "cli-edit-saved",
            count = reports.len(),
            path = path.display().to_string()
        )
    );
    Ok(ExitCode::SUCCESS)
}
