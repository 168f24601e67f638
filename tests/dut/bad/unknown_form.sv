// Outside the unit contract: Forms names a form PTX does not have.
module unknown_form #(parameter int unsigned Lanes = 1, parameter int unsigned TagWidth = 4,
                      parameter string Forms = "add.rn.f16 div.rn.f16") (
  input  logic clk_i, input logic rst_ni,
  input  logic in_valid_i, output logic in_ready_o, input hp_uop_pkg::uop_t in_uop_i,
  input  logic [Lanes-1:0] in_lane_mask_i, input logic [16*Lanes-1:0] in_a_i,
  input  logic [16*Lanes-1:0] in_b_i, input logic [16*Lanes-1:0] in_c_i,
  input  logic [TagWidth-1:0] in_tag_i,
  output logic out_valid_o, input logic out_ready_i, output logic [16*Lanes-1:0] out_result_o,
  output logic [TagWidth-1:0] out_tag_o, output logic [Lanes-1:0] out_lane_mask_o
);
endmodule
