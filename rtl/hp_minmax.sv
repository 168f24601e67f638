// The one min/max unit, for both front-ends.
// PTX 9.7.4.7 min and 9.7.4.8 max, the twin of model/ref/minmax.cpp: IEEE order with
// -0 < +0 (S15), one NaN returns the other input and two the canonical NaN (S15), .NaN makes any
// NaN input the canonical NaN, and .xorsign.abs compares magnitudes and then gives the result
// the XOR of the input signs (S16, S17). Operands arrive already flushed under .ftz (S18).
// vISA MIN_MAX, the twin of model/ref/visa_minmax.cpp for HF, W, UW, B and UB: source modifiers
// first (S27), then integer or IEEE order with -0 < +0 and denormals kept (S26), and the S28 NaN
// rule, which differs from PTX's only in never canonicalising. B and UB use the low byte of the
// lane and give a zero high byte.
`include "hp_uop_pkg.sv"
`include "hp_format_pkg.sv"
`include "hp_policy_pkg.sv"

module hp_minmax (
  input  logic                               enable_i,       // min or max, else output 0
  input  logic [hp_uop_pkg::FormatWidth-1:0] format_i,
  input  logic                               nan_policy_i,   // hp_uop_pkg::NanPolicy*
  input  logic                               max_i,          // max, else min
  input  logic                               nan_i,          // .NaN
  input  logic                               xorsign_abs_i,  // .xorsign.abs
  input  hp_uop_pkg::src_mod_t               src0_mod_i,     // S27
  input  hp_uop_pkg::src_mod_t               src1_mod_i,
  input  logic [15:0]                        a_i,
  input  logic [15:0]                        b_i,
  output logic [15:0]                        result_o
);

  logic bf16, is_int, is_signed, is_byte, visa;
  always_comb begin
    bf16      = format_i == hp_uop_pkg::FormatBf16;
    is_signed = format_i == hp_uop_pkg::FormatS16 || format_i == hp_uop_pkg::FormatS8;
    is_byte   = format_i == hp_uop_pkg::FormatS8 || format_i == hp_uop_pkg::FormatU8;
    is_int    = is_signed || is_byte || format_i == hp_uop_pkg::FormatU16;
    // The reference's dispatch (model/ref/execute.cpp): PTX never sets a source modifier, but a
    // PTX Uop's are ignored there, so they are here.
    visa      = nan_policy_i == hp_uop_pkg::NanPolicyVisaSrc1 || is_int;
  end

  // S27 on one source, in the element's width. Floats: sign-bit operations, so a NaN keeps its
  // payload. Integers: abs-then-neg is at most one two's-complement negation (two cancel),
  // wrapping, so the most negative value maps to itself and unsigned abs is the identity.
  // The modifier comes as its two fields (Yosys 0.23 takes no struct argument).
  function automatic logic [15:0] modify(logic abs, logic neg, logic [15:0] x, logic int_fmt,
                                          logic signed_fmt, logic byte_fmt);
    logic [15:0] element, negated;
    logic        elem_sign, do_negate;
    element   = byte_fmt ? {8'h00, x[7:0]} : x;
    elem_sign = byte_fmt ? x[7] : x[15];
    negated   = -element;
    do_negate = (abs && signed_fmt && elem_sign) ^ neg;
    if (!int_fmt) begin
      modify = {(elem_sign && !abs) ^ neg, x[14:0]};
    end else if (!do_negate) begin
      modify = element;
    end else begin
      modify = byte_fmt ? {8'h00, negated[7:0]} : negated;
    end
  endfunction

  // An unsigned key in the order of the element: IEEE order with -0 below +0 for floats (S15,
  // S26), signed integers with their sign bit flipped, unsigned ones as they are.
  function automatic logic [15:0] order_key(logic [15:0] x, logic int_fmt, logic signed_fmt,
                                             logic byte_fmt);
    if (!int_fmt) begin
      order_key = x[15] ? ~x : {1'b1, x[14:0]};
    end else if (byte_fmt) begin
      order_key = {8'h00, x[7] ^ signed_fmt, x[6:0]};
    end else begin
      order_key = {x[15] ^ signed_fmt, x[14:0]};
    end
  endfunction

  logic        xorsign, a_nan, b_nan, a_below_b, canonical;
  hp_uop_pkg::src_mod_t src0_mod, src1_mod;
  logic [15:0] a_mod, b_mod, a, b, picked;

  always_comb begin
    {xorsign, a_nan, b_nan, a_below_b, canonical} = '0;
    {src0_mod, src1_mod, a_mod, b_mod, a, b, picked} = '0;
    result_o = '0;
    if (enable_i) begin
      src0_mod  = visa ? src0_mod_i : '0;
      src1_mod  = visa ? src1_mod_i : '0;
      a_mod     = modify(src0_mod.abs, src0_mod.neg, a_i, is_int, is_signed, is_byte);
      b_mod     = modify(src1_mod.abs, src1_mod.neg, b_i, is_int, is_signed, is_byte);
      xorsign   = a_mod[15] ^ b_mod[15];  // S16: signs taken before .abs
      a         = xorsign_abs_i ? {1'b0, a_mod[14:0]} : a_mod;
      b         = xorsign_abs_i ? {1'b0, b_mod[14:0]} : b_mod;
      a_nan     = !is_int && hp_format_pkg::is_nan(bf16, a[14:0]);
      b_nan     = !is_int && hp_format_pkg::is_nan(bf16, b[14:0]);
      a_below_b = order_key(a, is_int, is_signed, is_byte)
                < order_key(b, is_int, is_signed, is_byte);
      // One NaN returns the other operand (S15, S28); two return b, src1 (S28), which PTX then
      // canonicalises (S15).
      if (a_nan) begin
        picked = b;
      end else if (b_nan) begin
        picked = a;
      end else begin
        picked = (a_below_b != max_i) ? a : b;
      end
      canonical = !visa && ((a_nan && b_nan) || (nan_i && (a_nan || b_nan)));
      if (canonical) begin
        result_o = hp_policy_pkg::CanonicalNan;
      end else if (xorsign_abs_i) begin
        result_o = {xorsign, picked[14:0]};  // picked is not a NaN here (S16)
      end else begin
        result_o = picked;
      end
    end
  end

endmodule
