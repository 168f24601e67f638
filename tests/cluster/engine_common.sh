# Shared by the engine tests (parallel_test.sh, slurm_test.sh): a small plan of five jobs, one of
# them long enough to be killed partway, and the checks every engine must pass. Sourced; $1 is the
# halfpipe binary.
set -euo pipefail
halfpipe=$1
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# Five SPEC lines, one job each (--job-minutes far above their size). Job 5 is the one killed.
plan=$work/plan
make_plan() {
  cat >"$work/small.spec" <<'SPEC'
# The engine tests' plan.
add.rn.f16 corner
'MAX.sat (16, M5) hf' corner   # a vISA form
mul.rn.bf16x2 random 1000 seed=7
neg.f16 exhaustive
fma.rn.f16 random 40000000     # several CPU seconds on any machine (1.5 s per 6M here): killed partway
SPEC
  "$halfpipe" plan "$work/small.spec" -o "$plan" --job-minutes 600 >"$work/plan.out" ||
    fail "plan: $(cat "$work/plan.out")"
  [[ $(wc -l <"$plan/jobs.txt") -eq 5 ]] || fail "expected 5 jobs: $(cat "$plan/jobs.txt")"
  killed_job=5
}

# merge after the killed run: exit 2, job 5 and only job 5 missing, --resume prints exactly its line.
check_killed_job_missing() {
  local status=0
  "$halfpipe" merge "$plan" >"$work/merge1.out" 2>&1 || status=$?
  [[ $status -eq 2 ]] || fail "merge of an incomplete plan: exit $status, not 2: $(cat "$work/merge1.out")"
  grep -q "^error: missing: job $killed_job (fma.rn.f16 random 40000000" "$work/merge1.out" ||
    fail "merge does not report job $killed_job missing: $(cat "$work/merge1.out")"
  [[ $(grep -c '^error: missing:' "$work/merge1.out") -eq 1 ]] || fail "other jobs missing: $(cat "$work/merge1.out")"
  grep -q '<error type="incomplete" message="job 5 ' "$plan/junit.xml" || fail "JUnit has no incomplete error"
  "$halfpipe" merge "$plan" --resume >"$work/resume.txt" 2>"$work/resume.err" || fail "merge --resume failed"
  sed -n "${killed_job}p" "$plan/jobs.txt" | cmp -s - "$work/resume.txt" ||
    fail "--resume printed something else than line $killed_job: $(cat "$work/resume.txt")"
}

# merge after the resumed run: every job's record, the hand-derived counts, valid JUnit.
check_complete() {
  local status=0
  "$halfpipe" merge "$plan" >"$work/merge2.out" 2>&1 || status=$?
  [[ $status -eq 0 ]] || fail "merge of the complete plan: exit $status: $(cat "$work/merge2.out")"
  # Counts derived by hand: neg.f16 exhaustive is 2^16 inputs; mul.bf16x2 random 1000 is 1000
  # instructions of 2 lanes; fma.rn.f16 random 40000000 is 40,000,000 one-lane instructions.
  grep -q '^neg.f16: 1/1 jobs, 65536 passed, 0 failed' "$work/merge2.out" || fail "neg.f16: $(cat "$work/merge2.out")"
  grep -q '^mul.bf16x2: 1/1 jobs, 2000 passed, 0 failed' "$work/merge2.out" || fail "mul.bf16x2: $(cat "$work/merge2.out")"
  grep -q '^fma.rn.f16: 1/1 jobs, 40000000 passed, 0 failed' "$work/merge2.out" || fail "fma.rn.f16: $(cat "$work/merge2.out")"
  # The total is the sum of what the five jobs printed themselves.
  local expected
  expected=$(awk '/^[0-9]+ passed, [0-9]+ failed$/ { p += $1 } END { print p }' "$@")
  [[ $(tail -n 1 "$work/merge2.out") == "$expected passed, 0 failed" ]] ||
    fail "total: $(tail -n 1 "$work/merge2.out"), the jobs printed $expected passed"
  xmllint --noout --schema "$here/junit.xsd" "$plan/junit.xml" 2>"$work/xmllint.out" ||
    fail "JUnit XML does not validate: $(cat "$work/xmllint.out")"
  [[ $(grep '<testcase ' "$plan/junit.xml" | grep -vc '\.jobs" name="job ') -eq 5 ]] || fail "not one testcase per form"
  [[ $(grep -c '\.jobs" name="job [1-5] (' "$plan/junit.xml") -eq 5 ]] || fail "not one testcase per job"
}
