#!/usr/bin/env bash
# How fast `pigkill check` answers a contestant: for every wrong solution
# given (or, with none, the example contestant's every --bug and, when
# built, the C++ contestant's every injected mistake), the wall time from
# start to exit of the default run (stops at the first failure) over
# several seeds, then the median and the worst; and the number of saved
# failures and the wall time of `--keep-going --time 10s`.
#
#   scripts/check-latency.sh [SOLUTION...]
#
# SEEDS="1 2 3" picks the seeds; KEEP_GOING=0 skips the --keep-going runs.
#
# Release build first: cargo build --release. Writes nothing but temporary
# directories, removed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
pigkill=target/release/pigkill
seeds=${SEEDS:-"1 2 3"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

solutions=("$@")
if [ ${#solutions[@]} -eq 0 ]; then
  # The example contestant names its bugs when asked for one it lacks.
  bugs=$(target/release/example-contestant --bug '?' 2>&1 | sed -n 's/.*expected one of //p' | tr -d , || true)
  for bug in $bugs; do
    solutions+=("target/release/example-contestant --bug $bug")
  done
  if [ -d "${CONTESTANTS:-}" ]; then
    for exe in "$CONTESTANTS"/contestant-*; do solutions+=("$exe"); done
  fi
fi

now() { date +%s.%N; }
times=()
printf '%-70s %8s %8s %6s\n' solution median worst saved
for solution in "${solutions[@]}"; do
  mine=()
  for seed in $seeds; do
    start=$(now)
    "$pigkill" check --solution "$solution" --time 60s --seed "$seed" \
      --out "$work/out-$RANDOM" >/dev/null 2>&1 || true
    end=$(now)
    mine+=("$(echo "$end - $start" | bc)")
  done
  times+=("${mine[@]}")
  sorted=$(printf '%s\n' "${mine[@]}" | sort -n)
  median=$(echo "$sorted" | sed -n "$(( (${#mine[@]} + 1) / 2 ))p")
  worst=$(echo "$sorted" | tail -1)
  out="$work/keep-$RANDOM"
  keep=0
  saved=-
  if [ "${KEEP_GOING:-1}" != 0 ]; then
    start=$(now)
    "$pigkill" check --solution "$solution" --time 10s --seed 1 --keep-going \
      --out "$out" >/dev/null 2>&1 || true
    keep=$(echo "$(now) - $start" | bc)
    saved=$(ls "$out" 2>/dev/null | grep -c '\.in$' || true)
  fi
  name=$solution
  [ ${#name} -gt 70 ] && name="...${name: -67}"
  printf '%-70s %8.2f %8.2f %3s in %5.1fs\n' "$name" "$median" "$worst" "$saved" "$keep"
done
sorted=$(printf '%s\n' "${times[@]}" | sort -n)
count=${#times[@]}
echo "all runs: $count, median $(echo "$sorted" | sed -n "$(( (count + 1) / 2 ))p") s, worst $(echo "$sorted" | tail -1) s"
