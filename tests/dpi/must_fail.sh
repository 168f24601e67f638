#!/usr/bin/env bash
# Runs a testbench that must fail: a non-zero exit (a simulator's $fatal, which Verilator turns
# into an abort), with every given pattern in its output.
# Usage: must_fail.sh 'PATTERN;PATTERN...' COMMAND...
set -u
IFS=';' read -r -a patterns <<<"$1"
shift
output=$("$@" 2>&1)
status=$?
echo "$output"
if [[ $status -eq 0 ]]; then
  echo "expected a failure from: $*; it exited 0" >&2
  exit 1
fi
for pattern in "${patterns[@]}"; do
  if ! grep -qE -- "$pattern" <<<"$output"; then
    echo "expected the output to match: $pattern" >&2
    exit 1
  fi
done
