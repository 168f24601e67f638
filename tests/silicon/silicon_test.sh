#!/usr/bin/env bash
# The silicon check without a GPU: `halfpipe gen --probe-semantics`, `halfpipe silicon`, and the
# generated program's host side (silicon/host/silicon_host.cpp) linked with a device stub that
# computes with the reference (tests/silicon/reference_device.cpp, built as HOST).
#   tests/silicon/silicon_test.sh CASE HALFPIPE HOST WORK_DIR
# CASE: probes | alternative | mismatch | host-bad-input | command | command-bad-input
set -u
case_name=$1 halfpipe=$2 host=$3 work=$4
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
fail() { echo "FAIL: $*" >&2; exit 1; }
# expect STATUS OUTPUT_FILE COMMAND...: runs COMMAND, output (both streams) to OUTPUT_FILE.
expect() {
  local want=$1 out=$2; shift 2
  "$@" >"$out" 2>&1
  local got=$?
  [[ $got -eq $want ]] || fail "$* exited $got, expected $want: $(cat "$out")"
}
has() { grep -qF -- "$2" "$1" || fail "$1 lacks '$2': $(cat "$1")"; }

"$halfpipe" gen --probe-semantics -o probes.vec || fail "gen --probe-semantics"
# The probe counts per rule, by hand from vectors/probes.cpp's table.
probe_summary=(
  "S10: 7 probes, 7 follow halfpipe's reading; default-nan 0; propagate-payload 0; negative-default-nan 0"
  "S12: 6 probes, 6 follow halfpipe's reading; keep-negative-zero 0"
  "S13: 5 probes, 5 follow halfpipe's reading; keep-negative-zero 0"
  "S14: 8 probes, 8 follow halfpipe's reading; 0x7ff7-not-oob 0; only-a-checked 0; sign-significant 0; any-nan-is-oob 0; c-checked-too 0"
  "S8: 5 probes, 5 follow halfpipe's reading; after-rounding-in-format 0; before-rounding 0"
)

case $case_name in
probes)
  # The probes are ordinary vectors to halfpipe's own reader, and on a device that follows
  # doc/semantics.md (the stub) every one follows halfpipe's reading.
  expect 0 check.out "$halfpipe" check probes.vec
  expect 0 run.out "$host" probes.vec -o mismatches.vec
  for line in "${probe_summary[@]}"; do has run.out "$line"; done
  [[ $(tail -n 1 run.out) == "31 passed, 0 failed" ]] || fail "last line: $(tail -n 1 run.out)"
  [[ ! -e mismatches.vec ]] || fail "a mismatch file without a mismatch"
  ;;
alternative)
  # A probe file whose "halfpipe reading" of one S12 vector keeps -0 and whose alternative
  # clamps it: the stub (which clamps) fails that probe, and the breakdown names the reading it
  # followed.
  line=$(grep -n '^add.sat.f16 0x8000 0x8000 0x0000 # probe S12 keep-negative-zero=0x8000$' probes.vec | cut -d: -f1)
  [[ -n $line ]] || fail "no add.sat.f16 -0 + -0 probe in probes.vec"
  sed -i "${line}s/.*/add.sat.f16 0x8000 0x8000 0x8000 # probe S12 clamp-to-positive-zero=0x0000/" probes.vec
  expect 1 run.out "$host" probes.vec -o mismatches.vec
  has run.out "probes.vec:$line: add.sat.f16 0x8000 0x8000: expected 0x8000, device gave 0x0000"
  has run.out "S12: 6 probes, 5 follow halfpipe's reading; clamp-to-positive-zero 1; keep-negative-zero 0; no listed reading 0"
  [[ $(tail -n 1 run.out) == "30 passed, 1 failed" ]] || fail "last line: $(tail -n 1 run.out)"
  has mismatches.vec "# vectors: 1"
  has mismatches.vec "add.sat.f16 0x8000 0x8000 0x0000 # halfpipe expects 0x8000 (probes.vec:$line); probe S12"
  # The mismatch file holds what the device gave: the reference agrees with it.
  expect 0 check.out "$halfpipe" check mismatches.vec
  ;;
