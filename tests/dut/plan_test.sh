#!/usr/bin/env bash
# A SPEC line names a unit (dut=DIR): plan cuts it into jobs that sweep the unit, each job's
# record says which unit ran (its rtl_config is a digest of the unit's library), and merge sums
# them. A form the unit does not declare, or lanes= beside dut=, is refused with the line.
#   plan_test.sh HALFPIPE WORK
set -euo pipefail
halfpipe=$1 work=$2
plan=$work/plan
rm -rf "$plan" "$work/plan.spec"
cat >"$work/plan.spec" <<SPEC
fma.rn.f16 random 3000 dut=$work/eu
add.bf16x2 corner dut=$work/eu
SPEC
"$halfpipe" plan "$work/plan.spec" -o "$plan" --job-minutes 0.002 >"$work/plan.out"
grep -q -- "--dut '$work/eu'" "$plan/jobs.txt" || grep -q -- "--dut $work/eu" "$plan/jobs.txt"
jobs=$(wc -l <"$plan/jobs.txt")
echo "$jobs jobs"
((jobs >= 2))
bash -e "$plan/jobs.txt" >/dev/null
"$halfpipe" merge "$plan" | tee "$work/merge.out"
grep -q ' 0 failed$' "$work/merge.out"

refused() {  # SPEC-LINE PATTERN: plan exits 2 naming the line
  printf '%s\n' "$1" >"$work/bad.spec"
  local status=0
  "$halfpipe" plan "$work/bad.spec" -o "$work/bad-plan" 2>"$work/bad.err" >/dev/null || status=$?
  ((status == 2)) && grep -qE -- "$2" "$work/bad.err" || { cat "$work/bad.err"; exit 1; }
  echo "refused: $(cat "$work/bad.err")"
}
refused "min.f16 corner dut=$work/eu" "bad.spec:1: the unit eu_fpu_adapter in .* does not declare min.f16"
refused "add.f16 corner lanes=2 dut=$work/eu" "bad.spec:1: dut=: the unit's lanes are its adapter's"
refused "add.f16 corner dut=$work/nothing" "bad.spec:1: --dut .*nothing: no such folder"
