#!/usr/bin/env bash
# `pip install .` as python/README.md documents it, offline with Debian's tooling, from a copy of
# the source tree in a temporary folder (pip builds in the tree it is given): a venv that sees
# the system's NumPy, the package built through pyproject.toml and setup.py (CMake, module
# only), then imported from elsewhere and used. Fails on the first step that fails.
#   pip_install_test.sh SOURCE_DIR HALFPIPE
set -euo pipefail
source=$1 halfpipe=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

mkdir "$work/src"
tar -C "$source" --exclude='./build*' --exclude=./.git --exclude=./coverage -cf - . | tar -C "$work/src" -xf -
/usr/bin/python3 -m venv --system-site-packages "$work/venv"
"$work/venv/bin/pip" install --no-build-isolation --no-index "$work/src" >"$work/pip.log" 2>&1 ||
  { tail -40 "$work/pip.log" >&2; exit 1; }

cd "$work"
"$work/venv/bin/python" - "$("$halfpipe" --version | cut -d' ' -f2)" <<'PY'
import sys

import numpy as np

import halfpipe

assert halfpipe.__file__.startswith(sys.prefix), f"imported {halfpipe.__file__}, not the venv's"
assert halfpipe.__version__ == sys.argv[1], (halfpipe.__version__, sys.argv[1])
# 1.5 + 0.25 = 1.75 (binary16), and a bf16 array through the bulk path: 1 + 1 = 2 (0x4000).
assert halfpipe.execute("add.rn.f16", 1.5, 0.25) == 1.75
bits = halfpipe.execute("add.rn.bf16", np.full(1000, 0x3F80, np.uint16), np.uint16(0x3F80))
assert (bits == 0x4000).all()
print(f"pip installed halfpipe {halfpipe.__version__} into a venv: {halfpipe.__file__}")
PY
