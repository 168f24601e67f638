// approx_tablegen: writes tanh.mem, the coefficient table of tanh.approx (S19), which the
// reference (through a header CMake generates from it) and the RTL (through $readmemh) both read.
// The table is fitted to the chip: its inputs are the chip's results for every input of
// tanh.approx.f16 and tanh.approx.bf16 (silicon/results/sm_90/run1/tables/).
//
//   approx_tablegen OUT_DIR TABLE...    writes OUT_DIR/tanh.mem
//
// Each TABLE is a halfpipe vector file (vectors/FORMAT.md: `FORM A EXPECTED` lines, `#`
// comments) of tanh.approx.f16 or tanh.approx.bf16, read through `xz -dc` when its name ends in
// .xz. Output is deterministic: regenerating must reproduce the checked-in file byte for byte
// (tests/approx checks it). ex2.mem is not generated: it is the chip's own table (its header).
//
// Fitting (host floating point is fine here: only the fitted integers matter), per segment:
//  1. interpolate g(a) = tanh(a)/a at the three Chebyshev nodes (a near-minimax quadratic) and
//     round c1 and c2 to the datapath's units;
//  2. every positive input that reaches the segment, with the chip's result c for it, asks for
//     c <= a * y < c + ulp(c): an interval of y, since the datapath truncates a * y; for a
//     candidate (c1, c2) the intervals leave an interval of c0. The search takes rings of
//     candidates around step 1's (c2 within r, c1 within 3r), and in the first ring where some
//     candidate leaves c0 a value, the candidate (and the c0 nearest the centred one) with the
//     smallest error against g over the segment's offsets.
// A segment with no such entry within kMaxRing rings is refused, naming it. The maximum error per
// table is printed, and the generator checks that every entry fits its fields and that no cell's
// truncated a * y exceeds 1 (S21: |tanh| <= 1).
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "model/ref/approx/datapath.h"
#include "model/ref/format.h"

