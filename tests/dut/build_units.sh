#!/usr/bin/env bash
# The units the dut tests drive, built as a user builds them (doc/your-unit.md):
#   WORK/eu    examples/your-unit's eu_fpu, one lane
#   WORK/eu2   the same adapter with Lanes=2 (for the swapped-lane fault)
#   WORK/alu   hp_alu itself, Lanes=2 Depth=4, through the same door
#   build_units.sh HALFPIPE SOURCE_DIR WORK
set -euo pipefail
halfpipe=$1 top=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
example=$top/examples/your-unit
units=(eu_fpu_adapter.sv rtl/eu_fpu.sv rtl/eu_datapath.sv)
"$halfpipe" dut build "${units[@]/#/$example/}" -o "$work/eu"
"$halfpipe" dut build "${units[@]/#/$example/}" -G Lanes=2 -o "$work/eu2"
"$halfpipe" dut build "$top/rtl/hp_alu.sv" -G Lanes=2 -G Depth=4 \
  -G "TanhMemFile=\"$top/model/ref/approx/tanh.mem\"" \
  -G "Ex2MemFile=\"$top/model/ref/approx/ex2.mem\"" -o "$work/alu"
