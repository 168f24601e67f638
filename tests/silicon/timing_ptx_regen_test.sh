#!/usr/bin/env bash
# The checked-in workloads/timing/*.ptx are what the campaign's generator and nvcc make today:
# workloads/timing/regen.sh into a scratch directory, compared file by file, the compiler's
# banner (the leading // comment block) aside. Skipped (exit 77) without nvcc: the build never
# needs it.
#   tests/silicon/timing_ptx_regen_test.sh HALFPIPE TOP SCRATCH
set -euo pipefail
halfpipe=$1 top=$2 scratch=$3
nvcc=${NVCC:-$(command -v nvcc || true)}
[[ -z $nvcc && -x /usr/local/cuda/bin/nvcc ]] && nvcc=/usr/local/cuda/bin/nvcc
[[ -n $nvcc ]] || { echo "no nvcc (CUDA toolkit) on this machine: skipped"; exit 77; }
rm -rf "$scratch"
NVCC=$nvcc "$top/workloads/timing/regen.sh" "$halfpipe" "$scratch"
body() { awk 'started || !/^\/\// { started = 1; print }' "$1"; }
status=0
for name in ops heldout; do
  if ! diff -u <(body "$top/workloads/timing/$name.ptx") <(body "$scratch/$name.ptx") >"$scratch/$name.diff"; then
    head -n 40 "$scratch/$name.diff"
    echo "workloads/timing/$name.ptx: the checked-in PTX differs from the generator's (run workloads/timing/regen.sh)"
    status=1
  fi
done
# Every timing kernel the generator writes is in the checked-in PTX, and nothing else.
for name in ops heldout; do
  [[ $(grep -c '^\.visible \.entry' "$top/workloads/timing/$name.ptx") -eq $(grep -c '^\.visible \.entry' "$scratch/$name.ptx") ]] ||
    { echo "workloads/timing/$name.ptx: another set of kernels"; status=1; }
done
exit $status
