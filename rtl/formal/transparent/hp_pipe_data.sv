// hp_pipe_data for the arithmetic proofs (scripts/formal): the register as a wire. rtl/'s
// hp_pipe_data and hp_pipe_stage hold every register of hp_alu, so with these two read in their
// place hp_alu is the combinational function that each transaction meets, at any Depth.
module hp_pipe_data #(
  parameter int unsigned Width = 1
) (
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic             clk_i,
  input  logic             advance_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic [Width-1:0] data_i,
  output logic [Width-1:0] data_o
);

  assign data_o = data_i;

endmodule
