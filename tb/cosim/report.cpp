#include "tb/cosim/report.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "model/isa/visa.h"
#include "tb/loaded_dut.h"
#include "tb/sweep.h"
#include "vectors/vector_file.h"

namespace halfpipe::tb::cosim {
namespace {

// How the log shows a transaction's values: a PTX form's register (lane 1 in bits [31:16] for
// a packed form, S2), or a vISA beat's lanes, comma-separated with the unit's lane count.
class ValueText {
 public:
  ValueText(const Stimulus& stimulus, int lanes) : stimulus_(stimulus), lanes_(lanes) {}

  std::string operator()(int form, const std::array<uint16_t, kMaxLanes>& values) const {
    const Uop& u = stimulus_.uop(form);
    if (stimulus_.is_visa(form)) {
      std::string text;
      for (int lane = 0; lane < lanes_; ++lane) text += fmt::format("{}0x{:04x}", lane ? "," : "", values[lane]);
      return text;
    }
    const uint32_t reg = u.packed ? values[0] | (uint32_t{values[1]} << 16) : values[0];
    return vectors::format_register(u, reg);
  }

  // A vISA beat's lane mask and source modifiers vary within a form, so its line shows them.
  std::string operands(const Expected& e) const {
    static const char* const kNames[] = {"a", "b", "c"};
    const bool visa = stimulus_.is_visa(e.plan);
    const Uop u = decode(e.uop_word, e.lane_mask).value();
    std::string text = visa ? fmt::format("mask=0x{:x} ", e.lane_mask) : "";
    for (int i = 0; i < operand_count(u.op); ++i) {
      std::array<uint16_t, kMaxLanes> values{};
      for (int lane = 0; lane < lanes_; ++lane) values[lane] = e.operands[lane][i];
      const std::string modifier =
          visa && i < 2 ? isa::visa::modifier_text(i == 0 ? u.src0_mod : u.src1_mod) : "";
      text += fmt::format("{}{}={}{}", i ? " " : "", kNames[i], modifier, (*this)(e.plan, values));
    }
    return text;
  }

