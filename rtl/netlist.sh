#!/usr/bin/env bash
# The gate-level netlist: synthesises hp_alu with Yosys for one Lanes/Depth (rtl/synthesis.sh, the
# synthesis rtl/area.sh measures) and writes it as a flat Verilog netlist of Yosys' generic cells
# (write_verilog -noattr), top module renamed to hp_alu_netlist so that it and the RTL can be
# Verilated into one executable. The tanh/ex2 tables are read ($readmemh) from absolute paths
# at synthesis, so the netlist carries them as constants: it reads no file when simulated.
# What simulates is then what synthesises; rtl/CMakeLists.txt Verilates the result. With ROW.csv,
# the same run's area row (lanes,depth,cells,flops,levels_max,levels_stages, as
# data/area-table.csv has them) is written there: `rtl/area.sh --table --rows ROW.csv` takes it.
#   rtl/netlist.sh LANES DEPTH OUT.v [ROW.csv]
set -euo pipefail
if (($# != 3 && $# != 4)); then
  echo "usage: rtl/netlist.sh LANES DEPTH OUT.v [ROW.csv]" >&2
  exit 2
fi
lanes=$1 depth=$2 out=$(realpath -m "$3") row=${4:+$(realpath -m "$4")}
rtl=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=rtl/synthesis.sh
source "$rtl/synthesis.sh"
cd "$rtl/.."
trap 'rm -f "$out.partial" "${row:-/nonexistent}.partial"' EXIT
if ! hp_synthesise "$lanes" "$depth" "$out.partial"; then
  echo "netlist.sh: yosys failed for Lanes=$lanes Depth=$depth" >&2
  exit 1
fi
if [[ -n $row ]]; then
  echo "$lanes,$depth,$cells,$flops,$levels,$stages" >"$row.partial"
  mv "$row.partial" "$row"
fi
mv "$out.partial" "$out"
