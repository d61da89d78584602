//! The `pigkill` command: a thin shell over [`pigkill::cli`].

fn main() -> std::process::ExitCode {
    pigkill::cli::main(std::env::args_os())
}