 private:
  const Stimulus& stimulus_;
  int lanes_;
};

std::string probability(double p) { return fmt::format("{:g}", p); }

std::string resets_text(const Settings& settings, const Report& report) {
  std::string text =
      !settings.reset_at ? std::string()
      : report.reset
          ? fmt::format("reset after transaction {} (cycle {}, {} replayed)", settings.reset_at,
                        report.reset_cycle, report.replayed)
          : fmt::format("no reset (the run ended before transaction {})", settings.reset_at);
  if (settings.reset_every) {
    const uint64_t periodic = report.accounting.resets - report.reset;
    text += fmt::format("{}{} reset{}, about every {} cycles", text.empty() ? "" : "; ", periodic,
                        periodic == 1 ? "" : "s", settings.reset_every);
  }
  return text.empty() ? "no reset" : text;
}

// The unit and model options of a run: a replay runs the same unit beside the same model.
std::string unit_options(const Settings& settings) {
  std::string options = settings.unit ? settings.unit_options
                                      : fmt::format(" --lanes {} --depth {}", settings.lanes,
                                                    settings.depth);
  for (const auto& m : settings.model_latency) options += " --model-latency " + m;
  return options;
}

// "unit eu_fpu_adapter (--dut DIR), Lanes=1" or "Lanes=2 Depth=4".
std::string unit_text(const Settings& settings) {
  if (!settings.unit) return fmt::format("Lanes={} Depth={}", settings.lanes, settings.depth);
  const UnitDescription& d = settings.unit->description();
  return fmt::format("unit {} (--dut {}), Lanes={}", d.top, d.dir, settings.lanes);
}

std::string mib(uint64_t kib) { return fmt::format("{:.1f} MiB", kib / 1024.0); }

}  // namespace

ReportWriter::ReportWriter(const Stimulus& stimulus, const Settings& settings, std::ostream& out,
                           Report& report)
    : stimulus_(stimulus), settings_(settings), out_(out), report_(report) {
  report_.forms.assign(stimulus.forms().size(), FormTally{});
  if (settings.log_path == "-") {
    log_ = &out_;
  } else if (!settings.log_path.empty()) {
    log_file_.open(settings.log_path);
    if (!log_file_) throw std::runtime_error(settings.log_path + ": cannot write the log");
    log_ = &log_file_;
  }
  if (log_) {
    *log_ << fmt::format(
        "# halfpipe cosim log: {} seed {}; one line per transaction, in issue "
        "order\n# cycle: the rising edge at which the RTL handed the result out (at {} ns in "
        "the --wave file: edge n is at 10n+5 ns)\n# cycle tag form operands expected rtl model "
        "[model-cycle=N when the model predicted another cycle] [MISMATCH]; without the model "
        "(a unit whose cycles are not checked), latency=N instead of model\n",
        unit_text(settings), settings.seed, "10*cycle+5");
  }
}

void ReportWriter::mismatch(const Mismatch& m) {
  report_.out_of_order += m.kind == Mismatch::Kind::Tag;
  const std::string form = stimulus_.forms().empty() ? std::string() : stimulus_.forms()[m.plan];
  if (!report_.first_mismatch)
    report_.first_mismatch = WaveMarker{
        m.cycle, m.kind == Mismatch::Kind::Result
                     ? fmt::format("first mismatch: {} {} lane {}", port_name(m.port), form, m.lane)
                     : fmt::format("first mismatch: {}", port_name(m.port))};
  if (m.kind == Mismatch::Kind::Unexpected && log_)
    *log_ << fmt::format("# cycle {}: the {} handed out tag 0x{:02x}, which no accepted "
                        "transaction explains\n",
                        m.cycle, port_name(m.port), m.got);
  if (!print()) return;
  switch (m.kind) {
    case Mismatch::Kind::Result:
      out_ << fmt::format("mismatch: {} {} at cycle {}: {}: expected 0x{:04x}, got 0x{:04x} "
                          "(lane {})\n  reproduce: halfpipe cosim {}{} --wave mismatch-{}.fst\n",
                          port_name(m.port), form, m.cycle,
                          operands_text(m.operands, operand_count(stimulus_.uop(m.plan).op)),
                          m.expected, m.got, m.lane,
                          replay_arguments(stimulus_.beats(), *m.beat, m.lane),
                          unit_options(settings_), reports_);
      break;
    case Mismatch::Kind::Tag:
      out_ << fmt::format("mismatch: {} handed out tag 0x{:02x} at cycle {} where tag 0x{:02x} "
                          "({}) was due: a transaction was lost, duplicated or reordered\n",
                          port_name(m.port), m.got, m.cycle, m.expected, form);
      break;
    case Mismatch::Kind::LaneMask:
      out_ << fmt::format("mismatch: {} {} at cycle {}: lane mask 0x{:x}, expected 0x{:x}\n",
                          port_name(m.port), form, m.cycle, m.got, m.expected);
      break;
    case Mismatch::Kind::Unexpected:
      out_ << fmt::format("mismatch: {} handed out tag 0x{:02x} at cycle {}, which no accepted "
                          "transaction explains\n",
                          port_name(m.port), m.got, m.cycle);
      break;
  }
}

void ReportWriter::outcome(const Outcome& o) {
  const Expected& e = *o.expected;
  FormTally& tally = report_.forms[e.plan];
  ++tally.vectors;
  tally.mismatches += !o.results_match;
  tally.cycle_deviations += !o.cycles_match;
  const uint64_t rtl_cycle = o.cycle[static_cast<int>(Port::Rtl)];
  if (!report_.untimed_reason.empty()) {  // no model: the unit's own latency, measured
    const uint64_t accepted = o.accept_cycle[static_cast<int>(Port::Rtl)];
    const uint64_t latency = rtl_cycle - accepted;
    tally.latency_min = std::min(tally.latency_min, latency);
    tally.latency_max = std::max(tally.latency_max, latency);
    tally.latency_sum += latency;
    tally.first_accept = std::min(tally.first_accept, accepted);
    tally.last_output = std::max(tally.last_output, rtl_cycle);
    if (log_) {
      const ValueText text(stimulus_, settings_.lanes);
      *log_ << fmt::format("{:>9} 0x{:02x} {} {} expected={} rtl={} latency={}{}\n", rtl_cycle,
                           e.tag, stimulus_.forms()[e.plan], text.operands(e),
                           text(e.plan, e.result),
                           text(e.plan, o.got[static_cast<int>(Port::Rtl)].result), latency,
                           o.results_match ? "" : " MISMATCH");
    }
    return;
  }
  const uint64_t model_cycle = o.cycle[static_cast<int>(Port::Model)];
  if (!o.cycles_match && !report_.first_mismatch)
    report_.first_mismatch =
        WaveMarker{rtl_cycle, fmt::format("first cycle deviation: {} tag 0x{:02x}, the model "
                                          "predicted cycle {}",
                                          stimulus_.forms()[e.plan], e.tag, model_cycle)};
  if (!o.cycles_match && print())
    out_ << fmt::format("cycle deviation: {} tag 0x{:02x}: the RTL handed it out at cycle {}, "
                        "the model predicted cycle {}\n",
                        stimulus_.forms()[e.plan], e.tag, rtl_cycle, model_cycle);
  if (log_) {
    const ValueText text(stimulus_, settings_.lanes);
    *log_ << fmt::format(
        "{:>9} 0x{:02x} {} {} expected={} rtl={} model={}{}{}\n", rtl_cycle, e.tag,
        stimulus_.forms()[e.plan], text.operands(e), text(e.plan, e.result),
        text(e.plan, o.got[static_cast<int>(Port::Rtl)].result),
        text(e.plan, o.got[static_cast<int>(Port::Model)].result),
        o.cycles_match ? "" : fmt::format(" model-cycle={}", model_cycle),
        o.results_match ? "" : " MISMATCH");
  }
}

void ReportWriter::note(const std::string& line) {
  if (log_) *log_ << "# " << line << "\n";
}

int ReportWriter::unprinted() const { return std::max(0, reports_ - settings_.max_reports); }

void print_summary(const Stimulus& stimulus, const Settings& settings, const Report& report,
                   int unprinted, std::ostream& out) {
  if (unprinted > 0) out << fmt::format("({} more mismatches not printed)\n", unprinted);
  if (!report.error.empty()) out << "error: " << report.error << "\n";

  // A unit's forms as its adapter spells them, with halfpipe's spelling beside.
  std::vector<std::string> names;
  for (const auto& f : stimulus.forms())
    names.push_back(settings.unit ? settings.unit->description().shown(f) : f);
  std::size_t width = 24;
  for (const auto& name : names) width = std::max(width, name.size());
  out << fmt::format("\nhalfpipe cosim: {}, seed {}, back-pressure {}, gaps {}, {}\n",
                     unit_text(settings), settings.seed, probability(settings.backpressure),
                     probability(settings.gaps), resets_text(settings, report));
  const bool untimed = !report.untimed_reason.empty();
  if (untimed) {
    out << "cycles not checked against the model: " << report.untimed_reason
        << "; the check is functional, with each form's latency (output cycle - acceptance "
           "cycle) and throughput (transactions per cycle from its first acceptance to its last "
           "output) measured\n";
  } else if (settings.unit) {
    out << "cycles checked against the model: halfpipe explore " << report.explore_options
        << "\n";
  } else if (!settings.model_latency.empty()) {
    std::string list;
    for (const auto& s : settings.model_latency) list += (list.empty() ? "" : " ") + s;
    out << "model latencies changed from the RTL's: " << list << "\n";
  }
  FormTally total;
  if (untimed) {
    out << fmt::format("{:<{}} {:>9} {:>11} {:>8} {:>8} {:>8} {:>9} {:>14}\n", "form", width,
                       "vectors", "mismatches", "lat min", "mean", "max", "declared",
                       "per cycle");
  } else {
    out << fmt::format("{:<{}} {:>9} {:>11} {:>17}\n", "form", width, "vectors", "mismatches",
                       "cycle deviations");
  }
  std::string differing;  // forms whose least measured latency is not the declared one
  for (std::size_t i = 0; i < stimulus.forms().size(); ++i) {
    const FormTally& t = report.forms[i];
    total.vectors += t.vectors;
    total.mismatches += t.mismatches;
    total.cycle_deviations += t.cycle_deviations;
    if (!untimed) {
      out << fmt::format("{:<{}} {:>9} {:>11} {:>17}\n", names[i], width, t.vectors,
                         t.mismatches, t.cycle_deviations);
      continue;
    }
    const int declared = report.declared_latency[i];
    if (t.vectors == 0) {
      out << fmt::format("{:<{}} {:>9} {:>11}\n", names[i], width, 0, t.mismatches);
      continue;
    }
    const uint64_t span = t.last_output - t.first_accept + 1;
    out << fmt::format("{:<{}} {:>9} {:>11} {:>8} {:>8.2f} {:>8} {:>9} {:>14.3f}\n",
                       names[i], width, t.vectors, t.mismatches, t.latency_min,
                       static_cast<double>(t.latency_sum) / static_cast<double>(t.vectors),
                       t.latency_max, declared ? std::to_string(declared) : "-",
                       static_cast<double>(t.vectors) / static_cast<double>(span));
    if (declared && t.latency_min != static_cast<uint64_t>(declared))
      differing += fmt::format("{}{} (declared {}, at least {} measured)",
                                 differing.empty() ? "" : ", ", names[i], declared,
                                 t.latency_min);
  }
  if (untimed) {
    out << fmt::format("{:<{}} {:>9} {:>11}\n",
                       fmt::format("all {} forms", stimulus.forms().size()), width, total.vectors,
                       total.mismatches);
    if (!differing.empty())
      out << "note: the declared latency is not the least one measured: " << differing << "\n";
  } else {
    out << fmt::format("{:<{}} {:>9} {:>11} {:>17}\n",
                       fmt::format("all {} forms", stimulus.forms().size()), width, total.vectors,
                       total.mismatches, total.cycle_deviations);
    if (settings.unit && total.cycle_deviations == 0 && total.vectors > 0)
      out << "the model reproduces the unit's timing: halfpipe explore "
          << report.explore_options << " [FORM...]\n";
    else if (settings.unit && total.cycle_deviations > 0)
      out << fmt::format("the model with these latencies does not reproduce the unit's timing: "
                         "{} transaction{} left at another cycle than it predicted\n",
                         total.cycle_deviations, total.cycle_deviations == 1 ? "" : "s");
  }
  if (settings.any_nan)
    out << fmt::format("--nan any: {} lane result{} a NaN other than the reference's, accepted\n",
                       report.nan_differences, report.nan_differences == 1 ? " was" : "s were");
  if (report.lost || report.unexpected || report.protocol_errors)
    out << fmt::format("lost (accepted, never handed back): {}; unexpected outputs: {}; "
                       "in_ready protocol violations: {}\n",
                       report.lost, report.unexpected, report.protocol_errors);
  const double per_cpu = report.cpu_seconds > 0 ? total.vectors / report.cpu_seconds : 0;
  const double per_wall = report.seconds > 0 ? total.vectors / report.seconds : 0;
  out << fmt::format("{} cycles, {:.2f} s ({:.2f} s CPU): {:.0f} transactions/s per CPU second, "
                     "{:.0f} per wall-clock second\n",
                     report.cycles, report.seconds, report.cpu_seconds, per_cpu, per_wall);
  if (settings.soak) {
    const Accounting& a = report.accounting;
    out << fmt::format("soak: {} transactions; the RTL accepted {} = {} completed + {} flushed by "
                       "{} reset{} + {} lost; {} out of order (lost, duplicated or reordered), {} "
                       "unexpected, {} wrong results, {} cycle deviations\n",
                       total.vectors, a.accepted, a.completed, a.flushed, a.resets,
                       a.resets == 1 ? "" : "s", report.lost,
                       report.out_of_order, report.unexpected, total.mismatches,
                       total.cycle_deviations);
    out << fmt::format("resident memory: {} once set up, {} at the end; peak {}\n",
                       mib(report.memory_start.now_kib), mib(report.memory_end.now_kib),
                       mib(report.memory_end.peak_kib));
  }
  if (!report.accounting_error.empty()) out << "error: " << report.accounting_error << "\n";
  // The coverage model is PTX's; a run of vISA forms alone has nothing to count.
  if (stimulus.coverage().vectors() > 0 || !stimulus.has_visa())
    out << stimulus.coverage().summary() << "\n";
  if (!report.wave_note.empty()) out << report.wave_note << "\n";
  out << fmt::format("seed {}{}\n", settings.seed,
                     settings.command.empty() ? "" : "; reproduce: " + settings.command);
  if (report.interrupted)
    out << fmt::format("interrupted (Ctrl-C) after {} cycles: the results so far\n", report.cycles);
  out << fmt::format("{} passed, {} failed\n", report.passed, report.failed);
  out.flush();
}

void print_bare_summary(const Settings& settings, const Report& report, std::ostream& out) {
  const uint64_t transactions = report.passed + report.failed;
  out << fmt::format("bare harness (tb/dut.h + scoreboard, no SystemC, no model): Lanes={} "
                     "Depth={}, seed {}: {} transactions, {} cycles, {:.2f} s ({:.2f} s CPU): "
                     "{:.0f} transactions/s per CPU second, {:.0f} per wall-clock second\n",
                     settings.lanes, settings.depth, settings.seed, transactions, report.cycles,
                     report.seconds, report.cpu_seconds,
                     report.cpu_seconds > 0 ? transactions / report.cpu_seconds : 0,
                     report.seconds > 0 ? transactions / report.seconds : 0);
  if (!report.error.empty()) out << "error: " << report.error << "\n";
  out << fmt::format("{} passed, {} failed\n", report.passed, report.failed);
  out.flush();
}

}  // namespace halfpipe::tb::cosim
