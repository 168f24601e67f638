#!/usr/bin/env bash
# Runs a command that must fail, with every given pattern in its output: exit 1 (a verification
# failure), or with --any-nonzero any non-zero exit (a simulator's $fatal, which Verilator turns
# into an abort).
# Usage: expect_failure.sh [--any-nonzero] 'PATTERN;PATTERN...' COMMAND...
set -u
any_nonzero=0
if [[ ${1-} == --any-nonzero ]]; then
  any_nonzero=1
  shift
fi
IFS=';' read -r -a patterns <<<"$1"
shift
output=$("$@" 2>&1)
status=$?
echo "$output"
if [[ $any_nonzero -eq 1 && $status -eq 0 ]]; then
  echo "expected a failure from: $*; it exited 0" >&2
  exit 1
fi
if [[ $any_nonzero -eq 0 && $status -ne 1 ]]; then
  echo "expected exit 1 from: $*; got $status" >&2
  exit 1
fi
for pattern in "${patterns[@]}"; do
  if ! grep -qE -- "$pattern" <<<"$output"; then
    echo "expected the output to match: $pattern" >&2
    exit 1
  fi
done
