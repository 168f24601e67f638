// Leading-zero count of a Width-bit vector; an all-zero input counts Width.
module hp_lzc #(
  parameter int unsigned Width = 16,
  parameter int unsigned CountWidth = $clog2(Width + 1)
) (
  input  logic [Width-1:0]      value_i,
  output logic [CountWidth-1:0] count_o
);

  always_comb begin
    count_o = CountWidth'(Width);
    for (int unsigned i = 0; i < Width; i++) begin
      if (value_i[i]) count_o = CountWidth'(Width - 1 - i);
    end
  end

endmodule
