#!/bin/sh
# Compiles examples/contestant.cpp into DIR: DIR/contestant (the correct
# solution) and DIR/contestant-<id> for every injected mistake <id> (the
# catalogue id, e.g. contestant-loyalist-fights-lord), built with
# -DMISTAKE_<ID>. The ids are read from the switch list at the top of the
# source, so a new switch only needs its line there.
# Usage: examples/build-contestants.sh DIR
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
sed -n 's,^//   MISTAKE_\([A-Z_]*\) .*,\1,p' "$src" | while read -r define; do
    id=$(echo "$define" | tr 'A-Z_' 'a-z-')
    "$cxx" -O2 -std=c++17 "-DMISTAKE_$define" -o "$dir/contestant-$id" "$src"
    echo "$dir/contestant-$id"
done
