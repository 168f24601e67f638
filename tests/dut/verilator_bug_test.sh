#!/usr/bin/env bash
# A unit that Verilator 5.006 cannot build under the default --x-assign unique (tests/dut/
# lzc_unit.sv): dut build names the internal error as Verilator's and the option that avoids it
# (exit 2), builds the unit with `--x-assign fast`, and dut show prints the flags it was built
# with; the unit then passes its one form. Bad values of the X options are exit 2.
#   verilator_bug_test.sh HALFPIPE SOURCE_DIR WORK
set -uo pipefail
halfpipe=$1 top=$2 work=$3
unit=$top/tests/dut/lzc_unit.sv
rm -rf "$work" && mkdir -p "$work"
fail() { echo "FAIL: $*" >&2; exit 1; }

"$halfpipe" dut build "$unit" -o "$work/unique" >"$work/unique.out" 2>"$work/unique.err"
status=$?
((status == 2)) || fail "dut build under --x-assign unique exited $status: $(tail -5 "$work/unique.err")"
grep -q "Internal Error: .*lzc_unit.sv:.*V3Simulate.h:[0-9]*: No value found for node" "$work/unique.err" ||
  fail "Verilator's message missing: $(tail -5 "$work/unique.err")"
grep -q "^halfpipe dut: Verilator [0-9.]* stopped on an internal error, a bug of Verilator's and not of the unit: .*; dut build --x-assign fast avoids this one" \
  "$work/unique.err" || fail "no hint: $(tail -3 "$work/unique.err")"
grep -q "^halfpipe dut: the unit lzc_unit did not build" "$work/unique.err" || fail "no summary line"

"$halfpipe" dut build "$unit" --x-assign fast --no-trace -o "$work/fast" >"$work/fast.out" 2>&1 ||
  fail "dut build --x-assign fast: $(tail -5 "$work/fast.out")"
"$halfpipe" dut show "$work/fast" >"$work/show.out" || fail "dut show"
grep -qx "verilator flags: --x-assign fast --x-initial unique --assert -O3" "$work/show.out" ||
  fail "dut show: $(cat "$work/show.out")"
grep -q -- "--x-assign fast --x-initial unique --assert -O3" "$work/fast/build.sh" || fail "build.sh"
"$halfpipe" sweep neg.f16 --exhaustive --dut "$work/fast" --quiet >"$work/sweep.out" 2>&1 ||
  fail "sweep: $(tail -3 "$work/sweep.out")"
grep -q "^65536 passed, 0 failed$" "$work/sweep.out" || fail "sweep: $(tail -1 "$work/sweep.out")"

for bad in "--x-assign slow" "--x-initial 1"; do
  # shellcheck disable=SC2086 # the option and its value are two words
  "$halfpipe" dut build "$unit" $bad -o "$work/bad" >"$work/bad.out" 2>&1
  status=$?
  ((status == 2)) || fail "dut build $bad exited $status"
  grep -q "^halfpipe dut: ${bad%% *}: " "$work/bad.out" || fail "dut build $bad: $(cat "$work/bad.out")"
done
echo "ok"
