#!/usr/bin/env bash
# The memh example's test (examples/memh/CMakeLists.txt): writes an image of every legal PTX
# form's corner vectors with `halfpipe gen --format memh`, replays it on the Verilated
# testbench, then replays a copy with one expected result changed and requires that it fails.
#   replay_test.sh HALFPIPE TESTBENCH_BINARY WORK_DIR
set -euo pipefail
halfpipe=$1 testbench=$2 work=$3
mkdir -p "$work"
image=$work/corner.memh

"$halfpipe" gen --all-ptx --corner --format memh -o "$image"
count=$(sed -n 's|^// vectors: \([0-9]*\)$|\1|p' "$image")
echo "every legal PTX form's corners: $count vectors"

"$testbench" +image="$image" +vectors="$count" | tee "$work/replay.log"
grep -qx "$count passed, 0 failed" "$work/replay.log"

# Corrupt the expected result of the 100th vector (its fifth word): change its last hex digit.
awk '/^\/\// { print; next }
     ++n == 100 { last = substr($5, 8, 1); $5 = substr($5, 1, 7) (last == "0" ? "1" : "0") }
     { print }' "$image" > "$work/corrupt.memh"
if "$testbench" +image="$work/corrupt.memh" +vectors="$count" > "$work/corrupt.log"; then
  echo "the corrupted image passed" >&2
  exit 1
fi
cat "$work/corrupt.log"
grep -q "^FAIL vector 99 (" "$work/corrupt.log"
grep -qx "$((count - 1)) passed, 1 failed" "$work/corrupt.log"
echo "the corrupted image fails at vector 99, as it must"

# A failing vector is named by its form: one form's image, its 5th vector corrupted.
"$halfpipe" gen fma.rn.relu.bf16x2 --corner --format memh -o "$work/fma.memh"
awk '/^\/\// { print; next }
     ++n == 5 { last = substr($5, 8, 1); $5 = substr($5, 1, 7) (last == "0" ? "1" : "0") }
     { print }' "$work/fma.memh" > "$work/fma-corrupt.memh"
if "$testbench" +image="$work/fma-corrupt.memh" > "$work/fma.log"; then
  echo "the corrupted fma image passed" >&2
  exit 1
fi
grep "^FAIL" "$work/fma.log"
grep -q "^FAIL vector 4 (fma.rn.relu.bf16x2: uop " "$work/fma.log"
echo "its FAIL line names the form fma.rn.relu.bf16x2"

# A missing table stops the bench, naming it, before any vector runs.
mkdir -p "$work/elsewhere"
if (cd "$work/elsewhere" && "$testbench" +image="$image" > "$work/no-table.log" 2>&1); then
  echo "the bench ran without its tables" >&2
  exit 1
fi
grep -q "cannot read the tanh table" "$work/no-table.log" || { cat "$work/no-table.log" >&2; exit 1; }
! grep -q "passed" "$work/no-table.log"
echo "without its tables the bench stops, naming the tanh table"
