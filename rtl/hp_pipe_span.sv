// A word that crosses positions First..Last of the datapath (hp_pipe_pkg) without being worked
// on: one hp_pipe_cut per position, so it is registered wherever the datapath beside it is and
// arrives in step with it.
`include "hp_pipe_pkg.sv"

module hp_pipe_span #(
  parameter int unsigned Width = 1,
  parameter hp_pipe_pkg::cut_set_t CutSet = '0,
  parameter int unsigned First = 0,
  parameter int unsigned Last = 0
) (
  input  logic             clk_i,
  input  logic             advance_i,
  input  logic [Width-1:0] data_i,
  output logic [Width-1:0] data_o
);

  localparam int unsigned Positions = Last - First + 1;

  // word[Width*k +: Width] is the word before position First + k (a flat bus: rtl/README.md).
  logic [(Positions+1)*Width-1:0] word;
  assign word[0 +: Width] = data_i;

  for (genvar k = 0; k < Positions; k++) begin : g_position
    hp_pipe_cut #(
      .Width (Width),
      .Enable(CutSet[First+k])
    ) u_cut (
      .clk_i,
      .advance_i,
      .data_i(word[Width*k +: Width]),
      .data_o(word[Width*(k+1) +: Width])
    );
  end

  assign data_o = word[Width*Positions +: Width];

endmodule
