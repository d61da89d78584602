//! The `pigkill` command: a thin shell over [`pigkill::cli`].

fn main() -> std::process::ExitCode {
    // Like other Unix tools, end quietly when the reader of our output goes
    // away (`pigkill check ... | head`), instead of panicking on a write.
    // The solution runner does not depend on this disposition: it blocks
    // SIGPIPE in its supervising thread while a run is under way.
    // SAFETY: setting a signal's disposition to its default, before any
    // thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    pigkill::cli::main(std::env::args_os())
}
