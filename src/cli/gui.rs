use super::CliResult;

#[derive(clap::Args, Debug)]
pub struct GuiArgs {
    /// PMX or PMD file to open.
    pub file: Option<std::path::PathBuf>,
}

pub fn run(_args: GuiArgs) -> CliResult {
    Err("the GUI is not implemented yet".into())
}
