// `halfpipe approx-report`: how good tanh.approx and ex2.approx are (S20), measured on every
// one of the 65,536 inputs of each format against the exact functions in double, and what their
// tables cost.
//
//   halfpipe approx-report [--svg-dir DIR]
//
// Prints per (function, format): max absolute error, max relative error (normal results), max
// error in ulps of the exact value, max distance in ulps from the correctly rounded result, the
// fraction correctly rounded and the table size. With --svg-dir, writes DIR/tanh.svg and
// DIR/ex2.svg: the signed error in ulps across the input range, one panel per format.
#include <fmt/core.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "model/ref/approx/accuracy.h"
#include "model/ref/approx/datapath.h"
#include "sim/commands.h"
#include "sim/exit_status.h"

namespace halfpipe::cli {
namespace {

namespace approx = ref::approx;

struct Pair {
  Op op;
  Format format;
  const char* function;
  const char* format_name;
  double plot_lo, plot_hi;  // the input range worth plotting (outside it results are exact)
};

constexpr Pair kPairs[] = {
    {Op::Tanh, Format::F16, "tanh", "f16", -6, 6},
    {Op::Tanh, Format::BF16, "tanh", "bf16", -6, 6},
    {Op::Ex2, Format::F16, "ex2", "f16", -26, 16},
    {Op::Ex2, Format::BF16, "ex2", "bf16", -135, 128},
};

// Entries and bits per entry of the op's table.
std::pair<int, int> table_of(Op op) {
  if (op == Op::Tanh) return {approx::kTanhLayout.entries, approx::kTanhLayout.entry_bits()};
  return {approx::kEx2Entries, approx::kEx2EntryBits};
}

std::string power_of_two(double v) {
  return v == 0 ? std::string("0") : fmt::format("2^{:.2f}", std::log2(v));
}

// One panel: for each pixel column the lowest and highest error among its inputs, as a vertical
// line, so 65,536 inputs make a few hundred elements.
void plot_panel(std::ostream& svg, const Pair& pair, const approx::Accuracy& a, int top) {
  constexpr int kLeft = 70, kWidth = 800, kHeight = 220;
  constexpr double kYRange = 1.0;  // ulps; the target bound
  auto px = [&](double x) {
    return kLeft + (x - pair.plot_lo) / (pair.plot_hi - pair.plot_lo) * kWidth;
  };
  auto py = [&](double ulps) {
    const double clamped = std::clamp(ulps, -kYRange, kYRange);
    return top + (kYRange - clamped) / (2 * kYRange) * kHeight;
  };
  svg << fmt::format(
      "<text x='{}' y='{}' font-size='14' font-weight='bold'>{}.approx.{}: error in ulps of the "
      "exact value (min..max per column)</text>\n",
      kLeft, top - 8, pair.function, pair.format_name);
  svg << fmt::format("<rect x='{}' y='{}' width='{}' height='{}' fill='none' stroke='black'/>\n",
                     kLeft, top, kWidth, kHeight);
  for (double u : {-1.0, -0.5, 0.0, 0.5, 1.0}) {
    svg << fmt::format(
        "<line x1='{}' y1='{:.1f}' x2='{}' y2='{:.1f}' stroke='{}' stroke-dasharray='{}'/>\n", kLeft,
        py(u), kLeft + kWidth, py(u), u == 0 ? "#888" : "#ccc", u == 0 ? "none" : "4 3");
    svg << fmt::format("<text x='{}' y='{:.1f}' font-size='11' text-anchor='end'>{:+.1f}</text>\n",
                       kLeft - 4, py(u) + 4, u);
  }
  const double span = pair.plot_hi - pair.plot_lo;
  const double step = span <= 16 ? 1 : span <= 50 ? 4 : 32;
  for (double x = std::ceil(pair.plot_lo / step) * step; x <= pair.plot_hi; x += step) {
    svg << fmt::format("<line x1='{:.1f}' y1='{}' x2='{:.1f}' y2='{}' stroke='black'/>\n", px(x),
                       top + kHeight, px(x), top + kHeight + 4);
    svg << fmt::format("<text x='{:.1f}' y='{}' font-size='11' text-anchor='middle'>{:g}</text>\n",
                       px(x), top + kHeight + 16, x);
  }
  std::vector<double> lo(kWidth, INFINITY), hi(kWidth, -INFINITY);
  for (const auto& e : a.errors) {
    if (e.x < pair.plot_lo || e.x > pair.plot_hi) continue;
    const int column = std::min(kWidth - 1, static_cast<int>(px(e.x)) - kLeft);
    lo[column] = std::min(lo[column], e.ulps);
    hi[column] = std::max(hi[column], e.ulps);
  }
  svg << "<g stroke='#1f5fbf' stroke-width='1'>\n";
  for (int c = 0; c < kWidth; ++c) {
    if (lo[c] > hi[c]) continue;
    const double y1 = py(hi[c]), y2 = std::max(py(lo[c]), y1 + 1);
    svg << fmt::format("<line x1='{}.5' y1='{:.1f}' x2='{}.5' y2='{:.1f}'/>\n", kLeft + c, y1,
                       kLeft + c, y2);
  }
  svg << "</g>\n<g fill='none' stroke='#d62728' stroke-width='1.5'>\n";
  int misses = 0;
  for (const auto& e : a.errors) {
    if (e.correctly_rounded || e.x < pair.plot_lo || e.x > pair.plot_hi) continue;
    svg << fmt::format("<circle cx='{:.1f}' cy='{:.1f}' r='4'/>\n", px(e.x), py(e.ulps));
    ++misses;
  }
  svg << "</g>\n";
  svg << fmt::format(
      "<text x='{}' y='{}' font-size='11' fill='#d62728' text-anchor='end'>circled: {} not "
      "correctly rounded</text>\n",
      kLeft + kWidth, top - 8, misses);
}

int run_report(const std::string& svg_dir) {
  fmt::print("{:<6} {:<5} {:>13} {:>13} {:>10} {:>8} {:>22} {:>24}\n", "func", "fmt",
             "max abs err", "max rel err", "max ulp err", "max ulps", "correctly rounded",
             "table (shared f16/bf16)");
  std::vector<approx::Accuracy> results;
  for (const Pair& p : kPairs) {
    approx::Accuracy a = approx::measure(p.op, p.format);
    const auto [entries, entry_bits] = table_of(p.op);
    fmt::print("{:<6} {:<5} {:>13} {:>13} {:>10.3f} {:>8} {:>6}/{:<6} {:>8.4f}% {:>10} x {} = {} bits\n",
               p.function, p.format_name, power_of_two(a.max_abs_error),
               power_of_two(a.max_rel_error), a.max_ulp_error, a.max_ulps_from_correct,
               a.correctly_rounded, a.inputs, 100.0 * a.correctly_rounded / a.inputs, entries,
               entry_bits, entries * entry_bits);
    results.push_back(std::move(a));
  }
  fmt::print(
      "bounds (S20): tanh f16 abs 2^-10.99, tanh bf16 abs 2^-8.00, ex2 f16 rel 2^-9.90, ex2 bf16 "
      "rel 2^-7.00; max ulps = distance from the correctly rounded result (ftz included)\n");
  const approx::Layout& l = approx::kTanhLayout;
  fmt::print(
      "tanh datapath: {} entries x {{c2 {}, c1 {}, c0 {}}} bits; offset d {} bits, squarer {}x{}, "
      "multipliers c1*d {}x{}, c2*s^2 {}x{}; y has {} fraction bits\n",
      l.entries, l.c2_bits, l.c1_bits, l.c0_bits, l.offset_bits, l.square_bits, l.square_bits,
      l.c1_bits, l.offset_bits, l.c2_bits, 2 * l.square_bits, l.y_frac_bits);
  fmt::print(
      "ex2 datapath: {} entries x {{c2 {}, c1 {}, c0 {}}} bits; offset d {} bits, squarer {}x{} "
      "without the partial products below column {}, multipliers c1*d {}x{}, c2*d^2 {}x{}; y has "
      "{} fraction bits\n",
      approx::kEx2Entries, approx::kEx2C2Bits, approx::kEx2C1Bits, approx::kEx2C0Bits,
      approx::kEx2OffsetBits, approx::kEx2OffsetBits, approx::kEx2OffsetBits,
      approx::kEx2SquareFirstColumn, approx::kEx2C1Bits, approx::kEx2OffsetBits, approx::kEx2C2Bits,
      2 * approx::kEx2OffsetBits, approx::kEx2FractionBits);
  fmt::print("both truncate into the format, as sm_90 does (S19); the results are the chip's on every input\n");
  if (svg_dir.empty()) return kPassed;

  std::error_code ec;
  std::filesystem::create_directories(svg_dir, ec);
  if (ec) {
    fmt::print(stderr, "error: cannot create directory {}: {}\n", svg_dir, ec.message());
    return kUsageOrInputError;
  }
  for (const char* function : {"tanh", "ex2"}) {
    std::ostringstream svg;
    svg << "<svg xmlns='http://www.w3.org/2000/svg' width='900' height='580' "
           "font-family='sans-serif'>\n<rect width='100%' height='100%' fill='white'/>\n";
    int top = 40;
    for (size_t i = 0; i < std::size(kPairs); ++i) {
      if (std::string(kPairs[i].function) != function) continue;
      plot_panel(svg, kPairs[i], results[i], top);
      top += 280;
    }
    svg << "</svg>\n";
    const std::string path = svg_dir + "/" + function + ".svg";
    std::ofstream out(path, std::ios::binary);
    out << svg.str();
    if (!out) {
      fmt::print(stderr, "error: cannot write {}\n", path);
      return kUsageOrInputError;
    }
    fmt::print("wrote {}\n", path);
  }
  return kPassed;
}

constexpr const char* kApproxReportDescription =
    "accuracy of tanh.approx and ex2.approx on every input, table sizes, SVG error plots";

int approx_report_main(const std::vector<std::string>& args) {
  const auto parsed = parse_approx_report_options(args);
  if (!parsed.ok()) return report_stop("approx-report", parsed.text, parsed.status);
  return run_report(parsed.options->svg_dir);
}

}  // namespace

Parsed<ApproxReportOptions> parse_approx_report_options(const std::vector<std::string>& args) {
  return parse_command<ApproxReportOptions>(
      "approx-report", kApproxReportDescription, args,
      [](Vocabulary& v, ApproxReportOptions& o) { v.svg_dir(o.svg_dir); });
}

}  // namespace halfpipe::cli

HALFPIPE_COMMAND(approx_report, "approx-report", halfpipe::cli::kApproxReportDescription,
                 halfpipe::cli::approx_report_main);
