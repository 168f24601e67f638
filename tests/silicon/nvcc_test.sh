#!/usr/bin/env bash
# The program `halfpipe silicon` writes compiles with the CUDA toolkit's nvcc for sm_90 and
# sm_100 (its build.sh, ARCH set): every legal form's kernel (a random vector of each) and the
# semantics probes. Exit 77 (skipped) where nvcc is absent: the CUDA toolkit is not a Debian
# package, and nothing else in the build needs it.
#   tests/silicon/nvcc_test.sh HALFPIPE WORK_DIR
set -u
halfpipe=$1 work=$2
nvcc=${NVCC:-$(command -v nvcc || true)}
[[ -z $nvcc && -x /usr/local/cuda/bin/nvcc ]] && nvcc=/usr/local/cuda/bin/nvcc
if [[ -z $nvcc ]]; then
  echo "no nvcc (CUDA toolkit) on this machine: skipped"
  exit 77
fi
fail() { echo "FAIL: $*" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
"$halfpipe" gen --all-ptx --random 1 -o every-form.vec || fail "gen --all-ptx"
"$halfpipe" gen --probe-semantics -o probes.vec || fail "gen --probe-semantics"
"$halfpipe" silicon every-form.vec probes.vec -o program 2>silicon.out || fail "$(cat silicon.out)"
forms=$(grep -c '^__global__ void kernel_' program/silicon_kernels.cu)
[[ $forms -eq $(grep -vc '^#' every-form.vec) ]] || fail "$forms kernels for $(grep -vc '^#' every-form.vec) forms"
for arch in sm_90 sm_100; do
  NVCC=$nvcc ARCH=$arch program/build.sh >"build-$arch.out" 2>&1 || fail "build.sh for $arch: $(cat "build-$arch.out")"
  [[ -x program/halfpipe_silicon ]] || fail "build.sh for $arch made no program"
  mv program/halfpipe_silicon "halfpipe_silicon-$arch"
  echo "nvcc -arch=$arch: $forms kernels compiled and linked"
done
