#!/usr/bin/env bash
# What is outside the unit contract is an input error, exit 2, named before any C++ is compiled:
# each adapter of tests/dut/bad/ with its file and line; a missing file; an adapter that does
# not elaborate; several candidate tops, and a --top that names no module; a Verilator other than halfpipe's (both versions named); --dut of a folder
# without a unit.
#   bad_input_test.sh HALFPIPE SOURCE_DIR WORK
set -uo pipefail
halfpipe=$1 top=$2 work=$3
bad=$top/tests/dut/bad
rm -rf "$work"
mkdir -p "$work"
failures=0
expect() {  # NAME PATTERN COMMAND...: exit 2, and PATTERN on stderr
  local name=$1 pattern=$2
  shift 2
  "$@" >"$work/$name.out" 2>"$work/$name.err"
  local status=$?
  if ((status != 2)) || ! grep -qE -- "$pattern" "$work/$name.err"; then
    echo "FAIL: $name: exit $status, stderr:" >&2
    cat "$work/$name.err" >&2
    failures=$((failures + 1))
  else
    echo "$name: $(grep -m1 -E -- "$pattern" "$work/$name.err")"
  fi
  if [[ -e $work/$name/libhp_dut.so ]]; then
    echo "FAIL: $name: a library was built" >&2
    failures=$((failures + 1))
  fi
}
expect missing-port "missing_port.sv:2: the adapter missing_port has no port out_tag_o \(output, 4 bits\)" \
  "$halfpipe" dut build "$bad/missing_port.sv" -o "$work/missing-port"
expect wrong-width "wrong_width.sv:9: port out_result_o is 16 bits wide: the contract needs 32 \(Lanes=2" \
  "$halfpipe" dut build "$bad/wrong_width.sv" -o "$work/wrong-width"
expect too-many-lanes "too_many_lanes.sv:2: parameter Lanes is 9: the contract needs 1..8" \
  "$halfpipe" dut build "$bad/too_many_lanes.sv" -o "$work/too-many-lanes"
expect unknown-form "unknown_form.sv:3: parameter Forms names 'div.rn.f16', which is no PTX form" \
  "$halfpipe" dut build "$bad/unknown_form.sv" -o "$work/unknown-form"
expect missing-file "no-such.sv: no such file" \
  "$halfpipe" dut build "$work/no-such.sv" -o "$work/missing-file"
printf 'module broken (input logic clk_i)\nendmodule\n' >"$work/broken.sv"
expect not-elaborating "the adapter .*broken\.sv does not elaborate" \
  "$halfpipe" dut build "$work/broken.sv" -o "$work/not-elaborating"
# The top is the module no other instantiates, whatever the order of the files: a package given
# first leaves missing_port the adapter, and its missing port is named.
printf 'package user_pkg;\n  localparam int unsigned Width = 16;\nendpackage\n' >"$work/user_pkg.sv"
expect package-first "missing_port.sv:2: the adapter missing_port has no port out_tag_o" \
  "$halfpipe" dut build "$work/user_pkg.sv" "$bad/missing_port.sv" -o "$work/package-first"
printf 'module first_top (input logic a, output logic y);\n  assign y = a;\nendmodule\nmodule second_top (input logic a, output logic y);\n  assign y = !a;\nendmodule\n' \
  >"$work/two_tops.sv"
expect several-tops "2 modules are instantiated by no other: (first_top, second_top|second_top, first_top); name the adapter with --top NAME" \
  "$halfpipe" dut build "$work/two_tops.sv" -o "$work/several-tops"
expect no-such-top "--top nothing: no module of that name in the sources; the modules instantiated by no other: missing_port" \
  "$halfpipe" dut build "$bad/missing_port.sv" --top nothing -o "$work/no-such-top"
# A Verilator of another version first on PATH.
mkdir -p "$work/other-verilator"
printf '#!/bin/sh\necho "Verilator 5.020 2024-01-01 rev v5.020"\n' >"$work/other-verilator/verilator"
chmod +x "$work/other-verilator/verilator"
expect other-verilator "verilator on PATH is 5\.020, this halfpipe was built with Verilator [0-9.]+" \
  env PATH="$work/other-verilator:$PATH" "$halfpipe" dut build "$top/rtl/hp_alu.sv" -o "$work/other-verilator-unit"
expect no-unit "--dut $work: no libhp_dut.so in it" \
  "$halfpipe" sweep add.f16 --corner --dut "$work"
expect no-folder "--dut $work/none: no such folder" \
  "$halfpipe" check /dev/null --dut "$work/none"
((failures == 0)) || exit 1
