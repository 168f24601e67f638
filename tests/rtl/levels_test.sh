#!/usr/bin/env bash
# rtl/levels.py on a netlist small enough to count by hand, in the JSON form Yosys writes: input
# a; stage 0 register q0 (D = a); three gates in a row (NOT, AND with q0, XOR with q0) into stage
# 1 register q1, enabled by a; one gate (OR of q0 and q1, a hold path back from q1) into q1's
# sibling r1; q1 drives the output y through one NOT. By hand: the longest path is the three
# gates q0 -> q1; r1 is in stage 1 too (the fewest registers from the ports: the path from q1
# holds, it does not carry), so stage 1's figure is 3; the output path is 1.
#   tests/rtl/levels_test.sh rtl/levels.py
set -euo pipefail
levels=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cat >"$work/small.json" <<'JSON'
{"modules": {"top": {"attributes": {"top": "00000000000000000000000000000001"},
  "ports": {"clk_i": {"direction": "input", "bits": [1]},
            "a": {"direction": "input", "bits": [2]},
            "y": {"direction": "output", "bits": [9]}},
  "cells": {
    "q0": {"type": "$_DFF_P_", "port_directions": {"C": "input", "D": "input", "Q": "output"},
           "connections": {"C": [1], "D": [2], "Q": [3]}},
    "not1": {"type": "$_NOT_", "port_directions": {"A": "input", "Y": "output"},
             "connections": {"A": [3], "Y": [4]}},
    "and1": {"type": "$_AND_", "port_directions": {"A": "input", "B": "input", "Y": "output"},
             "connections": {"A": [4], "B": [3], "Y": [5]}},
    "xor1": {"type": "$_XOR_", "port_directions": {"A": "input", "B": "input", "Y": "output"},
             "connections": {"A": [5], "B": [3], "Y": [6]}},
    "or1": {"type": "$_OR_", "port_directions": {"A": "input", "B": "input", "Y": "output"},
            "connections": {"A": [3], "B": [7], "Y": [10]}},
    "q1": {"type": "$_DFFE_PP_", "port_directions": {"C": "input", "D": "input", "E": "input", "Q": "output"},
           "connections": {"C": [1], "D": [6], "E": [2], "Q": [7]}},
    "r1": {"type": "$_DFF_P_", "port_directions": {"C": "input", "D": "input", "Q": "output"},
           "connections": {"C": [1], "D": [10], "Q": [11]}},
    "not2": {"type": "$_NOT_", "port_directions": {"A": "input", "Y": "output"},
             "connections": {"A": [7], "Y": [9]}}},
  "netnames": {"a": {"bits": [2]}, "q0": {"bits": [3]}, "q1": {"bits": [7]}, "r1": {"bits": [11]},
               "y": {"bits": [9]}}}}}
JSON

out=$(python3 "$levels" "$work/small.json") || fail "levels.py failed: $out"
grep -qx 'cells 8 flops 3' <<<"$out" || fail "cell counts: $out"
grep -q '^levels 3 from q0 to ' <<<"$out" || fail "longest path: $out"
grep -q '^stage 0 levels 0 into its 1 flops' <<<"$out" || fail "stage 0: $out"
grep -q '^stage 1 levels 3 into its 2 flops' <<<"$out" || fail "stage 1: $out"
grep -q '^outputs levels 1 ' <<<"$out" || fail "outputs: $out"
[[ $(python3 "$levels" "$work/small.json" --summary) == "3 3" ]] || fail "--summary"

# Bad input: a missing file and a file that is not a netlist exit 2 naming the file.
status=0; python3 "$levels" "$work/none.json" 2>"$work/err" || status=$?
((status == 2)) && grep -q "none.json" "$work/err" || fail "a missing file: exit $status, $(cat "$work/err")"
echo '{"not": 1}' >"$work/bad.json"
status=0; python3 "$levels" "$work/bad.json" 2>"$work/err" || status=$?
((status == 2)) && grep -q "bad.json" "$work/err" || fail "a non-netlist: exit $status, $(cat "$work/err")"
echo "levels.py: a hand-counted netlist measured, bad files refused"
