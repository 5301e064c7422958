//! `hone export MODEL -o OUT.glb|OUT.gltf|OUT.vrm [--author A --license URL] [--t-pose[=BOOL]]
//! [--expressions MAP]`: the model as
//! glTF 2.0 or VRM 1.0 (see [`hone_core::export`]), with what could not be carried listed on
//! stderr. The model file is not changed.

use super::CliResult;
use hone_core::export::{ExportFormat, ExportOptions};
use std::io::Write as _;
use std::process::ExitCode;

#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// The model (PMX or PMD); its textures are read from its folder.
    pub input: std::path::PathBuf,
    /// The file to write: .glb (binary glTF), .gltf (JSON, buffer embedded) or .vrm (VRM 1.0),
    /// by extension.
    #[arg(short = 'o', long = "output")]
    pub output: std::path::PathBuf,
    /// VRM: the author(s) to name in the file's meta (required for .vrm).
    #[arg(long, default_value = "")]
    pub author: String,
    /// VRM: the URL of the licence the model is under (required for .vrm), e.g. the VRM Public
    /// License, <https://vrm.dev/licenses/1.0/>
    #[arg(long, default_value = "")]
    pub license: String,
    /// Turn the arms into VRM's T pose and bake it into the bind pose: `--t-pose` or
    /// `--t-pose=true|false`. Default: on for .vrm (VRM 1.0 requires a T pose), off for glTF.
    #[arg(long, num_args = 0..=1, default_missing_value = "true", value_name = "BOOL")]
    pub t_pose: Option<bool>,
    /// VRM: a file mapping VRM expression names to MMD morphs, overriding the built-in names
    /// for what it lists: JSON `{"happy": "笑い", "aa": {"あ": 1.0}}` or CSV lines
    /// `expression,morph[,weight]`. A name that is not a VRM preset becomes a custom expression.
    #[arg(long, value_name = "MAP.json|MAP.csv")]
    pub expressions: Option<std::path::PathBuf>,
}

impl ExportArgs {
    /// The options the core takes (the app fills the same struct).
    pub fn options(&self) -> Result<ExportOptions, String> {
        let format = ExportFormat::from_path(&self.output).ok_or_else(|| {
            crate::tr!(
                "export-unknown-format",
                path = self.output.display().to_string()
            )
        })?;
        let expressions = match &self.expressions {
            Some(path) => Some(hone_core::export::ExpressionMap::read(path)?),
            None => None,
        };
        Ok(ExportOptions {
            format,
            texture_dir: self.input.parent().map(|p| p.to_path_buf()),
            texture_origins: Default::default(),
            author: self.author.clone(),
            license: self.license.clone(),
            t_pose: self.t_pose,
            expressions,
        })
    }
}

pub fn run(args: ExportArgs) -> CliResult {
    let options = args.options()?;
    let (loaded, _) = super::info::load_any(&args.input)?;
    let mut err = std::io::stderr();
    for w in &loaded.warnings {
        let _ = writeln!(
            err,
            "{}",
            crate::tr!(
                "cli-read-warning",
                path = args.input.display().to_string(),
                warning = w.to_string()
            )
        );
    }
    let (bytes, report) = hone_core::export::export(&loaded.model, &options)?;
    crate::pmx::write::write_file_atomically(&args.output, &bytes).map_err(|e| e.to_string())?;
    for note in &report.notes {
        let _ = writeln!(err, "{}", crate::tr!("export-note", note = note.message()));
    }
    let _ = writeln!(
        err,
        "{}",
        crate::tr!(
            "export-written",
            path = args.output.display().to_string(),
            kib = (bytes.len() as i64 + 1023) / 1024,
            notes = report.notes.len() as i64
        )
    );
    Ok(ExitCode::SUCCESS)
}
