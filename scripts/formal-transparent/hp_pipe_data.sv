// rtl/hp_pipe_data.sv's ports, the register a wire: what scripts/formal and rtl/pipeline_lec.sh
// read in its place. Kept out of rtl/, where a second module of the name breaks a lint of it.
module hp_pipe_data #(parameter int unsigned Width = 1) (
  input  logic clk_i, input logic advance_i,
  input  logic [Width-1:0] data_i, output logic [Width-1:0] data_o);
  assign data_o = data_i;
  logic unused_controls;
  assign unused_controls = clk_i ^ advance_i;
endmodule
