#!/usr/bin/env bash
# Issue 22's "Done when" figures for the suites of seeds FROM..TO, measured
# on the built workspace, in one table:
#
#   - per seed: `pigkill gen --suite --seed S` under `/usr/bin/time -v`: live
#     narrow rules exposed of live, catalogue mistakes exposed of 48, wall
#     and user seconds, peak resident memory, the load (1-minute average
#     before and after), and whether both engines (`pigkill run --engine
#     strategy|reference`) and the plain C++ contestant print every test's
#     answer (lines compared with trailing whitespace and blank lines
#     ignored, as examples/narrow-suites.sh judges: both call
#     examples/first-failing-test.sh);
#   - the held-out figure: target/release/examples/suite_holdout FROM TO
#     (each suite chosen against a random half of the narrow family, the
#     other half counted);
#   - for every narrow build (narrow-<id>) in the NARROW_DIRs, how many of
#     the seeds' suites it passes, judged by examples/narrow-suites.sh and
#     summed up per split (column 3 of examples/narrow.tsv). Ids are listed
#     only for tuning splits (--tuning); a held-out split gets counts only,
#     and its builds' names are never printed or written.
#
# Usage: scripts/suite-figures.sh [OPTIONS] OUT FROM TO [NARROW_DIR...]
# Run `scripts/suite-figures.sh --help` for the options.
set -euo pipefail

usage() {
  cat <<'EOF'
usage: scripts/suite-figures.sh [OPTIONS] OUT FROM TO [NARROW_DIR...]

Measures issue 22's figures for the suites of seeds FROM..TO and prints one
table (also written to OUT/figures.txt).

  OUT          a new (or empty) directory; everything the script makes goes
               under it: OUT/seed-S/ (the suite), OUT/logs/, OUT/contestant
  FROM TO      the seeds, FROM <= TO (e.g. 1 10)
  NARROW_DIR   folders of narrow builds (examples/build-narrow.sh DIR):
               each narrow-<id> is judged on every seed's suite

Options:
  --contestant EXE  the plain C++ contestant (default: examples/contestant.cpp
                    compiled into OUT/contestant with ${CXX:-g++} -O2 -std=c++17)
  --no-holdout      skip suite_holdout FROM TO (it builds every suite again)
  --gen-args "A.."  more arguments for every `pigkill gen --suite` (e.g.
                    "--pool-scale 0.05" for a quick trial of the script;
                    the figures of the issue are those of the defaults)
  --tuning "S..."   the splits whose ids may be listed (default:
                    "seen blind blind3 blind4 blind5 blind6 blind9 blind11");
                    every other split, and any id not in narrow.tsv, is held
                    out: counts only
  -h, --help        this text

Needs a release build: cargo build --release --bin pigkill --example suite_holdout.
Long: each suite is a minute or so of both cores; prefix with `nice` on a
shared machine. Wall times depend on the load, hence the load column and
the user time beside them.
EOF
}

die() {
  echo "suite-figures: $*" >&2
  exit 2
}

contestant=""
holdout=1
gen_args=""
tuning="seen blind blind3 blind4 blind5 blind6 blind9 blind11"
args=()
while [ $# -gt 0 ]; do
  case $1 in
    -h | --help) usage; exit 0 ;;
    --contestant)
      [ $# -ge 2 ] || die "--contestant needs a program"
      contestant=$2
      shift 2
      ;;
    --no-holdout) holdout=0; shift ;;
    --gen-args)
      [ $# -ge 2 ] || die "--gen-args needs the arguments, as one word"
      gen_args=$2
      shift 2
      ;;
    --tuning)
      [ $# -ge 2 ] || die "--tuning needs a list of splits"
      tuning=$2
      shift 2
      ;;
    --) shift; args+=("$@"); break ;;
    -*) die "unknown option '$1' (see --help)" ;;
    *) args+=("$1"); shift ;;
  esac
