// rtl/hp_pipe_stage.sv's ports, the stage a wire.
module hp_pipe_stage #(parameter int unsigned Width = 1) (
  input  logic clk_i, input logic rst_ni, input logic advance_i,
  input  logic valid_i, input logic [Width-1:0] data_i,
  output logic valid_o, output logic [Width-1:0] data_o);
  assign valid_o = valid_i;
  assign data_o  = data_i;
endmodule
