#!/usr/bin/env bash
# Run `sol simulate` over a seed range on a Slurm cluster: a job array with one task per shard
# (`--shard K/N`, K = the task id), then a merge job that starts when every task has succeeded
# and writes the report of the whole run (summary in merge.log, CSV and histogram).
#
#   GAME=spider SEEDS=1..100000 SHARDS=50 TIME_LIMIT=10 OUT=/shared/runs/spider \
#     tools/cluster/slurm-simulate.sh
#
# Optional: CPUS (cores per task, default 4; the task runs that many deals at once), SOL (the
# `sol` binary, default `sol` on PATH: `cargo install --path crates/cli`), EXTRA (more
# `sol simulate` options for every shard, such as `--method dfs --nodes 50000000` or
# `--course C.ron`; the merge is given the same `--course`/`--family` through MERGE_EXTRA).
# OUT must be on a file system every node sees. A shard's CSV appears only when the shard is
# complete (it is written under another name and renamed at the end), so a failed task leaves
# no partial file; resubmit it with `sbatch --array=K ...` and run the merge again.
set -euo pipefail

: "${GAME:?set GAME}" "${SEEDS:?set SEEDS (A..B)}" "${SHARDS:?set SHARDS (N)}"
: "${TIME_LIMIT:?set TIME_LIMIT (seconds per deal)}" "${OUT:?set OUT (a shared directory)}"
CPUS=${CPUS:-4}
SOL=${SOL:-sol}
EXTRA=${EXTRA:-}
MERGE_EXTRA=${MERGE_EXTRA:-}
mkdir -p "$OUT"

# The task id is expanded by the task's shell, not here (hence the \$).
array=$(sbatch --parsable \
    --job-name="sol-$GAME" \
    --array="1-$SHARDS" \
    --cpus-per-task="$CPUS" \
    --output="$OUT/shard-%a.log" \
    --wrap="$SOL simulate $GAME --seeds $SEEDS --shard \$SLURM_ARRAY_TASK_ID/$SHARDS \
--time-limit $TIME_LIMIT --jobs $CPUS $EXTRA --csv $OUT/shard-\$SLURM_ARRAY_TASK_ID.csv")

merge=$(sbatch --parsable \
    --job-name="sol-$GAME-merge" \
    --dependency="afterok:$array" \
    --output="$OUT/merge.log" \
    --wrap="$SOL simulate $GAME $MERGE_EXTRA --merge $OUT/shard-*.csv \
--csv $OUT/$GAME.csv --plot $OUT/$GAME.svg")

echo "shards: job array $array ($SHARDS tasks); merge: job $merge (after all of them)"
echo "report: $OUT/merge.log, $OUT/$GAME.csv, $OUT/$GAME.svg"
