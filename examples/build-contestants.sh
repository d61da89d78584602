#!/bin/sh
# Compiles examples/contestant.cpp into DIR: DIR/contestant (the correct
# solution) and one binary per injected mistake, printing each mistake
# binary's path on its own line. The ids are read from the switch list at
# the top of the source, so a new switch only needs its line there.
#   KIND MISTAKE (default): DIR/contestant-<id> for every catalogue mistake
#     <id> (e.g. contestant-loyalist-fights-lord), built with -DMISTAKE_<ID>.
#   KIND NARROW: DIR/narrow-<id> for every narrow mistake <id> of
#     examples/narrow.tsv (e.g. narrow-scan-resumes-after-duel), built with
#     -DNARROW_<ID> (examples/build-narrow.sh).
# Usage: examples/build-contestants.sh DIR [MISTAKE|NARROW]
set -eu
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
    echo "usage: $0 DIR [MISTAKE|NARROW]" >&2
    exit 2
fi
dir=$1
kind=${2:-MISTAKE}
case $kind in
    MISTAKE) prefix=contestant ;;
    NARROW) prefix=narrow ;;
    *) echo "$0: KIND is MISTAKE or NARROW, not '$kind'" >&2; exit 2 ;;
esac
src=$(dirname "$0")/contestant.cpp
cxx=${CXX:-g++}
mkdir -p "$dir"
"$cxx" -O2 -std=c++17 -o "$dir/contestant" "$src"
# The switches: MISTAKE_ ones are listed at the top of the source, NARROW_
# ones in narrow-switches.txt beside it.
case $kind in
    MISTAKE) list=$src; pattern="^//   ${kind}_" ;;
    NARROW) list=$(dirname "$0")/narrow-switches.txt; pattern="^  ${kind}_" ;;
esac
sed -n "s,${pattern}\\([A-Z0-9_]*\\) .*,\\1,p" "$list" | while read -r define; do
    id=$(echo "$define" | tr 'A-Z_' 'a-z-')
    "$cxx" -O2 -std=c++17 "-D${kind}_$define" -o "$dir/$prefix-$id" "$src"
    echo "$dir/$prefix-$id"
done
