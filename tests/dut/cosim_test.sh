#!/usr/bin/env bash
# `halfpipe cosim --dut`: a unit beside the SystemC model.
# - The example unit completes out of order, which the model does not: the check is functional,
#   and each form's latency and throughput are measured. Expected by hand from rtl/eu_fpu.sv
#   (4 slots; add 2 cycles, mul 3, fma 5 from the accepting edge to the leaving edge; a slot
#   takes a new request the edge after its result left): 300 back-to-back adds are accepted at
#   cycles 0..299 and leave 2 later, 300 / 302 = 0.993 a cycle; muls 300 / 303 = 0.990; fmas
#   go four at a time every 6 cycles, the last four accepted at 444..447, the last leaving at
#   452: 300 / 453 = 0.662.
# - hp_alu through the door, with its latency declared on the command line (--model-latency
#   all=4, rtl/TIMING.md: Depth), is checked cycle by cycle and gives the built-in cosim's
#   table and cycles; declared wrong (all=5), every transaction deviates and the run fails.
# - A seeded fault fails the co-simulation as it fails the sweep, and its reproduce line fails
#   again.
# - A unit that completes in order and declares its latencies (sign_unit.sv) is checked cycle by
#   cycle; built with --coverage, --rtl-coverage writes its own coverage, as does a plan's job
#   with --job-coverage.
#   cosim_test.sh HALFPIPE SOURCE_DIR WORK
set -euo pipefail
halfpipe=$1 source=$2 work=$3
fail() { echo "FAIL: $*" >&2; exit 1; }

# Out of order: functional, latency and throughput measured. Each row names the form as the
# adapter spells it, halfpipe's spelling beside where the two differ.
for row in "add.f16|add\.rn\.f16 \(add\.f16\)|2 2.00 2 2 0.993" \
           "mul.f16|mul\.rn\.f16 \(mul\.f16\)|3 3.00 3 3 0.990" "fma.rn.bf16|fma\.rn\.bf16|5 5.00 5 5 0.662"; do
  IFS='|' read -r form shown figures <<<"$row"
  read -r min mean max declared rate <<<"$figures"
  "$halfpipe" cosim "$form" --random 300 --backpressure 0 --gaps 0 --reset-at 0 --dut "$work/eu" \
    >"$work/cosim-$form.out"
  grep -q "cycles not checked against the model: the unit completes out of order" \
    "$work/cosim-$form.out" || fail "$form: no reason for the functional check"
  grep -qE "^$shown +300 +0 +$min +$mean +$max +$declared +$rate$" "$work/cosim-$form.out" ||
    { cat "$work/cosim-$form.out"; fail "$form: not latency $min/$mean/$max at $rate a cycle"; }
done
# With back-pressure, gaps, a reset mid-run and packed forms lane by lane: all pass.
"$halfpipe" cosim add.f16x2 sub.bf16 mul.f16 fma.rn.f16 --corner --random 500 --dut "$work/eu" \
  >"$work/cosim-eu.out"
grep -qE "^reset after|reset after transaction [0-9]+ \(cycle [0-9]+, [0-9]+ replayed\)" \
  "$work/cosim-eu.out" || fail "the example unit's run had no reset"
grep -q ' 0 failed$' "$work/cosim-eu.out" || fail "the example unit failed the co-simulation"

# hp_alu through the door, cycle-checked, against the built-in co-simulation.
forms=(add.f16 fma.rn.relu.bf16x2 max.f16 ex2.approx.f16 'MAX.sat (16, M5) hf')
"$halfpipe" cosim "${forms[@]}" --corner --random 2000 --lanes 2 --depth 4 >"$work/builtin.out"
"$halfpipe" cosim "${forms[@]}" --corner --random 2000 --dut "$work/alu" --model-latency all=4 \
  >"$work/door.out"
table() { sed -n '/^form /,/cycles, /p' "$1" | sed -E 's/ [0-9.]+ s \(.*$//' | grep -v '^the model'; }
diff <(table "$work/builtin.out") <(table "$work/door.out") || fail "door and built-in cosim differ"
grep -q '^the model reproduces the unit.s timing: halfpipe explore --lanes 2 --latency all=4' \
  "$work/door.out" || fail "no explore options for hp_alu through the door"
status=0
"$halfpipe" cosim add.f16 --corner --dut "$work/alu" --model-latency all=5 >"$work/wrong.out" ||
  status=$?
((status == 1)) || fail "a wrong declared latency exits $status, not 1"
grep -q 'does not reproduce the unit.s timing' "$work/wrong.out" || fail "no verdict on all=5"
# Without a declared latency: functional, hp_alu's latency measured as its Depth.
"$halfpipe" cosim add.f16 --random 200 --backpressure 0 --gaps 0 --reset-at 0 --dut "$work/alu" \
  >"$work/undeclared.out"
