// hp_alu_arith: the top of scripts/formal's arithmetic proofs. hp_alu, read with its registers
// as wires (scripts/formal), executing one Uop (a parameter, so that Yosys folds every other
// operation away) on lane 0's operands; lane 1 is masked off and given zeros.
`include "hp_uop_pkg.sv"

module hp_alu_arith #(
  parameter logic [hp_uop_pkg::UopWidth-1:0] Uop = '0
) (
  input  logic [15:0] a_i,
  input  logic [15:0] b_i,
  input  logic [15:0] c_i,
  output logic [15:0] result_o
);

  logic [31:0] out_result;
  logic        unused_outputs;
  logic        in_ready, out_valid;
  logic [7:0]  out_tag;
  logic [1:0]  out_lane_mask;

  hp_alu #(
    .Lanes(2),
    .Depth(2)
  ) u_alu (
    .clk_i          (1'b0),
    .rst_ni         (1'b1),
    .in_valid_i     (1'b1),
    .in_ready_o     (in_ready),
    .in_uop_i       (Uop),
    .in_lane_mask_i (2'b01),
    .in_a_i         ({16'h0000, a_i}),
    .in_b_i         ({16'h0000, b_i}),
    .in_c_i         ({16'h0000, c_i}),
    .in_tag_i       (8'h00),
    .out_valid_o    (out_valid),
    .out_ready_i    (1'b1),
    .out_result_o   (out_result),
    .out_tag_o      (out_tag),
    .out_lane_mask_o(out_lane_mask)
  );

  assign result_o       = out_result[15:0];
  assign unused_outputs = ^{in_ready, out_valid, out_tag, out_lane_mask, out_result[31:16]};

endmodule
