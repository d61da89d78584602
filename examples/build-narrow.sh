#!/bin/sh
# Compiles examples/contestant.cpp into DIR: DIR/contestant (the correct
# solution) and DIR/narrow-<id> for every narrow mistake <id> (the kebab-case
# id of examples/narrow.tsv, e.g. narrow-scan-resumes-after-duel), built with
# -DNARROW_<ID>. Prints each narrow binary's path on its own line.
# Usage: examples/build-narrow.sh DIR
set -eu
if [ $# -ne 1 ]; then
    echo "usage: $0 DIR" >&2
    exit 2
fi
exec "$(dirname "$0")/build-contestants.sh" "$1" NARROW
