//! `export`: the model as glTF 2.0 or VRM 1.0 ([`crate::export`]); an output operation.
//! The format is the `format` option's, else the output file's extension.

use super::output::{Note, Output, OutputOperation, Product, Progress, RunResult, Sources};
use super::{Choice, Def, Menu, Need, OpError, Opt, OptKind, Options, Selection};
use crate::export::{ExportFormat, ExportOptions, ExpressionMap};

const FORMATS: &[Choice] = &[
    Choice::new("glb", "output-export-format-glb"),
    Choice::new("gltf", "output-export-format-gltf"),
    Choice::new("vrm", "output-export-format-vrm"),
];

/// The licence VRM's own tooling suggests (where the app's field starts).
pub const VRM_PUBLIC_LICENSE: &str = "https://vrm.dev/licenses/1.0/";

pub const OP: OutputOperation = OutputOperation {
    name: "export",
    title: "output-export-title",
    help: "output-export-help",
    menu: Menu::File,
    selection: Need::None,
    inputs: &[],
    extensions: &["glb", "gltf", "vrm"],
    file_suffix: "",
    options: &[
        Opt::new(
            "format",
            "output-export-format",
            OptKind::Choice(FORMATS),
            Def::Str("glb"),
        )
        .auto()
        .short("output-export-format-short"),
        Opt::new(
            "author",
            "output-export-author",
            OptKind::Text,
            Def::Str(""),
        )
        .short("output-export-author-short"),
        Opt::new(
            "license",
            "output-export-license",
            OptKind::Text,
            Def::Str(""),
        )
        .app(Def::Str(VRM_PUBLIC_LICENSE))
        .short("output-export-license-short"),
        Opt::new(
            "t_pose",
            "output-export-t-pose",
            OptKind::Bool,
            Def::Bool(true),
        )
        .auto()
        .bare("true")
        .short("output-export-t-pose-short"),
        Opt::new(
            "expressions",
            "output-export-expressions",
            OptKind::File,
            Def::None,
        )
        .auto()
        .short("output-export-expressions-short"),
    ],
    run,
};

/// The export's format: the `format` option's, else the output's extension's.
pub fn format(options: &Options, output: &std::path::Path) -> Result<ExportFormat, OpError> {
    let unknown = || {
        OpError(crate::tr!(
            "export-unknown-format",
            path = output.display().to_string()
        ))
    };
    match options.args().str("format")? {
        Some("glb") => Ok(ExportFormat::Glb),
        Some("gltf") => Ok(ExportFormat::Gltf),
        Some("vrm") => Ok(ExportFormat::Vrm),
        Some(_) => Err(unknown()),
        None => ExportFormat::from_path(output).ok_or_else(unknown),
    }
}

/// The core's export options from the operation's, for `sources`.
pub fn export_options(sources: &Sources, options: &Options) -> Result<ExportOptions, OpError> {
    let args = options.args();
    let format = format(options, sources.output)?;
    let expressions = match args.str("expressions")?.map(str::trim) {
        None | Some("") => None,
        Some(file) => Some(ExpressionMap::read(std::path::Path::new(file)).map_err(OpError)?),
    };
    Ok(ExportOptions {
        format,
        texture_dir: sources.model_dir.map(std::path::Path::to_path_buf),
        texture_origins: sources.texture_origins.clone(),
        author: args.str("author")?.unwrap_or_default().to_string(),
        license: args.str("license")?.unwrap_or_default().to_string(),
        t_pose: args.parse("t_pose")?,
        expressions,
    })
}

fn run(sources: &Sources, _: &Selection, options: &Options, progress: &mut Progress) -> RunResult {
    let export_options = export_options(sources, options)?;
    progress.check()?;
    let (bytes, report) = crate::export::export(sources.model, &export_options)
        .map_err(|e| OpError(e.to_string()))?;
    (progress.report)(1.0);
    Ok(Output {
        lines: Vec::new(),
        notes: (report.notes.iter())
            .map(|n| Note {
                kind: n.kind(),
                text: n.message(),
            })
            .collect(),
        product: Product::Bytes(bytes),
    })
}
