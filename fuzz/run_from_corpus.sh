#!/usr/bin/env bash
# Runs one libFuzzer target from a copy of its corpus for a budget of CPU time, and prints one
# summary line: executions per CPU second (and libFuzzer's own per wall second), coverage (cov: and ft: of libFuzzer's last status line), the CPU
# minutes used and the result. The checked-in corpus is only read: new inputs go to the scratch
# copy (scripts/fuzz --merge folds them back). Crash reproducers land in SCRATCH/artifacts/.
#
#   run_from_corpus.sh BINARY CORPUS SCRATCH [--cpu-seconds N] [LIBFUZZER_ARG...]
#
# libFuzzer's -max_total_time counts wall time; on a shared machine a target gets less CPU than
# that, so the budget is CPU time: the target's user + system time, read from /proc/PID/stat
# every second, and SIGINT (libFuzzer prints its final statistics and exits) once it is spent.
# Without --cpu-seconds, the libFuzzer arguments decide (CTest passes -max_total_time=20).
# Exit status: 0 clean, 1 a crash, a leak, a timeout or an invariant violated, 2 usage.
set -uo pipefail

if (($# < 3)); then
  echo "usage: run_from_corpus.sh BINARY CORPUS SCRATCH [--cpu-seconds N] [LIBFUZZER_ARG...]" >&2
  exit 2
fi
binary=$1 corpus=$2 scratch=$3
shift 3
cpu_seconds=0
if [[ ${1:-} == --cpu-seconds ]]; then
  cpu_seconds=${2:?--cpu-seconds needs a number}
  shift 2
fi
target=$(basename "$binary")
[[ -x $binary ]] || { echo "run_from_corpus.sh: $binary: not an executable" >&2; exit 2; }
[[ -d $corpus ]] || { echo "run_from_corpus.sh: $corpus: no corpus directory" >&2; exit 2; }

rm -rf "$scratch"
mkdir -p "$scratch/corpus" "$scratch/artifacts"
cp -R "$corpus/." "$scratch/corpus/"
log=$scratch/fuzz.log

export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1}
wall_limit=()
if ((cpu_seconds > 0)); then
  # A backstop only, for a machine so starved that the CPU budget never runs out: a target at
  # nice 10 beside two busy builds gets 2% of a core.
  wall_limit=(-max_total_time=$((cpu_seconds * 100)))
fi

"$binary" -print_final_stats=1 -artifact_prefix="$scratch/artifacts/" "${wall_limit[@]}" "$@" \
  "$scratch/corpus" >"$log" 2>&1 &
pid=$!
ticks=$(getconf CLK_TCK)
cpu_ticks=0
read_cpu() {  # utime + stime, fields 14 and 15 of /proc/PID/stat (after the command's ")")
  local stat
  stat=$(cat "/proc/$pid/stat" 2>/dev/null) || return 1
  stat=${stat##*) }
  local fields=($stat)
  cpu_ticks=$((fields[11] + fields[12]))
}
interrupted=0
while kill -0 "$pid" 2>/dev/null; do
  read_cpu || break
  if ((cpu_seconds > 0 && cpu_ticks >= cpu_seconds * ticks && !interrupted)); then
    kill -INT "$pid"
    interrupted=1
  fi
  sleep 1
done
wait "$pid"
status=$?

# libFuzzer: 0 at the end of its time or runs, 72 when interrupted (SIGINT); anything else is a
# finding (crash, leak, timeout, out of memory: -error_exitcode 77 or a signal).
if [[ $status -eq 0 || $status -eq 72 ]]; then result=clean; else result="FAILED (exit $status)"; fi
last_status=$(grep -E '^#[0-9]+' "$log" | grep ' cov: ' | tail -n 1)
cov=$(sed -nE 's/.* cov: ([0-9]+).*/\1/p' <<<"$last_status")
ft=$(sed -nE 's/.* ft: ([0-9]+).*/\1/p' <<<"$last_status")
execs=$(sed -nE 's/^stat::average_exec_per_sec: *([0-9]+).*/\1/p' "$log" | tail -n 1)
runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+).*/\1/p' "$log" | tail -n 1)
minutes=$(awk -v t="$cpu_ticks" -v hz="$ticks" 'BEGIN { printf "%.2f", t / hz / 60 }')
# libFuzzer's exec/s divides by wall time, which on a busy machine says more about the machine;
# runs per CPU second is the target's own speed.
cpu_rate=$(awk -v r="${runs:-0}" -v t="$cpu_ticks" -v hz="$ticks" \
  'BEGIN { if (t > 0) printf "%d", r * hz / t; else printf "?" }')
new_inputs=$(($(find "$scratch/corpus" -type f | wc -l) - $(find "$corpus" -type f | wc -l)))

if [[ $result != clean ]]; then
  grep -E 'ERROR: |runtime error|fuzz invariant failed|Test unit written|SUMMARY' "$log" | head -n 20 >&2
  echo "full log: $log" >&2
fi
printf '%s: execs/CPU-s %s (per wall s %s), cov %s, ft %s, runs %s, new inputs %s, CPU minutes %s, %s\n' \
  "$target" "$cpu_rate" "${execs:-?}" "${cov:-?}" "${ft:-?}" "${runs:-?}" "$new_inputs" "$minutes" \
  "$result"
[[ $result == clean ]]
