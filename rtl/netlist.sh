#!/usr/bin/env bash
# The gate-level netlist: synthesises hp_alu with Yosys (read_verilog -sv, synth -flatten) for
# one Lanes/Depth and writes it as a flat Verilog netlist of Yosys' generic cells
# (write_verilog -noattr), top module renamed to hp_alu_netlist so that it and the RTL can be
# Verilated into one executable. The tanh/ex2 tables are read ($readmemh) from absolute paths
# at synthesis, so the netlist carries them as constants: it reads no file when simulated.
# What simulates is then what synthesises; rtl/CMakeLists.txt Verilates the result.
#   rtl/netlist.sh LANES DEPTH OUT.v
set -euo pipefail
if (($# != 3)); then
  echo "usage: rtl/netlist.sh LANES DEPTH OUT.v" >&2
  exit 2
fi
lanes=$1 depth=$2 out=$3
rtl=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
tables=$(cd "$rtl/../model/ref/approx" && pwd)
sources=$(sed -n 's|^ *${CMAKE_CURRENT_SOURCE_DIR}/\(hp_[a-z0-9_]*\.sv\)$|\1|p' "$rtl/CMakeLists.txt")
out=$(realpath -m "$out")
# From the repository root, as rtl/area.sh: Yosys evaluates hp_approx's $readmemh with the
# default table paths (model/ref/approx/*.mem, relative) while it reads the file, before chparam
# sets the absolute ones, so a build directory as working directory fails.
cd "$rtl/.."
log=$(mktemp)
trap 'rm -f "$log" "$out.partial"' EXIT
script="read_verilog -sv -I$rtl $(for s in $sources; do printf '%s ' "$rtl/$s"; done);"
script+=" chparam -set Lanes $lanes -set Depth $depth"
script+=" -set TanhMemFile \"$tables/tanh.mem\" -set Ex2MemFile \"$tables/ex2.mem\" hp_alu;"
script+=" synth -flatten -top hp_alu; splitnets; rename hp_alu hp_alu_netlist;"
script+=" write_verilog -noattr $out.partial"
if ! yosys -q -l "$log" -p "$script" >/dev/null 2>&1; then
  grep -i 'error' "$log" >&2 || tail -5 "$log" >&2
  echo "netlist.sh: yosys failed for Lanes=$lanes Depth=$depth" >&2
  exit 1
fi
mv "$out.partial" "$out"
