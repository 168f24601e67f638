#!/usr/bin/env bash
# scripts/formal's case jobs end to end: add.rn.bf16 planned as the 4 cases of b's and a's top
# fraction bit (--split 1 --split-a 1), each job run alone, merged into "proven by 4 cases" and a
# line per case in cases.tsv; then merged again with one record missing and with one from another
# split, each exit 2 naming the record, nothing proven. A plan of version 1 merges as well.
#   formal_cases_test.sh SCRIPTS_FORMAL WORKDIR
set -euo pipefail
formal=$1 work=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
rm -rf "$work"
"$formal" --forms add.rn.bf16 --split 1 --split-a 1 --plan "$work" | tee "$work.plan.log"
grep -q '4 jobs' "$work.plan.log" || fail "the plan does not have 4 jobs"
[[ $(wc -l <"$work/jobs.txt") == 4 ]] || fail "jobs.txt does not have 4 lines"
while read -r job; do eval "$job"; done <"$work/jobs.txt"
"$formal" --merge "$work" | tee "$work.merge.log"
grep -q "4 cases of b's top 1 and a's top 1 fraction bits" "$work.merge.log" || fail "the split is not named"
grep -q '| proven by 4 cases |' "$work.merge.log" || fail "not proven by 4 cases"
# Case 2 is b's top bit 1 and a's 0, in its line of the case table.
[[ $(grep -c $'\tproven\t' "$work/cases.tsv") == 4 ]] || fail "cases.tsv does not have 4 proven cases"
grep -q $'^add.rn.bf16\t2\t1\t0\tproven\t' "$work/cases.tsv" || fail "case 2 is not b=1 a=0 in cases.tsv"

# A plan of version 1 (one case count for all forms, records without a lemma) still merges.
cp -r "$work" "$work.v1"
/usr/bin/python3 - "$work.v1" <<'PY'
import glob, json, os, sys
plan_path = os.path.join(sys.argv[1], "plan.json")
plan = json.load(open(plan_path))
plan.update(version=1, cases=plan["cases"]["add.rn.bf16"])
json.dump(plan, open(plan_path, "w"))
for path in glob.glob(os.path.join(sys.argv[1], "records", "*.json")):
    record = json.load(open(path))
    del record["lemma"]
    json.dump(record, open(path, "w"))
PY
"$formal" --merge "$work.v1" | grep -q '| proven by 4 cases |' || fail "a version-1 plan does not merge"

merge_refuses() {  # WHY PATTERN: the merge must exit 2 and say PATTERN
  local status=0
  "$formal" --merge "$work" >"$work.refused.log" 2>&1 || status=$?
  cat "$work.refused.log"
  ((status == 2)) || fail "$1: merge exited $status, not 2"
  grep -q "$2" "$work.refused.log" || fail "$1: the message does not say '$2'"
}
mv "$work/records/add.rn.bf16.case2.json" "$work/case2.json"
merge_refuses "a missing record" 'add.rn.bf16.case2.json: missing'
sed 's/"split_a": 1/"split_a": 0/' "$work/case2.json" >"$work/records/add.rn.bf16.case2.json"
merge_refuses "a record of another split" 'add.rn.bf16.case2.json: unreadable record (it names add.rn.bf16 case 2 of split (1, 0))'
echo "PASS: planned, run and merged by cases; a missing or foreign record refused"
