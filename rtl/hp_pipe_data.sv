// The payload half of a pipeline stage (see hp_pipe_stage): takes its input on each rising edge
// at which the line advances, holds otherwise, and is never reset (a payload is not looked at
// while its stage's valid bit is clear). hp_alu keeps one per lane and stage, so each register
// stays a narrow word in simulation rather than a slice of a wide bundle.
module hp_pipe_data #(
  parameter int unsigned Width = 1
) (
  input  logic             clk_i,
  input  logic             advance_i,
  input  logic [Width-1:0] data_i,
  output logic [Width-1:0] data_o
);

  logic [Width-1:0] data_q;

  always_ff @(posedge clk_i) begin
    if (advance_i) begin
      data_q <= data_i;
    end
  end

  assign data_o = data_q;

endmodule
