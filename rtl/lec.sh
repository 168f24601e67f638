#!/usr/bin/env bash
# The netlist against the RTL, for all inputs: a logic equivalence check of rtl/netlist.sh's
# output against hp_alu at the same Lanes/Depth, decided by ABC's &cec, not by the synthesis.
# Yosys reads each design into an AIG (the RTL with prep and techmap, its ROM rows past the
# tables' ends and other undefined bits given values; the netlist as written); rtl/lec.py cuts
# both at their flip-flops, paired by name, into combinational problems, one per cone; each cone
# is proven, disproven (the output and ABC's counterexample are printed) or unknown (past
# --timeout). rtl/README.md ("Formal") has the method, its soundness argument and the times.
#   rtl/lec.sh [--cone NAME]... [--timeout SECONDS] LANES DEPTH NETLIST.v
# Cones: fma (hp_fma_core), tanh and ex2 (the quadratic interpolators), scale (hp_approx's scaled
# register: ex2's y and tanh's partial products of sig * y), approx (the rest of hp_approx), rest
# (the other outputs and flip-flops); default all. `scale` is decided by rtl/lec_enumerate.py,
# not &cec: both designs read again with hp_approx's registers before the scaled one made
# transparent, so that its next state is a function of the few bits of operand and uop those
# registers load from, and every value of them simulated. Exit 0 when every cone asked
# for is proven, 1 when one is disproven or unknown, 2 for bad arguments or a Yosys error.
set -euo pipefail
rtl=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=rtl/sources.sh
source "$rtl/sources.sh"
usage() { echo "usage: rtl/lec.sh [--cone fma|tanh|ex2|scale|approx|rest]... [--timeout SECONDS] LANES DEPTH NETLIST.v" >&2; exit 2; }
declare -A cone_regex=(
  [fma]='\.u_fma_core\.' [tanh]='\.u_tanh_quadratic\.' [ex2]='\.u_ex2_quadratic\.'
  [scale]='\.u_approx\.scaled_q\[' [approx]='\.u_approx\.' [rest]='.')
all_cones=(fma tanh ex2 scale approx rest)
cones=() timeout=1800
while (($#)); do
  case $1 in
    --cone) [[ -n ${2:-} && -n ${cone_regex[$2]:-} ]] || { echo "rtl/lec.sh: unknown cone '${2:-}'" >&2; usage; }
            cones+=("$2"); shift 2 ;;
    --timeout) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || { echo "rtl/lec.sh: --timeout takes seconds, not '${2:-}'" >&2; usage; }
               timeout=$2; shift 2 ;;
    -*) usage ;;
    *) break ;;
  esac
