// Leading-zero count of a Width-bit vector; an all-zero input counts Width.
//
// A binary search, one count bit per level, widest first. A priority loop (one `if` per
// bit) Verilates into Width data-dependent branches, run four times per lane and cycle (three
// hp_unpack, one hp_round); the search is branch-free in C++ and a smaller circuit
// (rtl/CMakeLists.txt has the figures).
module hp_lzc #(
  parameter int unsigned Width = 16,
  parameter int unsigned CountWidth = $clog2(Width + 1)
) (
  input  logic [Width-1:0]      value_i,
  output logic [CountWidth-1:0] count_o
);

  // Ones below the value stop the search at Width for an all-zero input, so the padded width
  // exceeds Width even when Width is a power of two.
  localparam int unsigned Levels = $clog2(Width + 1);
  localparam int unsigned PaddedWidth = 2 ** Levels;

  logic [PaddedWidth-1:0] window;
  logic [Levels-1:0]      count;

  always_comb begin
    window = {value_i, {(PaddedWidth - Width){1'b1}}};
    count  = '0;  // every bit is set below; a whole first write lets Verilator keep it local
    for (int level = Levels - 1; level >= 0; level--) begin
      // Zero top 2^level bits: count them and look below them.
      count[level] = (window >> (PaddedWidth - 2 ** level)) == '0;
      window = count[level] ? window << 2 ** level : window;
    end
    count_o = CountWidth'(count);
  end

endmodule
