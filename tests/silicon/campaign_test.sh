#!/usr/bin/env bash
# The silicon campaign without a GPU: `halfpipe silicon --campaign --no-build` writes the
# campaign, and its host (silicon/campaign/*.cpp) runs linked with a CPU stand-in for the
# device (tests/silicon/campaign_standin.cpp): REFERENCE computes with the reference, FAULTY
# carries one seeded fault per mismatch class.
#   tests/silicon/campaign_test.sh CASE HALFPIPE REFERENCE FAULTY WORK_DIR FAULTY_RESULTS
# CASE: clean | faults | report | bad-input. FAULTY_RESULTS: the results folder of the faults
# case's run, which report reads (a CTest fixture orders the two).
set -u
case_name=$1 halfpipe=$2 reference=$3 faulty=$4 work=$5 faulty_results=$6
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }
expect() {  # STATUS OUTPUT_FILE COMMAND...
  local want=$1 out=$2; shift 2
  "$@" >"$out" 2>&1
  local got=$?
  [[ $got -eq $want ]] || fail "$* exited $got, expected $want: $(tail -n 20 "$out")"
}
has() { grep -qF -- "$2" "$1" || fail "$1 lacks '$2': $(head -c 3000 "$1")"; }
json() { /usr/bin/python3 -c "import json,sys; d=json.load(open('$1')); print($2)"; }

forms=add.f16,add.f16x2,neg.f16,tanh.approx.f16x2,fma.rn.ftz.f16,fma.rn.relu.bf16x2,min.NaN.xorsign.abs.bf16x2
"$halfpipe" silicon --campaign --no-build -o campaign --forms "$forms" >generate.out 2>&1 ||
  fail "silicon --campaign: $(cat generate.out)"
# 2^20 instructions of each generated phase, in chunks of 2^16 through four slots: sixteen
# chunks a phase, the stand-in computing the next while the host checks the last.
run() {  # PROGRAM RESULTS [MORE ARGUMENTS]
  local program=$1 results=$2; shift 2
  "$program" --vectors campaign -o "$results" --limit 1048576 --chunk 65536 --threads 2 "$@"
}

