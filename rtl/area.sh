#!/usr/bin/env bash
# The area proxy: synthesises hp_alu with Yosys (read_verilog -sv, synth -top hp_alu) for each
# given lane count (default 2 4 8; Depth=4 unless HP_DEPTH is set) and prints the cell count.
# Exits non-zero when Yosys reports an error.
#   rtl/area.sh            # Lanes 2, 4, 8
#   rtl/area.sh 2          # Lanes 2 only
set -euo pipefail
rtl=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
depth=${HP_DEPTH:-4}
sources=$(sed -n 's|^ *${CMAKE_CURRENT_SOURCE_DIR}/\(hp_[a-z0-9_]*\.sv\)$|\1|p' "$rtl/CMakeLists.txt")
lanes_list=("$@")
((${#lanes_list[@]})) || lanes_list=(2 4 8)
# From the repository root, where hp_alu's default table paths (model/ref/approx/*.mem) resolve.
cd "$rtl/.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
for lanes in "${lanes_list[@]}"; do
  script="read_verilog -sv -I$rtl $(cd "$rtl" && for s in $sources; do printf '%s ' "$rtl/$s"; done);"
  script+=" chparam -set Lanes $lanes -set Depth $depth hp_alu; synth -top hp_alu; stat"
  if ! yosys -q -l "$log" -p "$script" >/dev/null 2>&1; then
    grep -i 'error' "$log" >&2 || tail -5 "$log" >&2
    echo "area.sh: yosys failed for Lanes=$lanes Depth=$depth" >&2
    exit 1
  fi
  cells=$(awk '/=== design hierarchy ===/{h=1} h&&/Number of cells:/{n=$4} END{print n}' "$log")
  [[ -n $cells ]] || cells=$(awk '/Number of cells:/{n=$4} END{print n}' "$log")
  echo "hp_alu Lanes=$lanes Depth=$depth: $cells cells"
done
