// approx_tablegen: writes the coefficient tables of tanh.approx and ex2.approx (S19), the one
// source of truth that the reference (through a header CMake generates from these files) and
// the RTL (through $readmemh) both read.
//
//   approx_tablegen OUT_DIR      writes OUT_DIR/tanh.mem and OUT_DIR/ex2.mem
//
// Output is deterministic: regenerating must reproduce the checked-in files byte for byte
// (tests/approx checks it).
//
// File format (both files): `//` comment lines describing the layout, then one line per table
// entry, line i holding segment i, as exactly ceil(entry_bits / 4) lower-case hex digits (no
// prefix). An entry is {c2, c1, c0} concatenated MSB to LSB with the widths of datapath.h:
// c0 unsigned, c1 and c2 two's complement. $readmemh accepts the comment lines.
//
// Fitting (here host floating point is fine: only the fitted integers matter), per segment:
//  1. interpolate the function at the three Chebyshev nodes (a near-minimax quadratic), round
//     c1 and c2 to the datapath's units, try small neighbours of both, and centre c0 on the
//     residual measured through the very integer datapath the reference runs (datapath.h
//     evaluate()) at every offset d of the segment;
//  2. then, since the unit only ever sees the 2 x 65,536 inputs of f16 and bf16, pick among the
//     nearby entries whose error stays within twice that of step 1 the one that rounds the
//     most of the inputs reaching the segment correctly (each input becomes an interval for y:
//     the rounding midpoints around its correctly rounded result, scaled back through the
//     datapath front ends of datapath.h). For ex2 the choice also keeps y non-decreasing
//     across segments (S21).
// The maximum residual over all offsets is printed per table.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "model/ref/approx/accuracy.h"
#include "model/ref/approx/datapath.h"
#include "model/ref/format.h"