done
[ ${#args[@]} -ge 3 ] || { usage >&2; exit 2; }
out=${args[0]}
from=${args[1]}
to=${args[2]}
narrow_dirs=("${args[@]:3}")
[[ $from =~ ^[0-9]+$ ]] || die "FROM must be a seed number, not '$from'"
[[ $to =~ ^[0-9]+$ ]] || die "TO must be a seed number, not '$to'"
[ "$from" -le "$to" ] || die "FROM ($from) is after TO ($to)"

# Paths given relative to the caller, made absolute before moving to the
# workspace.
absolute() { case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
if [ -e "$out" ]; then
  [ -d "$out" ] || die "OUT '$out' exists and is not a directory"
  [ -z "$(ls -A "$out")" ] || die "OUT '$out' exists and is not empty: give a new directory (nothing is overwritten)"
fi
out=$(absolute "$out")
for i in "${!narrow_dirs[@]}"; do
  d=${narrow_dirs[$i]}
  [ -d "$d" ] || die "narrow build dir '$d' is not a directory"
  compgen -G "$d/narrow-*" > /dev/null || die "narrow build dir '$d' has no narrow-* build"
  narrow_dirs[i]=$(absolute "$d")
done
if [ -n "$contestant" ]; then
  [ -x "$contestant" ] || die "--contestant '$contestant' is not an executable file"
  contestant=$(absolute "$contestant")
fi

cd "$(dirname "$0")/.."
pigkill=target/release/pigkill
holdout_bin=target/release/examples/suite_holdout
[ -x "$pigkill" ] || die "$pigkill is missing: cargo build --release --bin pigkill"
if [ "$holdout" = 1 ] && [ ! -x "$holdout_bin" ]; then
  die "$holdout_bin is missing: cargo build --release --example suite_holdout (or --no-holdout)"
fi
[ -x /usr/bin/time ] || die "/usr/bin/time is missing (Debian: apt-get install time)"

read -r -a extra <<< "$gen_args"
mkdir -p "$out/logs" "$out/tmp"
export TMPDIR=$out/tmp
report=$out/figures.txt
say() { echo "$@" | tee -a "$report"; }

if [ -z "$contestant" ]; then
  contestant=$out/contestant
  "${CXX:-g++}" -O2 -std=c++17 -o "$contestant" examples/contestant.cpp ||
    die "could not compile examples/contestant.cpp"
fi

load() { cut -d' ' -f1 /proc/loadavg; }
# A /usr/bin/time -v field, by the start of its line.
field() { sed -n "s/^[[:space:]]*$2: //p" "$1"; }
# h:mm:ss or m:ss.ss as seconds.
seconds() { awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; printf "%.1f", s }'; }
# The first test (N of N.in) whose answer the command does not print, or
# "" (examples/first-failing-test.sh, which narrow-suites.sh judges by too).
first_failing() { examples/first-failing-test.sh "$@"; }
percent() { awk -v c="$1" -v l="$2" 'BEGIN { if (l > 0) printf "%.2f", 100 * c / l; else printf "-" }'; }
verdict() { if [ -z "$1" ]; then echo yes; else echo "NO($1)"; fi; }

changes=$(git status --porcelain --untracked-files=no 2> /dev/null || true)
say "suite figures, seeds $from..$to, code $(git rev-parse --short HEAD 2> /dev/null || echo '?')$([ -z "$changes" ] || echo ' with local changes'), $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores"
say "command: /usr/bin/time -v $pigkill gen --suite --seed S --out $out/seed-S${gen_args:+ $gen_args}"
say ""
header=$(printf '%-4s %-21s %7s %6s %7s %7s %6s %-9s %-8s %-9s %-9s' \
  seed "live exposed/live" "%" catal. "wall s" "user s" "RSS MB" "load" strategy reference "C++")
say "$header"
sum_caught=0
sum_live=0
all_ok=1
for seed in $(seq "$from" "$to"); do
  suite=$out/seed-$seed
  log=$out/logs/gen-$seed
  before=$(load)
  if ! /usr/bin/time -v -o "$log.time" "$pigkill" gen --suite --seed "$seed" --out "$suite" "${extra[@]}" 2> "$log.err" > "$log.out"; then
    echo "suite-figures: gen --suite --seed $seed failed; see $log.err:" >&2
    tail -5 "$log.err" >&2
    exit 1
  fi
  after=$(load)
  narrow_line=$(grep 'live rules (' "$log.err") || die "seed $seed: no narrow figure in $log.err"
  caught=$(sed -n 's/.*the suite exposes \([0-9]*\) of the \([0-9]*\) live rules.*/\1/p' <<< "$narrow_line")
  live=$(sed -n 's/.*the suite exposes \([0-9]*\) of the \([0-9]*\) live rules.*/\2/p' <<< "$narrow_line")
  catal=$(sed -n 's/.*the suite exposes \([0-9]*\) of \([0-9]*\) catalogue mistakes.*/\1\/\2/p' "$log.err")
  if [ -z "$caught" ] || [ -z "$live" ] || [ -z "$catal" ]; then
    die "seed $seed: cannot read the figures in $log.err"
  fi
  wall=$(field "$log.time" 'Elapsed (wall clock) time (h:mm:ss or m:ss)' | seconds)
  user=$(field "$log.time" 'User time (seconds)')
  rss=$(( $(field "$log.time" 'Maximum resident set size (kbytes)') / 1024 ))
  strategy=$(first_failing "$suite" "$pigkill" run --engine strategy)
  reference=$(first_failing "$suite" "$pigkill" run --engine reference)
  cpp=$(first_failing "$suite" "$contestant")
  [ -z "$strategy$reference$cpp" ] || all_ok=0
  [ "${catal%/*}" = "${catal#*/}" ] || all_ok=0
  sum_caught=$((sum_caught + caught))
  sum_live=$((sum_live + live))
  say "$(printf '%-4s %-21s %7s %6s %7s %7s %6s %-9s %-8s %-9s %-9s' \
    "$seed" "$caught/$live" "$(percent "$caught" "$live")" \
    "$catal" "$wall" "$user" "$rss" "$before/$after" \
    "$(verdict "$strategy")" "$(verdict "$reference")" "$(verdict "$cpp")")"
done
say "all    $sum_caught/$sum_live ($(percent "$sum_caught" "$sum_live")%); catalogue, engines and C++ contestant: $([ $all_ok = 1 ] && echo 'all pass / all exposed' || echo 'SOME FAIL (see above)')"

if [ "$holdout" = 1 ]; then
  say ""
  say "held out: /usr/bin/time -v $holdout_bin $from $to (load before: $(load))"
  /usr/bin/time -v -o "$out/logs/holdout.time" "$holdout_bin" "$from" "$to" > "$out/logs/holdout.out" 2> "$out/logs/holdout.err" ||
    die "suite_holdout failed; see $out/logs/holdout.err"
  while IFS= read -r line; do say "  $line"; done < "$out/logs/holdout.out"
  say "  ($(field "$out/logs/holdout.time" 'Elapsed (wall clock) time (h:mm:ss or m:ss)' | seconds) s wall, $(field "$out/logs/holdout.time" 'User time (seconds)') s user, load after: $(load))"
fi

if [ ${#narrow_dirs[@]} -gt 0 ]; then
  # id -> split, from columns 1 and 3 of the manifest (no meanings read).
  declare -A split_of
  while IFS=$'\t' read -r id split; do
    split_of[$id]=$split
  done < <(awk -F'\t' '!/^#/ && NF >= 3 && $1 != "id" { print $1 "\t" $3 }' examples/narrow.tsv)
  declare -A is_tuning
  for s in $tuning; do is_tuning[$s]=1; done
  suites=()
  for seed in $(seq "$from" "$to"); do suites+=("$out/seed-$seed"); done
  nsuites=${#suites[@]}

  # Every build once (the first dir that has its id), and the suites it
  # passes: narrow-suites.sh's PASSES lines are read here and never shown.
  declare -A passes dir_of
  duplicates=0
  for d in "${narrow_dirs[@]}"; do
    for exe in "$d"/narrow-*; do
      id=${exe##*/narrow-}
      if [ -n "${dir_of[$id]:-}" ]; then
        duplicates=$((duplicates + 1))
      else
        dir_of[$id]=$d
        passes[$id]=0
      fi
    done
  done
  for i in "${!narrow_dirs[@]}"; do
    d=${narrow_dirs[$i]}
    # Kept in memory only: it names the builds that pass.
    judged=$(examples/narrow-suites.sh "$d" "${suites[@]}" 2> "$out/logs/narrow-suites-$i.err") ||
      die "examples/narrow-suites.sh $d failed; see $out/logs/narrow-suites-$i.err"
    while read -r word build _; do
      [ "$word" = PASSES ] || continue
      id=${build#narrow-}
      if [ "${dir_of[$id]:-}" = "$d" ]; then passes[$id]=$((passes[$id] + 1)); fi
    done <<< "$judged"
  done

  declare -A builds failing_all runs_failed listed histogram
  for id in "${!passes[@]}"; do
    split=${split_of[$id]:-unknown}
    p=${passes[$id]}
    builds[$split]=$(( ${builds[$split]:-0} + 1 ))
    runs_failed[$split]=$(( ${runs_failed[$split]:-0} + nsuites - p ))
    if [ "$p" = 0 ]; then
      failing_all[$split]=$(( ${failing_all[$split]:-0} + 1 ))
    else
      histogram[$split,$p]=$(( ${histogram[$split,$p]:-0} + 1 ))
      if [ -n "${is_tuning[$split]:-}" ]; then
        listed[$split]="${listed[$split]:-} $id($p)"
      fi
    fi
  done
  say ""
  say "narrow C++ builds on the $nsuites suites (examples/narrow-suites.sh; dirs: ${narrow_dirs[*]}$([ "$duplicates" -gt 0 ] && echo "; $duplicates duplicate ids counted once"))"
  say "$(printf '%-9s %-9s %6s %-19s %-22s %s' split kind builds "fail every suite" "(build, suite) fail" "builds passing k suites: k x builds")"
  total_builds=0
  total_all=0
  total_runs=0
  total_failed=0
  for split in $(printf '%s\n' "${!builds[@]}" | sort -V); do
    kind=held-out
    [ -n "${is_tuning[$split]:-}" ] && kind=tuning
    hist=""
    for k in $(seq 1 "$nsuites"); do
      n=${histogram[$split,$k]:-0}
      [ "$n" = 0 ] || hist="$hist ${k}x$n"
    done
    n=${builds[$split]}
    say "$(printf '%-9s %-9s %6s %-19s %-22s %s' "$split" "$kind" "$n" "${failing_all[$split]:-0} of $n" \
      "${runs_failed[$split]} of $((n * nsuites))" "${hist:- -}")"
    if [ -n "${listed[$split]:-}" ]; then
      say "          passing (tuning ids, suites passed): $(tr ' ' '\n' <<< "${listed[$split]}" | sort -V | xargs)"
    fi
    total_builds=$((total_builds + n))
    total_all=$((total_all + ${failing_all[$split]:-0}))
    total_runs=$((total_runs + n * nsuites))
    total_failed=$((total_failed + ${runs_failed[$split]}))
  done
  say "$(printf '%-9s %-9s %6s %-19s %-22s' all "" "$total_builds" "$total_all of $total_builds" "$total_failed of $total_runs")"
fi
rm -rf "$out/tmp"
say ""
say "written: $report; suites in $out/seed-S, /usr/bin/time and gen logs in $out/logs"
