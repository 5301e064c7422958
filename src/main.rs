fn main() -> std::process::ExitCode {
    hone::cli::main()
}