namespace {

using halfpipe::ref::FloatFormat;
using halfpipe::ref::approx::Coefficients;
using halfpipe::ref::approx::Layout;
namespace approx = halfpipe::ref::approx;

// The function's value (not yet scaled to units of 2^-Y) at real offset x in [0, 2^D) of
// segment i.
using Target = std::function<long double(int segment, long double offset)>;

struct Fit {
  std::vector<Coefficients> entries;
  long double max_error = 0;  // in units of 2^-Y
};

// The residual wanted - y of one candidate over the offsets d = 0, stride, 2 * stride, ... (and
// the last one), with c0 centred: returns the centred c0 and the resulting maximum error.
std::pair<int64_t, long double> centre(const Layout& l, const std::vector<long double>& wanted,
                                       int64_t c1, int64_t c2, uint32_t stride,
                                       int64_t fixed_c0 = -1) {
  const Coefficients trial{0, c1, c2};
  long double lo = INFINITY, hi = -INFINITY;
  const uint32_t cells = static_cast<uint32_t>(wanted.size());
  for (uint32_t d = 0;; d += stride) {
    if (d >= cells) d = cells - 1;
    const long double r = wanted[d] - approx::evaluate(l, trial, d);
    lo = std::min(lo, r);
    hi = std::max(hi, r);
    if (d == cells - 1) break;
  }
  const int64_t c0 = fixed_c0 >= 0 ? fixed_c0 : std::llround((lo + hi) / 2);
  return {c0, std::max(hi - c0, c0 - lo)};
}

// One input that reaches a segment: y at `offset` rounds to the correctly rounded result
// exactly when lo < y < hi (units of 2^-Y; the bounds are the rounding midpoints around the
// correctly rounded result, scaled back through the datapath).
struct Constraint {
  uint32_t offset;
  long double lo, hi;
};
using Constraints = std::vector<std::vector<Constraint>>;  // per segment

struct FitOptions {
  int64_t pinned_c0 = -1;  // >= 0 fixes c0 of segment 0 (ex2 needs 2^0 = 1 exactly)
  bool non_decreasing = false;  // ex2 (S21): y never decreases, within or across segments
};

// The entry with the fewest inputs rounded wrongly near the near-minimax one (c2 within 3, c1
// within 8, c0 within 16 units), among those whose error over the segment stays within twice
// the near-minimax error, and that keep ex2 non-decreasing after the previous segment's end.
Coefficients fewest_misses(const Layout& l, const std::vector<long double>& wanted,
                           const std::vector<Constraint>& inputs, const Coefficients& minimax,
                           const FitOptions& options, int segment, int64_t previous_end) {
  constexpr int kC2Reach = 3, kC1Reach = 8, kC0Reach = 16;
  constexpr uint32_t kStride = 61;
  const uint32_t cells = static_cast<uint32_t>(wanted.size());
  const long double cap = 2 * centre(l, wanted, minimax.c1, minimax.c2, kStride, minimax.c0).second;
  const bool pinned = segment == 0 && options.pinned_c0 >= 0;
  const int64_t top = int64_t{2} << l.y_frac_bits;  // 2.0: where ex2's next binade starts

  Coefficients best = minimax;
  int64_t best_misses = INT64_MAX;
  long double best_error = INFINITY;
  std::vector<int64_t> satisfied(2 * kC0Reach + 2);
  for (int64_t c2 = minimax.c2 - kC2Reach; c2 <= minimax.c2 + kC2Reach; ++c2) {
    for (int64_t c1 = minimax.c1 - kC1Reach; c1 <= minimax.c1 + kC1Reach; ++c1) {
      if (options.non_decreasing && (c1 < 0 || c2 < 0)) continue;
      const Coefficients slope{0, c1, c2};
      // The residual's range on a sample of the segment bounds the error for every c0.
      long double lo = INFINITY, hi = -INFINITY;
      for (uint32_t d = 0;; d += kStride) {
        if (d >= cells) d = cells - 1;
        const long double r = wanted[d] - approx::evaluate(l, slope, d);
        lo = std::min(lo, r);
        hi = std::max(hi, r);
        if (d == cells - 1) break;
      }
      // For each input, the c0 that round it correctly form an interval: count per c0.
      const int64_t c0_min = pinned ? options.pinned_c0 : minimax.c0 - kC0Reach;
      const int64_t c0_max = pinned ? options.pinned_c0 : minimax.c0 + kC0Reach;
      std::fill(satisfied.begin(), satisfied.end(), 0);
      for (const Constraint& c : inputs) {
        const long double base = approx::evaluate(l, slope, c.offset);
        const int64_t first = std::max<int64_t>(c0_min, std::floor(c.lo - base) + 1);
        const int64_t last = std::min<int64_t>(c0_max, std::ceil(c.hi - base) - 1);
        if (first > last) continue;
        ++satisfied[first - c0_min];
        --satisfied[last - c0_min + 1];
      }
      int64_t running = 0;
      for (int64_t c0 = c0_min; c0 <= c0_max; ++c0) {
        running += satisfied[c0 - c0_min];
        const long double error = std::max(hi - c0, c0 - lo);
        if (error > cap) continue;
        const Coefficients trial{c0, c1, c2};
        if (options.non_decreasing) {
          if (c0 < previous_end) continue;
          if (segment == l.entries - 1 && approx::evaluate(l, trial, cells - 1) > top) continue;
        }
        const int64_t misses = static_cast<int64_t>(inputs.size()) - running;
        if (misses < best_misses || (misses == best_misses && error < best_error)) {
          best_misses = misses, best_error = error, best = trial;
        }
      }
    }
  }
  return best;
}

Fit fit_table(const Layout& l, const Target& target, const Constraints& inputs,
              const FitOptions& options) {
  const int64_t pinned_c0 = options.pinned_c0;
  Fit fit;
  const uint32_t cells = uint32_t{1} << l.offset_bits;
  const long double unit = std::ldexp(1.0L, l.y_frac_bits);
  std::vector<long double> wanted(cells);
  int64_t previous_end = 0;
  for (int i = 0; i < l.entries; ++i) {
    for (uint32_t d = 0; d < cells; ++d) wanted[d] = target(i, d) * unit;
    // Near-minimax quadratic in t = d / 2^D: interpolation at the Chebyshev nodes of [0, 1].
    long double t[3], v[3];
    for (int j = 0; j < 3; ++j) {
      t[j] = (1 - std::cos((2 * j + 1) * 3.14159265358979323846L / 6)) / 2;
      v[j] = target(i, t[j] * cells) * unit;
    }
    const long double d01 = (v[1] - v[0]) / (t[1] - t[0]);
    const long double d12 = (v[2] - v[1]) / (t[2] - t[1]);
    const long double a2 = (d12 - d01) / (t[2] - t[0]);
    const long double a1 = d01 - a2 * (t[0] + t[1]);
    const int64_t c1_guess = std::llround(a1), c2_guess = std::llround(a2);
    const int64_t fixed_c0 = i == 0 ? pinned_c0 : -1;
    // A pinned c0 moves the best c1 further from the unconstrained guess.
    const int64_t c1_reach = fixed_c0 >= 0 ? 64 : 3;

    // Search the neighbourhood on a sample of offsets, then measure the winner on all of them.
    int64_t best_c1 = c1_guess, best_c2 = c2_guess;
    long double best_error = INFINITY;
    for (int64_t c2 = c2_guess - 2; c2 <= c2_guess + 2; ++c2) {
      for (int64_t c1 = c1_guess - c1_reach; c1 <= c1_guess + c1_reach; ++c1) {
        const long double error = centre(l, wanted, c1, c2, 61, fixed_c0).second;
        if (error < best_error) best_error = error, best_c1 = c1, best_c2 = c2;
      }
    }
    const Coefficients minimax{centre(l, wanted, best_c1, best_c2, 1, fixed_c0).first, best_c1,
                               best_c2};
    const Coefficients chosen =
        fewest_misses(l, wanted, inputs[i], minimax, options, i, previous_end);
    const long double error = centre(l, wanted, chosen.c1, chosen.c2, 1, chosen.c0).second;
    if (std::getenv("TABLEGEN_VERBOSE"))
      std::fprintf(stderr, "segment %d error %.2Lf (near-minimax %.2Lf)\n", i, error,
                   centre(l, wanted, minimax.c1, minimax.c2, 1, minimax.c0).second);
    fit.entries.push_back(chosen);
    fit.max_error = std::max(fit.max_error, error);
    previous_end = approx::evaluate(l, chosen, cells - 1);
  }
  return fit;
}

// The values between which a positive, finite, non-zero result c is the correctly rounded one:
// the midpoints to its neighbours (past the largest finite number, the overflow threshold).
std::pair<long double, long double> rounding_interval(const FloatFormat& f, uint16_t c) {
  const long double value = approx::to_double(f, c);
  const long double below = approx::to_double(f, static_cast<uint16_t>(c - 1));
  const long double above = c + 1 == f.inf() ? std::ldexp(1.0L, f.bias() + 1)
                                             : approx::to_double(f, static_cast<uint16_t>(c + 1));
  return {(below + value) / 2, (value + above) / 2};
}

const FloatFormat* const kFormats[] = {&halfpipe::ref::kF16, &halfpipe::ref::kBF16};

// Every f16 and bf16 input that reaches the ex2 table, as a constraint on its segment. Inputs
// that give exact powers of two (integers), zero, infinity or (bf16, .ftz) a flushed result are
// left out: the first are exact by construction, the others do not depend on the table.
Constraints ex2_inputs() {
  const Layout& l = approx::kEx2Layout;
  Constraints inputs(l.entries);
  for (const FloatFormat* f : kFormats) {
    const bool ftz = f == &halfpipe::ref::kBF16;  // ex2.approx.ftz.bf16 (S9)
    for (uint32_t bits = 0; bits <= 0xFFFF; ++bits) {
      const uint16_t a = static_cast<uint16_t>(bits);
      if (f->is_nan(a) || f->is_inf(a) || f->is_zero(a) || (ftz && f->is_subnormal(a))) continue;
      const halfpipe::ref::Unpacked x = halfpipe::ref::unpack(*f, a);
      if (x.exp + 63 - __builtin_clzll(x.sig) >= f->exp_bits) continue;
      const approx::Ex2Reduced r = approx::ex2_reduce(x.sign, x.exp, x.sig);
      const uint16_t c = approx::correctly_rounded(*f, std::exp2(approx::to_double(*f, a)));
      if (f->is_zero(c) || f->is_inf(c) || (ftz && f->is_subnormal(c))) continue;
      const auto [lo, hi] = rounding_interval(*f, c);
      const long double scale = std::ldexp(1.0L, l.y_frac_bits - r.n);
      inputs[r.segment.index].push_back({r.segment.offset, lo * scale, hi * scale});
    }
  }
  return inputs;
}

// Every positive f16 and bf16 input that reaches the tanh table (negative ones mirror them).
Constraints tanh_inputs() {
  const Layout& l = approx::kTanhLayout;
  Constraints inputs(l.entries);
  for (const FloatFormat* f : kFormats) {
    for (uint16_t a = 1; a < f->inf(); ++a) {
      const halfpipe::ref::Unpacked x = halfpipe::ref::unpack(*f, a);
      const uint64_t position = approx::tanh_position(x.exp, x.sig);
      if (position >= approx::kTanhSaturation) continue;
      const approx::Segment s = approx::tanh_segment(position);
      const uint16_t c = approx::correctly_rounded(*f, std::tanh(approx::to_double(*f, a)));
      const auto [lo, hi] = rounding_interval(*f, c);
      const long double scale =
          std::ldexp(1.0L, l.y_frac_bits - x.exp) / static_cast<long double>(x.sig);
      inputs[s.index].push_back({s.offset, lo * scale, hi * scale});
    }
  }
  return inputs;
}

// The smallest field widths that hold the fitted coefficients (c0 unsigned, c1/c2 signed).
void print_needed_widths(const char* name, const Layout& l, const Fit& fit) {
  auto signed_bits = [](int64_t v) {
    int bits = 1;
    while (v < -(int64_t{1} << (bits - 1)) || v >= (int64_t{1} << (bits - 1))) ++bits;
    return bits;
  };
  int w0 = 1, w1 = 1, w2 = 1;
  for (const auto& c : fit.entries) {
    w0 = std::max(w0, signed_bits(c.c0) - 1);
    w1 = std::max(w1, signed_bits(c.c1));
    w2 = std::max(w2, signed_bits(c.c2));
  }
  std::fprintf(stderr,
               "%s: %d entries, max fit error %.3Lf units of 2^-%d (2^%.2Lf); needed widths "
               "c0 %d c1 %d c2 %d, layout has %d %d %d\n",
               name, l.entries, fit.max_error, l.y_frac_bits,
               std::log2(fit.max_error) - l.y_frac_bits, w0, w1, w2, l.c0_bits, l.c1_bits,
               l.c2_bits);
}

std::string render(const char* name, const Layout& l, const Fit& fit, const std::string& what) {
  std::ostringstream out;
  out << "// " << name << ".mem: generated by model/ref/approx/tablegen.cpp; do not edit.\n"
      << "// " << what << "\n"
      << "// " << l.entries << " entries x " << l.entry_bits() << " bits; line i = segment i.\n"
      << "// entry = {c2[" << l.c2_bits << "] signed, c1[" << l.c1_bits << "] signed, c0["
      << l.c0_bits << "] unsigned}, MSB first.\n"
      << "// y = c0 + floor(c1*d / 2^" << l.offset_bits << ") + floor(c2*s^2 / 2^"
      << 2 * l.square_bits << "), s = d >> " << l.offset_bits - l.square_bits
      << "; y in units of 2^-" << l.y_frac_bits << " (see model/ref/approx/datapath.h).\n";
  const int digits = (l.entry_bits() + 3) / 4;
  for (const auto& c : fit.entries) {
    char line[32];
    std::snprintf(line, sizeof line, "%0*llx\n", digits,
                  static_cast<unsigned long long>(approx::pack_entry(l, c)));
    out << line;
  }
  return out.str();
}

// Faults that would break S21 or the datapath contract; the generator refuses to write then.
std::vector<std::string> check(const char* name, const Layout& l, const Fit& fit,
                               bool monotonic_up_to_two,
                               const std::function<long double(int, int64_t)>& cell_top = {}) {
  std::vector<std::string> faults;
  const int64_t cells = int64_t{1} << l.offset_bits;
  for (int i = 0; i < l.entries; ++i) {
    const Coefficients& c = fit.entries[i];
    if (!approx::fits(l, c)) faults.push_back(std::string(name) + ": entry does not fit its fields");
    if (monotonic_up_to_two) {
      // ex2 (S21): c1, c2 >= 0 make each segment non-decreasing; its end must not pass the next
      // segment's start, nor 2.0 (the next binade's 1.0).
      const int64_t end = approx::evaluate(l, c, static_cast<uint32_t>(cells - 1));
      const int64_t next = i + 1 < l.entries ? fit.entries[i + 1].c0
                                             : int64_t{2} << l.y_frac_bits;
      if (c.c1 < 0 || c.c2 < 0 || end > next)
        faults.push_back(std::string(name) + ": not monotonic at segment " + std::to_string(i));
      if (i == 0 && c.c0 != int64_t{1} << l.y_frac_bits)
        faults.push_back(std::string(name) + ": 2^0 is not exactly 1");
    }
    if (cell_top) {
      // tanh (S21): a * y < 1 for every a in the cell, i.e. (p + 1) * y <= 2^(Y + positions).
      for (int64_t d = 0; d < cells; ++d) {
        const long double a_top = cell_top(i, d);
        const long double y = std::ldexp(static_cast<long double>(approx::evaluate(l, c, d)),
                                         -l.y_frac_bits);
        if (a_top * y > 1) {
          faults.push_back(std::string(name) + ": tanh above 1 at segment " + std::to_string(i));
          break;
        }
      }
    }
  }
  return faults;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: approx_tablegen OUT_DIR\n");
    return 2;
  }
  const std::string dir = argv[1];

