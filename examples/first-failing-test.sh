#!/bin/sh
# Judges one program on one suite written by `pigkill gen --suite`: prints
# the name of the first test (N of N.in) whose answer the program does not
# print, or nothing when it passes every test. A test fails when the
# program exits non-zero or runs over 5 s, or when its output differs
# from N.out with trailing whitespace and blank lines ignored (as
# `--against` judges). Used by examples/narrow-suites.sh and
# scripts/suite-figures.sh, so that both judge alike.
# Usage: examples/first-failing-test.sh SUITE_DIR COMMAND [ARG...]
set -eu
if [ $# -lt 2 ]; then
    echo "usage: $0 SUITE_DIR COMMAND [ARG...]" >&2
    exit 2
fi
suite=$1
shift
norm() { sed 's/[[:space:]]*$//' "$1" | grep -av '^$' || true; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for input in "$suite"/*.in; do
    if ! timeout 5 "$@" < "$input" > "$tmp/out" 2>/dev/null; then
        basename "$input" .in
        exit 0
    fi
    norm "$tmp/out" > "$tmp/a"
    norm "${input%.in}.out" > "$tmp/b"
    if ! cmp -s "$tmp/a" "$tmp/b"; then
        basename "$input" .in
        exit 0
    fi
done
