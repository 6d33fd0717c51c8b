#!/usr/bin/env bash
# `npm run train`: the learned evaluation's whole pipeline, from nothing to the committed net.
#
#   npm run train [-- DATA_DIR]      (default target/selfplay)
#
# Two rounds of self-play (engine-rs/examples/selfplay.rs) at 4,000 nodes a move under the mirror
# rule, seeded random openings, exact endgames: Expert's classic evaluation first (4 million
# positions), then Expert with the net learned from those (2 million more); then training
# (train.py, Debian's python3-torch on the CPU) on both. About an hour on two cores. It writes
# engine-rs/src/ai/nnue/net.bin, known-values.txt and training-log.txt.
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

# One self-play file per line: name games seed sizes.
round1=(
  "s8 5000 101 8"
  "s10 3000 102 10"
  "s16 1000 103 16"
  "s6-14 1500 104 6,12,14"
  "s8b 20000 105 8"
  "s16b 3000 106 16"
  "s10b 6000 107 10"
  "s12-14 3000 108 12,14"
)
round2=(
  "r8 12000 201 8"
  "r16 2000 202 16"
  "r12-14 2000 203 12,14"
  "r10 5000 204 10"
)

# Plays one round's recipe into a folder, two games files at a time (one per core).
# Extra arguments go to every selfplay run (which Expert plays).
play_round() {
  local dir=$1; shift
  local -n lines=$1; shift
  mkdir -p "$dir"
  local pids=()
  for line in "${lines[@]}"; do
    read -r name games seed sizes <<<"$line"
    [[ -e "$dir/$name.done" ]] && continue
    if (( ${#pids[@]} >= 2 )); then wait "${pids[0]}"; pids=("${pids[@]:1}"); fi
    ( "$selfplay" --games "$games" --seed "$seed" --nodes 4000 --sizes "$sizes" --out "$dir/$name.bin" "$@" \
        2> "$dir/$name.log" && touch "$dir/$name.done" ) &
    pids+=($!)
  done
  wait
}

# Round 1: Expert's classic evaluation plays; a first net learns from it.
play_round "$data/round1" round1 --classic
mkdir -p "$data/net-r1"
"$python" scripts/train/train.py --data "$data/round1" --out "$data/net-r1" --epochs 4 --seed 1 --cell-init random
# Round 2: Expert with that net plays; the committed net learns from both rounds.
play_round "$data/round2" round2 --net "$data/net-r1/net.bin"
"$python" scripts/train/train.py --data "$data/round1" "$data/round2" --out engine-rs/src/ai/nnue --epochs 5 --seed 1
echo "train: wrote engine-rs/src/ai/nnue/net.bin; rebuild the engine (npm run build:wasm) and measure it: npm run arena -- --a expert --b expert-classic --no-mirroring --opening 4"
