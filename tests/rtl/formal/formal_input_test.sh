#!/usr/bin/env bash
# scripts/formal's bad input is exit 2 with a message naming the problem (rtl/README.md,
# "Formal"): a property that Yosys drops (here hidden behind an `ifdef` that is never defined),
# a missing yosys or z3, a malformed --configs entry or form.
#   formal_input_test.sh SCRIPTS_FORMAL CONTRACT WORK_DIR
set -u
formal=$1 contract=$2 work=$3
mkdir -p "$work"
failures=0

expect_exit_2() {  # PATTERN COMMAND...
  local pattern=$1 output status
  shift
  output=$("$@" 2>&1)
  status=$?
  if [[ $status -ne 2 ]] || ! grep -qE -- "$pattern" <<<"$output"; then
    echo "FAIL: $*: expected exit 2 and output matching '$pattern'; got exit $status:" >&2
    echo "$output" >&2
    failures=$((failures + 1))
  fi
}

# The contract with at_most_depth's assertion inside a never-defined `ifdef: Yosys reads the file
# and makes no cell of it. The error names the label's file and line.
dropped=$work/hp_unit_contract_dropped.sv
line=$(grep -n 'at_most_depth: assert' "$contract" | cut -d: -f1)
awk -v line="$line" 'NR == line { print "`ifdef HP_NEVER_DEFINED" } { print }
                     NR == line { print "`endif" }' "$contract" >"$dropped"
expect_exit_2 \
  "hp_unit_contract_dropped.sv:$((line + 1)): property at_most_depth produced no assertion cell" \
  "$formal" --contract "$dropped" --configs 2:4 --no-faults --forms none --out "$work/dropped"

expect_exit_2 "yosys is not installed" env PATH=/nonexistent /usr/bin/python3 "$formal" \
  --configs 2:4 --out "$work/no-yosys"
# z3 missing while yosys is there: a folder holding yosys alone on PATH.
mkdir -p "$work/yosys-only"
ln -sf "$(command -v yosys)" "$work/yosys-only/yosys"
expect_exit_2 "z3 is not installed" env PATH="$work/yosys-only" /usr/bin/python3 "$formal" \
  --no-contract --forms add.rn.f16 --out "$work/no-z3"
expect_exit_2 "'add.rz.f16' is not a form" "$formal" --no-contract --forms add.rz.f16 \
  --out "$work/bad-form"
expect_exit_2 "'4x4' is not a Lanes:Depth pair" "$formal" --configs 4x4 --out "$work/bad-configs"

exit $((failures > 0))
