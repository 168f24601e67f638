#!/usr/bin/env bash
# Regenerates the checked-in PTX of the workload kernels: nvcc --ptx -arch=sm_90 for each *.cu
# here, into DIR (default: this directory). The build never needs nvcc; the checked-in .ptx files
# are what `halfpipe explore --ptx-file` and the tests read.
#
#   workloads/regen.sh [DIR]
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
out=${1:-$here}
mkdir -p "$out"
for source in "$here"/*.cu; do
  name=$(basename "$source" .cu)
  nvcc --ptx -arch=sm_90 "$source" -o "$out/$name.ptx"
done