mismatch)
  "$halfpipe" gen add.f16 fma.rn.relu.bf16x2 --corner -o corner.vec || fail "gen"
  count=$(sed -n 's/^# vectors: //p' corner.vec)
  expect 0 run.out "$host" corner.vec
  [[ $(tail -n 1 run.out) == "$count passed, 0 failed" ]] || fail "last line: $(tail -n 1 run.out)"
  # One expected value changed (the last hex digit of the first fma vector's result, 0 <-> 1).
  line=$(grep -n '^fma.rn.relu.bf16x2 ' corner.vec | head -n 1 | cut -d: -f1)
  original=$(sed -n "${line}p" corner.vec)
  expected=${original##* }
  last=${expected: -1}; [[ $last == 1 ]] && flipped=0 || flipped=1
  corrupted=${expected%?}$flipped
  sed -i "${line}s/ $expected\$/ $corrupted/" corner.vec
  expect 1 run.out "$host" corner.vec -o bad.vec
  operands=${original#fma.rn.relu.bf16x2 }; operands=${operands% *}
  has run.out "corner.vec:$line: fma.rn.relu.bf16x2 $operands: expected $corrupted, device gave $expected"
  [[ $(tail -n 1 run.out) == "$((count - 1)) passed, 1 failed" ]] || fail "last line: $(tail -n 1 run.out)"
  has bad.vec "# vectors: 1"
  has bad.vec "fma.rn.relu.bf16x2 $operands $expected # halfpipe expects $corrupted (corner.vec:$line)"
  expect 0 check.out "$halfpipe" check bad.vec
  ;;
host-bad-input)
  # Each refused with exit 2, the file and the line named; nothing is skipped.
  printf 'add.f16 0x3c00 0x3c00 0x4000\nadd.f17 0x3c00 0x3c00 0x4000\n' >form.vec
  expect 2 out "$host" form.vec; has out "form.vec:2: form 'add.f17'"
  printf 'add.f16 0x3c00 0x3c0g 0x4000\n' >hex.vec
  expect 2 out "$host" hex.vec; has out "hex.vec:1: '0x3c0g' is not a register of add.f16"
  printf 'add.f16 0x3c003c00 0x3c00 0x4000\n' >wide.vec
  expect 2 out "$host" wide.vec; has out "wide.vec:1: '0x3c003c00' is not a register of add.f16 (hex, at most 4 digits)"
  printf 'fma.rn.f16 0x3c00 0x3c00 0x4000\n' >count.vec
  expect 2 out "$host" count.vec; has out "count.vec:1: fma.rn.f16 takes 3 operands and the expected result (4 values), found 3"
  printf 'add.f16 0x3c00 0x3c00 0x4000' >cut.vec
  expect 2 out "$host" cut.vec; has out "cut.vec:1: the last line has no end of line"
  printf '# vectors: 3\nadd.f16 0x3c00 0x3c00 0x4000\n' >short.vec
  expect 2 out "$host" short.vec; has out "short.vec: the header declares 3 vectors, the file holds 1"
  printf 'add.f16 0x3c00 0x3c00 0x4000 # probe S12 keep-negative-zero\n' >probe.vec
  expect 2 out "$host" probe.vec; has out "probe.vec:1: 'keep-negative-zero' in the probe comment is not NAME=RESULT"
  printf '# nothing\n' >empty.vec
  expect 2 out "$host" empty.vec; has out "empty.vec: the file holds no vectors"
  expect 2 out "$host" missing.vec; has out "missing.vec: cannot open the file"
  expect 2 out "$host"; has out "no vector FILE given"
  ;;
command)
  "$halfpipe" gen add.f16 add.rn.f16 --corner -o add.vec || fail "gen"
  sed -i 's/^add.f16 /add.f16.rn /' add.vec  # a spelling with the modifiers in another order
  expect 0 out "$halfpipe" silicon probes.vec add.vec -o program
  for file in silicon_device.h silicon_host.cpp silicon_kernels.cu build.sh run.sh \
              vectors/001-probes.vec vectors/002-add.vec; do
    [[ -f program/$file ]] || fail "program/$file missing"
  done
  [[ -x program/build.sh && -x program/run.sh ]] || fail "the scripts are not executable"
  cmp -s program/vectors/001-probes.vec probes.vec || fail "the probes were not copied as they are"
  # The forms' instructions as inline asm: 16-bit registers for scalars, 32-bit for packed.
  has program/silicon_kernels.cu 'asm volatile("mul.ftz.f16 %0, %1, %2;" : "=h"(rd) : "h"(ra), "h"(rb));'
  has program/silicon_kernels.cu 'asm volatile("fma.rn.relu.bf16x2 %0, %1, %2, %3;" : "=r"(rd) : "r"(ra), "r"(rb), "r"(rc));'
  # Both spellings of add.f16 reach its one kernel.
  has program/silicon_kernels.cu '{"add.f16.rn", '
  # mul.bf16 and fma.rn.oob need sm_90 (S23): the default target is the highest minimum.
  has program/build.sh '-arch="${ARCH:-sm_90}"'
  has program/run.sh 'exec ./halfpipe_silicon vectors/001-probes.vec vectors/002-add.vec "$@"'
  expect 0 out "$halfpipe" silicon add.vec -o add-only
  has add-only/build.sh '-arch="${ARCH:-sm_75}"'  # add.f16 needs sm_53; CUDA 13 builds sm_75 up
  ;;
command-bad-input)
  # The first vector that needs more than --target sm_80 is mul.bf16 (sm_90).
  line=$(grep -n '^mul.bf16 ' probes.vec | head -n 1 | cut -d: -f1)
  expect 2 out "$halfpipe" silicon probes.vec -o program --target sm_80
  has out "probes.vec:$line: mul.bf16 needs sm_90 (S23), above --target sm_80"
  [[ ! -e program ]] || fail "a refused run wrote the program"
  printf 'add.f16 0x3c00 0x3c00\n' >short.vec
  expect 2 out "$halfpipe" silicon short.vec -o program
  has out "short.vec:1: add.f16 takes 2 operands and the expected result (3 values), found 2"
  expect 2 out "$halfpipe" silicon probes.vec -o program --target sm_9x
  expect 2 out "$halfpipe" silicon probes.vec
  has out "-o DIR is required"
  expect 2 out "$halfpipe" gen --probe-semantics add.f16
  has out "--probe-semantics chooses its own forms: give no FORM"
  ;;
*) fail "unknown case $case_name" ;;
esac
echo "silicon $case_name: ok"
