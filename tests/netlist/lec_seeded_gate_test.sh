#!/usr/bin/env bash
# rtl/lec.sh on the build's netlist with one gate changed, twice; each must be disproven, the
# output named, exit 1 (the unchanged netlist is the other test's):
# - rest: in_ready_o = out_ready_i | ~valid (the last stage may take a new beat when the consumer
#   is ready or the stage is empty) made an AND, which &cec disproves;
# - scale: an inverter put before bit 50 of lane 0's scaled register (bit 4 of ex2's y), which the
#   enumeration (rtl/lec_enumerate.py) disproves.
#   lec_seeded_gate_test.sh RTL_LEC_SH NETLIST.v WORKDIR
set -euo pipefail
lec=$1 netlist=$2 work=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$work"

# seed NAME LINE_REGEX SED_EXPRESSION: the netlist with the one line changed, in $work/NAME.v.
seed() {
  grep -qE "$2" "$netlist" || fail "the netlist has no line matching '$2': choose the seeded gate again"
  (($(grep -cE "$2" "$netlist") == 1)) || fail "more than one line matches '$2'"
  sed -E "$3" "$netlist" >"$work/$1.v"
  cmp -s "$netlist" "$work/$1.v" && fail "the $1 gate was not changed"
  return 0
}
# expect NAME CONE OUTPUT
expect() {
  local status=0
  "$lec" --cone "$2" --timeout 600 2 4 "$work/$1.v" >"$work/$1.log" 2>&1 || status=$?
  cat "$work/$1.log"
  ((status == 1)) || fail "rtl/lec.sh exited $status on the $1 netlist, not 1"
  grep -qE "^$2 +disproven" "$work/$1.log" || fail "the $2 cone is not disproven"
  grep -qxF "  the netlist differs from the RTL at output $3" "$work/$1.log" ||
    fail "the counterexample does not name $3"
  echo "PASS: the changed $1 gate is disproven at $3"
}

ready='^  assign in_ready_o = out_ready_i \| ~\(\\g_line\[3\]\.u_line_stage\.valid_q \);$'
seed ready "$ready" "s/^  assign in_ready_o = out_ready_i \| ~/  assign in_ready_o = out_ready_i \& ~/"
expect ready rest 'in_ready_o'

scaled='^ *else \\g_lane\[0\]\.u_lane\.u_lane_operate\.u_approx\.u_cut_scaled\.g_register\.u_data\.data_q\[50\]  <= (_[0-9]+_);$'
seed scaled "$scaled" "/$scaled/s/<= (_[0-9]+_);$/<= ~\\1;/"
expect scaled scale 'd:g_lane[0].u_lane.u_lane_operate.u_approx.scaled_q[50]#0'
