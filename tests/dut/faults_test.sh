#!/usr/bin/env bash
# Every seeded fault of examples/your-unit (rtl/eu_fpu.sv lists them, +fault=N) is caught: the
# sweep exits 1, and the reproduce command it prints exits 1 again. The NaN payload fault passes
# under --nan any, with the accepted lanes counted.
#   faults_test.sh HALFPIPE WORK
set -euo pipefail
halfpipe=$1 work=$2
forms=(add.f16 sub.bf16 mul.f16 fma.rn.f16 fma.rn.bf16)
replay() {  # NAME KIND: the reproduce command of KIND ("reproduce" or "reproduce the run") fails
  local name=$1 kind=$2 reproduce status=0
  reproduce=$(grep -m1 -oE "^ *$kind: halfpipe .*" "$work/$name.out" | sed -E 's/^[a-z ]+: halfpipe //')
  [[ -n $reproduce ]] || { cat "$work/$name.out"; echo "FAIL: $name: no '$kind' line" >&2; exit 1; }
  (cd "$work" && eval "\"$halfpipe\" $reproduce" >"$name.replay.out" 2>&1) || status=$?
  if ((status != 1)); then
    cat "$work/$name.replay.out"
    echo "FAIL: $name: 'halfpipe $reproduce' exits $status, not 1" >&2
    exit 1
  fi
}
# caught NAME UNIT FAULT [--vector] FORMS...: the fault fails the sweep (exit 1), and so does the
# run's reproduce command; with --vector, a data fault, also the first mismatch's one-vector one.
caught() {
  local name=$1 unit=$2 fault=$3 vector=0 status=0
  shift 3
  [[ $1 == --vector ]] && { vector=1; shift; }
  (cd "$work" && "$halfpipe" sweep "$@" --corner --random 200 --dut "$unit" --plusargs "+fault=$fault" \
     --quiet >"$name.out" 2>&1) || status=$?
  if ((status != 1)); then
    cat "$work/$name.out"
    echo "FAIL: fault $fault ($name): exit $status, not 1" >&2
    exit 1
  fi
  replay "$name" "reproduce the run"
  ((vector)) && replay "$name" "reproduce"
  echo "fault $fault ($name): caught; $(grep -m1 -E '^(mismatch|hang|contract)' "$work/$name.out")"
}
caught wrong-rounding eu 1 --vector fma.rn.f16
caught swapped-lane eu2 2 --vector add.f16x2 fma.rn.bf16x2
caught lost eu 3 "${forms[@]}"
caught duplicated eu 4 "${forms[@]}"
caught mixed-tag eu 5 "${forms[@]}"
caught changes-while-stalled eu 6 "${forms[@]}"
caught nan-payload eu 7 --vector "${forms[@]}"
caught uninitialised eu 8 "${forms[@]}"
grep -q '^hang: no output taken for 100000 cycles, with 1 transaction in flight' "$work/lost.out"
grep -q 'outputs changed while stalled' "$work/changes-while-stalled.out"
grep -q 'differs between two seeds of its uninitialised state' "$work/uninitialised.out"

# Under --nan any, RISC-V's NaN is an accepted difference, counted.
"$halfpipe" sweep "${forms[@]}" --corner --random 200 --dut "$work/eu" --plusargs +fault=7 \
  --nan any --quiet | tee "$work/nan-any.out"
grep -qE '^--nan any: [1-9][0-9]* lane results were a NaN other than the reference.s, accepted$' \
  "$work/nan-any.out"
grep -q ' 0 failed$' "$work/nan-any.out"
# and without a fault nothing is caught.
"$halfpipe" sweep "${forms[@]}" --corner --random 200 --dut "$work/eu" --plusargs +fault=0 --quiet \
  | grep -q ' 0 failed$'
