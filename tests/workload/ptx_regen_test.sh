#!/usr/bin/env bash
# The checked-in workloads/*.ptx are what nvcc writes today: workloads/regen.sh into a scratch
# directory, compared file by file, the compiler's banner (its build id and version, in the
# leading // comment block) aside. Skipped (exit 77) where nvcc is not on PATH: the build never
# needs it.
set -euo pipefail
top=$1
scratch=$2
command -v nvcc >/dev/null || { echo "nvcc is not on PATH: skipped"; exit 77; }
rm -rf "$scratch"
"$top/workloads/regen.sh" "$scratch"
# Everything from the first line that is not part of the banner comment.
body() { awk 'started || !/^\/\// { started = 1; print }' "$1"; }
status=0
for checked_in in "$top"/workloads/*.ptx; do
  name=$(basename "$checked_in")
  if [[ ! -f $scratch/$name ]]; then
    echo "$name: checked in, but no workloads/*.cu makes it"; status=1; continue
  fi
  if ! diff -u <(body "$checked_in") <(body "$scratch/$name"); then
    echo "$name: the checked-in PTX differs from nvcc's (run workloads/regen.sh)"; status=1
  fi
done
for made in "$scratch"/*.ptx; do
  [[ -f $top/workloads/$(basename "$made") ]] ||
    { echo "$(basename "$made"): made by regen.sh, not checked in"; status=1; }
done
exit $status