grep -qE '^add.f16 +200 +0 +4 +4.00 +4 +- ' "$work/undeclared.out" ||
  { cat "$work/undeclared.out"; fail "hp_alu's measured latency is not 4"; }

# A seeded fault (rtl/eu_fpu.sv: 1, a wrong rounding of fma.rn.f16) fails, and so does the
# reproduce command of its first mismatch.
status=0
(cd "$work" && "$halfpipe" cosim fma.rn.f16 --corner --random 200 --dut eu --plusargs +fault=1 \
  >cosim-fault.out) || status=$?
((status == 1)) || fail "fault 1 under cosim exits $status, not 1"
reproduce=$(grep -m1 -oE '^  reproduce: halfpipe .*' "$work/cosim-fault.out" |
  sed -E 's/^  reproduce: halfpipe //')
[[ $reproduce == *"--dut eu --plusargs +fault=1"* ]] || fail "reproduce line lacks the unit: $reproduce"
status=0
(cd "$work" && eval "\"$halfpipe\" $reproduce" >cosim-fault-replay.out 2>&1) || status=$?
((status == 1)) || fail "the reproduce command exits $status, not 1"

# In order with declared latencies (tests/dut/sign_unit.sv: neg=1 abs=1, one registered stage that
# stalls whole): cycle by cycle against the model, which prints its explore options; declared
# wrong on the command line, it fails. Built with --coverage, its run writes its own coverage.
"$halfpipe" dut build "$source/tests/dut/sign_unit.sv" --coverage -o "$work/sign" >/dev/null
rm -f "$work/sign.dat"
"$halfpipe" cosim neg.f16 abs.f16 neg.f16x2 --corner --random 1000 --dut "$work/sign" \
  --rtl-coverage "$work/sign.dat" >"$work/sign.out"
grep -qE '^all 3 forms +4452 +0 +0$' "$work/sign.out" || { cat "$work/sign.out"; fail "sign_unit"; }
grep -q "^the model reproduces the unit.s timing: halfpipe explore --lanes 1 --latency neg=1,abs=1" \
  "$work/sign.out" || fail "no explore options for sign_unit"
status=0
"$halfpipe" cosim neg.f16 --corner --dut "$work/sign" --model-latency neg=2 >"$work/sign2.out" ||
  status=$?
((status == 1)) || fail "sign_unit declared neg=2 exits $status, not 1"
verilator_coverage --write-info "$work/sign.info" "$work/sign.dat"
grep -q 'sign_unit.sv$' "$work/sign.info" || fail "the coverage file has no line of sign_unit.sv"
# It names the unit's build, so hp_alu's counts (or another build's) never join its sum.
grep -qx '# halfpipe-coverage: unit library=[0-9a-f]\{16\}' "$work/sign.dat" ||
  fail "the unit's coverage file does not name its library: $(head -2 "$work/sign.dat")"
"$halfpipe" sweep neg.f16 --corner --rtl-coverage "$work/alu.dat" >/dev/null
status=0
"$source/scripts/rtl-coverage" merge "$work/both.dat" "$work/sign.dat" "$work/alu.dat" 2>"$work/both.err" ||
  status=$?
((status == 2)) && grep -q "alu.dat counts 'hp_alu rtl-sources-sha256=" "$work/both.err" ||
  fail "a unit's and hp_alu's counts summed: exit $status, $(cat "$work/both.err")"
# A plan's jobs with --job-coverage write it too, and merge sums them.
rm -rf "$work/cov-plan"
printf 'neg.f16 corner dut=%s\nabs.f16 random 500 dut=%s\n' "$work/sign" "$work/sign" \
  >"$work/cov-plan.spec"
"$halfpipe" plan "$work/cov-plan.spec" --job-coverage -o "$work/cov-plan" >/dev/null
bash -e "$work/cov-plan/jobs.txt" >/dev/null
"$halfpipe" merge "$work/cov-plan" >"$work/cov-plan.out"
grep -q '^rtl coverage: 2 job files' "$work/cov-plan.out" || { cat "$work/cov-plan.out"; fail "plan"; }
status=0
"$halfpipe" sweep add.f16 --corner --dut "$work/eu" --rtl-coverage "$work/eu.dat" 2>"$work/nocov.err" ||
  status=$?
((status == 2)) && grep -q 'built without coverage' "$work/nocov.err" ||
  fail "a unit without coverage and --rtl-coverage: exit $status"
echo "cosim --dut: all checks passed"
