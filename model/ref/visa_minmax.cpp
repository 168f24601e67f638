// Intel vISA MIN_MAX, whose Semantics read "dst[i] = min/max(src0[i], src1[i])" for every
// enabled channel, with S26-S29 of doc/semantics.md deciding what the page leaves open.
#include "model/ref/visa_minmax.h"

#include <array>
#include <string>

#include "model/ref/not_implemented.h"
#include "model/ref/policy.h"

namespace halfpipe::ref {
namespace {

// An IEEE binary format of any width up to 64 bits. format.h's FloatFormat is the 16-bit PTX
// one; vISA needs 32 and 64 bits too, and only classification and order, never rounding.
struct BinaryFloat {
  int exp_bits;
  int frac_bits;

  uint64_t sign_bit() const { return uint64_t{1} << (exp_bits + frac_bits); }
  uint64_t magnitude(uint64_t x) const { return x & (sign_bit() - 1); }
  bool sign(uint64_t x) const { return (x & sign_bit()) != 0; }
  uint64_t infinity() const { return element_mask(exp_bits) << frac_bits; }
  uint64_t one() const { return element_mask(exp_bits - 1) << frac_bits; }  // exponent = bias
  bool is_nan(uint64_t x) const { return magnitude(x) > infinity(); }       // S3

