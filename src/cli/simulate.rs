use super::CliResult;

#[derive(clap::Args, Debug)]
pub struct SimulateArgs {
    /// Model file (PMX or PMD).
    pub file: std::path::PathBuf,
}

pub fn run(_args: SimulateArgs) -> CliResult {
    Err("`hone simulate` is not implemented yet".into())
}
