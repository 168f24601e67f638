#!/usr/bin/env bash
# scripts/coverage --steps: the full run's steps for a build, every configuration it Verilates,
# and with HALFPIPE_COVERAGE_SHARDS=N each sweep as N slices that together are the whole stream.
#   tests/coverage/steps_test.sh scripts/coverage BUILD_DIR
set -u
coverage=$1 build=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
configs=$(sed -n 's/^HALFPIPE_RTL_CONFIGS:STRING=//p' "$build/CMakeCache.txt" | tr ';' '\n' | grep -c .)
whole=$(HALFPIPE_BUILD=$build "$coverage" --steps) || fail "--steps exit $?"
# A vISA and a PTX sweep per configuration, the co-simulation, the exhaustive one-operand sweep.
[[ $(grep -c . <<<"$whole") -eq $((2 * configs + 2)) ]] || fail "$configs configurations: $whole"
grep -q "^sweep-visa-l2-d4|.* sweep --all-visa --corner --random 2000 --lanes 2 --depth 4 .*--rtl-coverage .*/runs/sweep-visa-l2-d4.dat$" <<<"$whole" ||
  fail "no vISA sweep at Lanes=2 Depth=4: $whole"
sharded=$(HALFPIPE_BUILD=$build HALFPIPE_COVERAGE_SHARDS=3 "$coverage" --steps) || fail "sharded exit $?"
[[ $(grep -c . <<<"$sharded") -eq $((6 * configs + 2)) ]] || fail "three slices a sweep: $sharded"
for k in 1 2 3; do
  grep -q "^sweep-ptx-l2-d4-s$k|.* --shard $k/3 .*/runs/sweep-ptx-l2-d4-s$k.dat$" <<<"$sharded" ||
    fail "slice $k/3 of the PTX sweep: $sharded"
done
grep -q "^cosim|" <<<"$sharded" && ! grep -q "^cosim|.*--shard" <<<"$sharded" || fail "the co-simulation is one step"
status=0
HALFPIPE_BUILD=$build HALFPIPE_COVERAGE_SHARDS=0 "$coverage" --steps >/dev/null 2>&1 || status=$?
((status == 2)) || fail "HALFPIPE_COVERAGE_SHARDS=0 exit $status"
echo "scripts/coverage --steps: every configuration, sliced as asked"
