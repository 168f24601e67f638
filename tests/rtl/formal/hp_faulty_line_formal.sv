// hp_faulty_line_formal: the formal top that shows each rule of hp_unit_contract failing
// (scripts/formal): tests/rtl/sva/hp_faulty_line, breaking the rule its Fault parameter names,
// with the contract checker on its ports.
`include "hp_uop_pkg.sv"

module hp_faulty_line_formal #(
  parameter int unsigned Lanes = 2,
  parameter int unsigned Depth = 4,
  parameter int unsigned TagWidth = 8,
  parameter int unsigned Fault = 0  // hp_faulty_line's fault_i values
) (
  input  logic                            clk_i,
  input  logic                            rst_ni,
  input  logic                            track_i,
  input  logic                            in_valid_i,
  input  logic [hp_uop_pkg::UopWidth-1:0] in_uop_i,
  input  logic [Lanes-1:0]                in_lane_mask_i,
  input  logic [16*Lanes-1:0]             in_a_i,
  input  logic [16*Lanes-1:0]             in_b_i,
  input  logic [16*Lanes-1:0]             in_c_i,
  input  logic [TagWidth-1:0]             in_tag_i,
  input  logic                            out_ready_i
);

  logic                in_ready_o, out_valid_o;
  logic [16*Lanes-1:0] out_result_o;
  logic [TagWidth-1:0] out_tag_o;
  logic [Lanes-1:0]    out_lane_mask_o;

  hp_faulty_line #(
    .Lanes   (Lanes),
    .Depth   (Depth),
    .TagWidth(TagWidth)
  ) u_dut (
    .clk_i,
    .rst_ni,
    .fault_i        (3'(Fault)),
    .in_valid_i,
    .in_ready_o,
    .in_lane_mask_i,
    .in_a_i,
    .in_uop_i       (32'(in_uop_i)),
    .in_b_i,
    .in_c_i,
    .in_tag_i,
    .out_valid_o,
    .out_ready_i,
    .out_result_o,
    .out_tag_o,
    .out_lane_mask_o
  );

  logic unused_record;
  logic [Depth-1:0] expect_valid;
  logic [Depth*(TagWidth+Lanes)-1:0] expect_id;
  logic tracking;
  logic [$clog2(Depth+1)-1:0] tracked_advances;
  logic [hp_uop_pkg::UopWidth-1:0] tracked_uop;
  logic [48*Lanes-1:0] tracked_operands;
  assign unused_record = ^{expect_valid, expect_id, tracking, tracked_advances, tracked_uop,
                           tracked_operands};

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

endmodule
