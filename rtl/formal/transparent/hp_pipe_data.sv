// rtl/hp_pipe_data.sv's ports, the register a wire.
module hp_pipe_data #(parameter int unsigned Width = 1) (
  input  logic clk_i, input logic advance_i,
  input  logic [Width-1:0] data_i, output logic [Width-1:0] data_o);
  assign data_o = data_i;
endmodule
