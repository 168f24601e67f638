#!/usr/bin/env bash
# The area proxy: synthesises hp_alu with Yosys (read_verilog -sv, synth -top hp_alu) and counts
# the generic cells of the whole design hierarchy. Exits non-zero when Yosys reports an error.
#   rtl/area.sh                   # print the cell counts of Lanes 2, 4, 8 (Depth=4 unless HP_DEPTH is set)
#   rtl/area.sh 2                 # Lanes 2 only
#   rtl/area.sh --table           # regenerate every row of rtl/area-table.csv (about 30 minutes)
#   rtl/area.sh --table --missing # only the rows the table lacks (resumes a stopped regeneration)
# The table is the one place the measured areas live: `halfpipe explore --sweep` reads it (model/
# dse/area.h says how, and how it estimates what the table lacks). --table writes each row as soon
# as its synthesis ends, so a stopped run keeps what it measured. HP_AREA_TABLE names another file
# (the tests use that); HP_AREA_POINTS="LANES:DEPTH ..." another set of points.
set -euo pipefail
rtl=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
sources=$(sed -n 's|^ *${CMAKE_CURRENT_SOURCE_DIR}/\(hp_[a-z0-9_]*\.sv\)$|\1|p' "$rtl/CMakeLists.txt")
# From the repository root, where hp_alu's default table paths (model/ref/approx/*.mem) resolve.
cd "$rtl/.."
log=$(mktemp)
trap 'rm -f "$log" "${table_tmp:-}"' EXIT

# Sets `cells` and `flops` for one configuration; exits on a Yosys error.
synthesise() {
  local lanes=$1 depth=$2 script
  script="read_verilog -sv -I$rtl $(cd "$rtl" && for s in $sources; do printf '%s ' "$rtl/$s"; done);"
  script+=" chparam -set Lanes $lanes -set Depth $depth hp_alu; synth -top hp_alu; stat"
  if ! yosys -q -l "$log" -p "$script" >/dev/null 2>&1; then
    grep -i 'error' "$log" >&2 || tail -5 "$log" >&2
    echo "area.sh: yosys failed for Lanes=$lanes Depth=$depth" >&2
    exit 1
  fi
  # The "design hierarchy" section totals the leaf cells of every module instance, by type.
  cells=$(awk '/=== design hierarchy ===/{h=1} h&&/Number of cells:/{n=$4} END{print n}' "$log")
  # synth prints its own stat before ours: count the last section only.
  flops=$(awk '/^=== /{h=/design hierarchy/; n=0} h&&$1~/^\$_(S?DFF|ALDFF|DFFSR|DLATCH)/{n+=$2} END{print n+0}' "$log")
  if [[ -z $cells ]]; then  # a design of one module prints no hierarchy section
    cells=$(awk '/Number of cells:/{n=$4} END{print n}' "$log")
    flops=$(awk '/^=== /{n=0} $1~/^\$_(S?DFF|ALDFF|DFFSR|DLATCH)/{n+=$2} END{print n+0}' "$log")
  fi
}

if [[ ${1:-} != --table ]]; then
  depth=${HP_DEPTH:-4}
  lanes_list=("$@")
  ((${#lanes_list[@]})) || lanes_list=(2 4 8)
  for lanes in "${lanes_list[@]}"; do
    synthesise "$lanes" "$depth"
    echo "hp_alu Lanes=$lanes Depth=$depth: $cells cells"
  done
  exit 0
fi

shift
missing_only=0
[[ ${1:-} == --missing ]] && { missing_only=1; shift; }
(($# == 0)) || { echo "area.sh: --table takes only --missing" >&2; exit 2; }
table=${HP_AREA_TABLE:-$rtl/area-table.csv}
# The points every fit needs first (Lanes 2, 4, 8 at Depth 2 and 4; Depth 2..8 at Lanes 2), then
# the rest of Lanes {2,4,6,8} x Depth 2..8, so that a stopped run has measured the useful ones.
points=${HP_AREA_POINTS:-"2:2 4:2 8:2 2:4 4:4 8:4 2:3 2:5 2:6 2:7 2:8 6:2 6:4
  4:3 4:5 4:6 4:7 4:8 8:3 8:5 8:6 8:7 8:8 6:3 6:5 6:6 6:7 6:8"}
yosys_version=$(yosys -V | awk '{print $2}')
header="# hp_alu area: Yosys $yosys_version generic cells after \`synth -top hp_alu\` (read_verilog -sv,
# chparam Lanes/Depth). Regenerate with rtl/area.sh --table; never edit by hand.
# cells: every cell of the design hierarchy; flops: its \$_DFF*/\$_SDFF*/\$_DLATCH* cells.
# Readers find columns by name and ignore columns they do not know: the pipelining issue adds
# logic levels per stage as further columns (levels_max, the deepest stage's), and
# \`halfpipe explore\` takes them as its frequency axis once they are here.
lanes,depth,cells,flops"

# Rows "lanes,depth,..." of the table as it stands (comments and the column line dropped).
rows() { [[ -f $table ]] && grep -v -e '^#' -e '^lanes,' "$table" || true; }

for point in $points; do
  lanes=${point%:*} depth=${point#*:}
  if ((missing_only)) && rows | grep -q "^$lanes,$depth,"; then continue; fi
  start=$SECONDS
  synthesise "$lanes" "$depth"
  table_tmp=$(mktemp "$table.XXXXXX")
  { echo "$header"
    { rows | grep -v "^$lanes,$depth," || true; echo "$lanes,$depth,$cells,$flops"; } | sort -t, -k1,1n -k2,2n
  } >"$table_tmp"
  mv "$table_tmp" "$table"
  echo "hp_alu Lanes=$lanes Depth=$depth: $cells cells, $flops flops ($((SECONDS - start)) s)"
done
