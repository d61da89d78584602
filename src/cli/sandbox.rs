//! `--sandbox` and `--sandbox-user`, shared by the commands that run
//! solutions (`check`, and `gen --suite` with `--against` / `--accepted`):
//! they set the process-wide sandbox of the runner and say once, at the
//! start, what a run is shut in by.

use clap::{Args, ValueEnum};

use crate::solution::{sandbox_notice, set_default_sandbox, Sandbox, SandboxUser};

/// Whether solutions run in the sandbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SandboxSwitch {
    /// Shut each run in as far as the kernel allows (the default).
    On,
    /// The real system with your rights (only a private /tmp and the run's own processes).
    Off,
}

/// The sandbox options of commands that run solutions.
#[derive(Debug, Args)]
pub struct SandboxArgs {
    /// Shut each run of the solution in: its own network (none), a read-only view of the
    /// system but its directory and a private /tmp, an unprivileged user, a process cap, as
    /// far as the kernel allows (see the README's "Containment"). `off` for programs that
    /// need the real system.
    #[arg(long, value_enum, default_value = "on")]
    sandbox: SandboxSwitch,
    /// The user and group a sandboxed run switches to (as root), as UID or UID:GID.
    #[arg(long, value_name = "UID[:GID]", default_value = "65534:65534", value_parser = parse_user)]
    sandbox_user: SandboxUser,
}

impl SandboxArgs {
    /// Makes these the runner's settings and returns the notice saying
    /// what a run is shut in by (for stderr).
    pub fn apply(&self) -> String {
        let sandbox = match self.sandbox {
            SandboxSwitch::On => Sandbox::On,
            SandboxSwitch::Off => Sandbox::Off,
        };
        set_default_sandbox(sandbox, self.sandbox_user);
        sandbox_notice(sandbox, self.sandbox_user)
    }
}

/// Parses `UID` or `UID:GID` (the group defaults to the user's number).
fn parse_user(text: &str) -> Result<SandboxUser, String> {
    let number = |part: &str, what: &str| {
        part.trim().parse::<u32>().map_err(|_| {
            format!("expected a numeric {what} id in '{text}' (UID or UID:GID, e.g. 65534:65534)")
        })
    };
    let (uid, gid) = match text.split_once(':') {
        Some((uid, gid)) => (number(uid, "user")?, number(gid, "group")?),
        None => {
            let uid = number(text, "user")?;
            (uid, uid)
        }
    };
    if uid == 0 {
        return Err("--sandbox-user: uid 0 is root; use --sandbox off to run as yourself".into());
    }
    Ok(SandboxUser { uid, gid })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_user_is_a_uid_or_a_uid_and_a_gid() {
        assert_eq!(
            parse_user("1000:100"),
            Ok(SandboxUser {
                uid: 1000,
                gid: 100
            })
        );
        assert_eq!(
            parse_user("65534"),
            Ok(SandboxUser {
                uid: 65534,
                gid: 65534
            })
        );
        assert!(parse_user("nobody")
            .unwrap_err()
            .contains("numeric user id"));
        assert!(parse_user("0").unwrap_err().contains("root"));
    }
}
