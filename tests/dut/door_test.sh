#!/usr/bin/env bash
# hp_alu built by `halfpipe dut build` and swept through --dut gives exactly what the built-in
# hp_alu gives: the same report line for line, the same lane results and the same cycles.
#   door_test.sh HALFPIPE WORK
set -euo pipefail
halfpipe=$1 work=$2
run() {  # NAME ARGS...: stdout, and the figures line of stderr without its timings
  local name=$1
  shift
  "$halfpipe" sweep --all-ptx --corner --random 40 --seed 7 --threads 1 --quiet "$@" \
    >"$work/$name.out" 2>"$work/$name.err"
  sed -E 's/ in [0-9.]+ s \([0-9.]+ s CPU\): [0-9.]+ M lane-ops\/s per CPU second, [0-9.]+ M per wall second//' \
    "$work/$name.err" >"$work/$name.figures"
}
run built-in --lanes 2 --depth 4
run door --dut "$work/alu" --no-x-check
run door-x-checked --dut "$work/alu"
cat "$work/built-in.figures"
for door in door door-x-checked; do
  diff "$work/built-in.out" "$work/$door.out"
  diff "$work/built-in.figures" "$work/$door.figures"
done
grep -q ' 0 failed$' "$work/built-in.out"
echo "the door gives the built-in's results and cycles"
