#!/usr/bin/env bash
# Proves that the RTL of this tree computes exactly what the RTL of another revision computes: a
# Yosys equivalence check of the two hp_alu, flattened before any synthesis, every register and
# wire that both have matched by name (equiv_make), then proven (equiv_simple, equiv_induct).
# For a change that should move no logic (types, names, ports): synthesis's figures (rtl/area.sh)
# move with the netlist's shape even where the logic is the same, and this says whether it is.
#   rtl/equiv.sh REVISION [LANES:DEPTH]   # default 2:2; about 7 CPU-minutes at 2:2
# Exit 0 when every matched signal is proven equal; 1 when one is not (the unproven ones are
# printed); 2 for a bad revision or a Yosys error.
set -euo pipefail
rtl=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=rtl/sources.sh
source "$rtl/sources.sh"
revision=${1:?usage: rtl/equiv.sh REVISION [LANES:DEPTH]}
config=${2:-2:2}
lanes=${config%:*} depth=${config#*:}
[[ $lanes =~ ^[0-9]+$ && $depth =~ ^[0-9]+$ ]] || { echo "rtl/equiv.sh: '$config' is not LANES:DEPTH" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir "$work/gold"
git archive "$revision" rtl model/ref/approx 2>"$work/git.err" | tar -x -C "$work/gold" 2>/dev/null \
  || { echo "rtl/equiv.sh: cannot read revision '$revision': $(cat "$work/git.err")" >&2; exit 2; }

# Each design as Yosys reads it, flat, its memories as registers and its asynchronous resets as
# synchronous logic (which the SAT-based provers model), written to NAME.il. Read from its own
# tree, where its tanh and ex2 tables (model/ref/approx/*.mem) resolve.
read_design() {
  local dir=$1 name=$2
  (cd "$dir/.." && yosys -q -l "$work/$name.log" -p "read_verilog -sv -I$dir $(hp_rtl_sources "$dir");
     chparam -set Lanes $lanes -set Depth $depth hp_alu; prep -flatten -top hp_alu;
     memory_map; async2sync; opt -full; rename hp_alu $name; write_rtlil $work/$name.il" \
     >/dev/null 2>&1) || {
    grep -i 'error' "$work/$name.log" >&2 || tail -5 "$work/$name.log" >&2
    echo "rtl/equiv.sh: yosys could not read the $name design" >&2
    exit 2
  }
}
read_design "$work/gold/rtl" gold
read_design "$rtl" gate
if ! yosys -q -l "$work/equiv.log" -p "read_rtlil $work/gold.il; read_rtlil $work/gate.il;
       equiv_make gold gate equiv; hierarchy -top equiv; equiv_simple -undef; equiv_induct -undef;
       equiv_status" >/dev/null 2>&1; then
  tail -5 "$work/equiv.log" >&2
  echo "rtl/equiv.sh: yosys failed" >&2
  exit 2
fi
sed -n '/Executing EQUIV_STATUS/,$p' "$work/equiv.log" | grep -E 'Found|proven|Unproven|Equivalence'
grep -q 'Equivalence successfully proven' "$work/equiv.log" || exit 1
