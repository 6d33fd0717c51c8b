#!/usr/bin/env bash
# `npm run train`: the learned evaluation's whole pipeline, from nothing to the committed net.
#
#   npm run train [-- DATA_DIR]      (default target/selfplay)
#
# 1. Self-play (engine-rs/examples/selfplay.rs): the recipe below, classic Expert at 4,000 nodes a
#    move under the mirror rule, seeded random openings, exact endgames; ~4.5 million positions,
#    about 20 minutes on two cores.
# 2. Training (train.py, Debian's python3-torch, CPU; a GPU is used when torch sees one): writes
#    engine-rs/src/ai/nnue/net.bin, known-values.txt and training-log.txt.
# Existing data files are kept, so an interrupted run resumes where it stopped.
# Nothing here runs in CI: CI only checks the committed net (cargo test, vitest).
set -euo pipefail
cd "$(dirname "$0")/../.."
data="${1:-target/selfplay}"
mkdir -p "$data"
python=""
for candidate in python3 /usr/bin/python3; do
  if "$candidate" -c 'import torch, numpy' 2>/dev/null; then python="$candidate"; break; fi
done
if [[ -z "$python" ]]; then
  echo "train: needs python3 with torch and numpy (Debian: apt-get install python3-torch)" >&2
  exit 1
fi
cargo build --release --offline --example selfplay
selfplay=target/release/examples/selfplay

# name games seed sizes: one self-play file each (the recipe of the committed net).
recipe=(
  "s8 5000 101 8"
  "s10 3000 102 10"
  "s16 1000 103 16"
  "s6-14 1500 104 6,12,14"
  "s8b 20000 105 8"
  "s16b 3000 106 16"
  "s10b 6000 107 10"
  "s12-14 3000 108 12,14"
)
pids=()
for line in "${recipe[@]}"; do
  read -r name games seed sizes <<<"$line"
  [[ -s "$data/$name.bin" && -e "$data/$name.done" ]] && continue
  # Two at a time, one per core.
  if (( ${#pids[@]} >= 2 )); then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
  ( "$selfplay" --games "$games" --seed "$seed" --nodes 4000 --sizes "$sizes" --out "$data/$name.bin" --classic \
      2> "$data/$name.log" && touch "$data/$name.done" ) &
  pids+=($!)
done
wait
"$python" scripts/train/train.py --data "$data" --out engine-rs/src/ai/nnue --epochs 4 --seed 1
echo "train: wrote engine-rs/src/ai/nnue/net.bin; rebuild the engine (npm run build:wasm) and measure it: npm run arena -- --a expert --b expert-classic --no-mirroring --opening 4"