case $case_name in
clean)
  has generate.out "wrote the campaign of 7 forms for sm_90 in campaign"
  has generate.out "expected run time of the host side (bulk path "
  for file in build.sh probes.vec corners.vec src/campaign/main.cpp src/campaign/run.cpp src/campaign/options.cpp src/campaign/enumeration.h \
              src/campaign/device.h src/campaign/vector_text.h src/campaign/campaign_kernels.cu \
              src/model/ref/bulk/execute_n.cpp src/model/ref/approx/tables.h; do
    [[ -f campaign/$file ]] || fail "campaign/$file missing"
  done
  has campaign/src/campaign/campaign_kernels.cu 'asm volatile("fma.rn.ftz.f16 %0, %1, %2, %3;" : "=h"(rd) : "h"(ra), "h"(rb), "h"(rc));'
  has campaign/build.sh "-gencode arch=compute_90,code=sm_90 -gencode arch=compute_100,code=sm_100 -gencode arch=compute_90,code=compute_90"
  has campaign/build.sh "-static-libstdc++"
  # The probes and corners of the chosen forms only, replayable by halfpipe itself.
  expect 0 check.out "$halfpipe" check campaign/probes.vec campaign/corners.vec
  [[ $(grep -vc '^#' campaign/probes.vec) -eq $(grep -c '^\(add\.f16\|fma\.rn\.ftz\.f16\|fma\.rn\.relu\.bf16x2\|add\.f16x2\) .*probe' campaign/probes.vec) ]] ||
    fail "probes.vec holds probes of forms outside --forms"

  expect 0 run.out run "$reference" results
  [[ $(tail -n 1 run.out) =~ ^[0-9]+\ passed,\ 0\ failed$ ]] || fail "last line: $(tail -n 1 run.out)"
  has run.out "not complete: --limit 1048576"
  has results/report.md "S10: **halfpipe's reading**"
  # Inputs per form, by hand: one-operand all 2^16 (per lane); two-operand and each fma phase
  # 2^20 instructions (times two lanes when packed), 4 fma planes and the random triples.
  [[ $(json results/summary.json "[f['phases']['all-inputs']['inputs'] for f in d['forms'] if f['form']=='neg.f16'][0]") == 65536 ]] || fail "neg.f16 inputs"
  [[ $(json results/summary.json "[f['phases']['all-inputs']['inputs'] for f in d['forms'] if f['form']=='tanh.approx.f16x2'][0]") == 131072 ]] || fail "tanh.approx.f16x2 inputs"
  [[ $(json results/summary.json "[f['phases']['all-pairs']['inputs'] for f in d['forms'] if f['form']=='add.f16x2'][0]") == 2097152 ]] || fail "add.f16x2 inputs"
  [[ $(json results/summary.json "[f['phases']['all-pairs']['planned'] for f in d['forms'] if f['form']=='add.f16'][0]") == 4294967296 ]] || fail "add.f16 planned"
  [[ $(json results/summary.json "[f['phases']['fma-planes']['inputs'] for f in d['forms'] if f['form']=='fma.rn.relu.bf16x2'][0]") == $((4 * 2 * 1048576)) ]] || fail "fma planes inputs"
  [[ $(json results/summary.json "[f['phases']['fma-random']['planned'] for f in d['forms'] if f['form']=='fma.rn.ftz.f16'][0]") == 4294967296 ]] || fail "fma random planned"
  [[ $(json results/summary.json "sum(sum(f['mismatches'].values()) for f in d['forms'])") == 0 ]] || fail "mismatches on the reference stand-in"
  [[ $(json results/summary.json "d['complete']") == False ]] || fail "a --limit run called complete"
  # The device's tables of the one-operand forms: every input, replayable.
  [[ -f results/tables/neg.f16.vec && -f results/tables/tanh.approx.f16x2.vec ]] || fail "tables missing"
  [[ $(grep -vc '^#' results/tables/tanh.approx.f16x2.vec) -eq 65536 ]] || fail "tanh table size"
  expect 0 check.out "$halfpipe" check results/tables/neg.f16.vec results/tables/tanh.approx.f16x2.vec
  has results/report.md "| tanh.approx.f16x2 | 131072 | 131072 | 100.000% | 0 | 0 |"
  [[ -z $(ls results/mismatches) ]] || fail "mismatch files without a mismatch"
  # The timing phase followed, on the stand-in's kernels (tests/silicon/campaign_timing_test.cpp
  # derives each figure): 1029 / 256 cycles of latency, 128 thread instructions a cycle.
  [[ $(json results/timing.json "d['campaign_version'], d['device']['clock_khz'], d['ops'][0]['latency']['cycles']") == "2 1000000 4.01953" ]] ||
    fail "timing.json: $(cat results/timing.json)"
  [[ $(json results/timing.json "[t['per_cycle'] for t in d['ops'][0]['throughput']]") == "[128, 128, 128, 128, 128]" ]] ||
    fail "timing.json throughput: $(cat results/timing.json)"
  # --timing-only: timing.json and its tables alone; --no-timing: none.
  expect 0 timing.out "$reference" --vectors campaign -o timing-only --timing-only
  [[ $(ls timing-only | tr '\n' ' ') == "timing.json timing.md " ]] || fail "--timing-only wrote $(ls timing-only)"
  expect 0 run.out run "$reference" no-timing --forms neg.f16 --no-timing
  [[ ! -e no-timing/timing.json && ! -e no-timing/timing.md ]] || fail "--no-timing wrote timing.json"
  ;;
