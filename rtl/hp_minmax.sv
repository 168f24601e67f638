// The one min/max unit, for both front-ends and every element width: one 16-bit slice per lane,
// whose slices fuse into 32-bit elements on lane pairs and 64-bit elements on groups of four.
// PTX 9.7.4.7 min and 9.7.4.8 max, the twin of model/ref/minmax.cpp: IEEE order with
// -0 < +0 (S15), one NaN returns the other input and two the canonical NaN (S15), .NaN makes any
// NaN input the canonical NaN, and .xorsign.abs compares magnitudes and then gives the result
// the XOR of the input signs (S16, S17). Operands arrive already flushed under .ftz (S18).
// vISA MIN_MAX, the twin of model/ref/visa_minmax.cpp for all eleven types: source modifiers
// first (S27), then integer or IEEE order with -0 < +0 and denormals kept (S26), and the S28 NaN
// rule, which differs from PTX's only in never canonicalising; for F and DF also .sat (S29; HF's
// is S12's clamp in hp_postprocess, shared with PTX). B and UB use the low byte of the lane and
// give a zero high byte.
//
// Fusion (rtl/README.md, "Wide elements"). An element of a 32-bit type occupies lanes 2g, 2g+1
// and one of a 64-bit type lanes 4g..4g+3, least significant slice in the lowest lane. Each
// slice does the 16-bit work alone (its part of a negation, its order keys, a 16-bit compare)
// and three chains join the slices of a group, each with a 16-bit element's value at a group of
// one lane:
//   - zero, upwards: whether every slice below is zero: the carry into a slice of the two's
//     complement negation (S27), and the "fraction bits below" of NaN and of .sat's 1.0;
//   - compare, upwards: a slice is below when its keys are, or equal with the slices below
//     below, so the top slice holds the element's decision;
//   - the top slice's facts, downwards: the raw sign (which abs and the key need), then the
//     decision (which operand, or .sat's +0 or 1.0) each slice applies to its own bits.
// There is one comparator per lane, the 16-bit one; no width has a comparator of its own.
`include "hp_uop_pkg.sv"
`include "hp_format_pkg.sv"
`include "hp_policy_pkg.sv"

module hp_minmax #(
  parameter int unsigned Lanes = 2
) (
  input  logic                               enable_i,       // min or max, else output 0
  input  logic [hp_uop_pkg::FormatWidth-1:0] format_i,
  input  logic                               nan_policy_i,   // hp_uop_pkg::NanPolicy*
  input  logic                               max_i,          // max, else min
  input  logic                               nan_i,          // .NaN
  input  logic                               xorsign_abs_i,  // .xorsign.abs
  input  logic                               sat_i,          // .sat, applied here to F and DF
  input  hp_uop_pkg::src_mod_t               src0_mod_i,     // S27
  input  hp_uop_pkg::src_mod_t               src1_mod_i,
  input  logic [16*Lanes-1:0]                a_i,
  input  logic [16*Lanes-1:0]                b_i,
  output logic [16*Lanes-1:0]                result_o
);

  logic bf16, f32, f64, wide32, wide64, is_float, is_int, is_signed, is_byte, visa, wide_sat;
  // The top slice's magnitude of +infinity and of 1.0 (F32's top slice is bf16's layout).
  logic [14:0] top_inf, top_one;
  always_comb begin
    bf16      = format_i == hp_uop_pkg::FormatBf16;
    f32       = format_i == hp_uop_pkg::FormatF32;
    f64       = format_i == hp_uop_pkg::FormatF64;
    wide32    = f32 || format_i == hp_uop_pkg::FormatS32 || format_i == hp_uop_pkg::FormatU32;
    wide64    = f64 || format_i == hp_uop_pkg::FormatS64 || format_i == hp_uop_pkg::FormatU64;
    is_float  = format_i == hp_uop_pkg::FormatF16 || bf16 || f32 || f64;
    is_int    = !is_float;
    is_signed = format_i == hp_uop_pkg::FormatS16 || format_i == hp_uop_pkg::FormatS8
             || format_i == hp_uop_pkg::FormatS32 || format_i == hp_uop_pkg::FormatS64;
    is_byte   = format_i == hp_uop_pkg::FormatS8 || format_i == hp_uop_pkg::FormatU8;
    // The reference's dispatch (model/ref/execute.cpp): PTX never sets a source modifier, but a
    // PTX Uop's are ignored there, so they are here. F and DF are vISA's alone.
    visa      = nan_policy_i == hp_uop_pkg::NanPolicyVisaSrc1 || is_int || f32 || f64;
    wide_sat  = sat_i && (f32 || f64);  // S29: F and DF here, HF in hp_postprocess
    if (f64) begin
      top_inf = 15'h7FF0;
      top_one = 15'h3FF0;
    end else if (f32) begin
      top_inf = 15'h7F80;
      top_one = 15'h3F80;
    end else begin
      top_inf = hp_format_pkg::inf_magnitude(bf16);
      top_one = hp_format_pkg::one_magnitude(bf16);
    end
  end

  // Which lanes start and end a group: every lane for 8- and 16-bit elements.
  logic [Lanes-1:0] group_bottom, group_top;
  always_comb begin
    for (int i = 0; i < Lanes; i++) begin
      group_bottom[i] = wide64 ? i % 4 == 0 : wide32 ? i % 2 == 0 : 1'b1;
      group_top[i]    = wide64 ? i % 4 == 3 : wide32 ? i % 2 == 1 : 1'b1;
    end
  end

  // S27 on one slice. Floats: sign-bit operations on the top slice, so a NaN keeps its payload.
  // Integers: abs-then-neg is at most one two's-complement negation (two cancel), wrapping, so
  // the most negative value maps to itself and unsigned abs is the identity; a slice's share of
  // the negation is ~x plus the carry from below, which is set when every slice below is zero.
  // The modifier comes as its two fields (Yosys 0.23 takes no struct argument).
  function automatic logic [15:0] modify(logic abs, logic neg, logic [15:0] x, logic top,
                                          logic elem_sign, logic carry, logic int_fmt,
                                          logic signed_fmt, logic byte_fmt);
    logic [15:0] element, negated;
    logic        do_negate;
    element   = byte_fmt ? {8'h00, x[7:0]} : x;
    negated   = ~element + 16'(carry);
    do_negate = (abs && signed_fmt && elem_sign) ^ neg;
    if (!int_fmt) begin
      modify = top ? {(elem_sign && !abs) ^ neg, x[14:0]} : x;
    end else if (!do_negate) begin
      modify = element;
    end else begin
      modify = byte_fmt ? {8'h00, negated[7:0]} : negated;
    end
  endfunction

  // A slice of an unsigned key in the order of the element: IEEE order with -0 below +0 for
  // floats (S15, S26), signed integers with their sign bit flipped, unsigned ones as they are.
  function automatic logic [15:0] order_key(logic [15:0] x, logic top, logic elem_sign,
                                             logic int_fmt, logic signed_fmt, logic byte_fmt);
    if (!int_fmt) begin
      order_key = elem_sign ? ~x : {x[15] || top, x[14:0]};
    end else if (byte_fmt) begin
      order_key = {8'h00, x[7] ^ signed_fmt, x[6:0]};
    end else begin
      order_key = {x[15] ^ (signed_fmt && top), x[14:0]};
    end
  endfunction

  // Per slice: the zero chains of the raw operands, the raw sign of the element, the modified
  // slices, their keys and compare, the compare chain, and the group's decision. Each chain
  // runs through a variable that restarts at a group's first slice (no index below lane 0).
  logic [Lanes-1:0]     a_zero_below, b_zero_below, a_sign, b_sign, a_mod_sign, b_mod_sign;
  logic [Lanes-1:0]     a_nan, b_nan, a_below, xorsign, take_a, canonical, sat_zero, sat_one;
  logic [16*Lanes-1:0]  a_mod, b_mod;
  hp_uop_pkg::src_mod_t src0_mod, src1_mod;
  // The chains' running values and one slice's working values.
  logic        a_zero_run, b_zero_run, a_sign_run, b_sign_run, below_run;
  logic        take_a_run, canonical_run, sat_zero_run, sat_one_run;
  logic [15:0] a, b, a_key, b_key, picked;
  logic        picked_nan, picked_sign, picked_above_one;

  always_comb begin
    {a_zero_below, b_zero_below, a_sign, b_sign, a_mod_sign, b_mod_sign} = '0;
    {a_nan, b_nan, a_below, xorsign, take_a, canonical, sat_zero, sat_one, a_mod, b_mod} = '0;
    {src0_mod, src1_mod} = '0;
    {a_zero_run, b_zero_run, a_sign_run, b_sign_run, below_run} = '0;
    {take_a_run, canonical_run, sat_zero_run, sat_one_run} = '0;
    {a, b, a_key, b_key, picked, picked_nan, picked_sign, picked_above_one} = '0;
    result_o = '0;
    if (enable_i) begin
      src0_mod = visa ? src0_mod_i : '0;
      src1_mod = visa ? src1_mod_i : '0;
      // Upwards: whether every slice below is zero (of the raw operands: a float's modifiers
      // keep its magnitude).
      for (int i = 0; i < Lanes; i++) begin
        if (group_bottom[i]) begin
          a_zero_run = 1'b1;
          b_zero_run = 1'b1;
        end
        a_zero_below[i] = a_zero_run;
        b_zero_below[i] = b_zero_run;
        a_zero_run = a_zero_run && a_i[16*i +: 16] == '0;
        b_zero_run = b_zero_run && b_i[16*i +: 16] == '0;
      end
      // Downwards: the raw sign of the element, from its top slice.
      for (int i = Lanes - 1; i >= 0; i--) begin
        if (group_top[i]) begin
          a_sign_run = is_byte ? a_i[16*i+7] : a_i[16*i+15];
          b_sign_run = is_byte ? b_i[16*i+7] : b_i[16*i+15];
        end
        a_sign[i] = a_sign_run;
        b_sign[i] = b_sign_run;
      end
      // Each slice: the modifiers, the sign the modified element has (floats: a sign-bit
      // operation on the raw sign), the keys and the 16-bit compare; upwards the compare chain,
      // and at the top slice whether the element is a NaN (S3: an all-ones exponent and a
      // fraction that is not zero, in the top slice's bits or in any slice below).
      for (int i = 0; i < Lanes; i++) begin
        a = modify(src0_mod.abs, src0_mod.neg, a_i[16*i +: 16], group_top[i], a_sign[i],
                   a_zero_below[i], is_int, is_signed, is_byte);
        b = modify(src1_mod.abs, src1_mod.neg, b_i[16*i +: 16], group_top[i], b_sign[i],
                   b_zero_below[i], is_int, is_signed, is_byte);
        a_mod_sign[i] = (a_sign[i] && !src0_mod.abs) ^ src0_mod.neg;
        b_mod_sign[i] = (b_sign[i] && !src1_mod.abs) ^ src1_mod.neg;
        if (xorsign_abs_i) begin  // PTX, 16-bit floats: every slice is an element
          xorsign[i] = a[15] ^ b[15];  // S16: signs taken before .abs
          a = {1'b0, a[14:0]};
          b = {1'b0, b[14:0]};
          a_mod_sign[i] = 1'b0;
          b_mod_sign[i] = 1'b0;
        end
        a_mod[16*i +: 16] = a;
        b_mod[16*i +: 16] = b;
        a_key = order_key(a, group_top[i], a_mod_sign[i], is_int, is_signed, is_byte);
        b_key = order_key(b, group_top[i], b_mod_sign[i], is_int, is_signed, is_byte);
        if (group_bottom[i]) below_run = 1'b0;
        below_run  = a_key < b_key || (a_key == b_key && below_run);
        a_below[i] = below_run;
        a_nan[i] = is_float && {a[14:0], !a_zero_below[i]} > {top_inf, 1'b0};
        b_nan[i] = is_float && {b[14:0], !b_zero_below[i]} > {top_inf, 1'b0};
      end
      // At the top slice the group's decision, downwards to every slice of the group. One NaN
      // returns the other operand (S15, S28); two return b, src1 (S28), which PTX then
      // canonicalises (S15). .sat on F and DF (S29, S12's clamp): a NaN or negative result is
      // +0, one above 1.0 is 1.0.
      for (int i = Lanes - 1; i >= 0; i--) begin
        if (group_top[i]) begin
          take_a_run       = b_nan[i] ? !a_nan[i] : !a_nan[i] && (a_below[i] != max_i);
          canonical_run    = !visa && ((a_nan[i] && b_nan[i]) || (nan_i && (a_nan[i] || b_nan[i])));
          picked           = take_a_run ? a_mod[16*i +: 16] : b_mod[16*i +: 16];
          picked_nan       = take_a_run ? a_nan[i] : b_nan[i];
          picked_sign      = take_a_run ? a_mod_sign[i] : b_mod_sign[i];
          picked_above_one = {picked[14:0], take_a_run ? !a_zero_below[i] : !b_zero_below[i]}
                           > {top_one, 1'b0};
          sat_zero_run     = wide_sat && (picked_nan || picked_sign);
          sat_one_run      = wide_sat && !sat_zero_run && picked_above_one;
        end
        take_a[i]    = take_a_run;
        canonical[i] = canonical_run;
        sat_zero[i]  = sat_zero_run;
        sat_one[i]   = sat_one_run;
      end
      // Each slice applies the decision to its own bits.
      for (int i = 0; i < Lanes; i++) begin
        picked = take_a[i] ? a_mod[16*i +: 16] : b_mod[16*i +: 16];
        if (canonical[i]) begin
          result_o[16*i +: 16] = hp_policy_pkg::CanonicalNan;
        end else if (xorsign_abs_i) begin
          result_o[16*i +: 16] = {xorsign[i], picked[14:0]};  // picked is not a NaN here (S16)
        end else if (sat_zero[i]) begin
          result_o[16*i +: 16] = '0;
        end else if (sat_one[i]) begin
          result_o[16*i +: 16] = group_top[i] ? {1'b0, top_one} : '0;
        end else begin
          result_o[16*i +: 16] = picked;
        end
      end
    end
  end

endmodule
