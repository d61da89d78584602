#!/usr/bin/env bash
# Headless Chromium screenshots of the HTML pages, at 1400x900:
#   replay.png   a six-pig game's replay, at a nullify chain (docs/replay.png)
#   sample.png   the statement's sample, at its last event
#   failure.png  a failure page: the sample with a deliberately wrong output
# Usage: scripts/screenshots.sh [OUT_DIR]   (default target/screenshots)
# Needs chromium (Debian: apt-get install chromium fonts-noto-cjk); set
# CHROMIUM to use another binary. Fails when a screenshot is missing,
# empty, or not 1400x900.
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/screenshots}
chromium=${CHROMIUM:-chromium}
mkdir -p "$out"

cargo build --release --quiet --bin pigkill --example failure_page

printf '3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n' >"$out/sample.in"
# A six-pig game: two crossbows, two volleys, a nullify chain of depth 3,
# the lord's suspicion, deaths.
printf '6 2\nMP K P Z K\nFP W P P K\nZP K Z K K\nZP P J J K\nFP J K K W\nFP K W K K\nZ W\n' >"$out/six.in"
# The answer is J J J J J J D: this output forgets the deck's last card.
printf 'FP\nDEAD\nDEAD\nJ J J J J J\n' >"$out/wrong.out"

target/release/pigkill explain --html "$out/sample.in" >"$out/sample.html"
target/release/pigkill explain --html "$out/six.in" >"$out/six.html"
target/release/examples/failure_page "$out/sample.in" "$out/wrong.out" ./my-solution >"$out/failure.html"

shoot() { # NAME PAGE ANCHOR
  local png="$out/$1.png"
  rm -f "$png"
  timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars \
    --window-size=1400,900 --screenshot="$png" "file://$(pwd)/$out/$2#$3" >/dev/null 2>&1 || true
  if [ ! -s "$png" ]; then
    echo "screenshots: $png was not produced" >&2
    exit 1
  fi
  # The PNG header's width and height (big-endian, bytes 16 to 23).
  local size
  size=$(od -An -tu1 -j16 -N8 "$png" | awk '{printf "%dx%d", $3*256+$4, $7*256+$8}')
  if [ "$size" != "1400x900" ]; then
    echo "screenshots: $png is $size, expected 1400x900" >&2
    exit 1
  fi
  echo "screenshots: $png ($(wc -c <"$png") bytes, $size)"
}

shoot replay six.html event-26
shoot sample sample.html event-35
shoot failure failure.html event-40

# The script ran in the browser: the page opened at #event-26 (pig 4's
# third nullify) shows the table after that event.
dom="$out/six.dom.html"
timeout 120 "$chromium" --headless --no-sandbox --disable-gpu \
  --dump-dom "file://$(pwd)/$out/six.html#event-26" >"$dom" 2>/dev/null || true
for want in 'After event 26 of 66' 'class="np sel"' 'class="seat r-ZP public actor" id="seat-3"'; do
  if ! grep -qF "$want" "$dom"; then
    echo "screenshots: the replay script did not show event 26 ($want not in $dom)" >&2
    exit 1
  fi
done
echo "screenshots: the replay script shows event 26 in $dom"
