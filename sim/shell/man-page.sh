#!/usr/bin/env bash
# Writes halfpipe.1 from the binary's own help with help2man: the top-level help (the commands)
# and, in a section of its own, each command's --help.
#   sim/shell/man-page.sh HALFPIPE OUT.1
set -euo pipefail
halfpipe=$1 out=$2
include=$(mktemp)
trap 'rm -f "$include"' EXIT
{
  echo "[COMMANDS]"
  for command in $("$halfpipe" --help | awk '/^Commands:/ { listing = 1; next } listing && /^  [a-z]/ { print $1 }'); do
    echo ".SS halfpipe $command"
    echo ".nf"
    # Backslashes and leading dots are roff syntax: escape them.
    "$halfpipe" "$command" --help | sed -e 's/\\/\\e/g' -e 's/^\./\\\&./'
    echo ".fi"
  done
  echo "[SEE ALSO]"
  echo "README.md and doc/ in the source tree; doc/debugging.md for the way from a mismatch to its waveform."
} >"$include"
SC_COPYRIGHT_MESSAGE=DISABLE help2man --no-info --no-discard-stderr \
  --name "verification-grade model of a half-precision ALU pipeline" \
  --include "$include" --output "$out" "$halfpipe"
