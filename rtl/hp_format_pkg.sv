// The two floating formats (S1), described once: every unit asks this package for a field
// position, a bias or a class, with the Uop's format as a run-time select, so that f16 and bf16
// share one implementation of each unit (as model/ref/format.h does for the reference).
//
// Inside the pipeline a finite value is unpacked into one common form for both formats:
// value = (-1)^sign * sig * 2^exp with an SigWidth-bit significand. bf16's 7 fraction bits are
// left-aligned in f16's 10, so both formats share one multiplier, one adder and one rounder.
`ifndef HP_FORMAT_PKG_SV
`define HP_FORMAT_PKG_SV

package hp_format_pkg;

  localparam int unsigned F16FracBits = 10;
  localparam int unsigned Bf16FracBits = 7;
  localparam int unsigned FracWidth = F16FracBits;  // the wider fraction, bf16's left-aligned
  localparam int unsigned SigWidth = FracWidth + 1;  // with the hidden bit
  // Signed exponent of unpacked and exact values. Products of bf16 operands span about
  // 2^-286 .. 2^245, which needs 10 bits; 12 leave room for the rounder's sums.
  localparam int unsigned ExpWidth = 12;
  // The exact sum of hp_fma_core: a product of two significands, GuardBits below it for the
  // aligned addend, and a carry (see hp_fma_core for why three guard bits suffice).
  localparam int unsigned GuardBits = 3;
  localparam int unsigned ExactWidth = 2 * SigWidth + GuardBits + 1;

  // An operand as hp_unpack gives it, classified, and value = (-1)^sign * sig * 2^exp for a
  // finite non-zero one, sig normalised (its top bit set). Every field is 0 when the op does not
  // read the operand. (A struct's signed field reads as unsigned in Yosys 0.23: compare exp
  // through $signed.)
  typedef struct packed {
    logic                       sign;
    logic signed [ExpWidth-1:0] exp;
    logic [SigWidth-1:0]        sig;
    logic                       zero;
    logic                       inf;
    logic                       nan;
  } unpacked_t;
  // Each struct's width beside it (Yosys 0.23 takes no $bits of a type): every struct meets a
  // register or port of that width somewhere, so a mismatch is a Verilator width warning.
  localparam int unsigned UnpackedWidth = 4 + ExpWidth + SigWidth;

  // An exact value for hp_round: (-1)^sign * (sig + s) * 2^exp, 0 < s < 1 when sticky, s = 0
  // otherwise.
  typedef struct packed {
    logic                       sign;
    logic signed [ExpWidth-1:0] exp;
    logic [ExactWidth-1:0]      sig;
    logic                       sticky;
  } exact_t;
  localparam int unsigned ExactValueWidth = 2 + ExpWidth + ExactWidth;

  function automatic logic [3:0] frac_bits(logic bf16);
    frac_bits = bf16 ? 4'(Bf16FracBits) : 4'(F16FracBits);
  endfunction

  function automatic logic [7:0] bias(logic bf16);
    bias = bf16 ? 8'd127 : 8'd15;
  endfunction

  // Magnitude (bits [14:0]) of +infinity, of the smallest normal and of 1.0.
  function automatic logic [14:0] inf_magnitude(logic bf16);
    inf_magnitude = bf16 ? 15'h7F80 : 15'h7C00;
  endfunction

  function automatic logic [14:0] min_normal_magnitude(logic bf16);
    min_normal_magnitude = bf16 ? 15'h0080 : 15'h0400;
  endfunction

  function automatic logic [14:0] one_magnitude(logic bf16);
    one_magnitude = bf16 ? 15'h3F80 : 15'h3C00;
  endfunction

  // Classes depend on the magnitude alone. S3: every all-ones exponent with a non-zero fraction
  // is a NaN, with no quiet/signalling distinction.
  function automatic logic is_nan(logic bf16, logic [14:0] magnitude);
    is_nan = magnitude > inf_magnitude(bf16);
  endfunction

  function automatic logic is_inf(logic bf16, logic [14:0] magnitude);
    is_inf = magnitude == inf_magnitude(bf16);
  endfunction

  function automatic logic is_subnormal(logic bf16, logic [14:0] magnitude);
    is_subnormal = (magnitude != 15'd0) && (magnitude < min_normal_magnitude(bf16));
  endfunction

  // Each format reads its own bits of the magnitude; the other format's are unused.
  /* verilator lint_off UNUSEDSIGNAL */
  function automatic logic [7:0] exp_field(logic bf16, logic [14:0] magnitude);
    exp_field = bf16 ? magnitude[14:7] : {3'b000, magnitude[14:10]};
  endfunction

  // The fraction left-aligned in FracWidth bits.
  function automatic logic [FracWidth-1:0] frac_aligned(logic bf16, logic [14:0] magnitude);
    frac_aligned = bf16 ? {magnitude[6:0], 3'b000} : magnitude[9:0];
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

endpackage

`endif  // HP_FORMAT_PKG_SV
