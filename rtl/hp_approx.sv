// tanh.approx and ex2.approx (PTX 9.7.4.9, 9.7.4.10; S19-S21) as sm_90 computes them: the table +
// interpolation unit, the twin of model/ref/tanh.cpp and model/ref/ex2.cpp. Both functions read
// their tables from the same .mem files as the reference (model/ref/approx/, $readmemh): tanh's
// through hp_quadratic, ex2's through hp_ex2_quadratic (the chip's MUFU.EX2 datapath); the exact
// result goes to the shared rounding stage, which truncates it (hp_lane_operate's toward_zero_o),
// so f16 and bf16 differ only there. The widths are model/ref/approx/datapath.h's; the exhaustive
// sweeps of every tanh/ex2 form prove the two agree.
//
// Steps, with the positions of hp_pipe_pkg between them (a register where Depth's cut set has
// one): the front end (the table index and offset, and the results decided without the table);
// | Front |  the table read and the interpolators' steps, | Products | and | Quadratic | inside
// them; | Interpolated |  tanh's product sig * y as two partial products (sig times y's low and
// high halves); | Scaled |  their sum, the exact result.
`include "hp_format_pkg.sv"
`include "hp_pipe_pkg.sv"
`include "hp_policy_pkg.sv"

module hp_approx #(
  parameter hp_pipe_pkg::cut_set_t CutSet = '0,
  parameter TanhMemFile = "model/ref/approx/tanh.mem",
  parameter Ex2MemFile = "model/ref/approx/ex2.mem"
) (
  input  logic                                      clk_i,
  input  logic                                      advance_i,
  // After the Unpacked position. The op; neither when another unit's runs: the outputs are then
  // zero (see hp_lane_operate).
  input  logic                                      tanh_i,
  input  logic                                      ex2_i,
  input  logic                                      bf16_i,
  input  logic [15:0]                               a_i,     // after the input flush (S9)
  input  hp_format_pkg::unpacked_t                  a_unpacked_i,  // a, unpacked (hp_unpack)
  // Before the Operated position: either a result decided without the table ...
  output logic                                      special_o,
  output logic [15:0]                               special_value_o,
  // ... or the exact value.
  output hp_format_pkg::exact_t                     exact_o
);

  localparam int unsigned ExpWidth = hp_format_pkg::ExpWidth;
  localparam int unsigned SigWidth = hp_format_pkg::SigWidth;
  localparam int unsigned ExactWidth = hp_format_pkg::ExactWidth;
  localparam int unsigned YBits = 24;  // tanh: y <= 1 in units of 2^-22; ex2: y < 2 in 2^-23
  localparam int unsigned TanhYFracBits = 22;

  // tanh: g(a) = tanh(a)/a on [0, 8), |a| truncated to 19 fraction bits; 64 segments 1/32 wide
  // on [0, 2), 48 segments 1/8 wide on [2, 8); 14-bit offsets.
  localparam int unsigned TanhEntries = 112;
  localparam int unsigned TanhIndexBits = 7;
  localparam int unsigned TanhOffsetBits = 14;
  localparam int unsigned TanhFractionBits = 19;
  localparam int unsigned TanhFineSegments = 64;
  localparam int unsigned TanhCoarseShift = 2;
  localparam int unsigned TanhPositionBits = 22;  // |a| < 8 with 19 fraction bits
  localparam int unsigned TanhEntryBits = 23 + 18 + 15;
  // |a| < 2^-8 (1 + 2^-7) returns a (measured): the position 2^11 + 2^4.
  localparam logic [TanhPositionBits-1:0] TanhIdentityBelow = TanhPositionBits'((1 << 11) + (1 << 4));
  // ex2: x = n + f, f truncated to 23 fraction bits (complemented for a negative x); 64 segments,
  // 17-bit offsets.
  localparam int unsigned Ex2Entries = 64;
  localparam int unsigned Ex2OffsetBits = 17;
  localparam int unsigned Ex2FractionBits = 23;
  localparam int unsigned Ex2EntryBits = 26 + 16 + 10;
  localparam int unsigned Ex2FixedBits = 32;  // |x| < 2^8 with 23 fraction bits, and a sign

  typedef logic signed [ExpWidth-1:0] exp_t;

  // The tables: the one copy of the data is the .mem files the reference is built from.
  logic [TanhEntryBits-1:0] tanh_table [TanhEntries];
  logic [Ex2EntryBits-1:0]  ex2_table [Ex2Entries];
  initial begin
    $readmemh(TanhMemFile, tanh_table);
    $readmemh(Ex2MemFile, ex2_table);
  end

  // ---- a as its fields give it ----------------------------------------------------------------
  // Both front ends turn a into fixed point, which needs its value, not a normalised form: the
  // raw significand and exponent field (a subnormal's leading zeros kept) give the same value,
  // a = raw_sig * 2^(field1 - bias - FracWidth) with field1 = max(field, 1), without hp_unpack's
  // count and shift; and each shift below is field1 less one constant per format. So the table
  // index is ready that much sooner. (tanh's product takes the normalised a_unpacked_i.sig and
  // a_unpacked_i.exp, after the Front position.)
  logic [7:0]          raw_field, field1;
  logic [SigWidth-1:0] raw_sig;
  exp_t                field_exp;  // field1 as a signed exponent-width number

  always_comb begin
    {raw_field, field1, raw_sig} = '0;
    if (tanh_i || ex2_i) begin
      raw_field = hp_format_pkg::exp_field(bf16_i, a_i[14:0]);
      raw_sig   = {raw_field != 8'd0, hp_format_pkg::frac_aligned(bf16_i, a_i[14:0])};
      field1    = (raw_field == 8'd0) ? 8'd1 : raw_field;
    end
    field_exp = $signed({4'd0, field1});
  end

  // The weight below a's fixed point, bias + FracWidth - fraction bits, per format.
  function automatic exp_t fixed_point_offset(logic bf16, logic [4:0] fraction_bits);
    fixed_point_offset = $signed({4'd0, hp_format_pkg::bias(bf16)})
                       + $signed(ExpWidth'(hp_format_pkg::FracWidth))
                       - $signed({7'd0, fraction_bits});
  endfunction

  // ---- tanh ----------------------------------------------------------------------------------
  exp_t                        tanh_shift;
  logic [TanhPositionBits-1:0] position;
  logic [TanhPositionBits-1:0] coarse;
  logic                        tanh_saturates;
  logic                        tanh_identity;
  logic [TanhIndexBits-1:0]    tanh_index;
  logic [TanhOffsetBits-1:0]   tanh_offset;
  logic [YBits-1:0]            tanh_y;
  logic [SigWidth+YBits-1:0]   tanh_product;

  always_comb begin
    tanh_shift     = '0;
    position       = '0;
    tanh_saturates = 1'b0;
    tanh_identity  = 1'b0;
    coarse         = '0;
    tanh_index     = '0;
    tanh_offset    = '0;
    if (tanh_i) begin
      // |a| = sig * 2^exp >= 8 exactly when the shift would carry sig's top bit past the
      // position's 22 bits (a normal's sig has its leading one at bit 10).
      tanh_shift = field_exp - fixed_point_offset(bf16_i, 5'(TanhFractionBits));
      if (tanh_shift >= 0) begin
        if (tanh_shift <= $signed(ExpWidth'(TanhPositionBits - SigWidth))) begin
          position = TanhPositionBits'(raw_sig) << tanh_shift[4:0];
        end
      end else if (tanh_shift > -$signed(ExpWidth'(SigWidth))) begin
        position = TanhPositionBits'(raw_sig) >> (-tanh_shift);  // truncated, as the reference does
      end
      tanh_saturates = tanh_shift > $signed(ExpWidth'(TanhPositionBits - SigWidth));
      tanh_identity = !tanh_saturates && position < TanhIdentityBelow;
      // Fine segments split the position directly; coarse ones drop its lowest two bits first.
      coarse = (position - TanhPositionBits'(TanhFineSegments << TanhOffsetBits)) >> TanhCoarseShift;
      if (position < TanhPositionBits'(TanhFineSegments << TanhOffsetBits)) begin
        tanh_index  = position[TanhOffsetBits +: TanhIndexBits];
        tanh_offset = position[TanhOffsetBits-1:0];
      end else begin
        tanh_index  = TanhIndexBits'(TanhFineSegments) + TanhIndexBits'(coarse[TanhOffsetBits +: 6]);
        tanh_offset = coarse[TanhOffsetBits-1:0];
      end
    end
  end

  // ---- ex2 -------------------------------------------------------------------------------------
  exp_t                     ex2_shift;
  logic                     ex2_overflows, ex2_underflows;
  logic [Ex2FixedBits-1:0]  magnitude, fixed;
  logic [Ex2FixedBits-1:0]  ex2_n;  // floor(x), sign-extended
  logic [5:0]               ex2_index;
  logic [Ex2OffsetBits-1:0] ex2_offset;
  logic [YBits-1:0]         ex2_y;

  always_comb begin
    ex2_overflows  = 1'b0;
    ex2_underflows = 1'b0;
    ex2_shift      = '0;
    magnitude      = '0;
    fixed          = '0;
    ex2_n          = '0;
    ex2_index      = '0;
    ex2_offset     = '0;
    if (ex2_i) begin
      // x >= 2^(exp_bits-1) gives +inf and x <= -2^exp_bits gives +0 in every case:
      // field1 - bias >= exp_bits - 1, or exp_bits.
      ex2_overflows = !a_unpacked_i.zero && !a_unpacked_i.sign
                   && (field1 >= hp_format_pkg::bias(bf16_i) + (bf16_i ? 8'd7 : 8'd4));
      ex2_underflows = !a_unpacked_i.zero && a_unpacked_i.sign
                    && (field1 >= hp_format_pkg::bias(bf16_i) + (bf16_i ? 8'd8 : 8'd5));
      ex2_shift = field_exp - fixed_point_offset(bf16_i, 5'(Ex2FractionBits));
      // |x| in fixed point, truncated (a right shift of 11 or more leaves 0).
      if (ex2_shift >= 0) begin
        magnitude = Ex2FixedBits'(raw_sig) << ex2_shift[4:0];
      end else if (ex2_shift > -$signed(ExpWidth'(SigWidth))) begin
        magnitude = Ex2FixedBits'(raw_sig) >> (-ex2_shift);
      end
      // A negative x takes the one's complement of the fraction and borrows from the integer part
      // (-M - 1 = ~M), unless the fraction is zero (-M = ~M + 1).
      fixed = a_unpacked_i.sign
            ? ~magnitude + Ex2FixedBits'(magnitude[Ex2FractionBits-1:0] == '0)
            : magnitude;
      ex2_n = Ex2FixedBits'($signed(fixed) >>> Ex2FractionBits);
      ex2_index = fixed[Ex2FractionBits-1 -: 6];
      ex2_offset = fixed[Ex2OffsetBits-1:0];
    end
  end

  logic unused_coarse_top;  // a coarse position is below 2^20
  assign unused_coarse_top = ^coarse[TanhPositionBits-1:TanhOffsetBits+6];

  logic unused_ex2_n_high;
  assign unused_ex2_n_high = ^ex2_n[Ex2FixedBits-1:ExpWidth];

  // ---- Results decided without the table -----------------------------------------------------
  logic        special;
  logic [15:0] special_value;

  always_comb begin
    special = tanh_i || ex2_i;
    special_value = hp_policy_pkg::CanonicalNan;
    if (!tanh_i && !ex2_i) begin
      special_value = '0;
    end else if (a_unpacked_i.nan) begin
      special_value = hp_policy_pkg::CanonicalNan;  // S10
    end else if (ex2_i) begin
      if (a_unpacked_i.inf || ex2_overflows || ex2_underflows) begin  // 2^-inf = +0, 2^+inf = +inf
        special_value = a_unpacked_i.sign ? 16'h0000 : {1'b0, hp_format_pkg::inf_magnitude(bf16_i)};
      end else begin
        special = 1'b0;
      end
    end else begin
      if (a_unpacked_i.inf) begin  // tanh(+-inf) = +-1
        special_value = {a_unpacked_i.sign, hp_format_pkg::one_magnitude(bf16_i)};
      end else if (a_unpacked_i.zero) begin
        special_value = a_i;  // tanh(+-0) = +-0
      end else if (tanh_saturates) begin  // +-1 for every |a| >= 8 (measured)
        special_value = {a_unpacked_i.sign, hp_format_pkg::one_magnitude(bf16_i)};
      end else if (tanh_identity) begin  // a for every |a| < 2^-8 (1 + 2^-7) (measured)
        special_value = a_i;
      end else begin
        special = 1'b0;
      end
    end
  end

  // ---- | Front |: the table reads and the interpolations --------------------------------------
  // What the last step needs, beside the table's inputs: the op and its decided result; a's sign,
  // exponent and significand (tanh's product); ex2's integer part.
  typedef struct packed {
    logic                      tanh;
    logic                      ex2;
    logic                      special;
    logic [15:0]               special_value;
    logic                      sign;
    exp_t                      exp;
    logic [SigWidth-1:0]       sig;
    exp_t                      ex2_n;
  } pending_t;
  localparam int unsigned PendingWidth = 3 + 16 + 1 + 2 * ExpWidth + SigWidth;

  typedef struct packed {
    pending_t                  pending;
    logic [TanhIndexBits-1:0]  tanh_index;
    logic [TanhOffsetBits-1:0] tanh_offset;
    logic [5:0]                ex2_index;
    logic [Ex2OffsetBits-1:0]  ex2_offset;
  } front_t;
  localparam int unsigned FrontWidth = PendingWidth + TanhIndexBits + TanhOffsetBits + 6
                                     + Ex2OffsetBits;

  front_t front, front_q;
  pending_t pending_q;

  always_comb begin
    front.pending.tanh          = tanh_i;
    front.pending.ex2           = ex2_i;
    front.pending.special       = special;
    front.pending.special_value = special_value;
    front.pending.sign          = a_unpacked_i.sign;
    front.pending.exp           = a_unpacked_i.exp;
    front.pending.sig           = a_unpacked_i.sig;
    front.pending.ex2_n         = ex2_n[ExpWidth-1:0];
    front.tanh_index            = tanh_index;
    front.tanh_offset           = tanh_offset;
    front.ex2_index             = ex2_index;
    front.ex2_offset            = ex2_offset;
  end

  hp_pipe_cut #(
    .Width (FrontWidth),
    .Enable(CutSet[hp_pipe_pkg::CutFront])
  ) u_cut_front (
    .clk_i,
    .advance_i,
    .data_i(front),
    .data_o(front_q)
  );

  hp_quadratic #(
    .CutSet    (CutSet),
    .OffsetBits(TanhOffsetBits),
    .SquareBits(12),
    .C0Bits(23),
    .C1Bits(18),
    .C2Bits(15),
    .YBits(YBits)
  ) u_tanh_quadratic (
    .clk_i,
    .advance_i,
    .enable_i(front_q.pending.tanh),
    .entry_i (tanh_table[front_q.tanh_index]),
    .offset_i(front_q.tanh_offset),
    .y_o     (tanh_y)
  );

  hp_ex2_quadratic #(
    .CutSet    (CutSet),
    .OffsetBits(Ex2OffsetBits),
    .YBits(YBits)
  ) u_ex2_quadratic (
    .clk_i,
    .advance_i,
    .enable_i(front_q.pending.ex2),
    .entry_i (ex2_table[front_q.ex2_index]),
    .offset_i(front_q.ex2_offset),
    .y_o     (ex2_y)
  );

  hp_pipe_span #(
    .Width (PendingWidth),
    .CutSet(CutSet),
    .First (hp_pipe_pkg::CutProducts),
    .Last  (hp_pipe_pkg::CutInterpolated)
  ) u_span_pending (
    .clk_i,
    .advance_i,
    .data_i(front_q.pending),
    .data_o(pending_q)
  );

  // ---- | Interpolated |: tanh's partial products ----------------------------------------------
  localparam int unsigned HalfYBits = YBits / 2;
  localparam int unsigned PartialBits = SigWidth + HalfYBits;

  typedef struct packed {
    pending_t                 pending;
    logic [YBits-1:0]         ex2_y;
    logic [PartialBits-1:0]   tanh_low;   // sig * y[HalfYBits-1:0]
    logic [PartialBits-1:0]   tanh_high;  // sig * y[YBits-1:HalfYBits]
  } scaled_t;
  localparam int unsigned ScaledWidth = PendingWidth + YBits + 2 * PartialBits;

  scaled_t scaled, scaled_q;

  always_comb begin
    scaled.pending   = pending_q;
    scaled.ex2_y     = ex2_y;
    scaled.tanh_low  = '0;
    scaled.tanh_high = '0;
    if (pending_q.tanh) begin
      scaled.tanh_low  = PartialBits'(pending_q.sig) * PartialBits'(tanh_y[HalfYBits-1:0]);
      scaled.tanh_high = PartialBits'(pending_q.sig) * PartialBits'(tanh_y[YBits-1:HalfYBits]);
    end
  end

  hp_pipe_cut #(
    .Width (ScaledWidth),
    .Enable(CutSet[hp_pipe_pkg::CutScaled])
  ) u_cut_scaled (
    .clk_i,
    .advance_i,
    .data_i(scaled),
    .data_o(scaled_q)
  );

  // ---- | Scaled |: the exact result -------------------------------------------------------------
  pending_t result;
  assign result = scaled_q.pending;

  logic unused_result_sig;  // it is in the partial products now
  assign unused_result_sig = ^result.sig;

  always_comb begin
    tanh_product = '0;
    special_o = result.special;
    special_value_o = result.special_value;
    exact_o.sign = 1'b0;
    exact_o.exp = '0;
    exact_o.sig = '0;
    exact_o.sticky = 1'b0;
    if (!result.special) begin
      if (result.ex2) begin
        exact_o.exp = result.ex2_n - $signed(ExpWidth'(Ex2FractionBits));
        exact_o.sig = ExactWidth'(scaled_q.ex2_y);
      end else if (result.tanh) begin
        // sig * y has at most 34 bits; dropping 8 into the sticky bit still leaves more than
        // ten below the result's last place, as the rounding stage needs.
        tanh_product = (SigWidth + YBits)'(scaled_q.tanh_low)
                     + ((SigWidth + YBits)'(scaled_q.tanh_high) << HalfYBits);
        exact_o.sign = result.sign;
        exact_o.exp = result.exp - $signed(ExpWidth'(TanhYFracBits)) + $signed(ExpWidth'(8));
        exact_o.sig = tanh_product[8 +: ExactWidth];
        exact_o.sticky = tanh_product[7:0] != 8'd0;
      end
    end
  end

  logic unused_product_high;
  assign unused_product_high = ^tanh_product[SigWidth+YBits-1:8+ExactWidth];

endmodule
