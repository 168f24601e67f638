#!/usr/bin/env bash
# A committed proof by cases covers every input: the case table (scripts/formal --merge's
# cases.tsv) has each value of b's top B and a's top A fraction bits exactly once, each proven.
#   cases_record_test.sh CASES.TSV FORM B A
set -euo pipefail
table=$1 form=$2 b=$3 a=$4
fail() { echo "FAIL: $table: $*" >&2; exit 1; }
[[ -r $table ]] || fail "cannot be read"
rows=$(awk -F'\t' -v form="$form" '$1 == form' "$table")
expected=$((1 << (b + a)))
[[ $(wc -l <<<"$rows") == "$expected" ]] || fail "$(wc -l <<<"$rows") cases of $form, not $expected"
[[ $(cut -f3,4 <<<"$rows" | sort -u | wc -l) == "$expected" ]] || fail "a pair of fixed bits repeats"
bad=$(awk -F'\t' -v b="$b" -v a="$a" 'length($3) != b || length($4) != a || $5 != "proven"' <<<"$rows")
[[ -z $bad ]] || fail "a case not proven, or not $b and $a bits: $(head -1 <<<"$bad")"
echo "PASS: $form: all $expected cases of b's top $b and a's top $a fraction bits proven"
