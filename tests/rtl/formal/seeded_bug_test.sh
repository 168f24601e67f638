#!/usr/bin/env bash
# A seeded bug in the fma datapath is caught by the solver with a concrete counterexample, which
# fails as a vector on the mutated RTL and passes on hp_alu (rtl/README.md, "Formal"):
#   1. scripts/formal proves fma.rn.f16 of hp_alu with rounder_ties_away (S4's tie to even
#      dropped): the proof must fail, with the counterexample as a vector file;
#   2. halfpipe check --rtl replays that vector through hp_alu: it passes;
#   3. the mutated hp_alu, as Yosys wrote it for the proof, Verilated with a one-vector bench:
#      the same vector fails; through hp_alu as the same flow writes it, it passes.
#   seeded_bug_test.sh SCRIPTS_FORMAL HALFPIPE BENCH.sv WORK_DIR
set -euo pipefail
formal=$1 halfpipe=$2 bench=$3 work=$4
rm -rf "$work"
mkdir -p "$work"

"$formal" --no-contract --forms fma.rn.f16 --mutant rounder_ties_away --out "$work"
vector=$work/cex/fma_rn_f16.rounder_ties_away.vec
read -r form a b c expected < <(grep -v '^#' "$vector")
echo "counterexample: $form $a $b $c $expected"
[[ $form == fma.rn.f16 ]]

"$halfpipe" check --rtl "$vector"

bench_of() {  # NETLIST.v NAME: the bench Verilated around the netlist, as $work/NAME
  verilator --binary -Wno-fatal --top-module hp_alu_arith_tb -Mdir "$work/$2" "$1" "$bench" \
    >"$work/$2.log" 2>&1 || { cat "$work/$2.log"; exit 1; }
}
bench_of "$work/fma_rn_f16.rounder_ties_away.v" mutant
if "$work/mutant/Vhp_alu_arith_tb" +a="$a" +b="$b" +c="$c" +expected="$expected"; then
  echo "FAIL: the counterexample passes on the mutated RTL" >&2
  exit 1
fi
echo "the counterexample fails on the mutated RTL, as it must"

# hp_alu's own netlist from the same flow (the proof itself cut off after a second: its verdict
# is not this test's business).
"$formal" --no-contract --forms fma.rn.f16 --timeout 1 --out "$work/unmutated" >/dev/null || true
bench_of "$work/unmutated/fma_rn_f16.v" unmutated-bench
"$work/unmutated-bench/Vhp_alu_arith_tb" +a="$a" +b="$b" +c="$c" +expected="$expected"
