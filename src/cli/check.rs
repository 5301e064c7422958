use super::CliResult;

#[derive(clap::Args, Debug)]
pub struct CheckArgs {
    /// Model file (PMX or PMD).
    pub file: std::path::PathBuf,
}

pub fn run(_args: CheckArgs) -> CliResult {
    Err("`hone check` is not implemented yet".into())
}
