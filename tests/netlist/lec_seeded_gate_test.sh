#!/usr/bin/env bash
# rtl/lec.sh on the build's netlist with one gate changed: in_ready_o = out_ready_i | ~valid
# (the last stage may take a new beat when the consumer is ready or the stage is empty) made an
# AND. The check must disprove it, name in_ready_o and exit 1; the unchanged netlist is the other
# test's.
#   lec_seeded_gate_test.sh RTL_LEC_SH NETLIST.v WORKDIR
set -euo pipefail
lec=$1 netlist=$2 work=$3
fail() { echo "FAIL: $*" >&2; exit 1; }
mkdir -p "$work"
gate='assign in_ready_o = out_ready_i | ~(\g_line[3].u_line_stage.valid_q );'
grep -qxF "  $gate" "$netlist" || fail "the netlist has no line '$gate': choose the seeded gate again"
sed "s/^  assign in_ready_o = out_ready_i | ~/  assign in_ready_o = out_ready_i \& ~/" "$netlist" >"$work/seeded.v"
cmp -s "$netlist" "$work/seeded.v" && fail "the gate was not changed"
status=0
"$lec" --cone rest --timeout 300 2 4 "$work/seeded.v" >"$work/lec.log" 2>&1 || status=$?
cat "$work/lec.log"
((status == 1)) || fail "rtl/lec.sh exited $status on the seeded netlist, not 1"
grep -qE '^rest +disproven' "$work/lec.log" || fail "the rest cone is not disproven"
grep -q "differs from the RTL at output in_ready_o$" "$work/lec.log" || fail "the counterexample does not name in_ready_o"
echo "PASS: the changed gate is disproven at in_ready_o"
