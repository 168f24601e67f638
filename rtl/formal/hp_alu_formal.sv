// hp_alu_formal: the formal top of scripts/formal's contract proofs. hp_alu, the contract checker
// on its ports (hp_unit_contract.sv), and hp_alu's own lemmas: that its line holds what the
// checker's expected line holds, and that its stage 0 holds the tracked transaction's Uop and
// operands. The probe_* wires are hp_alu's internal signals: scripts/formal connects them after
// flattening (Yosys 0.23 reads no hierarchical reference), and fails if one is missing.
`include "hp_uop_pkg.sv"

module hp_alu_formal #(
  parameter int unsigned Lanes = 2,
  parameter int unsigned Depth = 4,
  parameter int unsigned TagWidth = 8
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic                track_i,
  input  logic                in_valid_i,
  input  hp_uop_pkg::uop_t    in_uop_i,
  input  logic [Lanes-1:0]    in_lane_mask_i,
  input  logic [16*Lanes-1:0] in_a_i,
  input  logic [16*Lanes-1:0] in_b_i,
  input  logic [16*Lanes-1:0] in_c_i,
  input  logic [TagWidth-1:0] in_tag_i,
  input  logic                out_ready_i
);

  localparam int unsigned IdWidth = TagWidth + Lanes;

  logic                in_ready_o, out_valid_o;
  logic [16*Lanes-1:0] out_result_o;
  logic [TagWidth-1:0] out_tag_o;
  logic [Lanes-1:0]    out_lane_mask_o;

  hp_alu #(
    .Lanes   (Lanes),
    .Depth   (Depth),
    .TagWidth(TagWidth)
  ) u_dut (.*);

  logic [Depth-1:0]                  expect_valid;
  logic [Depth*IdWidth-1:0]          expect_id;
  logic                              tracking;
  logic [$clog2(Depth+1)-1:0]        tracked_advances;
  logic [hp_uop_pkg::UopWidth-1:0]   tracked_uop;
  logic [48*Lanes-1:0]               tracked_operands;

  hp_unit_contract #(
    .Lanes   (Lanes),
    .Depth   (Depth),
    .TagWidth(TagWidth)
  ) u_contract (
    .clk_i,
    .rst_ni,
    .track_i,
    .in_valid_i,
    .in_ready_o,
    .in_uop_i,
    .in_lane_mask_i,
    .in_a_i,
    .in_b_i,
    .in_c_i,
    .in_tag_i,
    .out_valid_o,
    .out_ready_i,
    .out_result_o,
    .out_tag_o,
    .out_lane_mask_o,
    .expect_valid_o    (expect_valid),
    .expect_id_o       (expect_id),
    .tracking_o        (tracking),
    .tracked_advances_o(tracked_advances),
    .tracked_uop_o     (tracked_uop),
    .tracked_operands_o(tracked_operands)
  );

  // hp_alu's line (u_dut.line_valid, u_dut.line_id), its stage-0 Uop (u_dut.operate_uop) and
  // each lane's stage-0 operands (u_dut.g_lane[i].u_lane.operate_in: {c, b, a}).
  // Driven by scripts/formal only: undriven for Verilator's lint.
  /* verilator lint_off UNDRIVEN */
  (* keep *) logic [Depth-1:0]                probe_line_valid;
  (* keep *) logic [Depth*IdWidth-1:0]        probe_line_id;
  (* keep *) logic [hp_uop_pkg::UopWidth-1:0] probe_operate_uop;
  (* keep *) logic [48*Lanes-1:0]             probe_operands;
  /* verilator lint_on UNDRIVEN */

  // A stage's id is compared while that stage holds a transaction (payloads are never reset).
  logic [Depth*IdWidth-1:0] valid_id_mask;
  always_comb begin
    for (int unsigned s = 0; s < Depth; s++) begin
      valid_id_mask[IdWidth*s +: IdWidth] = {IdWidth{expect_valid[s]}};
    end
  end

  logic [48*Lanes-1:0] tracked_operands_by_lane;
  always_comb begin
    for (int unsigned i = 0; i < Lanes; i++) begin
      tracked_operands_by_lane[48*i +: 48] = {tracked_operands[16*(2*Lanes+i) +: 16],
                                              tracked_operands[16*(Lanes+i) +: 16],
                                              tracked_operands[16*i +: 16]};
    end
  end

  always_comb begin
    if (rst_ni) begin
      lemma_line_valid: assert (probe_line_valid == expect_valid);
      lemma_line_id: assert ((probe_line_id & valid_id_mask) == (expect_id & valid_id_mask));
      if (tracking && tracked_advances == '0) begin
        tracked_uop_intact: assert (probe_operate_uop == tracked_uop);
        tracked_operands_intact: assert (probe_operands == tracked_operands_by_lane);
      end
    end
  end

endmodule
