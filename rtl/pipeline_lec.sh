#!/usr/bin/env bash
# The registers inside the pipelined datapath move with the line: hp_alu at LANES/DEPTH, every
# register in place, proven equal for all inputs and all states to the same RTL with every
# register a wire (scripts/formal-transparent/, the design the arithmetic proofs read), DEPTH
# advancing edges later. Decided by ABC's &cec on the pipelined design unrolled by
# rtl/pipeline_lec.py. rtl/README.md ("Formal") has the argument, why stalls need no unrolling,
# and the times.
#   rtl/pipeline_lec.sh [--skip NAME]... [--timeout SECONDS] LANES DEPTH
# --skip NAME: the flip-flops whose name contains NAME made wires, a seeded fault that must be
# disproven. Exit 0 when proven; 1 when disproven (the differing output is named), unknown (past
# --timeout) or when a register does not load on the line's advance alone; 2 for bad arguments or
# a Yosys error.
set -euo pipefail
rtl=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=rtl/sources.sh
source "$rtl/sources.sh"
usage() { echo "usage: rtl/pipeline_lec.sh [--skip NAME]... [--timeout SECONDS] LANES DEPTH" >&2; exit 2; }
skips=() timeout=1800
while (($#)); do
  case $1 in
    --skip) [[ -n ${2:-} ]] || { echo "rtl/pipeline_lec.sh: --skip takes a flip-flop's name" >&2; usage; }
            skips+=(--skip "$2"); shift 2 ;;
    --timeout) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || { echo "rtl/pipeline_lec.sh: --timeout takes seconds, not '${2:-}'" >&2; usage; }
               timeout=$2; shift 2 ;;
    -*) usage ;;
    *) break ;;
  esac
done
(($# == 2)) || usage
lanes=$1 depth=$2
[[ $lanes =~ ^[0-9]+$ && $depth =~ ^[0-9]+$ ]] || { echo "rtl/pipeline_lec.sh: LANES and DEPTH are numbers" >&2; usage; }
for tool in yosys yosys-abc python3; do
  command -v "$tool" >/dev/null || { echo "rtl/pipeline_lec.sh: $tool is not installed" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

approx=$(cd "$rtl/../model/ref/approx" && pwd)
tables="-set TanhMemFile \"$approx/tanh.mem\" -set Ex2MemFile \"$approx/ex2.mem\""
# Both designs are read the same way and no further: flat, the tables as logic, undefined bits
# 0, no optimisation, so that what the two share is built alike and ABC's structural hashing
# meets it (with `prep`'s optimisations &cec ran past 10 minutes at Lanes=2 Depth=4).
read_flat="hierarchy -top hp_alu; proc; flatten; memory_collect; memory_map;
   setundef -undriven -zero; setundef -zero; opt_clean"
to_aig="async2sync; dffunmap; techmap; opt_clean; aigmap; opt_clean"
unregistered=""
for file in $(hp_rtl_sources "$rtl"); do
  [[ -e $rtl/../scripts/formal-transparent/$(basename "$file") ]] || unregistered+="$file "
done
unregistered+=$(echo "$rtl"/../scripts/formal-transparent/hp_*.sv)
# The premise that makes a run with stalls a stall-free run (rtl/README.md): every flip-flop
# loads on the line's advance (hp_alu's `advance`, named in_ready_o after flattening) and on
# nothing else (read after opt_dff has made each hold multiplexer an enable). A flip-flop that
# does not is listed, Yosys stops there, and the check fails.
(cd "$rtl/.." && exec yosys -q -l "$work/pipelined.log" -p "read_verilog -sv -I$rtl $(hp_rtl_sources "$rtl");
   chparam -set Lanes $lanes -set Depth $depth $tables hp_alu; $read_flat; design -save read; opt_dff -nosdff;
   select -set flops t:\$*ff* t:\$*dlatch* t:\$sr %u %u;
   select -set on_advance w:in_ready_o %co1:+[EN] @flops %i;
   tee -q -o $work/off-advance.txt select -list @flops @on_advance %d;
   select -assert-none @flops @on_advance %d;
   design -load read; $to_aig; write_aiger -ascii -vmap $work/pipelined.map $work/pipelined.aag" >/dev/null 2>&1) &
declare -A pid
pid[pipelined]=$!
# The unregistered design at Depth 2, as the arithmetic proofs read it (every Depth is the same
# function once the registers are wires).
(cd "$rtl/.." && exec yosys -q -l "$work/unregistered.log" -p "read_verilog -sv -I$rtl $unregistered;
   chparam -set Lanes $lanes -set Depth 2 $tables hp_alu; $read_flat; $to_aig;
   write_aiger -ascii -vmap $work/unregistered.map $work/unregistered.aag" >/dev/null 2>&1) &
pid[unregistered]=$!
for side in pipelined unregistered; do
  wait "${pid[$side]}" && continue
  if [[ $side == pipelined && -s $work/off-advance.txt ]]; then
    kill "${pid[unregistered]}" 2>/dev/null || true
    echo "not proven: these flip-flops do not load on the line's advance alone:"
    sed 's/^/  /' "$work/off-advance.txt"
    exit 1
  fi
  grep -i 'error' "$work/$side.log" >&2 || tail -5 "$work/$side.log" >&2
  echo "rtl/pipeline_lec.sh: yosys could not read the $side hp_alu at Lanes=$lanes Depth=$depth" >&2
  exit 2
done

python3 "$rtl/pipeline_lec.py" "$work/pipelined.aag" "$work/pipelined.map" \
  "$work/unregistered.aag" "$work/unregistered.map" "$depth" "$work" "${skips[@]}" >"$work/unroll.log" \
  || { cat "$work/unroll.log" >&2; exit 2; }
start=$(date +%s%3N)
verdict=unknown
if timeout "$timeout" yosys-abc -c "&r $work/unregistered.aig; &cec $work/pipelined.aig" >"$work/abc.log" 2>&1; then
  grep -q 'Networks are equivalent' "$work/abc.log" && verdict=proven
  grep -q 'NOT EQUIVALENT' "$work/abc.log" && verdict=disproven
fi
ms=$(($(date +%s%3N) - start))
printf 'Lanes=%s Depth=%s  %-9s %6d.%d s  (%s)\n' "$lanes" "$depth" "$verdict" $((ms / 1000)) $((ms % 1000 / 100)) "$(cat "$work/unroll.log")"
if [[ $verdict == disproven ]]; then
  # &cec names a failing output by its index, in one of two messages: its name is the file's
  # symbol o<index>.
  failed=$(sed -n 's/.*Output \([0-9][0-9]*\) .*/\1/p; s/.*zero-based number \([0-9][0-9]*\)).*/\1/p' \
    "$work/abc.log" | head -1)
  echo "  the pipelined datapath differs from the unregistered one at output $(grep -a -m1 "^o$failed " "$work/pipelined.aig" | cut -d' ' -f2-)"
fi
[[ $verdict == proven ]]
