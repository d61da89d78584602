#!/bin/sh
# Judges every narrow build of the C++ contestant (examples/build-narrow.sh
# DIR) on suites written by `pigkill gen --suite` and says which suites
# each one fails: a narrow mistake passes a suite when its output is
# accepted on every test (lines compared with trailing whitespace and
# blank lines ignored, as `--against` judges; examples/first-failing-test.sh
# judges each).
# Usage: examples/narrow-suites.sh DIR SUITE_DIR...
set -eu
if [ $# -lt 2 ]; then
    echo "usage: $0 DIR SUITE_DIR..." >&2
    exit 2
fi
dir=$1
shift
judge="$(dirname "$0")/first-failing-test.sh"
passes=0
runs=0
for exe in "$dir"/narrow-*; do
    for suite in "$@"; do
        runs=$((runs + 1))
        failed=$("$judge" "$suite" "$exe")
        if [ -z "$failed" ]; then
            passes=$((passes + 1))
            echo "PASSES $(basename "$exe") $suite"
        fi
    done
done
echo "$((runs - passes)) of $runs (narrow build, suite) runs fail the suite"
