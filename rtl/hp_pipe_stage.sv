// One stage of the hp_alu line (rtl/TIMING.md): on each rising edge at which the line advances
// it takes the previous stage's valid bit and payload, and holds both otherwise. Only the valid
// bit is reset; a payload is never looked at while its valid bit is clear.
module hp_pipe_stage #(
  parameter int unsigned Width = 1
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             advance_i,
  input  logic             valid_i,
  input  logic [Width-1:0] data_i,
  output logic             valid_o,
  output logic [Width-1:0] data_o
);

  logic valid_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
    end else if (advance_i) begin
      valid_q <= valid_i;
    end
  end

  assign valid_o = valid_q;

  hp_pipe_data #(.Width(Width)) u_data (
    .clk_i,
    .advance_i,
    .data_i,
    .data_o
  );

endmodule
