//! `hone convert IN OUT [--pmx-version 2.0|2.1] [--encoding utf8|utf16]`: PMX, PMD or PMX
//! Editor CSV in, PMX or CSV out (by extension).

use super::CliResult;
use crate::pmx::write::WriteOptions;
use crate::pmx::{PmxVersion, TextEncoding};
use std::io::Write as _;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct ConvertArgs {
    /// Input model (PMX, PMD, or PMX Editor CSV by the .csv extension).
    pub input: std::path::PathBuf,
    /// Output file: PMX, or PMX Editor CSV by the .csv extension.
    pub output: std::path::PathBuf,
    /// PMX version to write (default: keep the input's; PMD becomes 2.0).
    #[arg(long, value_parser = ["2.0", "2.1"])]
    pub pmx_version: Option<String>,
    /// Text encoding to write (default: keep the input's).
    #[arg(long, value_parser = ["utf8", "utf16"])]
    pub encoding: Option<String>,
}

fn is_csv(path: &std::path::Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("csv"))
}

pub fn run(args: ConvertArgs) -> CliResult {
    let loaded = if is_csv(&args.input) {
        let bytes =
            std::fs::read(&args.input).map_err(|e| format!("{}: {e}", args.input.display()))?;
        let model = crate::pmx::csv::read_csv(&bytes)
            .map_err(|e| format!("{}: {e}", args.input.display()))?;
        crate::pmx::Loaded {
            model,
            warnings: Vec::new(),
        }
    } else {
        super::info::load_any(&args.input)?.0
    };
    for w in &loaded.warnings {
        // Not eprintln!: a closed stderr must not panic.
        let _ = writeln!(
            std::io::stderr(),
            "{}",
            crate::tr!(
                "cli-read-warning",
                path = args.input.display().to_string(),
                warning = w.to_string()
            )
        );
    }
    let opts = WriteOptions {
        version: args.pmx_version.as_deref().map(|v| match v {
            "2.1" => PmxVersion::V2_1,
            _ => PmxVersion::V2_0,
        }),
        encoding: args.encoding.as_deref().map(|e| match e {
            "utf8" => TextEncoding::Utf8,
            _ => TextEncoding::Utf16Le,
        }),
    };
    let model = super::bring_textures(&loaded.model, &args.input, &args.output)?;
    if is_csv(&args.output) {
        // The CSV carries the model's own header; --pmx-version/--encoding apply to PMX output.
        let bytes = crate::pmx::csv::write_csv(&model);
        crate::pmx::write::write_file_atomically(&args.output, &bytes)
            .map_err(|e| e.to_string())?;
        return Ok(ExitCode::SUCCESS);
    }
    super::save_model(&model, &args.output, &opts)?;
    Ok(ExitCode::SUCCESS)
}
