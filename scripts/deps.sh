#!/usr/bin/env bash
# Installs the Debian packages halfpipe builds with, when any is missing. Sourced by scripts/run
# and scripts/test so that both README commands work on a fresh Debian bookworm machine.
set -euo pipefail

HALFPIPE_PACKAGES=(
  build-essential cmake pkg-config zlib1g-dev
  # The silicon results tables (the approximations' tests and tanh's table generator read them).
  xz-utils
  libsystemc-dev verilator yosys
  catch2 libcli11-dev libfmt-dev libbenchmark-dev
  python3-dev python3-pybind11 pybind11-dev python3-numpy
  # pip install . (pyproject.toml): a venv, Debian's pip, setuptools and wheel, offline.
  python3-venv python3-pip python3-setuptools python3-wheel
  nlohmann-json3-dev
  # The unit contract's checker reads Verilator's XML elaboration of a user's adapter.
  libxml2-dev
  # The cluster tests' engines: GNU parallel, a single-node Slurm with munge, xmllint for JUnit
  # (and for explore --sweep's SVG chart).
  parallel slurm-wlm munge libxml2-utils
  # scripts/test --sanitize and fuzz/: clang, and compiler-rt with the sanitizer and libFuzzer runtimes.
  clang-14 libclang-rt-14-dev
  # scripts/formal's arithmetic proofs: z3, for its floating-point theory.
  z3
  # scripts/coverage: genhtml, the HTML report of the RTL code coverage.
  lcov
  # The viewer --wave's save files are written for; its fst2vcd reads waveforms back in the tests.
  gtkwave
  # The man page, halfpipe.1, from the binary's help.
  help2man
)

missing=()
for pkg in "${HALFPIPE_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || missing+=("$pkg")
done

if ((${#missing[@]})); then
  if [[ $(id -u) -ne 0 ]]; then
    echo "halfpipe: missing packages; as root, run:" >&2
    echo "  apt-get update && apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  echo "halfpipe: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
