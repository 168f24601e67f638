#!/usr/bin/env bash
# Runs a command that must fail: exit 1, with every given pattern in its output.
# Usage: expect_failure.sh 'PATTERN;PATTERN...' COMMAND...
set -u
IFS=';' read -r -a patterns <<<"$1"
shift
output=$("$@" 2>&1)
status=$?
echo "$output"
if [[ $status -ne 1 ]]; then
  echo "expected exit 1 from: $*; got $status" >&2
  exit 1
fi
for pattern in "${patterns[@]}"; do
  if ! grep -qE -- "$pattern" <<<"$output"; then
    echo "expected the output to match: $pattern" >&2
    exit 1
  fi
done
