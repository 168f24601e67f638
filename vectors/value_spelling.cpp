#include "vectors/value_spelling.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "model/ref/format.h"
#include "model/ref/policy.h"
#include "model/ref/round.h"

namespace halfpipe::vectors {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// A decimal number as digits and a power of ten: value = 0.DIGITS x 10^exponent, DIGITS without
// leading or trailing zeros (empty for zero).
struct Decimal {
  bool negative = false;
  std::string digits;
  long exponent = 0;
};

std::optional<Decimal> decimal_of(std::string_view text) {
  Decimal d;
  size_t i = 0;
  if (i < text.size() && (text[i] == '+' || text[i] == '-')) d.negative = text[i++] == '-';
  std::string mantissa;
  long point = -1;
  for (; i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.'); ++i) {
    if (text[i] == '.') {
      if (point >= 0) return std::nullopt;
      point = static_cast<long>(mantissa.size());
    } else {
      mantissa += text[i];
    }
  }
  if (mantissa.empty()) return std::nullopt;
  long exponent = 0;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    ++i;
    bool negative = false;
    if (i < text.size() && (text[i] == '+' || text[i] == '-')) negative = text[i++] == '-';
    if (i == text.size() || !std::isdigit(static_cast<unsigned char>(text[i]))) return std::nullopt;
    for (; i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i)
      exponent = std::min(exponent * 10 + (text[i] - '0'), 100000L);
    if (negative) exponent = -exponent;
  }
  if (i != text.size()) return std::nullopt;
  if (point < 0) point = static_cast<long>(mantissa.size());
  const size_t first = mantissa.find_first_not_of('0');
  if (first == std::string::npos) return d;  // zero
  d.digits = mantissa.substr(first);
  d.exponent = point - static_cast<long>(first) + exponent;
  d.digits.erase(d.digits.find_last_not_of('0') + 1);
  return d;
}

