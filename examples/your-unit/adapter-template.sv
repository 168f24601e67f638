// A template of an adapter between your unit and halfpipe's unit contract (doc/your-unit.md).
// Copy it, rename the module, and fill in the three marked places: the declarations, the Uop
// translation, and your unit's instance. eu_fpu_adapter.sv is the same worked through.
`include "hp_uop_pkg.sv"

module my_adapter #(
  parameter int unsigned Lanes = 1,      // (1) lanes per transaction, 1..8
  parameter int unsigned TagWidth = 4,   //     at most 2^TagWidth in flight
  // Read by halfpipe dut build, not by the RTL:
  /* verilator lint_off UNUSEDPARAM */
  parameter int unsigned InOrder = 1,    //     0: results leave in any order, matched by tag
  parameter string Forms = "add.rn.f16 mul.rn.f16 fma.rn.f16",  // what the unit executes
  parameter string Latencies = ""        //     e.g. "add=2 fma=5"
  /* verilator lint_on UNUSEDPARAM */
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                in_valid_i,
  output logic                in_ready_o,
  input  hp_uop_pkg::uop_t    in_uop_i,
  input  logic [Lanes-1:0]    in_lane_mask_i,
  input  logic [16*Lanes-1:0] in_a_i,
  input  logic [16*Lanes-1:0] in_b_i,
  input  logic [16*Lanes-1:0] in_c_i,
  input  logic [TagWidth-1:0] in_tag_i,
  output logic                out_valid_o,
  input  logic                out_ready_i,
  output logic [16*Lanes-1:0] out_result_o,
  output logic [TagWidth-1:0] out_tag_o,
  output logic [Lanes-1:0]    out_lane_mask_o
);

  // (2) The Uop in your unit's terms: in_uop_i.op (hp_uop_pkg::OpAdd, OpSub, OpMul, OpFma, ...),
  // in_uop_i.format_low (hp_uop_pkg::FormatF16, FormatBf16), and the modifier bits ftz, sat,
  // relu. A form outside Forms never arrives.
  logic [2:0] my_opcode;
  always_comb begin
    unique case (in_uop_i.op)
      hp_uop_pkg::OpMul: my_opcode = 3'd1;
      hp_uop_pkg::OpFma: my_opcode = 3'd2;
      default:           my_opcode = 3'd0;
    endcase
  end

  // (3) Your unit. Outputs must hold while out_valid_o is high and out_ready_i low; lanes
  // outside the lane mask read 0; every accepted transaction leaves once, with its tag.
  my_unit u_unit (
    .clk      (clk_i),
    .rst_n    (rst_ni),
    .op       (my_opcode),
    .bf16     (in_uop_i.format_low == hp_uop_pkg::FormatBf16[2:0]),
    .req_valid(in_valid_i),
    .req_ready(in_ready_o),
    .req_id   (in_tag_i),
    .req_mask (in_lane_mask_i),
    .req_a    (in_a_i),
    .req_b    (in_b_i),
    .req_c    (in_c_i),
    .rsp_valid(out_valid_o),
    .rsp_ready(out_ready_i),
    .rsp_id   (out_tag_o),
    .rsp_mask (out_lane_mask_o),
    .rsp_data (out_result_o)
  );

endmodule
