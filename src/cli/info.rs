use super::CliResult;

#[derive(clap::Args, Debug)]
pub struct InfoArgs {
    /// Model file (PMX or PMD).
    pub file: std::path::PathBuf,
}

pub fn run(_args: InfoArgs) -> CliResult {
    Err("`hone info` is not implemented yet".into())
}