// Compares |a| with |b|: -1, 0 or 1.
int compare_magnitude(const Decimal& a, const Decimal& b) {
  if (a.digits.empty() || b.digits.empty()) return a.digits.empty() ? (b.digits.empty() ? 0 : -1) : 1;
  if (a.exponent != b.exponent) return a.exponent < b.exponent ? -1 : 1;
  const size_t n = std::max(a.digits.size(), b.digits.size());
  for (size_t k = 0; k < n; ++k) {
    const char x = k < a.digits.size() ? a.digits[k] : '0';
    const char y = k < b.digits.size() ? b.digits[k] : '0';
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

// The exact decimal expansion of a finite double (glibc prints every digit it asks for).
Decimal exact_decimal(double v) {
  char buffer[1200];
  std::snprintf(buffer, sizeof buffer, "%.1100e", std::fabs(v));
  return *decimal_of(buffer);
}

// A positive finite double as sig * 2^exp, sig of 53 bits: what ref::round_pack takes.
struct Binary64 {
  uint64_t sig;
  int32_t exp;
};
Binary64 split(double magnitude) {
  int binade = 0;
  const auto sig = static_cast<uint64_t>(std::ldexp(std::frexp(magnitude, &binade), 53));
  return {sig, binade - 53};
}

// Whether a rounding result `bits` holds exactly `magnitude` (infinity never does).
bool holds(uint16_t bits, Format format, double magnitude) {
  return !ref::float_format(format).is_inf(bits) && std::fabs(value_of(bits, format)) == magnitude;
}

}  // namespace

bool is_value_spelling(std::string_view token, bool all_values) {
  std::string t = lower(token);
  if (!t.empty() && (t[0] == '+' || t[0] == '-')) {
    const std::string rest = t.substr(1);
    if (rest == "inf" || rest == "nan") return true;
  }
  if (t == "inf" || t == "nan") return true;
  if (!t.empty() && t.back() == 'f') t.pop_back();
  if (!decimal_of(t)) return false;
  return all_values || t.find('.') != std::string::npos || t[0] == '+' || t[0] == '-';
}

ParsedValue parse_value(std::string_view token, Format format) {
  const ref::FloatFormat& f = ref::float_format(format);
  std::string t = lower(token);
  const bool negative = !t.empty() && t[0] == '-';
  const std::string unsigned_text = !t.empty() && (t[0] == '-' || t[0] == '+') ? t.substr(1) : t;
  ParsedValue r;
  if (unsigned_text == "inf") {
    r.bits = f.infinity(negative);
    return r;
  }
  if (unsigned_text == "nan") {  // the canonical NaN (S10), its sign set for -nan
    r.bits = static_cast<uint16_t>(ref::policy::kCanonicalNan | f.zero(negative));
    return r;
  }
  if (!t.empty() && t.back() == 'f') t.pop_back();
  const auto decimal = decimal_of(t);
  if (!decimal) {
    r.error = fmt::format("'{}' is not a value: write a decimal number with a point or a sign "
                          "(1.5, -0, +2, 1.5e-3, an f suffix allowed), inf or nan, or give "
                          "--values; without either an operand is hex bits",
                          token);
    return r;
  }
  const double magnitude = std::fabs(std::strtod(t.c_str(), nullptr));  // within half a double ulp
  if (decimal->digits.empty() || magnitude == 0) {  // zero, or below every double: rounds to zero
    r.bits = f.zero(decimal->negative);
    r.exact = decimal->digits.empty();
    return r;
  }
  if (std::isinf(magnitude)) {
    r.bits = f.infinity(decimal->negative);
    r.exact = false;
    return r;
  }
  // The double as sig * 2^exp, and where the text lies against it: exactly on it, or strictly
  // between it and its neighbour below or above. No boundary of a 16-bit format falls inside
  // such a gap, so the reference's one rounding routine (model/ref/round.h) rounds the text.
  const auto [sig, exp] = split(magnitude);
  const int text_vs_double = compare_magnitude(*decimal, exact_decimal(magnitude));
  if (text_vs_double == 0) return value_bits(decimal->negative ? -magnitude : magnitude, format);
  r.bits = text_vs_double > 0 ? ref::round_pack(f, decimal->negative, exp, sig, true).bits
                              : ref::round_pack(f, decimal->negative, exp - 1, 2 * sig - 1, true).bits;
  r.exact = false;
  return r;
}

ParsedValue value_bits(double value, Format format) {
  const ref::FloatFormat& f = ref::float_format(format);
  const bool negative = std::signbit(value);
  ParsedValue r;
  if (std::isnan(value)) {
    r.bits = static_cast<uint16_t>(ref::policy::kCanonicalNan | f.zero(negative));
    return r;
  }
  if (std::isinf(value)) {
    r.bits = f.infinity(negative);
    return r;
  }
  if (value == 0) {
    r.bits = f.zero(negative);
    return r;
  }
  const double magnitude = std::fabs(value);
  const auto [sig, exp] = split(magnitude);
  r.bits = ref::round_pack(f, negative, exp, sig).bits;
  r.exact = holds(r.bits, format, magnitude);
  return r;
}

double value_of(uint16_t bits, Format format) {
  const ref::FloatFormat& f = ref::float_format(format);
  const double sign = f.sign(bits) ? -1.0 : 1.0;
  if (f.is_nan(bits)) return std::copysign(std::nan(""), sign);
  if (f.is_inf(bits)) return sign * HUGE_VAL;
  const ref::Unpacked u = ref::unpack(f, bits);
  return sign * std::ldexp(static_cast<double>(u.sig), u.exp);
}

std::string describe_value(uint16_t bits, Format format) {
  const ref::FloatFormat& f = ref::float_format(format);
  const char* sign = f.sign(bits) ? "-" : "";
  if (f.is_inf(bits)) return fmt::format("{}inf", sign);
  if (f.is_nan(bits)) {
    // S3: every NaN behaves alike; the fraction's top bit is named as IEEE 754 names it.
    const bool quiet = (f.frac_field(bits) >> (f.frac_bits - 1)) & 1u;
    return fmt::format("{}NaN ({}{})", sign, quiet ? "quiet" : "signalling",
                       bits == ref::policy::kCanonicalNan ? ", canonical" : "");
  }
  if (f.is_zero(bits)) return fmt::format("{}0 (zero)", sign);
  // Every value of these formats has a finite decimal expansion, at most 150 digits long (bf16's
  // least subnormal, 2^-133): print all of it.
  return fmt::format("{:.{}g} ({})", value_of(bits, format), 160,
                     f.is_subnormal(bits) ? "subnormal" : "normal");
}

}  // namespace halfpipe::vectors