namespace {

using halfpipe::ref::FloatFormat;
using halfpipe::ref::approx::Coefficients;
using halfpipe::ref::approx::Layout;
namespace approx = halfpipe::ref::approx;

constexpr int kMaxRing = 200;

// One input that reaches a segment: y at `offset` truncates to the chip's result exactly when
// lo <= y <= hi (units of 2^-Y).
struct Constraint {
  uint32_t offset;
  int64_t lo, hi;
};
using Constraints = std::vector<std::vector<Constraint>>;  // per segment

// ceil(a / b) for a >= 0, b > 0.
int64_t ceil_div(uint64_t a, uint64_t b) { return static_cast<int64_t>((a + b - 1) / b); }

// The y for which sig * y * 2^(exp - Y) truncates to r: cs * 2^ce <= sig * y * 2^(exp - Y) <
// (cs + 1) * 2^ce, with r = cs * 2^ce (a positive finite encoding, ce its last place).
Constraint constraint(const FloatFormat& f, const halfpipe::ref::Unpacked& x, uint16_t r,
                      uint32_t offset) {
  const halfpipe::ref::Unpacked c = halfpipe::ref::unpack(f, r);
  const int32_t k = c.exp - x.exp + approx::kTanhLayout.y_frac_bits;  // >= 0 for every input here
  return {offset, ceil_div(c.sig << k, x.sig), ceil_div((c.sig + 1) << k, x.sig) - 1};
}

// The chip's results of one vector file, by input, and the format its form names.
struct ChipTable {
  const FloatFormat* format = nullptr;
  std::vector<int32_t> result = std::vector<int32_t>(0x10000, -1);
};

bool read_table(const std::string& path, ChipTable& table) {
  const bool xz = path.size() > 3 && path.compare(path.size() - 3, 3, ".xz") == 0;
  FILE* in = xz ? popen(("xz -dc '" + path + "'").c_str(), "r") : std::fopen(path.c_str(), "r");
  if (in == nullptr) {
    std::fprintf(stderr, "error: %s: cannot open\n", path.c_str());
    return false;
  }
  char line[256];
  int number = 0;
  bool ok = true;
  while (ok && std::fgets(line, sizeof line, in) != nullptr) {
    ++number;
    if (line[0] == '#' || line[0] == '\n') continue;
    char form[64];
    unsigned a = 0, r = 0;
    if (std::sscanf(line, "%63s %x %x", form, &a, &r) != 3 || a > 0xFFFF || r > 0xFFFF) {
      std::fprintf(stderr, "error: %s:%d: not a line `FORM A EXPECTED` of one 16-bit lane\n",
                   path.c_str(), number);
      ok = false;
      break;
    }
    const FloatFormat* f = std::strcmp(form, "tanh.approx.f16") == 0    ? &halfpipe::ref::kF16
                           : std::strcmp(form, "tanh.approx.bf16") == 0 ? &halfpipe::ref::kBF16
                                                                        : nullptr;
    if (f == nullptr || (table.format != nullptr && table.format != f)) {
      std::fprintf(stderr, "error: %s:%d: '%s' is not tanh.approx.f16 or tanh.approx.bf16, or "
                   "not the form of the file's first line\n", path.c_str(), number, form);
      ok = false;
      break;
    }
    table.format = f;
    table.result[a] = static_cast<int32_t>(r);
  }
  const int status = xz ? pclose(in) : std::fclose(in);
  if (ok && status != 0) {
    std::fprintf(stderr, "error: %s: could not be read to its end%s\n", path.c_str(),
                 xz ? " (xz -dc failed)" : "");
    ok = false;
  }
  if (ok && table.format == nullptr) {
    std::fprintf(stderr, "error: %s: holds no vectors\n", path.c_str());
    ok = false;
  }
  return ok;
}

// Every positive input of the tables that reaches the tanh table, as a constraint on its segment.
bool tanh_inputs(const std::vector<ChipTable>& tables, Constraints& inputs) {
  inputs.assign(approx::kTanhLayout.entries, {});
  for (const ChipTable& t : tables) {
    const FloatFormat& f = *t.format;
    for (uint16_t a = 1; a < f.inf(); ++a) {
      const halfpipe::ref::Unpacked x = halfpipe::ref::unpack(f, a);
      const uint64_t position = approx::tanh_position(x.exp, x.sig);
      if (position >= approx::kTanhSaturation || position < approx::kTanhIdentityBelow) continue;
      const int32_t r = t.result[a];
      if (r < 0 || f.sign(static_cast<uint16_t>(r)) || f.is_zero(static_cast<uint16_t>(r)) ||
          f.exp_field(static_cast<uint16_t>(r)) == 0 || f.magnitude(static_cast<uint16_t>(r)) > f.one()) {
        std::fprintf(stderr, "error: the tables give no result in (0, 1] for input 0x%04x\n", a);
        return false;
      }
      const approx::Segment s = approx::tanh_segment(position);
      inputs[s.index].push_back(constraint(f, x, static_cast<uint16_t>(r), s.offset));
    }
  }
  return true;
}

// a at offset d of segment i (d real: the fit samples between offsets).
long double tanh_cell(int i, long double d) {
  const bool fine = i < approx::kTanhFineSegments;
  const int cell_bits = approx::kTanhFractionBits - (fine ? 0 : approx::kTanhCoarseShift);
  const long double start =
      fine ? std::ldexp(static_cast<long double>(i), -approx::kTanhFineStepBits)
           : 2 + std::ldexp(static_cast<long double>(i - approx::kTanhFineSegments),
                            approx::kTanhCoarseShift - approx::kTanhFineStepBits);
  return start + std::ldexp(d, -cell_bits);
}

long double g(long double a) { return a == 0 ? 1.0L : std::tanh(a) / a; }

struct Fit {
  std::vector<Coefficients> entries;
  long double max_error = 0;  // in units of 2^-Y
};

// The range of wanted - y(c1, c2, c0 = 0) over every `stride`th offset (and the last).
std::pair<long double, long double> residual(const Layout& l, const std::vector<long double>& wanted,
                                             int64_t c1, int64_t c2, uint32_t stride) {
  long double lo = INFINITY, hi = -INFINITY;
  const uint32_t cells = static_cast<uint32_t>(wanted.size());
  for (uint32_t d = 0;; d += stride) {
    if (d >= cells) d = cells - 1;
    const long double r = wanted[d] - approx::evaluate(l, {0, c1, c2}, d);
    lo = std::min(lo, r);
    hi = std::max(hi, r);
    if (d == cells - 1) break;
  }
  return {lo, hi};
}

bool fit_table(const Layout& l, const Constraints& inputs, Fit& fit) {
  constexpr uint32_t kStride = 61;
  const uint32_t cells = uint32_t{1} << l.offset_bits;
  const long double unit = std::ldexp(1.0L, l.y_frac_bits);
  std::vector<long double> wanted(cells);
  for (int i = 0; i < l.entries; ++i) {
    for (uint32_t d = 0; d < cells; ++d) wanted[d] = g(tanh_cell(i, d)) * unit;
    long double t[3], v[3];
    for (int j = 0; j < 3; ++j) {
      t[j] = (1 - std::cos((2 * j + 1) * 3.14159265358979323846L / 6)) / 2;
      v[j] = g(tanh_cell(i, t[j] * cells)) * unit;
    }
    const long double d01 = (v[1] - v[0]) / (t[1] - t[0]);
    const long double d12 = (v[2] - v[1]) / (t[2] - t[1]);
    const long double a2 = (d12 - d01) / (t[2] - t[0]);
    const long double a1 = d01 - a2 * (t[0] + t[1]);
    const int64_t c1_guess = std::llround(a1), c2_guess = std::llround(a2);

    bool found = false;
    Coefficients best{};
    long double best_error = INFINITY;
    for (int ring = 0; ring <= kMaxRing && !found; ++ring) {
      for (int64_t dc2 = -ring; dc2 <= ring; ++dc2) {
        for (int64_t dc1 = -3 * ring; dc1 <= 3 * ring; ++dc1) {
          if (std::max<int64_t>(std::llabs(dc2), (std::llabs(dc1) + 2) / 3) != ring) continue;
          const int64_t c1 = c1_guess + dc1, c2 = c2_guess + dc2;
          int64_t c0_lo = INT64_MIN, c0_hi = INT64_MAX;
          for (const Constraint& c : inputs[i]) {
            const int64_t base = approx::evaluate(l, {0, c1, c2}, c.offset);
            c0_lo = std::max(c0_lo, c.lo - base);
            c0_hi = std::min(c0_hi, c.hi - base);
            if (c0_lo > c0_hi) break;
          }
          if (c0_lo > c0_hi) continue;
          const auto [lo, hi] = residual(l, wanted, c1, c2, kStride);
          const int64_t c0 = std::clamp<int64_t>(std::llround((lo + hi) / 2), c0_lo, c0_hi);
          const long double error = std::max(hi - c0, c0 - lo);
          if (error < best_error) best_error = error, best = {c0, c1, c2}, found = true;
        }
      }
    }
    if (!found) {
      std::fprintf(stderr, "error: tanh segment %d: no entry within %d rings of the near-minimax "
                   "one reproduces the chip's %zu results there\n", i, kMaxRing, inputs[i].size());
      return false;
    }
    const auto [lo, hi] = residual(l, wanted, best.c1, best.c2, 1);
    fit.entries.push_back(best);
    fit.max_error = std::max(fit.max_error, std::max(hi - best.c0, best.c0 - lo));
  }
  return true;
}

// Faults that would break S21 or the datapath contract; the generator refuses to write then.
std::vector<std::string> check(const Layout& l, const Fit& fit) {
  std::vector<std::string> faults;
  const int64_t cells = int64_t{1} << l.offset_bits;
  for (int i = 0; i < l.entries; ++i) {
    const Coefficients& c = fit.entries[i];
    if (!approx::fits(l, c))
      faults.push_back("tanh segment " + std::to_string(i) + ": entry does not fit its fields");
    // a * y below 1 + 2^-10 for every a in the cell (the cell's top end times y), so that no
    // truncated result exceeds 1.0 in either format (f16's last place above 1 is 2^-10). The
    // inputs' own intervals keep every 16-bit input's result below 1, as the chip's are.
    for (int64_t d = 0; d < cells; ++d) {
      const long double a_top = tanh_cell(i, static_cast<long double>(d + 1));
      const long double y = std::ldexp(static_cast<long double>(approx::evaluate(l, c, d)),
                                       -l.y_frac_bits);
      if (a_top * y >= 1 + std::ldexp(1.0L, -10)) {
        faults.push_back("tanh segment " + std::to_string(i) + ": tanh exceeds 1");
        break;
      }
    }
  }
  return faults;
}

std::string render(const Layout& l, const Fit& fit) {
  auto str = [](auto v) { return std::to_string(v); };
  std::ostringstream out;
  out << "// tanh.mem: generated by model/ref/approx/tablegen.cpp from the chip's results; do not edit.\n"
      << "// tanh(a)/a for a in [0, 8): segment i < " << approx::kTanhFineSegments << " covers [i, i + 1) / "
      << (1 << approx::kTanhFineStepBits) << ", segment " << approx::kTanhFineSegments
      << " + j covers 2 + [j, j + 1) / "
      << (1 << (approx::kTanhFineStepBits - approx::kTanhCoarseShift)) << "; d = the "
      << l.offset_bits << " bits below the index in |a| truncated to 2^-"
      << approx::kTanhFractionBits << " (2^-" << approx::kTanhFractionBits - approx::kTanhCoarseShift
      << " in the coarse segments)\n"
      << "// " << l.entries << " entries x " << l.entry_bits() << " bits; line i = segment i.\n"
      << "// entry = {c2[" << l.c2_bits << "] signed, c1[" << l.c1_bits << "] signed, c0["
      << l.c0_bits << "] unsigned}, MSB first.\n"
      << "// y = c0 + floor(c1*d / 2^" << l.offset_bits << ") + floor(c2*s^2 / 2^"
      << 2 * l.square_bits << "), s = d >> " << l.offset_bits - l.square_bits
      << "; y in units of 2^-" << l.y_frac_bits << " (see model/ref/approx/datapath.h).\n"
      << "// Fitted so that |a| * y, truncated, is sm_90's result on every input of tanh.approx.f16 and\n"
      << "// tanh.approx.bf16 (silicon/results/sm_90/run1/tables/); largest error against tanh(a)/a: "
      << str(static_cast<int>(std::ceil(fit.max_error))) << " units.\n";
  const int digits = (l.entry_bits() + 3) / 4;
  for (const auto& c : fit.entries) {
    char line[32];
    std::snprintf(line, sizeof line, "%0*" PRIx64 "\n", digits, approx::pack_entry(l, c));
    out << line;
  }
  return out.str();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: approx_tablegen OUT_DIR TABLE...\n");
    return 2;
  }
  const std::string dir = argv[1];
  std::vector<ChipTable> tables(argc - 2);
  for (int k = 2; k < argc; ++k)
    if (!read_table(argv[k], tables[k - 2])) return 2;

  const Layout& l = approx::kTanhLayout;
  Constraints inputs;
  Fit fit;
  if (!tanh_inputs(tables, inputs) || !fit_table(l, inputs, fit)) return 1;
  std::fprintf(stderr, "tanh: %d entries, max error against tanh(a)/a %.2Lf units of 2^-%d (2^%.2Lf)\n",
               l.entries, fit.max_error, l.y_frac_bits, std::log2(fit.max_error) - l.y_frac_bits);
  const auto faults = check(l, fit);
  for (const auto& f : faults) std::fprintf(stderr, "error: %s\n", f.c_str());
  if (!faults.empty()) return 1;

  const std::string path = dir + "/tanh.mem";
  std::ofstream out(path, std::ios::binary);
  out << render(l, fit);
  if (!out) {
    std::fprintf(stderr, "error: cannot write %s\n", path.c_str());
    return 1;
  }
  return 0;
}