  // ex2: the position is the fraction f of x in 2^-22 units (x rounded to nearest at 22
  // fraction bits), so the target is sampled at the position itself.
  const Layout& el = approx::kEx2Layout;
  FitOptions ex2_options;
  ex2_options.pinned_c0 = int64_t{1} << el.y_frac_bits;
  ex2_options.non_decreasing = true;
  const Fit ex2 = fit_table(
      el,
      [&](int i, long double d) {
        return std::exp2(std::ldexp(std::ldexp(static_cast<long double>(i), el.offset_bits) + d,
                                    -approx::kEx2FractionBits));
      },
      ex2_inputs(), ex2_options);

  // tanh: the function is g(a) = tanh(a) / a, sampled at the start of each cell: |a| is
  // truncated to 19 fraction bits, which drops bits only of inputs below 2^-9 (16-bit formats
  // carry 11 significant bits), where g is flat to 2^-10 per unit of a.
  const Layout& tl = approx::kTanhLayout;
  auto tanh_cell = [&](int i, long double d) {  // a at offset d of segment i
    const bool fine = i < approx::kTanhFineSegments;
    const int cell_bits = approx::kTanhFractionBits - (fine ? 0 : approx::kTanhCoarseShift);
    const long double start =
        fine ? std::ldexp(static_cast<long double>(i), -approx::kTanhFineStepBits)
             : 2 + std::ldexp(static_cast<long double>(i - approx::kTanhFineSegments),
                              approx::kTanhCoarseShift - approx::kTanhFineStepBits);
    return start + std::ldexp(d, -cell_bits);
  };
  const Fit tanh = fit_table(
      tl,
      [&](int i, long double d) {
        const long double a = tanh_cell(i, d);
        return a == 0 ? 1.0L : std::tanh(a) / a;
      },
      tanh_inputs(), FitOptions{});

