#include "vectors/value_spelling.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "model/ref/policy.h"

namespace halfpipe::vectors {
namespace {

struct Layout {
  int exp_bits;
  int frac_bits;
};
constexpr Layout layout(Format f) { return f == Format::BF16 ? Layout{8, 7} : Layout{5, 10}; }

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
  const Layout l = layout(format);
  const uint16_t sign_bit = static_cast<uint16_t>(1u << (l.exp_bits + l.frac_bits));
  const uint16_t inf = static_cast<uint16_t>(((1u << l.exp_bits) - 1) << l.frac_bits);
  std::string t = lower(token);
  const bool negative = !t.empty() && t[0] == '-';
  const std::string unsigned_text = !t.empty() && (t[0] == '-' || t[0] == '+') ? t.substr(1) : t;
  ParsedValue r;
  if (unsigned_text == "inf") {
    r.bits = static_cast<uint16_t>(inf | (negative ? sign_bit : 0));
    return r;
  }
  if (unsigned_text == "nan") {  // the canonical NaN (S10), its sign set for -nan
    r.bits = static_cast<uint16_t>(ref::policy::kCanonicalNan | (negative ? sign_bit : 0));
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
  errno = 0;
  const double d = std::strtod(t.c_str(), nullptr);  // rounded to nearest: within half a double ulp
  const double magnitude = std::fabs(d);
  const int bias = (1 << (l.exp_bits - 1)) - 1;
  const int emin = 1 - bias;
  uint32_t bits = 0;
  if (magnitude == 0 || decimal->digits.empty()) {
    r.exact = decimal->digits.empty();
  } else if (std::isinf(magnitude)) {
    bits = inf;
    r.exact = false;
  } else {
    int e = std::ilogb(magnitude);
    e = std::max(e, emin);
    // n: the magnitude in units of the format's ulp at that exponent (exact: a power-of-two
    // scaling of a double).
    const double n = std::ldexp(magnitude, l.frac_bits - e);
    double whole = std::floor(n);
    const double fraction = n - whole;
    bool up = fraction > 0.5;
    if (fraction == 0.5) {
      // The double is a tie between two neighbours: the text decides, exactly.
      const int text_vs_tie = compare_magnitude(*decimal, exact_decimal(magnitude));
      up = text_vs_tie > 0 || (text_vs_tie == 0 && std::fmod(whole, 2.0) != 0);
    }
    r.exact = fraction == 0 && compare_magnitude(*decimal, exact_decimal(magnitude)) == 0;
    if (up) whole += 1;
    auto m = static_cast<uint64_t>(whole);
    if (m >= (uint64_t{1} << (l.frac_bits + 1))) {  // rounded up to the next binade
      m >>= 1;
      ++e;
    }
    const bool subnormal = m < (uint64_t{1} << l.frac_bits);
    const int field = subnormal ? 0 : e + bias;
    if (field >= (1 << l.exp_bits) - 1) {
      bits = inf;
      r.exact = false;
    } else {
      bits = (static_cast<uint32_t>(field) << l.frac_bits) |
             static_cast<uint32_t>(m & ((uint64_t{1} << l.frac_bits) - 1));
    }
  }
  r.bits = static_cast<uint16_t>(bits | (decimal->negative ? sign_bit : 0));
  return r;
}

std::string describe_value(uint16_t bits, Format format) {
  const Layout l = layout(format);
  const bool negative = (bits >> (l.exp_bits + l.frac_bits)) & 1u;
  const uint32_t field = (bits >> l.frac_bits) & ((1u << l.exp_bits) - 1);
  const uint32_t fraction = bits & ((1u << l.frac_bits) - 1);
  const int bias = (1 << (l.exp_bits - 1)) - 1;
  const char* sign = negative ? "-" : "";
  if (field == (1u << l.exp_bits) - 1) {
    if (fraction == 0) return fmt::format("{}inf", sign);
    const bool quiet = (fraction >> (l.frac_bits - 1)) & 1u;
    const bool canonical = bits == ref::policy::kCanonicalNan;
    return fmt::format("{}NaN ({}{})", sign, quiet ? "quiet" : "signalling", canonical ? ", canonical" : "");
  }
  if (field == 0 && fraction == 0) return fmt::format("{}0 (zero)", sign);
  const double value = field == 0 ? std::ldexp(fraction, 1 - bias - l.frac_bits)
                                  : std::ldexp(fraction | (1u << l.frac_bits), static_cast<int>(field) - bias - l.frac_bits);
  // Every value of these formats has a finite decimal expansion, at most 150 digits long (bf16's
  // least subnormal, 2^-133): print all of it.
  std::string text = fmt::format("{}{:.{}g}", sign, value, 160);
  return fmt::format("{} ({})", text, field == 0 ? "subnormal" : "normal");
}

}  // namespace halfpipe::vectors
