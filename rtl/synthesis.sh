# shellcheck shell=bash disable=SC2034  # sets cells, flops, levels, stages for the caller
# The one Yosys synthesis of hp_alu, sourced by rtl/area.sh and rtl/netlist.sh, so that the
# netlist the build simulates and the areas and levels the table holds come from one run of one
# script: read_verilog -sv, chparam, synth -flatten -top hp_alu and its stat; then, from the
# design saved there, abc -g AND,NAND,OR,NOR,XOR,XNOR,MUX and rtl/levels.py for the logic levels,
# and, when asked, the synthesised design (not the gates abc mapped) as a flat Verilog netlist.
# Run from the repository root: Yosys evaluates hp_approx's $readmemh with the default table
# paths (model/ref/approx/*.mem, relative) while it reads the file, before chparam sets the
# absolute ones.
#
# hp_synthesise LANES DEPTH [NETLIST.v]: sets `cells`, `flops`, `levels` (the longest
# register-to-register path) and `stages` (the longest path into each rank of registers, stage 1
# first, joined by '/'); with NETLIST.v, also writes the netlist there, its top module renamed
# hp_alu_netlist, one wire per bit (splitnets). Returns non-zero, with Yosys's error on stderr,
# when Yosys fails.
# shellcheck source=rtl/sources.sh
source "$(dirname "${BASH_SOURCE[0]}")/sources.sh"
hp_synthesise() {
  local lanes=$1 depth=$2 netlist=${3:-} rtl tables script log json measured status=0
  rtl=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  tables=$(cd "$rtl/../model/ref/approx" && pwd)
  log=$(mktemp)
  json=$(mktemp --suffix=.json)
  script="read_verilog -sv -I$rtl $(hp_rtl_sources "$rtl");"
  script+=" chparam -set Lanes $lanes -set Depth $depth"
  script+=" -set TanhMemFile \"$tables/tanh.mem\" -set Ex2MemFile \"$tables/ex2.mem\" hp_alu;"
  script+=" synth -flatten -top hp_alu; stat; design -save synthesised;"
  script+=" abc -g AND,NAND,OR,NOR,XOR,XNOR,MUX; opt_clean; write_json $json"
  [[ -z $netlist ]] || script+="; design -load synthesised; splitnets;
    rename hp_alu hp_alu_netlist; write_verilog -noattr $netlist"
  if ! yosys -q -l "$log" -p "$script" >/dev/null 2>&1; then
    grep -i 'error' "$log" >&2 || tail -5 "$log" >&2
    status=1
  else
    # The design is one flat module: its stat section counts every cell, by type.
    cells=$(awk '/Number of cells:/{n=$4} END{print n}' "$log")
    flops=$(awk '/^=== /{n=0} $1~/^\$_(S?DFF|ALDFF|DFFSR|DLATCH)/{n+=$2} END{print n+0}' "$log")
    measured=$(python3 "$rtl/levels.py" "$json" --summary) || status=1
    read -r levels stages <<<"$measured"
  fi
  rm -f "$log" "$json"
  return "$status"
}
