//! `hone convert IN OUT [--pmx-version 2.0|2.1] [--encoding utf8|utf16]`.

use super::CliResult;
use crate::pmx::write::WriteOptions;
use crate::pmx::{PmxVersion, TextEncoding};
use std::io::Write as _;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct ConvertArgs {
    /// Input model (PMX or PMD).
    pub input: std::path::PathBuf,
    /// Output PMX file.
    pub output: std::path::PathBuf,
    /// PMX version to write (default: keep the input's; PMD becomes 2.0).
    #[arg(long, value_parser = ["2.0", "2.1"])]
    pub pmx_version: Option<String>,
    /// Text encoding to write (default: keep the input's).
    #[arg(long, value_parser = ["utf8", "utf16"])]
    pub encoding: Option<String>,
}

pub fn run(args: ConvertArgs) -> CliResult {
    let (loaded, _format) = super::info::load_any(&args.input)?;
    for w in &loaded.warnings {
        // Not eprintln!: a closed stderr must not panic.
        let _ = writeln!(
            std::io::stderr(),
            "hone: warning: {}: {w}",
            args.input.display()
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
    super::save_model(&loaded.model, &args.output, &opts)?;
    Ok(ExitCode::SUCCESS)
}
