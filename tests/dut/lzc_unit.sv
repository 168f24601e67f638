// A unit Verilator 5.006 cannot build under --x-assign unique (tests/dut/verilator_bug_test.sh):
// it is its own adapter, and its lane-mask bit goes through a leading-zero count of one bit
// written as a `while` loop, as an outside FPU's leading-zero counter was. Verilator simulates the
// loop to unroll it, the bit select past the end has no value under --x-assign unique, and it
// stops with "Internal Error: ... V3Simulate.h:306: No value found for node"; --x-assign fast
// builds it. neg.f16 in one registered stage.
`include "hp_uop_pkg.sv"

module lzc_unit #(
  parameter int unsigned Lanes = 1,
  parameter int unsigned TagWidth = 4,
  // Read by halfpipe dut build, not by the RTL:
  /* verilator lint_off UNUSEDPARAM */
  parameter int unsigned InOrder = 1,
  parameter string Forms = "neg.f16"
  /* verilator lint_on UNUSEDPARAM */
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                in_valid_i,
  output logic                in_ready_o,
  /* verilator lint_off UNUSEDSIGNAL */
  input  hp_uop_pkg::uop_t    in_uop_i,
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

  integer zeros;  // leading zeros of the one-bit mask: 0 when the lane is on
  always_comb begin
    zeros = 0;
    while ((zeros < 1) & ~in_lane_mask_i[0 - zeros]) zeros = zeros + 1;
  end

  logic                valid_q;
  logic [15:0]         result_q;
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

  // neg.f16 changes the sign alone, except that a NaN gives the canonical NaN (S10).
  always_ff @(posedge clk_i) begin
    if (in_ready_o && in_valid_i) begin
      if (zeros != 0) begin
        result_q <= 16'h0000;
      end else if (in_a_i[14:10] == 5'h1F && in_a_i[9:0] != 10'd0) begin
        result_q <= 16'h7FFF;
      end else begin
        result_q <= {~in_a_i[15], in_a_i[14:0]};
      end
      tag_q <= in_tag_i;
      lane_mask_q <= in_lane_mask_i;
    end
  end

  assign out_valid_o = valid_q;
  assign out_result_o = result_q;
  assign out_tag_o = tag_q;
  assign out_lane_mask_o = lane_mask_q;

endmodule
