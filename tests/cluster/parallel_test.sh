#!/usr/bin/env bash
# GNU parallel runs a small plan (run-parallel.sh); parallel's --timeout kills the long job
# partway; merge reports it missing, --resume prints only its line, and rerunning that line
# completes the plan.
#   tests/cluster/parallel_test.sh HALFPIPE
source "$(dirname "${BASH_SOURCE[0]}")/engine_common.sh"
make_plan
# The first run: jobs 1-4 take well under a CPU second, job 5 several; --timeout 1 kills it.
"$plan/run-parallel.sh" --jobs 2 --timeout 1 >"$work/run1.out" 2>&1 && fail "parallel did not report the killed job"
[[ -f $plan/parallel.joblog ]] || fail "no joblog"
[[ ! -e $plan/results/job-000005.json ]] || fail "the killed job left a record"
ls "$plan"/results/*.tmp.* >/dev/null 2>&1 && fail "the killed job left a temporary record"
check_killed_job_missing
HALFPIPE_JOBS=$work/resume.txt "$plan/run-parallel.sh" --jobs 2 >"$work/run2.out" 2>&1 ||
  fail "the resumed run failed: $(cat "$work/run2.out")"
[[ $(grep -c ' passed, ' "$work/run2.out") -eq 1 ]] || fail "the resumed run ran more than one job"
check_complete "$work/run1.out" "$work/run2.out"
echo "parallel: a plan run, a killed job resumed, merged: $(tail -n 1 "$work/merge2.out")"
