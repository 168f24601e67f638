// One position of the datapath (hp_pipe_pkg): a payload register when Enable (the position is in
// Depth's cut set), else a wire. Like hp_pipe_data, never reset.
module hp_pipe_cut #(
  parameter int unsigned Width = 1,
  parameter bit Enable = 1'b1
) (
  input  logic             clk_i,
  input  logic             advance_i,
  input  logic [Width-1:0] data_i,
  output logic [Width-1:0] data_o
);

  if (Enable) begin : g_register
    hp_pipe_data #(.Width(Width)) u_data (
      .clk_i,
      .advance_i,
      .data_i,
      .data_o
    );
  end else begin : g_wire
    assign data_o = data_i;
    logic unused_clock;
    assign unused_clock = clk_i ^ advance_i;
  end

endmodule
