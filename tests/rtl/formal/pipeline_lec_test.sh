#!/usr/bin/env bash
# rtl/pipeline_lec.sh at Lanes=2 Depth=4 three ways: hp_alu as it is, proven; with the fma's
# Products register made a wire in every lane (its words reach the sum a cycle before the rest of
# the transaction), disproven, naming a result bit; and with every payload register loading on
# every edge, stalled or not (a copy of rtl/ with such an hp_pipe_data), refused before any
# proof, the registers listed. Each of the last two exits 1.
#   pipeline_lec_test.sh RTL_PIPELINE_LEC_SH WORKDIR
set -euo pipefail
lec=$1 work=$2
fail() { echo "FAIL: $*" >&2; exit 1; }
expect_failure() {  # LOG_FILE ARGS...: runs the check, which must exit 1
  local log=$1 status=0
  shift
  "$@" >"$log" 2>&1 || status=$?
  cat "$log"
  ((status == 1)) || fail "$* exited $status, not 1"
}
rm -rf "$work" && mkdir -p "$work"

"$lec" 2 4 | tee "$work/proven.log"
grep -qE '^Lanes=2 Depth=4 +proven ' "$work/proven.log" || fail "hp_alu is not proven"

expect_failure "$work/skipped.log" "$lec" --skip u_fma_core.u_cut_products 2 4
grep -qE '^Lanes=2 Depth=4 +disproven ' "$work/skipped.log" || fail "the skipped register is not disproven"
grep -q 'differs from the unregistered one at output out_result_o\[' "$work/skipped.log" \
  || fail "no result bit named"

rtl=$(dirname "$lec")
mkdir -p "$work/tree/model/ref"
cp -r "$rtl" "$work/tree/rtl"
ln -s "$(cd "$rtl/../model/ref/approx" && pwd)" "$work/tree/model/ref/approx"
mkdir -p "$work/tree/scripts"
ln -s "$(cd "$rtl/../scripts/formal-transparent" && pwd)" "$work/tree/scripts/formal-transparent"
cat >"$work/tree/rtl/hp_pipe_data.sv" <<'SV'
module hp_pipe_data #(parameter int unsigned Width = 1) (
  input  logic clk_i, input logic advance_i,
  input  logic [Width-1:0] data_i, output logic [Width-1:0] data_o);
  logic [Width-1:0] data_q;
  always_ff @(posedge clk_i) data_q <= data_i;  // ignores advance_i: the fault
  assign data_o = data_q;
endmodule
SV
expect_failure "$work/stalls.log" "$work/tree/rtl/pipeline_lec.sh" 2 4
grep -q "do not load on the line's advance alone" "$work/stalls.log" || fail "the registers are not refused"
grep -q 'u_fma_core' "$work/stalls.log" || fail "the fma's register is not listed"
echo "PASS: proven as it is; disproven with a register skipped; refused with registers that ignore a stall"
