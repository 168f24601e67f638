#!/usr/bin/env bash
# A single-node Slurm (scripts/slurm-local) runs the small plan through sbatch (run-slurm.sbatch,
# a job array); squeue shows the long task running and scancel kills it partway; merge reports it
# missing, --resume prints only its line, and an array over the resume list completes the plan.
#   scripts/slurm-local tests/cluster/slurm_test.sh HALFPIPE
source "$(dirname "${BASH_SOURCE[0]}")/engine_common.sh"
[[ -n ${SLURM_CONF:-} ]] || fail "run under scripts/slurm-local"
make_plan

# Waits until array job $1 has left the queue (at most 3 minutes).
wait_for() {
  for _ in $(seq 1 900); do
    [[ -z $(squeue -h -j "$1" 2>/dev/null) ]] && return
    sleep 0.2
  done
  fail "job $1 still queued: $(squeue -j "$1")"
}

job=$(sbatch --parsable "$plan/run-slurm.sbatch") || fail "sbatch failed"
job=${job%%;*}
# Task 5 is the long one: kill it once squeue shows it running (two CPUs: it starts with the first two).
for _ in $(seq 1 300); do
  [[ $(squeue -h -r -j "${job}_${killed_job}" -o %T 2>/dev/null) == RUNNING ]] && break
  sleep 0.1
done
[[ $(squeue -h -r -j "${job}_${killed_job}" -o %T) == RUNNING ]] || fail "task $killed_job never ran: $(squeue -r)"
sleep 0.5
scancel "${job}_${killed_job}"
wait_for "$job"
[[ ! -e $plan/results/job-000005.json ]] || fail "the cancelled task left a record"
check_killed_job_missing

resume=$(sbatch --parsable --array=1-"$(wc -l <"$work/resume.txt")" "$plan/run-slurm.sbatch" "$work/resume.txt") ||
  fail "sbatch of the resume list failed"
resume=${resume%%;*}
wait_for "$resume"
[[ $(cat "$plan"/logs/slurm-"$resume"_*.out | grep -c ' passed, ') -eq 1 ]] || fail "the resumed array ran more than one job"
check_complete "$plan"/logs/slurm-*.out
echo "slurm: a plan run as an array, a cancelled task resumed, merged: $(tail -n 1 "$work/merge2.out")"