faults)
  expect 1 run.out run "$faulty" results
  # By hand (tests/silicon/campaign_standin.cpp): add.f16's all-pairs prefix holds a = every
  # 16-bit value with b = 0 .. 15. a = 0x7D55: 16 inputs; a = -b: 16; b = 0, a = 0x0001..0x0100:
  # 256; b = 1, a = 0x3C00..0x3C3F: 64. add.f16x2's instruction 0 holds (+0, +0) in lane 0
  # (+0) and (0xb4b4, 0x54b4) in lane 1 (74.9375): swapped, both lanes show the other's.
  has run.out "add.f16: nan-payload 16 sign-of-zero 16 flushed-subnormal 256 other 64"
  has run.out "add.f16x2: lane 2"
  [[ $(grep -cE '^[a-z0-9.]+: ' run.out) -eq 2 ]] || fail "faults named beyond the seeded ones: $(cat run.out)"
  [[ $(tail -n 1 run.out) =~ \ 354\ failed$ ]] || fail "last line: $(tail -n 1 run.out)"
  has results/report.md "| add.f16 | 1048894 | 16 | 16 | 256 | 0 | 64 |"
  has results/report.md "| add.f16x2 | 2097786 | 0 | 0 | 0 | 2 | 0 |"
  for class in nan-payload:16 sign-of-zero:16 flushed-subnormal:256 other:64; do
    file=results/mismatches/add.f16.${class%%:*}.vec
    has "$file" "# vectors: ${class##*:}"
    # EXPECTED is the device's result: halfpipe check finds every line a mismatch.
    expect 1 check.out "$halfpipe" check "$file"
    has check.out "${class##*:} failed"
  done
  has results/mismatches/add.f16.nan-payload.vec "add.f16 0x7d55 0x0000 0x7d55 # halfpipe expects 0x7fff (all-pairs input 32085)"
  has results/mismatches/add.f16x2.lane.vec "add.f16x2 0xb4b40000 0x54b40000 0x000054af # halfpipe expects 0x54af0000 (all-pairs input 0)"
  ;;
report)
  [[ -f $faulty_results/summary.json ]] || fail "no results of the faults case in $faulty_results"
  cp -r "$faulty_results" results
  expect 0 report.out "$halfpipe" silicon --report results
  has report.out "| add.f16 | 1048894 | 16 | 16 | 256 | 0 | 64 |"
  sed -i 's/"campaign_version": [0-9]*/"campaign_version": 999/' results/summary.json
  expect 2 report.out "$halfpipe" silicon --report results
  has report.out "was written by campaign version 999; this halfpipe reads version"
  expect 2 report.out "$halfpipe" silicon --report missing
  has report.out "missing/summary.json: cannot open the file"
  ;;
bad-input)
  # A form above --target, named with the target it needs.
  expect 2 out "$halfpipe" silicon --campaign --no-build -o bad --forms mul.bf16 --target sm_80
  has out "mul.bf16 needs sm_90 (S23), above --target sm_80"
  [[ ! -e bad ]] || fail "a refused campaign was written"
  expect 2 out "$halfpipe" silicon --campaign --no-build -o bad --forms add.f17
  has out "--forms: add.f17:"
  expect 2 out "$halfpipe" silicon --campaign probes.vec -o bad
  has out "--campaign generates its own inputs"
  expect 2 out "$halfpipe" silicon --campaign
  has out "-o DIR is required"
  # The program: no device, an unknown form, a bad option, exit 2 each.
  HALFPIPE_STANDIN_NO_DEVICE=1 expect 2 out run "$reference" results
  has out "No CUDA device"
  has results/report.md "stopped by a device error:** No CUDA device"
  expect 2 out run "$reference" results --forms add.f17
  has out "--forms: this program carries no form 'add.f17'"
  expect 2 out run "$reference" results --seconds soon
  has out "--seconds takes a whole number, not 'soon'"
  expect 2 out "$reference" --vectors nowhere -o results
  has out "nowhere/probes.vec: cannot open the file"
  ;;
*) fail "unknown case $case_name" ;;
esac
echo "silicon campaign $case_name: ok"
