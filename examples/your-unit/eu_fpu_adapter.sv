// The adapter of eu_fpu (rtl/eu_fpu.sv) to halfpipe's unit contract (doc/your-unit.md): the
// contract's ports and parameters outside, the unit's own inside. Start yours from
// adapter-template.sv; this one is a worked example.
`include "hp_uop_pkg.sv"

module eu_fpu_adapter #(
  // What the adapter declares (the contract's parameters):
  parameter int unsigned Lanes = 1,      // one eu_fpu per lane, in lockstep
  parameter int unsigned TagWidth = 4,   // eu_fpu's id
  // Read by halfpipe dut build, not by the RTL:
  /* verilator lint_off UNUSEDPARAM */
  parameter int unsigned InOrder = 0,    // results leave as they finish, matched by tag
  parameter string Forms = {"add.rn.f16 sub.rn.f16 mul.rn.f16 fma.rn.f16 ",
                            "add.rn.bf16 sub.rn.bf16 mul.rn.bf16 fma.rn.bf16"},
  parameter string Latencies = "add=2 sub=2 mul=3 fma=5"
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

  // A seeded fault of the example's (rtl/eu_fpu.sv lists them): 2 swaps lanes 0 and 1.
  localparam int unsigned FaultSwappedLane = 2;
  int unsigned fault;
  initial begin
    if (!$value$plusargs("fault=%d", fault)) fault = 0;
  end

  // The Uop in eu_fpu's encoding: one-hot opcode, alt for bf16.
  logic [3:0] opcode;
  always_comb begin
    unique case (in_uop_i.op)
      hp_uop_pkg::OpSub: opcode = 4'b0010;
      hp_uop_pkg::OpMul: opcode = 4'b0100;
      hp_uop_pkg::OpFma: opcode = 4'b1000;
      default:           opcode = 4'b0001;
    endcase
  end
  logic alt;
  assign alt = in_uop_i.format_low == hp_uop_pkg::FormatBf16[2:0];

  // The lane mask travels beside the lanes: eu_fpu has no field for it, so the adapter keeps it
  // by id.
  logic [Lanes-1:0] mask_by_id_q [2**TagWidth];
  always_ff @(posedge clk_i) begin
    if (in_valid_i && in_ready_o) mask_by_id_q[in_tag_i] <= in_lane_mask_i;
  end

  logic [Lanes-1:0] lane_ready, lane_valid;
  logic [TagWidth-1:0] lane_id [Lanes];
  logic [15:0] lane_result [Lanes];
  for (genvar lane = 0; lane < Lanes; ++lane) begin : g_lane
    eu_fpu #(.IdWidth(TagWidth)) u_fpu (
      .clk       (clk_i),
      .rst_n     (rst_ni),
      .req_valid (in_valid_i && in_ready_o),
      .req_ready (lane_ready[lane]),
      .req_opcode(opcode),
      .req_alt   (alt),
      .req_id    (in_tag_i),
      .req_x     (in_a_i[16*lane +: 16]),
      .req_y     (in_b_i[16*lane +: 16]),
      .req_z     (in_c_i[16*lane +: 16]),
      .rsp_valid (lane_valid[lane]),
      .rsp_ready (out_ready_i),
      .rsp_id    (lane_id[lane]),
      .rsp_data  (lane_result[lane])
    );
  end

  // Every lane gets the same requests, so the lanes run in lockstep: lane 0 speaks for them.
  assign in_ready_o = &lane_ready;
  assign out_valid_o = lane_valid[0];
  assign out_tag_o = lane_id[0];
  assign out_lane_mask_o = mask_by_id_q[lane_id[0]];
  logic [16*Lanes-1:0] results;
  always_comb begin
    for (int unsigned lane = 0; lane < Lanes; ++lane) begin
      results[16*lane +: 16] = out_lane_mask_o[lane] ? lane_result[lane] : 16'h0000;
    end
  end
  if (Lanes > 1) begin : g_swappable
    always_comb begin
      out_result_o = results;
      if (fault == FaultSwappedLane) out_result_o[31:0] = {results[15:0], results[31:16]};
    end
  end else begin : g_one_lane
    assign out_result_o = results;
    logic unused_fault;
    assign unused_fault = ^fault;
  end

  logic unused_uop;
  assign unused_uop = ^{in_uop_i.format_high, in_uop_i.src1_mod, in_uop_i.src0_mod,
                        in_uop_i.nan_policy, in_uop_i.xorsign_abs, in_uop_i.nan, in_uop_i.oob,
                        in_uop_i.relu, in_uop_i.sat, in_uop_i.ftz, in_uop_i.packed_x2,
                        lane_valid, lane_ready};

endmodule
