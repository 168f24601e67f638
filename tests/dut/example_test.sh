#!/usr/bin/env bash
# examples/your-unit's eu_fpu (one lane, its own opcodes, latency by operation, results out of
# order by tag) passes every form its adapter declares, through sweep (packed forms lane by lane)
# and check --rtl, with two seeds of its uninitialised state in lockstep; the forms it does not
# declare are skipped with the reason, never dropped silently.
#   example_test.sh HALFPIPE WORK
set -euo pipefail
halfpipe=$1 work=$2
"$halfpipe" dut show "$work/eu" | tee "$work/eu.show"
grep -q '^order: out of order, matched by tag$' "$work/eu.show"
grep -q '^lanes: 1$' "$work/eu.show"
# Forms as the adapter spells them, halfpipe's spelling beside where it differs; the build's flags.
grep -q '^forms: add.rn.f16 (add.f16) sub.rn.f16 (sub.f16) mul.rn.f16 (mul.f16) fma.rn.f16 ' "$work/eu.show"
grep -q '^verilator flags: --x-assign unique --x-initial unique --assert -O3 --trace-fst --trace-depth 2' \
  "$work/eu.show"

"$halfpipe" sweep --all-ptx --corner --random 200 --dut "$work/eu" --quiet | tee "$work/eu.sweep"
grep -q '^skipped [0-9]* forms that the unit eu_fpu_adapter does not declare (its Forms parameter): ' \
  "$work/eu.sweep"
grep -q ' 0 failed$' "$work/eu.sweep"
# The per-form table names each form as the adapter spells it, halfpipe's spelling beside.
grep -qE '^add\.rn\.f16 \(add\.f16\) +[1-9][0-9]* +0$' "$work/eu.sweep"
# Every declared form ran, and the packed forms of declared scalar ones.
for form in add.f16 sub.f16 mul.f16 fma.rn.f16 add.bf16 sub.bf16 mul.bf16 fma.rn.bf16 add.f16x2 \
            fma.rn.bf16x2; do
  if grep '^skipped' "$work/eu.sweep" | tr ' ' '\n' | grep -qx "$form"; then
    echo "FAIL: $form was skipped" >&2
    exit 1
  fi
done

"$halfpipe" gen add.rn.f16 fma.rn.bf16 mul.rn.f16x2 --corner -o "$work/eu.vec"
"$halfpipe" check "$work/eu.vec" --dut "$work/eu" | tee "$work/eu.check"
grep -q ' 0 failed$' "$work/eu.check"
