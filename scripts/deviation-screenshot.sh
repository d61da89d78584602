#!/usr/bin/env bash
# The screenshot of README's deviation section (docs/deviation.png): the
# C++ contestant built with one narrow mistake (-DNARROW_LORD_FIRST_IN_OWN_DUEL,
# the README's session), `pigkill check --seed 1` on it, and headless
# Chromium on the failure page it writes, at 1400x1100, opened where the
# page opens by itself (the marked event).
# Usage: scripts/deviation-screenshot.sh [PNG]   (default target/screenshots/deviation.png;
#        give docs/deviation.png to replace the README's, and look at it first)
# Needs g++ and chromium (Debian: apt-get install chromium fonts-noto-cjk);
# set CHROMIUM to use another binary. Fails when the check finds no
# failure, the page has no marked event, or the PNG is missing, empty or
# not 1400x1100.
set -euo pipefail
cd "$(dirname "$0")/.."
png=${1:-target/screenshots/deviation.png}
chromium=${CHROMIUM:-chromium}
mkdir -p "$(dirname "$png")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cargo build --release --quiet --bin pigkill
"${CXX:-g++}" -O2 -std=c++17 -DNARROW_LORD_FIRST_IN_OWN_DUEL \
  -o "$work/narrow-lord-first-in-own-duel" examples/contestant.cpp
status=0
(cd "$work" && "$OLDPWD/target/release/pigkill" check \
  --solution ./narrow-lord-first-in-own-duel --seed 1 --out "$work/out") \
  >"$work/report.txt" 2>&1 || status=$?
if [ "$status" -ne 1 ]; then
  cat "$work/report.txt" >&2
  echo "deviation-screenshot: expected one failure (exit 1), got exit $status" >&2
  exit 1
fi
page=$(ls "$work"/out/*.html | head -1)
if ! grep -q 'class="[a-z]* deviates"' "$page"; then
  echo "deviation-screenshot: $page marks no event" >&2
  exit 1
fi
sed -n '/where it went another way/,/the game:/p' "$work/report.txt"

rm -f "$png"
timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars \
  --window-size=1400,1100 --screenshot="$(realpath "$png")" "file://$page" >/dev/null 2>&1 || true
if [ ! -s "$png" ]; then
  echo "deviation-screenshot: $png was not produced" >&2
  exit 1
fi
size=$(od -An -tu1 -j16 -N8 "$png" | awk '{printf "%dx%d", $3*256+$4, $7*256+$8}')
if [ "$size" != "1400x1100" ]; then
  echo "deviation-screenshot: $png is $size, expected 1400x1100" >&2
  exit 1
fi
echo "deviation-screenshot: $png ($(wc -c <"$png") bytes, $size) from $(basename "$page")"