done
(($# == 3)) || usage
lanes=$1 depth=$2 netlist=$(realpath -m "$3")
[[ $lanes =~ ^[0-9]+$ && $depth =~ ^[0-9]+$ ]] || { echo "rtl/lec.sh: LANES and DEPTH are numbers" >&2; usage; }
[[ -r $netlist ]] || { echo "rtl/lec.sh: cannot read the netlist $netlist" >&2; exit 2; }
((${#cones[@]})) || cones=("${all_cones[@]}")
for tool in yosys yosys-abc python3; do
  command -v "$tool" >/dev/null || { echo "rtl/lec.sh: $tool is not installed" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

sources=$(hp_rtl_sources "$rtl")
tables=$(cd "$rtl/../model/ref/approx" && pwd)
# Both designs end the same way: asynchronous resets as synchronous logic, enables as
# multiplexers, every cell as AND gates, written with every named wire's literal.
to_aig="async2sync; dffunmap; techmap; opt_clean; aigmap; opt_clean"
# The RTL: the tables' rows past their ends (read only for indices the front end never forms)
# and Yosys's other undefined bits take the value synthesis gives them where a multiplexer
# chooses (opt_expr -mux_undef), else 0; any value is a refinement of the RTL.
# read_gold|read_gate DIR PASSES: the design as DIR/SIDE.aag and DIR/SIDE.map, PASSES run
# before the lowering, in the background.
read_gold() {
  (cd "$rtl/.." && yosys -q -l "$1/gold.log" -p "read_verilog -sv -I$rtl $sources;
     chparam -set Lanes $lanes -set Depth $depth -set TanhMemFile \"$tables/tanh.mem\" -set Ex2MemFile \"$tables/ex2.mem\" hp_alu;
     prep -flatten -top hp_alu; memory_map; setundef -undriven -undef; opt_clean;
     opt_expr -mux_undef; setundef -zero; opt_clean; $2 $to_aig;
     write_aiger -ascii -vmap $1/gold.map $1/gold.aag" >/dev/null 2>&1) &
}
read_gate() {
  yosys -q -l "$1/gate.log" -p "read_verilog $netlist; hierarchy -top hp_alu_netlist; proc; flatten;
     $2 $to_aig; write_aiger -ascii -vmap $1/gate.map $1/gate.aag" >/dev/null 2>&1 &
}
declare -A pid
read_gold "$work" ""
pid[gold]=$!
read_gate "$work" ""
pid[gate]=$!
# For `scale`: hp_approx's registers before the scaled one, their enables folded, read as the
# wires of what they load, each also an output (the loads).
through='w:*.u_approx.*data_q* w:*.u_cut_scaled.* %d'
through_cells="$through %ci1:+[Q] t:\$dff t:\$dffe %u %i"
cat >"$work/through.v" <<'EOF'
(* techmap_celltype = "$dff $dffe" *)
module hp_lec_through #(parameter WIDTH = 1, parameter CLK_POLARITY = 1'b1,
                        parameter EN_POLARITY = 1'b1) (
  input CLK, EN, input [WIDTH-1:0] D, output [WIDTH-1:0] Q);
  assign Q = D;
endmodule
EOF
make_through="opt_dff -nosdff $through_cells; select -assert-none $through_cells t:\$dff %i;
   expose $through_cells %co1:+[Q] w:* %i; techmap -map $work/through.v $through_cells; scc -expect 0;"
if [[ " ${cones[*]} " == *" scale "* ]]; then
  mkdir "$work/through"
  read_gold "$work/through" "$make_through"
  pid[through_gold]=$!
  read_gate "$work/through" "$make_through"
  pid[through_gate]=$!
fi
for side in "${!pid[@]}"; do
  wait "${pid[$side]}" || {
    log=$work/${side/through_/through\/}.log
    grep -i 'error' "$log" >&2 || tail -5 "$log" >&2
    echo "rtl/lec.sh: yosys could not read the $([[ $side == *gold ]] && echo "RTL at Lanes=$lanes Depth=$depth" || echo "netlist $netlist")$([[ $side == through_* ]] && echo ", hp_approx's registers before the scaled one made transparent")" >&2
    exit 2
  }
done

# Each cone takes the outputs no earlier cone took, in all_cones' order.
cone_args=()
for c in "${all_cones[@]}"; do cone_args+=("$c=${cone_regex[$c]}"); done
free=()
status=0
for cone in "${cones[@]}"; do
  while :; do
    python3 "$rtl/lec.py" "$work/gold.aag" "$work/gold.map" "$work/gate.aag" "$work/gate.map" \
      "$work" "${free[@]}" "${cone_args[@]}" >"$work/cut.log" || { cat "$work/cut.log" >&2; exit 2; }
    start=$(date +%s%3N)
    verdict=unknown
    if [[ $cone == scale ]]; then
      python3 "$rtl/lec.py" "$work/through/gold.aag" "$work/through/gold.map" "$work/through/gate.aag" \
        "$work/through/gate.map" "$work/through" "${free[@]}" "scale=${cone_regex[scale]}" \
        'loads=^[^:]*\.u_approx\.' 'rest=.' >"$work/through/cut.log" || { cat "$work/through/cut.log" >&2; exit 2; }
      enumerated=0
      timeout "$timeout" python3 "$rtl/lec_enumerate.py" "$work/through/scale.gold.aig" \
        "$work/through/scale.gate.aig" --loaded "$work/scale.gold.aig" "$work/scale.gate.aig" \
        '^(q|free):.*\.u_approx\.(?!scaled_q\[)' "$work/through/loads.gold.aig" \
        "$work/through/loads.gate.aig" >"$work/enumerate.log" 2>&1 || enumerated=$?
      case $enumerated in
        0) verdict=proven ;;
        1) verdict=disproven ;;
        124) ;;
        *) cat "$work/enumerate.log" >&2; exit 2 ;;
      esac
    elif timeout "$timeout" yosys-abc -c "&r $work/$cone.gold.aig; &cec $work/$cone.gate.aig" >"$work/abc.log" 2>&1; then
      grep -q 'Networks are equivalent' "$work/abc.log" && verdict=proven
      grep -q 'NOT EQUIVALENT' "$work/abc.log" && verdict=disproven
    fi
    ms=$(($(date +%s%3N) - start))
    if [[ $cone == scale ]]; then
      failed=$(sed -n 's/^different at \([^ ]*\) .*/\1/p' "$work/enumerate.log")
    else
      # &cec names a failing output by its index, in one of two messages: its name is the file's
      # symbol o<index>.
      failed=$(sed -n 's/.*Output \([0-9][0-9]*\) .*/\1/p; s/.*zero-based number \([0-9][0-9]*\)).*/\1/p' \
        "$work/abc.log" | head -1)
      [[ -z $failed ]] || failed=$(grep -a -m1 "^o$failed " "$work/$cone.gate.aig" | cut -d' ' -f2-)
    fi
    # A removed flip-flop guessed constant that is not: read it as free instead, and again.
    [[ $verdict == disproven && $failed == const:* ]] || break
    free+=(--free "${failed#const:}")
  done
  printf '%-7s %-9s %6d.%d s  (%s)\n' "$cone" "$verdict" $((ms / 1000)) $((ms % 1000 / 100)) "$(grep "^cone $cone:" "$work/cut.log" | cut -d' ' -f3-)"
  [[ $cone != scale ]] || sed -n '1s/^/  by enumeration: /p; s/^different at [^ ]* with /  inputs: /p' "$work/enumerate.log"
  [[ $verdict != disproven ]] || echo "  the netlist differs from the RTL at output $failed"
  [[ $verdict == proven ]] || status=1
done
head -1 "$work/cut.log"
exit "$status"
