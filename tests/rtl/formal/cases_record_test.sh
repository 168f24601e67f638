#!/usr/bin/env bash
# A committed proof by cases covers every input: the case table (scripts/formal --merge's
# cases.tsv) has each value of b's top B and a's top A fraction bits exactly once, each proven;
# for an fma form those are its product lemma's cases, and its sum lemma is one more line, proven
# (a table from before the lemma column has none).
#   cases_record_test.sh CASES.TSV FORM B A
set -euo pipefail
table=$1 form=$2 b=$3 a=$4
fail() { echo "FAIL: $table: $*" >&2; exit 1; }
[[ -r $table ]] || fail "cannot be read"
rows=$(awk -F'\t' -v form="$form" '$1 == form && $7 != "sum"' "$table")
expected=$((1 << (b + a)))
[[ $(wc -l <<<"$rows") == "$expected" ]] || fail "$(wc -l <<<"$rows") cases of $form, not $expected"
[[ $(cut -f3,4 <<<"$rows" | sort -u | wc -l) == "$expected" ]] || fail "a pair of fixed bits repeats"
# A split of no bits is written "-".
bad=$(awk -F'\t' -v b="$b" -v a="$a" 'function bits(f, n) { return n ? length(f) == n : f == "-" }
                                    !bits($3, b) || !bits($4, a) || $5 != "proven"' <<<"$rows")
[[ -z $bad ]] || fail "a case not proven, or not $b and $a bits: $(head -1 <<<"$bad")"
what="all $expected cases of b's top $b and a's top $a fraction bits proven"
if [[ $form == fma.* ]]; then
  [[ $(cut -f7 <<<"$rows" | sort -u) == product ]] || fail "a case of $form is not of its product lemma"
  sums=$(awk -F'\t' -v form="$form" '$1 == form && $7 == "sum"' "$table")
  [[ $(wc -l <<<"$sums") == 1 && $(cut -f5 <<<"$sums") == proven ]] ||
    fail "$form's sum lemma is not one line, proven: '$sums'"
  what="its product lemma: $what; its sum lemma proven"
fi
echo "PASS: $form: $what"
