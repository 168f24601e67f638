#!/usr/bin/env bash
# Regenerates the checked-in PTX of the timing kernels (silicon/README.md, "Timing"): the CUDA
# sources `halfpipe silicon --campaign` writes (src/campaign/timing_ops.cu, timing_heldout.cu),
# through nvcc --ptx -arch=sm_90, into DIR (default: this directory) as ops.ptx and heldout.ptx.
# They are what `halfpipe explore --ptx-file workloads/timing/ops.ptx --kernel latency_fma_f16`
# reads; the build never needs nvcc.
#
#   workloads/timing/regen.sh HALFPIPE [DIR]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
halfpipe=$1
out=${2:-$here}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# The timing kernels do not depend on the forms chosen: one form keeps the campaign small.
"$halfpipe" silicon --campaign --no-build --target sm_90 --forms add.f16 -o "$scratch/campaign" \
  >"$scratch/generate.out" 2>&1 || { cat "$scratch/generate.out" >&2; exit 1; }
mkdir -p "$out"
for name in ops heldout; do
  "$nvcc" --ptx -arch=sm_90 "$scratch/campaign/src/campaign/timing_$name.cu" -o "$out/$name.ptx"
done
