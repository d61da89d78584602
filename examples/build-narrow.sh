#!/bin/sh
# Compiles examples/contestant.cpp into DIR: DIR/contestant (the correct
# solution) and DIR/narrow-<id> for every narrow mistake <id> (the kebab-case
# id of examples/narrow.tsv, e.g. narrow-scan-resumes-after-duel), built with
# -DNARROW_<ID>. The ids are read from the NARROW_ switch list at the top of
# the source, so a new switch only needs its line there (and its row in
# narrow.tsv). Prints each narrow binary's path on its own line.
# Usage: examples/build-narrow.sh DIR
set -eu
if [ $# -ne 1 ]; then
    echo "usage: $0 DIR" >&2
    exit 2
fi
dir=$1
src=$(dirname "$0")/contestant.cpp
cxx=${CXX:-g++}
mkdir -p "$dir"
"$cxx" -O2 -std=c++17 -o "$dir/contestant" "$src"
sed -n 's,^//   NARROW_\([A-Z_]*\) .*,\1,p' "$src" | while read -r define; do
    id=$(echo "$define" | tr 'A-Z_' 'a-z-')
    "$cxx" -O2 -std=c++17 "-DNARROW_$define" -o "$dir/narrow-$id" "$src"
    echo "$dir/narrow-$id"
done
