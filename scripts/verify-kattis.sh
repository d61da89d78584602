#!/usr/bin/env bash
# The Kattis package as a judge checks it: `pigkill gen --suite --seed 1
# --format kattis`, then problemtools' `verifyproblem` on it with pigkill
# NOT on the PATH (nothing in the package may need it). Fails unless
# verifyproblem reports 0 errors; its warnings are printed.
#
# Needs: problemtools (`pip install problemtools`), its LaTeX toolchain
# (lualatex and the packages .ci/run installs), g++; and a release build
# of pigkill (PIGKILL, default target/release/pigkill).
set -euo pipefail
cd "$(dirname "$0")/.."
pigkill=$(realpath "${PIGKILL:-target/release/pigkill}")
verifyproblem=$(command -v verifyproblem || true)
if [ -z "$verifyproblem" ]; then
  # pip's scripts folder, when it is not on the PATH.
  scripts=$(python3 -c 'import sysconfig; print(sysconfig.get_path("scripts"))' 2>/dev/null || true)
  [ -x "$scripts/verifyproblem" ] && verifyproblem="$scripts/verifyproblem"
fi
if [ -z "$verifyproblem" ]; then
  echo "verify-kattis: verifyproblem not found (pip install problemtools)" >&2
  exit 2
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$pigkill" gen --suite --seed 1 --format kattis --out "$work/pigkill" >/dev/null

# The PATH without any folder that holds a pigkill.
clean=""
IFS=: read -r -a dirs <<<"$PATH"
for dir in "${dirs[@]}"; do
  [ -n "$dir" ] && [ ! -e "$dir/pigkill" ] && clean="${clean:+$clean:}$dir"
done
if PATH="$clean" command -v pigkill >/dev/null 2>&1; then
  echo "verify-kattis: pigkill is still on the PATH" >&2
  exit 2
fi

status=0
(cd "$work" && PATH="$clean" "$verifyproblem" pigkill) >"$work/log" 2>&1 || status=$?
cat "$work/log"
summary=$(grep -E 'tested: [0-9]+ errors?' "$work/log" | tail -1 || true)
if [ "$status" -ne 0 ] || ! grep -qE 'tested: 0 errors' <<<"$summary"; then
  echo "verify-kattis: verifyproblem found errors (exit $status): ${summary:-no summary}" >&2
  exit 1
fi
echo "verify-kattis: $summary (pigkill not on the PATH)"
