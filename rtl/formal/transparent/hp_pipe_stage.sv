// hp_pipe_stage for the arithmetic proofs (scripts/formal): the stage as a wire, valid bit and
// payload alike (see transparent/hp_pipe_data.sv).
module hp_pipe_stage #(
  parameter int unsigned Width = 1
) (
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             advance_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic             valid_i,
  input  logic [Width-1:0] data_i,
  output logic             valid_o,
  output logic [Width-1:0] data_o
);

  assign valid_o = valid_i;
  assign data_o  = data_i;

endmodule
