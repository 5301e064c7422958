use super::CliResult;

#[derive(clap::Args, Debug)]
pub struct ConvertArgs {
    /// Model file (PMX or PMD).
    pub file: std::path::PathBuf,
}

pub fn run(_args: ConvertArgs) -> CliResult {
    Err("`hone convert` is not implemented yet".into())
}
