#!/bin/sh
# Judges every narrow build of the C++ contestant (examples/build-narrow.sh
# DIR) on suites written by `pigkill gen --suite` and says which suites
# each one fails: a narrow mistake passes a suite when its output is
# accepted on every test (lines compared with trailing whitespace and
# blank lines ignored, as `--against` judges; examples/first-failing-test.sh
# judges each).
# The (build, suite) runs are judged in parallel, as many at once as the
# machine has cores (NARROW_SUITES_JOBS=N sets another number), and the
# lines are printed in build order, then suite order, as one run after
# another would print them.
# Usage: examples/narrow-suites.sh DIR SUITE_DIR...
set -eu
if [ $# -lt 2 ]; then
    echo "usage: $0 DIR SUITE_DIR..." >&2
    exit 2
fi
dir=$1
shift
judge="$(dirname "$0")/first-failing-test.sh"
jobs=${NARROW_SUITES_JOBS:-$(nproc 2>/dev/null || echo 2)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# One job a run: its number, the build, the suite (NUL-separated).
runs=0
for exe in "$dir"/narrow-*; do
    for suite in "$@"; do
        runs=$((runs + 1))
        printf '%s\0%s\0%s\0' "$runs" "$exe" "$suite"
    done
done > "$tmp/jobs"
# Each run writes the test it fails first (nothing when it passes) to
# $tmp/N; xargs fails when a judge does.
# (The single quotes are meant: the inner shell expands its own arguments.)
# shellcheck disable=SC2016
xargs -0 -n 3 -P "$jobs" sh -c '"$0" "$4" "$3" > "$1/$2"' "$judge" "$tmp" < "$tmp/jobs" ||
    { echo "$0: judging failed" >&2; exit 1; }
passes=0
run=0
for exe in "$dir"/narrow-*; do
    for suite in "$@"; do
        run=$((run + 1))
        if [ ! -s "$tmp/$run" ]; then
            passes=$((passes + 1))
            echo "PASSES $(basename "$exe") $suite"
        fi
    done
done
echo "$((runs - passes)) of $runs (narrow build, suite) runs fail the suite"
