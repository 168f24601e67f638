// Where Depth places the registers inside the datapath (rtl/README.md, "Pipelining"). The
// datapath of a lane has Cuts positions at which a register can stand, in datapath order; a
// Depth-stage hp_alu has its stage-0 and output registers and Depth-2 of these positions
// registered (all of them from Depth = Cuts + 2 on; further stages are plain delays at the end).
// Which ones is the one table below, chosen from the measured logic levels of each span between
// positions so that the longest register-to-register path is as short as the cuts allow
// (rtl/levels.py measures it; data/area-table.csv holds the figures).
`ifndef HP_PIPE_PKG_SV
`define HP_PIPE_PKG_SV

package hp_pipe_pkg;

  // The positions. A word crossing a position is registered there when Depth's cut set has it.
  localparam int unsigned CutUnpacked     = 0;   // hp_unpack's classes, normalised operands
  localparam int unsigned CutFront        = 1;   // fma: partial products, exponents; tanh/ex2:
                                                 // table index and offset; min/max, neg/abs
  localparam int unsigned CutProducts     = 2;   // fma: aligned addends; tanh/ex2: s^2 and the
                                                 // partial products of c1 * d
  localparam int unsigned CutQuadratic    = 3;   // fma: the exact sum; c2 * s^2, c1 * d
  localparam int unsigned CutInterpolated = 4;   // the interpolated y of tanh/ex2
  localparam int unsigned CutScaled       = 5;   // tanh: the partial products of sig * y
  localparam int unsigned CutOperated     = 6;   // the exact value to round
  localparam int unsigned CutCounted      = 7;   // hp_round: its leading zeros
  localparam int unsigned CutNormalised   = 8;   // hp_round: the result's last place
  localparam int unsigned CutShifted      = 9;   // hp_round: the shifted significand, round bits
  localparam int unsigned CutRounded      = 10;  // the rounded result, before post-processing
  localparam int unsigned Cuts = 11;

  typedef logic [Cuts-1:0] cut_set_t;

  // The table: bit p set = a register at position p (Rounded is the leftmost bit). Depth 2 has
  // none; from Depth = Cuts + 2 on every position has one.
  function automatic cut_set_t cut_set(int unsigned depth);
    case (depth)
      0, 1, 2: cut_set = 11'b000_0000_0000;
      3:       cut_set = 11'b000_0000_1000;  // Quadratic
      4:       cut_set = 11'b000_0010_0100;  // Products, Scaled
      5:       cut_set = 11'b000_0100_1010;  // Front, Quadratic, Operated
      6:       cut_set = 11'b000_1001_0110;  // Front, Products, Interpolated, Counted
      7:       cut_set = 11'b001_0101_0110;  // Front, Products, Interpolated, Operated, Normalised
      8:       cut_set = 11'b010_0101_1110;  // Front .. Interpolated, Operated, Shifted
      9:       cut_set = 11'b010_0111_1110;  // Front .. Operated, Shifted
      10:      cut_set = 11'b011_0111_1110;  // Front .. Operated, Normalised, Shifted
      11:      cut_set = 11'b011_0111_1111;  // and Unpacked
      12:      cut_set = 11'b011_1111_1111;  // and Counted
      default: cut_set = 11'b111_1111_1111;  // and Rounded: every position
    endcase
  endfunction

  // The number of registers the table places inside the datapath at this Depth.
  function automatic int unsigned inner_stages(int unsigned depth);
    cut_set_t cuts;
    cuts = cut_set(depth);
    inner_stages = 0;
    for (int unsigned p = 0; p < Cuts; p++) begin
      inner_stages = inner_stages + 32'(cuts[p]);
    end
  endfunction

endpackage

`endif
