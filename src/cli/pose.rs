use super::CliResult;

#[derive(clap::Args, Debug)]
pub struct PoseArgs {
    /// Model file (PMX or PMD).
    pub file: std::path::PathBuf,
}

pub fn run(_args: PoseArgs) -> CliResult {
    Err("`hone pose` is not implemented yet".into())
}
