#!/usr/bin/env bash
# A pigkill stress run on a Slurm job array, merged into one report.
#
# Run it on the login node; it submits itself as an array of SHARDS tasks
# (task IDs 0..SHARDS-1, each playing slice ID+1 of SHARDS through
# `pigkill stress --shard auto --shards SHARDS`) and a merge job that runs
# once every task has ended, however it ended:
#
#   SEED=42 COUNT=1000000000 SHARDS=64 scripts/slurm-stress.sh
#
# Everything goes to OUT (default runs/PROFILE-SEED): summaries/ (one JSON
# per shard), found/ (the divergences, minimised), logs/, and merged.txt /
# merged.json (the report of the whole run, with missing shards named).
# To rerun lost tasks only, give their IDs (the same SEED, COUNT, SHARDS):
#
#   SEED=42 COUNT=1000000000 SHARDS=64 TASKS=3,17 scripts/slurm-stress.sh
#
# Settings (environment): SEED (required), COUNT (default 100000000),
# PROFILE (mixed), SHARDS (16), TASKS (all), CPUS per task (8), TIME
# limit per task (04:00:00), PIGKILL (target/release/pigkill), OUT, and
# SBATCH_ARGS for anything else (a partition, an account).
set -euo pipefail

: "${SEED:?set SEED, the seed of the run (the same for every task)}"
COUNT=${COUNT:-100000000}
PROFILE=${PROFILE:-mixed}
SHARDS=${SHARDS:-16}
CPUS=${CPUS:-8}
TIME=${TIME:-04:00:00}
PIGKILL=$(realpath "${PIGKILL:-target/release/pigkill}")
OUT=$(realpath -m "${OUT:-runs/$PROFILE-$SEED}")
export SEED COUNT PROFILE SHARDS PIGKILL OUT

if [[ -n "${SLURM_ARRAY_TASK_ID:-}" ]]; then
    # One task of the array: its slice of the run.
    shard=$((SLURM_ARRAY_TASK_ID + 1))
    set +e
    "$PIGKILL" stress --shard auto --shards "$SHARDS" \
        --seed "$SEED" --count "$COUNT" --profile "$PROFILE" \
        --jobs "${SLURM_CPUS_PER_TASK:-1}" \
        --fixtures "$OUT/found" --summary "$OUT/summaries/shard-$shard.json"
    code=$?
    # 1 means divergences found (the merge reports them); 2 is a failure.
    if ((code > 1)); then exit "$code"; fi
    exit 0
fi

if [[ ! -x "$PIGKILL" ]]; then
    echo "error: no pigkill at $PIGKILL (run 'cargo build --release', or set PIGKILL)" >&2
    exit 2
fi
mkdir -p "$OUT/summaries" "$OUT/found" "$OUT/logs"
# SBATCH_ARGS is split into words on purpose.
# shellcheck disable=SC2086
array=$(sbatch --parsable ${SBATCH_ARGS:-} \
    --job-name="pigkill-$PROFILE-$SEED" \
    --array="${TASKS:-0-$((SHARDS - 1))}" \
    --cpus-per-task="$CPUS" --time="$TIME" \
    --output="$OUT/logs/shard-%a.log" \
    --export=ALL "$0")
# shellcheck disable=SC2086
merge=$(sbatch --parsable ${SBATCH_ARGS:-} \
    --job-name="pigkill-merge-$SEED" \
    --dependency="afterany:$array" \
    --cpus-per-task=1 --time=00:10:00 \
    --output="$OUT/logs/merge.log" \
    --wrap="cd '$OUT' && '$PIGKILL' merge --json summaries > merged.json; '$PIGKILL' merge summaries > merged.txt 2>&1")
echo "submitted array $array ($SHARDS shards, tasks ${TASKS:-0-$((SHARDS - 1))}) and merge job $merge"
echo "the report will be in $OUT/merged.txt"
