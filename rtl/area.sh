#!/usr/bin/env bash
# The area and logic-depth proxy: synthesises hp_alu with Yosys (read_verilog -sv, synth -flatten
# -top hp_alu) and counts its generic cells and flip-flops; then maps it onto two-input gates
# (abc -g AND,NAND,OR,NOR,XOR,XNOR,MUX) and measures the longest combinational path between
# registers in gate levels, overall and per pipeline segment (rtl/levels.py: what Yosys's
# `ltp -noff` reports, in seconds instead of minutes). Exits non-zero when Yosys reports an error.
#   rtl/area.sh                   # Lanes 2, 4, 8 (Depth=4 unless HP_DEPTH is set)
#   rtl/area.sh 2                 # Lanes 2 only
#   rtl/area.sh --table           # regenerate every row of data/area-table.csv (hours)
#   rtl/area.sh --table --missing # only the rows the table lacks (resumes a stopped regeneration)
#   rtl/area.sh --table --rows F  # the rows of F, measured by the same synthesis elsewhere (the
#                                 # build's netlist.sh writes one), into the table; no synthesis
# The table is the one place the measured areas live: `halfpipe explore --sweep` reads it (model/
# dse/area.h says how, and how it estimates what the table lacks). --table writes each row as soon
# as its synthesis ends, so a stopped run keeps what it measured. HP_AREA_TABLE names another file
# (the tests use that); HP_AREA_POINTS="LANES:DEPTH ..." another set of points.
set -euo pipefail
rtl=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=rtl/synthesis.sh
source "$rtl/synthesis.sh"
invoked_in=$PWD  # where relative paths given to the script are
cd "$rtl/.."
table_tmp=
trap 'rm -f "$table_tmp"' EXIT

# Sets `cells`, `flops`, `levels` and `stages` for one configuration (rtl/synthesis.sh); exits on
# a Yosys error.
synthesise() {
  hp_synthesise "$1" "$2" || { echo "area.sh: yosys failed for Lanes=$1 Depth=$2" >&2; exit 1; }
}

if [[ ${1:-} != --table ]]; then
  depth=${HP_DEPTH:-4}
  lanes_list=("$@")
  ((${#lanes_list[@]})) || lanes_list=(2 4 8)
  for lanes in "${lanes_list[@]}"; do
    synthesise "$lanes" "$depth"
    echo "hp_alu Lanes=$lanes Depth=$depth: $cells cells, $flops flops, $levels gate levels" \
         "register to register (per stage: $stages)"
  done
  exit 0
fi

shift
missing_only=0 measured_rows=
while (($#)); do
  case $1 in
    --missing) missing_only=1; shift ;;
    --rows)
      (($# >= 2)) || { echo "area.sh: --rows needs a file" >&2; exit 2; }
      measured_rows=$(cd "$invoked_in" && realpath -m -- "$2"); shift 2 ;;
    *) echo "area.sh: --table takes only --missing and --rows FILE" >&2; exit 2 ;;
  esac
done
table=$(cd "$invoked_in" && realpath -m -- "${HP_AREA_TABLE:-$rtl/../data/area-table.csv}")
# Lanes 2, 4, 8 x Depth 2..8, then Lanes=6: Lanes=2 first, so that a stopped run has the whole
# Depth axis, then the points the area model's fit needs most (model/dse/area.h).
points=${HP_AREA_POINTS:-"2:2 2:3 2:4 2:5 2:6 2:7 2:8 4:4 8:4 4:8 8:8 4:2 8:2
  4:3 4:5 4:6 4:7 8:3 8:5 8:6 8:7 6:2 6:3 6:4 6:5 6:6 6:7 6:8"}
yosys_version=$(yosys -V | awk '{print $2}')
header="# hp_alu area and logic depth: Yosys $yosys_version, read_verilog -sv, chparam Lanes/Depth,
# \`synth -flatten -top hp_alu\`, then \`abc -g AND,NAND,OR,NOR,XOR,XNOR,MUX\` for the levels.
# Regenerate with rtl/area.sh --table; never edit by hand.
# cells: every generic cell after synth; flops: its \$_DFF*/\$_SDFF*/\$_DLATCH* cells.
# levels_max: the longest register-to-register path in two-input gate levels (ltp -noff's
# figure, rtl/levels.py); levels_stages: the longest path into each stage's registers, stage 1
# first. Readers find columns by name and ignore columns they do not know; \`halfpipe explore\`
# takes levels_max as its frequency axis.
lanes,depth,cells,flops,levels_max,levels_stages"

row_pattern='^[0-9]+,[0-9]+,[0-9]+,[0-9]+,[0-9]+,[0-9/]+$'
if [[ -n $measured_rows ]]; then
  # Rows measured by rtl/synthesis.sh elsewhere (rtl/netlist.sh writes one beside its netlist):
  # they replace their points' rows, and no point is synthesised.
  [[ -r $measured_rows ]] || { echo "area.sh: $measured_rows: cannot read it" >&2; exit 2; }
  line_number=0 points=
  while IFS= read -r line || [[ -n $line ]]; do
    line_number=$((line_number + 1))
    [[ $line =~ $row_pattern ]] || {
      echo "$measured_rows:$line_number: not a row lanes,depth,cells,flops,levels_max,levels_stages: '$line'" >&2
      exit 2
    }
    points+=" ${line%%,*}:$(cut -d, -f2 <<<"$line")"
  done <"$measured_rows"
fi

# Rows "lanes,depth,..." of the table as it stands (comments and the column line dropped), in
# today's six columns: a row of an older table is left out, to be measured again.
rows() { [[ -f $table ]] && grep -E "$row_pattern" "$table" || true; }

for point in $points; do
  lanes=${point%:*} depth=${point#*:}
  if ((missing_only)) && rows | grep -q "^$lanes,$depth,"; then continue; fi
  start=$SECONDS
  if [[ -n $measured_rows ]]; then
    IFS=, read -r _ _ cells flops levels stages < <(grep "^$lanes,$depth," "$measured_rows" | tail -1)
  else
    synthesise "$lanes" "$depth"
  fi
  table_tmp=$(mktemp "$table.XXXXXX")
  { echo "$header"
    { rows | grep -v "^$lanes,$depth," || true; echo "$lanes,$depth,$cells,$flops,$levels,$stages"; } |
      sort -t, -k1,1n -k2,2n
  } >"$table_tmp"
  mv "$table_tmp" "$table"
  echo "hp_alu Lanes=$lanes Depth=$depth: $cells cells, $flops flops, $levels levels ($stages)" \
       "($((SECONDS - start)) s)"
done