  // A key that orders every non-NaN value as IEEE does, with -0 below +0 (S26); magnitudes are
  // below 2^63, so the key never overflows.
  int64_t order_key(uint64_t x) const {
    const auto m = static_cast<int64_t>(magnitude(x));
    return sign(x) ? -m - 1 : m;
  }
};

BinaryFloat float_of(const VisaTypeTraits& t) { return {t.exp_bits, t.frac_bits}; }

// S27. Floats: sign-bit operations, so a NaN keeps its payload. Integers: two's complement
// modulo 2^bits, so the most negative signed value is its own negation and absolute value, and
// an unsigned value is its own absolute value.
uint64_t apply_source_modifier(const VisaTypeTraits& t, SourceModifier mod, uint64_t x) {
  const uint64_t mask = element_mask(t.bits);
  const uint64_t sign_bit = uint64_t{1} << (t.bits - 1);
  if (t.is_float) {
    if (mod.abs) x &= ~sign_bit;
    if (mod.neg) x ^= sign_bit;
    return x;
  }
  if (mod.abs && t.is_signed && (x & sign_bit)) x = (0 - x) & mask;
  if (mod.neg) x = (0 - x) & mask;
  return x;
}

int64_t sign_extend(uint64_t x, int bits) {
  const uint64_t sign_bit = uint64_t{1} << (bits - 1);
  return static_cast<int64_t>((x ^ sign_bit) - sign_bit);  // two's complement, no UB
}

bool integer_less(const VisaTypeTraits& t, uint64_t a, uint64_t b) {
  if (t.is_signed) return sign_extend(a, t.bits) < sign_extend(b, t.bits);
  return a < b;
}

// S26 for integers; S26 and S28 for floats: one NaN returns the other operand unchanged, two
// NaNs return src1 (already modified), no canonicalisation.
uint64_t select(const VisaTypeTraits& t, bool want_max, uint64_t src0, uint64_t src1) {
  bool src0_below;
  if (t.is_float) {
    const BinaryFloat f = float_of(t);
    if (f.is_nan(src1)) return f.is_nan(src0) ? src1 : src0;
    if (f.is_nan(src0)) return src1;
    src0_below = f.order_key(src0) < f.order_key(src1);
  } else {
    src0_below = integer_less(t, src0, src1);
  }
  return (src0_below != want_max) ? src0 : src1;  // equal operands are the same bits
}

// S29: on a float type, S12's clamp to [+0.0, 1.0] (policy.h); on an integer type (source and
// destination types are always equal for MIN_MAX, S26) nothing changes.
uint64_t saturate(const VisaTypeTraits& t, uint64_t x) {
  return t.is_float ? policy::saturate(float_of(t), x) : x;
}

}  // namespace

uint64_t visa_minmax_element(const VisaMinMax& m, uint64_t src0, uint64_t src1) {
  const VisaTypeTraits& t = traits(m.type);
  const uint64_t mask = element_mask(t.bits);
  const uint64_t a = apply_source_modifier(t, m.src0_mod, src0 & mask);
  const uint64_t b = apply_source_modifier(t, m.src1_mod, src1 & mask);
  uint64_t d = select(t, m.max, a, b);
  if (m.sat) d = saturate(t, d);
  return d;
}

void visa_minmax(const VisaMinMax& m, uint32_t channel_enable, int channels, const uint64_t* src0,
                 const uint64_t* src1, uint64_t* dst) {
  for (int i = 0; i < channels; ++i) {
    if ((channel_enable >> i) & 1u) dst[i] = visa_minmax_element(m, src0[i], src1[i]);
  }
}

VisaType visa_type_of(Format f) {
  switch (f) {
    case Format::F16: return VisaType::HF;
    case Format::S16: return VisaType::W;
    case Format::U16: return VisaType::UW;
    case Format::S8: return VisaType::B;
    case Format::U8: return VisaType::UB;
    case Format::S32: return VisaType::D;
    case Format::U32: return VisaType::UD;
    case Format::F32: return VisaType::F;
    case Format::S64: return VisaType::Q;
    case Format::U64: return VisaType::UQ;
    case Format::F64: return VisaType::DF;
    case Format::BF16: break;
  }
  throw NotImplemented("vISA MIN_MAX has no bf16 type");
}

namespace {

VisaMinMax element_op_of(const Uop& u) {
  if (u.op != Op::Min && u.op != Op::Max)
    throw NotImplemented("not a vISA MIN_MAX Uop: op is not min or max");
  if (u.packed || u.ftz || u.relu || u.oob || u.nan || u.xorsign_abs)
    throw NotImplemented("not a vISA MIN_MAX Uop: a PTX-only modifier is set");
  if (u.format == Format::F16 && u.nan_policy != NanPolicy::VisaSrc1)
    throw NotImplemented("not a vISA MIN_MAX Uop: f16 with the PTX NaN policy is PTX min/max");
  return {u.op == Op::Max, visa_type_of(u.format), u.sat, u.src0_mod, u.src1_mod};
}

}  // namespace

uint16_t visa_execute_lane(const Uop& u, uint16_t src0, uint16_t src1) {
  const VisaMinMax m = element_op_of(u);
  if (lanes_per_element(u.format) != 1)
    throw NotImplemented("a " + std::to_string(traits(m.type).bits) + "-bit vISA element spans " +
                         std::to_string(lanes_per_element(u.format)) +
                         " lanes: it has no one-lane result");
  return static_cast<uint16_t>(visa_minmax_element(m, src0, src1));
}

void visa_execute_lanes(const Uop& u, int lanes, const uint16_t* src0, const uint16_t* src1,
                        uint16_t* dst) {
  const VisaMinMax m = element_op_of(u);
  const int n = lanes_per_element(u.format);
  if (lanes < 0 || lanes % n != 0)
    throw NotImplemented(std::to_string(lanes) + " lanes do not hold whole " +
                         std::to_string(traits(m.type).bits) + "-bit elements (" +
                         std::to_string(n) + " lanes each)");
  for (int first = 0; first < lanes; first += n) {
    uint64_t a = 0, b = 0;
    for (int s = 0; s < n; ++s) {
      a |= uint64_t{src0[first + s]} << (16 * s);
      b |= uint64_t{src1[first + s]} << (16 * s);
    }
    const uint64_t d = visa_minmax_element(m, a, b);
    for (int s = 0; s < n; ++s) {
      const int lane = first + s;
      const bool enabled = lane < 32 && ((u.lane_mask >> lane) & 1u) != 0;
      dst[lane] = enabled ? static_cast<uint16_t>(d >> (16 * s)) : 0;
    }
  }
}

}  // namespace halfpipe::ref
