// tanh.approx and ex2.approx (PTX 9.7.4.9, 9.7.4.10; S19-S21): the table + interpolation unit,
// the twin of model/ref/tanh.cpp and model/ref/ex2.cpp. Both functions read their tables from
// the same .mem files as the reference (model/ref/approx/, $readmemh) and evaluate them with
// one hp_quadratic each; the exact result goes to the shared rounding stage, so f16 and bf16
// differ only there. The widths are model/ref/approx/datapath.h's layouts (kTanhLayout,
// kEx2Layout); the exhaustive sweeps of every tanh/ex2 form prove the two agree.
`include "hp_format_pkg.sv"
`include "hp_policy_pkg.sv"

module hp_approx #(
  parameter TanhMemFile = "model/ref/approx/tanh.mem",
  parameter Ex2MemFile = "model/ref/approx/ex2.mem"
) (
  // The op; neither when another unit's runs: the outputs are then zero (see hp_lane_operate).
  input  logic                                      tanh_i,
  input  logic                                      ex2_i,
  input  logic                                      bf16_i,
  input  logic [15:0]                               a_i,     // after the input flush (S9)
  input  logic                                      sign_i,  // a, unpacked (hp_unpack)
  input  logic signed [hp_format_pkg::ExpWidth-1:0] exp_i,
  input  logic [hp_format_pkg::SigWidth-1:0]        sig_i,
  input  logic                                      zero_i,
  input  logic                                      inf_i,
  input  logic                                      nan_i,
  output logic                                      special_o,
  output logic [15:0]                               special_value_o,
  output logic                                      exact_sign_o,
  output logic signed [hp_format_pkg::ExpWidth-1:0] exact_exp_o,
  output logic [hp_format_pkg::ExactWidth-1:0]      exact_sig_o,
  output logic                                      exact_sticky_o
);

  localparam int unsigned ExpWidth = hp_format_pkg::ExpWidth;
  localparam int unsigned SigWidth = hp_format_pkg::SigWidth;
  localparam int unsigned ExactWidth = hp_format_pkg::ExactWidth;
  localparam int unsigned YBits = 24;  // y <= 2 in units of 2^-22
  localparam int unsigned YFracBits = 22;

  // tanh: g(a) = tanh(a)/a on [0, 5), |a| truncated to 19 fraction bits; 32 segments 1/16 wide
  // on [0, 2), 24 segments 1/8 wide on [2, 5); 15-bit offsets.
  localparam int unsigned TanhEntries = 56;
  localparam int unsigned TanhOffsetBits = 15;
  localparam int unsigned TanhFractionBits = 19;
  localparam int unsigned TanhFineSegments = 32;
  localparam int unsigned TanhPositionBits = 22;  // |a| < 8 with 19 fraction bits
  localparam int unsigned TanhEntryBits = 23 + 18 + 14;
  // ex2: 2^f for f in [0, 1), x rounded to 22 fraction bits; 16 segments, 18-bit offsets.
  localparam int unsigned Ex2Entries = 16;
  localparam int unsigned Ex2OffsetBits = 18;
  localparam int unsigned Ex2FractionBits = 22;
  localparam int unsigned Ex2EntryBits = 23 + 20 + 14;
  localparam int unsigned Ex2FixedBits = 32;  // |x| < 2^8 with 22 fraction bits, and a sign

  typedef logic signed [ExpWidth-1:0] exp_t;

  // The tables: the one copy of the data is the .mem files the reference is built from.
  logic [TanhEntryBits-1:0] tanh_table [TanhEntries];
  logic [Ex2EntryBits-1:0]  ex2_table [Ex2Entries];
  initial begin
    $readmemh(TanhMemFile, tanh_table);
    $readmemh(Ex2MemFile, ex2_table);
  end

  // ---- tanh ----------------------------------------------------------------------------------
  exp_t                        tanh_shift;
  logic [TanhPositionBits-1:0] position;
  logic [TanhPositionBits-1:0] coarse;
  logic                        tanh_saturates;
  logic [5:0]                  tanh_index;
  logic [TanhOffsetBits-1:0]   tanh_offset;
  logic [YBits-1:0]            tanh_y;
  logic [SigWidth+YBits-1:0]   tanh_product;

  always_comb begin
    tanh_shift     = '0;
    position       = '0;
    tanh_saturates = 1'b0;
    coarse         = '0;
    tanh_index     = '0;
    tanh_offset    = '0;
    if (tanh_i) begin
      // |a| = sig * 2^exp >= 8 whenever exp >= -7 (sig has its leading one at bit 10).
      tanh_shift = exp_i + $signed(ExpWidth'(TanhFractionBits));
      if (tanh_shift >= 0) begin
        if (tanh_shift <= $signed(ExpWidth'(TanhPositionBits - SigWidth))) begin
          position = TanhPositionBits'(sig_i) << tanh_shift[4:0];
        end
      end else if (tanh_shift > -$signed(ExpWidth'(SigWidth))) begin
        position = TanhPositionBits'(sig_i) >> (-tanh_shift);  // truncated, as the reference does
      end
      tanh_saturates = (tanh_shift > $signed(ExpWidth'(TanhPositionBits - SigWidth)))
                    || (position >= TanhPositionBits'(5 << TanhFractionBits));
      // Fine segments split the position directly; coarse ones drop its lowest bit first.
      coarse = (position - TanhPositionBits'(TanhFineSegments << TanhOffsetBits)) >> 1;
      if (position < TanhPositionBits'(TanhFineSegments << TanhOffsetBits)) begin
        tanh_index  = position[TanhOffsetBits +: 6];
        tanh_offset = position[TanhOffsetBits-1:0];
      end else begin
        tanh_index  = 6'(TanhFineSegments) + coarse[TanhOffsetBits +: 6];
        tanh_offset = coarse[TanhOffsetBits-1:0];
      end
    end
  end

  hp_quadratic #(
    .OffsetBits(TanhOffsetBits),
    .SquareBits(12),
    .C0Bits(23),
    .C1Bits(18),
    .C2Bits(14),
    .YBits(YBits)
  ) u_tanh_quadratic (
    .enable_i(tanh_i),
    .entry_i (tanh_table[tanh_index]),
    .offset_i(tanh_offset),
    .y_o     (tanh_y)
  );

  // ---- ex2 -------------------------------------------------------------------------------------
  exp_t                     ex2_shift;
  logic                     ex2_out_of_range;
  logic [Ex2FixedBits-1:0]  magnitude, fixed;
  logic [4:0]               round_shift;
  logic [Ex2FixedBits-1:0]  ex2_n;  // floor(x), sign-extended
  logic [3:0]               ex2_index;
  logic [Ex2OffsetBits-1:0] ex2_offset;
  logic [YBits-1:0]         ex2_y;

  always_comb begin
    ex2_out_of_range = 1'b0;
    ex2_shift        = '0;
    round_shift      = '0;
    magnitude        = '0;
    fixed            = '0;
    ex2_n            = '0;
    ex2_index        = '0;
    ex2_offset       = '0;
    if (ex2_i) begin
      // |x| >= 2^exp_bits over- or underflows in every case.
      ex2_out_of_range = !zero_i && (exp_i + $signed(ExpWidth'(SigWidth - 1))
                                     >= $signed(ExpWidth'(bf16_i ? 8 : 5)));
      ex2_shift = exp_i + $signed(ExpWidth'(Ex2FractionBits));
      // |x| in fixed point, rounded to nearest with ties away (a shift of 12 or more leaves 0).
      round_shift = (ex2_shift < -$signed(ExpWidth'(12))) ? 5'd12 : 5'((-ex2_shift));
      if (ex2_shift >= 0) begin
        magnitude = Ex2FixedBits'(sig_i) << ex2_shift[4:0];
      end else begin
        magnitude = (Ex2FixedBits'(sig_i) + (Ex2FixedBits'(1) << (round_shift - 5'd1)))
                  >> round_shift;
      end
      fixed = sign_i ? -magnitude : magnitude;
      ex2_n = Ex2FixedBits'($signed(fixed) >>> Ex2FractionBits);
      ex2_index = fixed[Ex2FractionBits-1 -: 4];
      ex2_offset = fixed[Ex2OffsetBits-1:0];
    end
  end

  hp_quadratic #(
    .OffsetBits(Ex2OffsetBits),
    .SquareBits(12),
    .C0Bits(23),
    .C1Bits(20),
    .C2Bits(14),
    .YBits(YBits)
  ) u_ex2_quadratic (
    .enable_i(ex2_i),
    .entry_i (ex2_table[ex2_index]),
    .offset_i(ex2_offset),
    .y_o     (ex2_y)
  );

  logic unused_coarse_top;  // a coarse position is below 2^20
  assign unused_coarse_top = coarse[TanhPositionBits-1];

  logic unused_ex2_n_high;
  assign unused_ex2_n_high = ^ex2_n[Ex2FixedBits-1:ExpWidth];

  // ---- Results -----------------------------------------------------------------------------
  always_comb begin
    tanh_product = '0;
    special_o = tanh_i || ex2_i;
    special_value_o = hp_policy_pkg::CanonicalNan;
    exact_sign_o = 1'b0;
    exact_exp_o = '0;
    exact_sig_o = '0;
    exact_sticky_o = 1'b0;
    if (!tanh_i && !ex2_i) begin
      special_value_o = '0;
    end else if (nan_i) begin
      special_value_o = hp_policy_pkg::CanonicalNan;  // S10
    end else if (ex2_i) begin
      if (inf_i || ex2_out_of_range) begin  // 2^-inf = +0, 2^+inf = +inf
        special_value_o = sign_i ? 16'h0000 : {1'b0, hp_format_pkg::inf_magnitude(bf16_i)};
      end else begin
        special_o = 1'b0;
        exact_exp_o = $signed(ex2_n[ExpWidth-1:0]) - $signed(ExpWidth'(YFracBits));
        exact_sig_o = ExactWidth'(ex2_y);
      end
    end else begin
      if (inf_i) begin  // tanh(+-inf) = +-1
        special_value_o = {sign_i, hp_format_pkg::one_magnitude(bf16_i)};
      end else if (zero_i) begin
        special_value_o = a_i;  // tanh(+-0) = +-0
      end else if (tanh_saturates) begin  // tanh rounds to +-1 for every |a| >= 5
        special_value_o = {sign_i, hp_format_pkg::one_magnitude(bf16_i)};
      end else begin
        // sig * y has at most 34 bits; dropping 8 into the sticky bit still leaves more than
        // ten below the result's last place, as the rounding stage needs.
        special_o = 1'b0;
        tanh_product = (SigWidth + YBits)'(sig_i) * (SigWidth + YBits)'(tanh_y);
        exact_sign_o = sign_i;
        exact_exp_o = exp_i - $signed(ExpWidth'(YFracBits)) + $signed(ExpWidth'(8));
        exact_sig_o = tanh_product[8 +: ExactWidth];
        exact_sticky_o = tanh_product[7:0] != 8'd0;
      end
    end
  end

  logic unused_product_high;
  assign unused_product_high = ^tanh_product[SigWidth+YBits-1:8+ExactWidth];

endmodule
