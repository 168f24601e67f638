#!/usr/bin/env bash
# fma is proven by its product (scripts/formal, FMA_LEMMAS), and neither lemma holds by its shape
# alone: planned, fma.rn.bf16 is two jobs, the product lemma (case 0) and the sum lemma (case 1).
# With the product's exponent stated one too high in both models, the product lemma fails with
# its inputs named, and the sum lemma, given that product, is not proven either. (The lemmas as
# they stand are proven under the `formal` label, fma.rn.bf16 in about four CPU minutes.)
#   fma_lemmas_test.sh SCRIPTS_FORMAL WORKDIR
set -euo pipefail
formal=$1 work=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
rm -rf "$work"
"$formal" --forms fma.rn.bf16 --plan "$work" | tee "$work.plan.log"
grep -q '2 jobs' "$work.plan.log" || fail "fma.rn.bf16 is not planned as two jobs"
for lemma in product sum; do
  model=$work/models/fma.rn.bf16.$lemma.smt2
  grep -q '(bvadd rtl_x1_exp rtl_x2_exp ' "$model" || fail "$lemma: no product exponent to change"
  sed -i 's/(bvadd rtl_x1_exp rtl_x2_exp /(bvadd #x001 rtl_x1_exp rtl_x2_exp /' "$model"
done

status=0
"$formal" --run-case "$work" fma.rn.bf16 0 || status=$?
((status == 1)) || fail "the product lemma with a wrong exponent exited $status, not 1"
grep -q '"lemma": "product", .*"verdict": "failed"' "$work/records/fma.rn.bf16.case0.json" ||
  fail "the product lemma with a wrong exponent is not failed: $(cat "$work/records/fma.rn.bf16.case0.json")"

status=0
"$formal" --run-case "$work" fma.rn.bf16 1 || status=$?
((status == 1)) || fail "the sum lemma given a wrong product exited $status, not 1"
grep -q '"lemma": "sum"' "$work/records/fma.rn.bf16.case1.json" || fail "case 1 is not the sum lemma"
if grep -q '"verdict": "proven"' "$work/records/fma.rn.bf16.case1.json"; then
  fail "the sum lemma given a wrong product is proven"
fi

status=0
"$formal" --merge "$work" >"$work.merge.log" 2>&1 || status=$?
cat "$work.merge.log"
((status == 1)) || fail "the merge of two failed lemmas exited $status, not 1"
grep -q 'failed (the product lemma: a=0x' "$work.merge.log" || fail "the merge does not name the product lemma"
echo "PASS: each lemma of fma.rn.bf16 fails with the product's exponent stated wrong"
