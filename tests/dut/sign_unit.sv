// A second, minimal unit for the dut tests (tests/dut/cosim_test.sh): neg.f16 and abs.f16 in one
// registered stage that stalls as a whole, so it completes in order with a latency of one cycle
// from the accepting edge to the leaving edge. It is its own adapter (the contract's ports), it
// declares those latencies, and it is small enough to build with `dut build --coverage` in
// seconds: the co-simulation checks it cycle by cycle against the model and writes its coverage.
`include "hp_uop_pkg.sv"

module sign_unit #(
  parameter int unsigned Lanes = 1,
  parameter int unsigned TagWidth = 4,
  // Read by halfpipe dut build, not by the RTL:
  /* verilator lint_off UNUSEDPARAM */
  parameter int unsigned InOrder = 1,
  parameter string Forms = "neg.f16 abs.f16",
  parameter string Latencies = "neg=1 abs=1"
  /* verilator lint_on UNUSEDPARAM */
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                in_valid_i,
  output logic                in_ready_o,
  /* verilator lint_off UNUSEDSIGNAL */
  input  hp_uop_pkg::uop_t    in_uop_i,  // its op alone: Forms names f16's neg and abs only
  input  logic [Lanes-1:0]    in_lane_mask_i,
  input  logic [16*Lanes-1:0] in_a_i,
  input  logic [16*Lanes-1:0] in_b_i,
  input  logic [16*Lanes-1:0] in_c_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic [TagWidth-1:0] in_tag_i,
  output logic                out_valid_o,
  input  logic                out_ready_i,
  output logic [16*Lanes-1:0] out_result_o,
  output logic [TagWidth-1:0] out_tag_o,
  output logic [Lanes-1:0]    out_lane_mask_o
);

  // neg and abs change the sign alone, except that a NaN gives the canonical NaN (S10).
  logic [16*Lanes-1:0] result;
  always_comb begin
    for (int unsigned lane = 0; lane < Lanes; ++lane) begin
      logic [15:0] x;
      x = in_a_i[16*lane +: 16];
      if (!in_lane_mask_i[lane]) begin
        result[16*lane +: 16] = 16'h0000;
      end else if (x[14:10] == 5'h1F && x[9:0] != 10'd0) begin
        result[16*lane +: 16] = 16'h7FFF;
      end else if (in_uop_i.op == hp_uop_pkg::OpAbs) begin
        result[16*lane +: 16] = {1'b0, x[14:0]};
      end else begin
        result[16*lane +: 16] = {~x[15], x[14:0]};
      end
    end
  end

  // One stage; the whole unit holds while its result waits.
  logic                valid_q;
  logic [16*Lanes-1:0] result_q;
  logic [TagWidth-1:0] tag_q;
  logic [Lanes-1:0]    lane_mask_q;
  assign in_ready_o = !valid_q || out_ready_i;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
    end else if (in_ready_o) begin
      valid_q <= in_valid_i;
    end
  end

  always_ff @(posedge clk_i) begin
    if (in_ready_o && in_valid_i) begin
      result_q <= result;
      tag_q <= in_tag_i;
      lane_mask_q <= in_lane_mask_i;
    end
  end

  assign out_valid_o = valid_q;
  assign out_result_o = result_q;
  assign out_tag_o = tag_q;
  assign out_lane_mask_o = lane_mask_q;

endmodule
