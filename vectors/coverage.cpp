#include "vectors/coverage.h"

#include <fmt/format.h>

#include "model/ref/execute.h"
#include "model/ref/format.h"
#include "model/ref/policy.h"
#include "model/ref/postprocess.h"
#include "vectors/exact.h"

namespace halfpipe::vectors {
namespace {

const char* const kSlotNames[] = {"a", "b", "c"};

}  // namespace

const char* operand_class_name(OperandClass c) {
  static const char* const names[] = {"+0",   "-0",   "+sub",      "-sub",      "+norm", "-norm",
                                      "+inf", "-inf", "canon-nan", "other-nan", "oob-nan"};
  return names[static_cast<int>(c)];
}

OperandClass classify_operand(Format format, uint16_t x) {
  const ref::FloatFormat& f = ref::float_format(format);
  if (ref::policy::is_oob_nan(x)) return OperandClass::OobNan;
  if (f.is_nan(x))
    return x == ref::policy::kCanonicalNan ? OperandClass::CanonicalNan : OperandClass::OtherNan;
  const bool neg = f.sign(x);
  if (f.is_inf(x)) return neg ? OperandClass::NegInf : OperandClass::PosInf;
  if (f.is_zero(x)) return neg ? OperandClass::NegZero : OperandClass::PosZero;
  if (f.is_subnormal(x)) return neg ? OperandClass::NegSubnormal : OperandClass::PosSubnormal;
  return neg ? OperandClass::NegNormal : OperandClass::PosNormal;
}

const char* result_bin_name(ResultBin b) {
  static const char* const names[] = {"normal",  "subnormal", "zero",     "inf",
                                      "nan",     "flushed",   "saturated", "relu-clamped",
                                      "oob-zeroed", "tie-up", "tie-down"};
  return names[static_cast<int>(b)];
}

std::optional<std::string> unreachable_reason(const Uop& u, ResultBin b) {
  switch (b) {
    case ResultBin::Normal:
    case ResultBin::Zero:
      return std::nullopt;
    case ResultBin::Subnormal:
      if (u.ftz) return "S8/S9: .ftz flushes every subnormal result";
      return std::nullopt;
    case ResultBin::Inf:
      if (u.sat) return "S12: .sat clamps to [+0, 1]";
      if (u.op == Op::Tanh) return "S21: |tanh| never exceeds 1";
      return std::nullopt;
    case ResultBin::Nan:
      if (u.sat) return "S12: .sat turns a NaN into +0";
      return std::nullopt;
    case ResultBin::Flushed:
      if (!u.ftz) return "needs .ftz";
      if (op_class(u.op) == OpClass::Selection)
        return "S7 flushes the inputs first, and neg/abs/min/max create no new subnormal";
      return std::nullopt;
    case ResultBin::Saturated:
      if (!u.sat) return "needs .sat";
      return std::nullopt;
    case ResultBin::ReluClamped:
      if (!u.relu) return "needs .relu";
      return std::nullopt;
    case ResultBin::OobZeroed:
      if (!u.oob) return "needs .oob";
      return std::nullopt;
    case ResultBin::TieUp:
    case ResultBin::TieDown:
      if (op_class(u.op) == OpClass::Selection)
        return "no rounding: neg/abs/min/max return an input, at most with its sign changed";
      if (op_class(u.op) == OpClass::Approximate)
        return "S19: an approximation has no exact result to tie";
      return std::nullopt;
  }
  return std::nullopt;
}

void Coverage::add(const std::string& form, const Uop& u, const Operands& o, uint32_t result) {
  if (!is_float(u.format)) return;
  auto [it, inserted] = forms_.try_emplace(form);
  FormCounts& fc = it->second;
  if (inserted) fc.uop = u;
  ++fc.vectors;
  ++vectors_;
  const ref::FloatFormat& f = ref::float_format(u.format);
  const int n = operand_count(u.op);
  for (int lane = 0; lane < (u.packed ? 2 : 1); ++lane) {
    LaneCounts& lc = fc.lanes[lane];
    const int shift = 16 * lane;
    const uint16_t ops[3] = {static_cast<uint16_t>(o.a >> shift),
                             static_cast<uint16_t>(o.b >> shift),
                             static_cast<uint16_t>(o.c >> shift)};
    for (int s = 0; s < n; ++s) ++lc.operand[s][static_cast<int>(classify_operand(u.format, ops[s]))];
    const auto r = static_cast<uint16_t>(result >> shift);
    auto hit = [&lc](ResultBin b) { ++lc.result[static_cast<int>(b)]; };
    if (f.is_nan(r)) hit(ResultBin::Nan);
    else if (f.is_inf(r)) hit(ResultBin::Inf);
    else if (f.is_zero(r)) hit(ResultBin::Zero);
    else if (f.is_subnormal(r)) hit(ResultBin::Subnormal);
    else hit(ResultBin::Normal);

    const bool oob_zeroed = u.oob && (ref::policy::is_oob_nan(ops[0]) || ref::policy::is_oob_nan(ops[1]));
    if (oob_zeroed) hit(ResultBin::OobZeroed);
    if (const auto exact = exact_lane_result(u, ops[0], ops[1], ops[2])) {
      const Tie tie = classify_tie(f, *exact);
      if (tie == Tie::RoundsUp) hit(ResultBin::TieUp);
      if (tie == Tie::RoundsDown) hit(ResultBin::TieDown);
    }
    // The other events: the reference's result with the modifier in question switched off.
    Uop rounded_only = u;
    rounded_only.sat = rounded_only.relu = rounded_only.oob = false;
    try {
      const uint16_t rounded = ref::execute_lane(rounded_only, ops[0], ops[1], ops[2]);
      if (u.ftz) {
        Uop unflushed = rounded_only;
        unflushed.ftz = false;
        const uint16_t before_s8 = ref::execute_lane(
            unflushed, ref::flush_subnormal_input(f, ops[0]), ref::flush_subnormal_input(f, ops[1]),
            ref::flush_subnormal_input(f, ops[2]));
        if (f.is_subnormal(before_s8)) hit(ResultBin::Flushed);
      }
      if (u.sat && !oob_zeroed && ref::policy::saturate(f, rounded) != rounded)
        hit(ResultBin::Saturated);
      if (u.relu && !oob_zeroed && !f.is_nan(rounded) && f.sign(rounded))
        hit(ResultBin::ReluClamped);
    } catch (const ref::NotImplemented&) {
      ++fc.events_unknown;
    }
  }
}

std::vector<Coverage::Bin> Coverage::reachable_bins() const {
  std::vector<Bin> bins;
  for (const auto& [form, fc] : forms_) {
    const int n = operand_count(fc.uop.op);
    for (int lane = 0; lane < (fc.uop.packed ? 2 : 1); ++lane) {
      const std::string lane_name = fmt::format("lane{}", lane);
      const LaneCounts& lc = fc.lanes[lane];
      for (int s = 0; s < n; ++s)
        for (int k = 0; k < kOperandClassCount; ++k)
          bins.push_back({form, lane_name,
                          fmt::format("{}:{}", kSlotNames[s],
                                      operand_class_name(static_cast<OperandClass>(k))),
                          lc.operand[s][k]});
      for (int k = 0; k < kResultBinCount; ++k) {
        const auto bin = static_cast<ResultBin>(k);
        if (!unreachable_reason(fc.uop, bin))
          bins.push_back({form, lane_name, fmt::format("result:{}", result_bin_name(bin)), lc.result[k]});
      }
    }
  }
  return bins;
}

std::vector<Coverage::EmptyBin> Coverage::empty_reachable_bins() const {
  std::vector<EmptyBin> empty;
  for (const auto& b : reachable_bins())
    if (b.count == 0) empty.push_back({b.form, b.lane, b.bin});
  return empty;
}

std::vector<std::vector<std::string>> Coverage::unreachable_bins() const {
  std::vector<std::vector<std::string>> out;
  for (const auto& [form, fc] : forms_)
    for (int k = 0; k < kResultBinCount; ++k)
      if (auto reason = unreachable_reason(fc.uop, static_cast<ResultBin>(k)))
        out.push_back({form, fmt::format("result:{}", result_bin_name(static_cast<ResultBin>(k))),
                       *reason});
  return out;
}

std::string Coverage::summary() const {
  uint64_t reachable = 0;
  for (const auto& [form, fc] : forms_) {
    uint64_t per_lane = static_cast<uint64_t>(operand_count(fc.uop.op)) * kOperandClassCount;
    for (int k = 0; k < kResultBinCount; ++k)
      per_lane += !unreachable_reason(fc.uop, static_cast<ResultBin>(k));
    reachable += per_lane * (fc.uop.packed ? 2 : 1);
  }
  const uint64_t empty = empty_reachable_bins().size();
  return fmt::format("coverage: {} vectors, {} of {} reachable bins hit, {} empty", vectors_,
                     reachable - empty, reachable, empty);
}

void Coverage::print(std::ostream& out) const {
  out << fmt::format("coverage: {} vectors, {} forms\n", vectors_, forms_.size());
  // Header: the operand classes, then the result bins.
  std::string header = fmt::format("{:<28} {:<5} {:<6}", "form", "lane", "slot");
  for (int k = 0; k < kOperandClassCount; ++k)
    header += fmt::format(" {:>9}", operand_class_name(static_cast<OperandClass>(k)));
  out << header << '\n';
  std::string result_header = fmt::format("{:<28} {:<5} {:<6}", "", "", "");
  for (int k = 0; k < kResultBinCount; ++k)
    result_header += fmt::format(" {:>12}", result_bin_name(static_cast<ResultBin>(k)));
  out << result_header << '\n';
  for (const auto& [form, fc] : forms_) {
    for (int lane = 0; lane < (fc.uop.packed ? 2 : 1); ++lane) {
      const LaneCounts& lc = fc.lanes[lane];
      for (int s = 0; s < operand_count(fc.uop.op); ++s) {
        std::string row = fmt::format("{:<28} {:<5} {:<6}", form, lane, kSlotNames[s]);
        for (int k = 0; k < kOperandClassCount; ++k) row += fmt::format(" {:>9}", lc.operand[s][k]);
        out << row << '\n';
      }
      std::string row = fmt::format("{:<28} {:<5} {:<6}", form, lane, "result");
      for (int k = 0; k < kResultBinCount; ++k) {
        const bool unreachable = unreachable_reason(fc.uop, static_cast<ResultBin>(k)).has_value();
        row += unreachable ? fmt::format(" {:>12}", "-") : fmt::format(" {:>12}", lc.result[k]);
      }
      out << row << '\n';
    }
    if (fc.events_unknown)
      out << fmt::format("{:<28} result events unknown for {} lanes: the reference cannot "
                         "evaluate this form yet\n",
                         form, fc.events_unknown);
  }
  const auto empty = empty_reachable_bins();
  out << fmt::format("empty reachable bins: {}\n", empty.size());
  for (const auto& e : empty) out << fmt::format("  {} {} {}\n", e.form, e.lane, e.bin);
  const auto unreachable = unreachable_bins();
  out << fmt::format("unreachable bins (shown as '-'): {}\n", unreachable.size());
  std::map<std::string, uint64_t> by_reason;
  for (const auto& u : unreachable) ++by_reason[u[1] + ": " + u[2]];
  for (const auto& [reason, count] : by_reason)
    out << fmt::format("  {} ({} form{})\n", reason, count, count == 1 ? "" : "s");
  out << summary() << '\n';
}

}  // namespace halfpipe::vectors