  print_needed_widths("ex2", el, ex2);
  print_needed_widths("tanh", tl, tanh);
  auto faults = check("ex2", el, ex2, true);
  auto tanh_faults = check("tanh", tl, tanh, false, [&](int i, int64_t d) {
    return tanh_cell(i, static_cast<long double>(d + 1));
  });
  faults.insert(faults.end(), tanh_faults.begin(), tanh_faults.end());
  for (const auto& f : faults) std::fprintf(stderr, "error: %s\n", f.c_str());
  if (!faults.empty()) return 1;

  auto str = [](auto v) { return std::to_string(v); };
  const std::string ex2_what =
      "2^f for f in [0, 1): segment i covers [i, i + 1) / " + str(el.entries) + ", f = (i * 2^" +
      str(el.offset_bits) + " + d) / 2^" + str(approx::kEx2FractionBits) + "; y in [1, 2]";
  const std::string tanh_what =
      "tanh(a)/a for a in [0, 5): segment i < " + str(approx::kTanhFineSegments) +
      " covers [i, i + 1) / " + str(1 << approx::kTanhFineStepBits) + ", segment " +
      str(approx::kTanhFineSegments) + " + j covers 2 + [j, j + 1) / " +
      str(1 << (approx::kTanhFineStepBits - approx::kTanhCoarseShift)) +
      "; d = the " + str(tl.offset_bits) + " bits below the index in |a| truncated to 2^-" +
      str(approx::kTanhFractionBits) + " (2^-" +
      str(approx::kTanhFractionBits - approx::kTanhCoarseShift) + " in the coarse segments); y in (0.19, 1]";
  const std::pair<const char*, std::string> files[] = {
      {"ex2", render("ex2", el, ex2, ex2_what)},
      {"tanh", render("tanh", tl, tanh, tanh_what)},
  };
  for (const auto& [name, text] : files) {
    const std::string path = dir + "/" + name + ".mem";
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) {
      std::fprintf(stderr, "error: cannot write %s\n", path.c_str());
      return 1;
    }
  }
  return 0;
}
