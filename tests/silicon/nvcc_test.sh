#!/usr/bin/env bash
# The program `halfpipe silicon` writes compiles with the CUDA toolkit's nvcc for sm_90 and
# sm_100 (its build.sh, ARCH set): every legal form's kernel (a random vector of each) and the
# semantics probes. With --campaign, the silicon campaign of every legal form builds into one
# program carrying SASS for both, linked statically but for glibc, within 32 MiB with the files
# it reads. Exit 77 (skipped) where nvcc is absent, or (--campaign) cannot link the static CUDA
# runtime: the CUDA toolkit is not a Debian package, and nothing else in the build needs it.
#   tests/silicon/nvcc_test.sh HALFPIPE WORK_DIR [--campaign]
set -u
halfpipe=$1 work=$2 mode=${3-}
nvcc=${NVCC:-$(command -v nvcc || true)}
[[ -z $nvcc && -x /usr/local/cuda/bin/nvcc ]] && nvcc=/usr/local/cuda/bin/nvcc
if [[ -z $nvcc ]]; then
  echo "no nvcc (CUDA toolkit) on this machine: skipped"
  exit 77
fi
fail() { echo "FAIL: $*" >&2; exit 1; }
rm -rf "$work" && mkdir -p "$work" && cd "$work" || exit 1
if [[ $mode == --campaign ]]; then
  # The campaign links the CUDA runtime statically. A toolkit installed without it (nvcc and the
  # headers alone) cannot build the program anywhere: reported skipped, saying so.
  printf 'int main() { return 0; }\n' >probe.cu
  if ! "$nvcc" -cudart static -o probe probe.cu >probe.out 2>&1; then
    echo "nvcc ($nvcc) cannot link the static CUDA runtime (libcudart_static.a): skipped"
    cat probe.out
    exit 77
  fi
  NVCC=$nvcc "$halfpipe" silicon --campaign -o campaign >campaign.out 2>&1 || fail "$(cat campaign.out)"
  program=campaign/halfpipe_campaign
  [[ -x $program ]] || fail "no program: $(cat campaign.out)"
  grep -q "^halfpipe silicon: $program is [0-9.]* MiB with what it reads" campaign.out ||
    fail "no size printed: $(cat campaign.out)"
  bytes=$(( $(stat -c %s $program) + $(stat -c %s campaign/probes.vec) + $(stat -c %s campaign/corners.vec) ))
  (( bytes <= 32 * 1024 * 1024 )) || fail "the program and its data are $bytes bytes, over 32 MiB"
  # Linked statically but for glibc: no libstdc++, libgcc_s or libcudart beside it.
  needed=$(objdump -p $program | awk '/NEEDED/ {print $2}' | grep -v '^libc\.so\.6$\|^ld-linux-x86-64\.so\.2$')
  [[ -z $needed ]] || fail "the program needs $needed beside glibc"
  # SASS for sm_90 and sm_100 and PTX: the fatbinary names each architecture.
  for arch in sm_90 sm_100 compute_90; do
    grep -q "arch=compute_${arch#*_},code=$arch" campaign/build.sh || fail "build.sh builds no $arch"
  done
  echo "campaign: $(grep -c '^__global__' campaign/src/campaign/campaign_kernels.cu) kernels, $bytes bytes with its data"
  exit 0
fi
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
