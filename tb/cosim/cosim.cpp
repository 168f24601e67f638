// The co-simulation (cosim.h): the SystemC top that clocks the Verilated RTL and the SystemC model
// edge by edge from one stimulus, its temporal decoupling, and the three ways a run goes: timed
// against the model (run_cosim), a user's unit checked functionally with its latencies measured
// (run_untimed), and the RTL alone (run_bare).
#include "tb/cosim/cosim.h"

#include <systemc>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <memory>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <utility>

#include <fmt/format.h>

#include "model/isa/ptx.h"
#include "model/isa/visa.h"
#include "model/sc/alu_model.h"
#include "model/sc/config.h"
#include "tb/cosim/report.h"
#include "tb/drive.h"
#include "tb/dut_factory.h"
#include "tb/loaded_dut.h"
#include "tb/scoreboard.h"
#include "tb/sweep.h"
#include "model/sc/traffic.h"
#include "vectors/vector_file.h"

namespace halfpipe::tb::cosim {

namespace {

using Clock = std::chrono::steady_clock;

// ---- transactions -----------------------------------------------------------------------

// The stimulus, turned into scoreboard transactions on demand: transaction n carries tag
// n mod 2^TagWidth. At most `limit` of them (0: no limit).
class Sequencer {
 public:
  Sequencer(Stimulus& stimulus, Scoreboard& scoreboard, uint32_t tag_mask, uint64_t limit)
      : stimulus_(stimulus), scoreboard_(scoreboard), tag_mask_(tag_mask), limit_(limit) {}

  // Makes sure transaction `sequence` exists; false when the stimulus has run out.
  bool reach(uint64_t sequence) {
    while (scoreboard_.appended() <= sequence) {
      Expected e;
      if (exhausted_ || (limit_ && scoreboard_.appended() == limit_) || !stimulus_.next(e)) {
        exhausted_ = true;
        return false;
      }
      e.tag = static_cast<uint32_t>(scoreboard_.appended()) & tag_mask_;
      scoreboard_.append(e);
    }
    return true;
  }
  bool exhausted() const { return exhausted_; }
  // Where the stimulus stands, for the heartbeat: instructions begun, and in all (the limit when
  // it is lower).
  uint64_t drawn() const { return stimulus_.beats().drawn(); }
  uint64_t total() const { return limit_ ? std::min(limit_, stimulus_.size()) : stimulus_.size(); }

 private:
  Stimulus& stimulus_;
  Scoreboard& scoreboard_;
  uint32_t tag_mask_;
  uint64_t limit_;
  bool exhausted_ = false;
};

// The cycle after whose edge periodic reset `k` (from 1) comes: drawn from the seed, uniformly
// in [k*C - C/4, k*C + C/4] (Settings::reset_every). Its own generator (splitmix64 of the seed
// and k), so the traffic's draws, and every run without periodic resets, stay as they were.
uint64_t periodic_reset_cycle(uint64_t seed, uint64_t every, uint64_t k) {
  uint64_t z = seed * 0xD1B54A32D192ED03ull + k * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  z ^= z >> 31;
  const uint64_t quarter = every / 4;
  return k * every - quarter + z % (2 * quarter + 1);
}

void fill_transaction(const Expected& e, int lanes, sc::Transaction& t) {
  t.uop = decode(e.uop_word, e.lane_mask).value();  // the beat's own: vISA modifiers vary
  t.tag = e.tag;
  for (int lane = 0; lane < lanes; ++lane) {
    t.a[lane] = e.operands[lane][0];
    t.b[lane] = e.operands[lane][1];
    t.c[lane] = e.operands[lane][2];
  }
}

OutBeat beat_of(const sc::Result& r) {
  OutBeat b;
  b.tag = static_cast<uint32_t>(r.tag);
  b.lane_mask = r.uop.lane_mask;
  std::copy_n(r.lanes.begin(), kMaxLanes, b.result.begin());
  return b;
}

// ---- the SystemC top -------------------------------------------------------------------------

constexpr Port kPorts[] = {Port::Rtl, Port::Model};

// The stimulus source, the consumer of both units and their clock, in one process. Each cycle
// it acts between the units' rising edges (alu_if.h): it takes in what the last edge accepted
// and handed out, then decides this cycle's offers and out_ready, the same for both units; then
// the units take edge n.
//
// With Settings::quantum 1, at 10n ns it drives `clk` low and acts; one delta cycle later it
// drives `clk` high, and the units take edge n. No process here needs the low phase to last,
// so one timed wake-up per cycle does (an sc_clock beside a falling-edge process costs the
// kernel twice the work per cycle). Even so the kernel took ~22% of the run's time (callgrind),
// hence temporal decoupling, as TLM's quantum keeper does: with a larger quantum one activation
// runs that many cycles, calling each unit's edge() directly, still edge by edge in lock-step,
// and SystemC time catches up once per quantum. Nothing reads SystemC time: cycles are edge
// numbers, and the RTL waveform keeps its own grid (edge n at 10n + 5 ns), so the quantum
// changes no result, cycle, log line or wave.
class Driver : public sc_core::sc_module {
 public:
  sc_core::sc_out<bool> clk;
  sc_core::sc_port<sc::AluTransactionIf> rtl_port, model_port;

  Driver(sc_core::sc_module_name name, const Settings& settings, Scoreboard& scoreboard,
         Sequencer& sequencer, ReportWriter& reporting, Report& report)
      : sc_core::sc_module(name),
        clk("clk"),
        rtl_port("rtl"),
        model_port("model"),
        settings_(settings),
        scoreboard_(scoreboard),
        sequencer_(sequencer),
        reporting_(reporting),
        report_(report),
        traffic_(settings.seed, settings.gaps, settings.backpressure),
        next_periodic_reset_(settings.reset_every
                                 ? periodic_reset_cycle(settings.seed, settings.reset_every, 1)
                                 : UINT64_MAX) {
    SC_METHOD(on_clock_phase);  // first at t = 0, before edge 0
  }

  // Per unit: what became of the transactions it accepted, counted from what it said it did.
  const std::array<Accounting, kMaxPorts>& accounting() const { return accounting_; }

 private:
  SC_HAS_PROCESS(Driver);

  void end_of_elaboration() override { units_ = {rtl_port[0], model_port[0]}; }
  sc::AluTransactionIf& unit(Port p) { return *units_[static_cast<int>(p)]; }

  void on_clock_phase() {
    static const sc_core::sc_time kPeriod(10, sc_core::SC_NS);
    if (settings_.quantum > 1) return run_quantum(kPeriod);
    clk.write(rising_next_);
    if (rising_next_) {
      rising_next_ = false;
      next_trigger(kPeriod);
      return;
    }
    rising_next_ = true;
    next_trigger(sc_core::SC_ZERO_TIME);
    try {
      step();
    } catch (const std::exception& e) {
      stop(e.what());
    }
  }

  void run_quantum(const sc_core::sc_time& period) {
    try {
      for (uint64_t cycle = 0; cycle < settings_.quantum; ++cycle) {
        step();
        if (stopped_) return;
        units_[0]->edge();
        units_[1]->edge();
      }
    } catch (const std::exception& e) {
      return stop(e.what());
    }
    next_trigger(static_cast<double>(settings_.quantum) * period);
  }

  // Each unit gets call sites of its own (the template's two instances): one site alternating
  // between the RTL wrapper and the model mispredicts its indirect calls every cycle.
  template <int P>
  void take_in(uint64_t edge) {
    sc::AluTransactionIf& u = *units_[P];
    for (const sc::Result& r : u.departed_at_last_edge()) {
      scoreboard_.check(kPorts[P], beat_of(r), r.leave_edge);
      ++accounting_[P].completed;
      last_progress_ = edge;
    }
    const bool accepted = u.accepted_at_last_edge() > 0;
    if (accepted) scoreboard_.accept(kPorts[P], edge - 1);
    accounting_[P].accepted += accepted;
    pending_[P] &= !accepted;
  }

  template <int P>
  void drive() {
    sc::AluTransactionIf& u = *units_[P];
    u.set_out_ready(traffic_.out_ready());
    bool& pending = pending_[P];
    if (!pending && traffic_.gap()) return;  // an offer, once made, stays until taken
    const uint64_t sequence = scoreboard_.next_offer_sequence(kPorts[P]);
    if (!sequencer_.reach(sequence)) return;
    // Both units are offered the same transaction, and again while it waits: built once.
    if (sequence != offer_sequence_) {
      const Expected& e = scoreboard_.next_offer(kPorts[P]);
      fill_transaction(e, settings_.lanes, offer_);
      offer_sequence_ = sequence;
    }
    u.offer(offer_);
    pending = true;
  }

  // Resets both units after the edge at cycle `cycle`; what they held is offered again.
  void reset_units(uint64_t cycle, const std::string& why) {
    reporting_.note(fmt::format("reset after the edge at cycle {} ({}); {} in flight in the RTL "
                                "and {} in the model are offered again",
                                cycle, why, scoreboard_.in_flight(Port::Rtl),
                                scoreboard_.in_flight(Port::Model)));
    for (Port p : kPorts) {
      Accounting& a = accounting_[static_cast<int>(p)];
      ++a.resets;
      a.flushed += scoreboard_.in_flight(p);
      unit(p).reset();
      scoreboard_.replay_in_flight(p);
      pending_[static_cast<int>(p)] = false;
    }
  }

  // Every 4096 cycles: Ctrl-C, and the heartbeat line.
  void check_progress(uint64_t edge) {
    if (settings_.stop && *settings_.stop) {
      report_.interrupted = true;
      return stop({});
    }
    if (settings_.heartbeat_seconds < 0) return;
    const auto now = std::chrono::steady_clock::now();
    if (std::chrono::duration<double>(now - last_heartbeat_).count() < settings_.heartbeat_seconds)
      return;
    last_heartbeat_ = now;
    const double elapsed = std::chrono::duration<double>(now - started_).count();
    const uint64_t drawn = sequencer_.drawn(), total = sequencer_.total();
    const double share = total ? static_cast<double>(drawn) / static_cast<double>(total) : 0;
    const double remaining = share > 0 ? elapsed * (1 - share) / share : 0;
    const uint64_t passed = scoreboard_.transactions_passed(),
                   failed = scoreboard_.transactions_failed();
    std::fprintf(stderr,
                 "cosim: %.1f%% (%llu of %llu instructions), %llu passed, %llu failed, cycle "
                 "%llu, %.0f transactions/s, %s elapsed, ETA %s\n",
                 100 * share, static_cast<unsigned long long>(drawn),
                 static_cast<unsigned long long>(total), static_cast<unsigned long long>(passed),
                 static_cast<unsigned long long>(failed), static_cast<unsigned long long>(edge),
                 elapsed > 0 ? static_cast<double>(passed + failed) / elapsed : 0.0,
                 tb::progress_duration(elapsed).c_str(), tb::progress_duration(remaining).c_str());
    std::fflush(stderr);
  }

  void step() {
    const uint64_t edge = unit(Port::Rtl).next_edge();  // the coming one
    if (edge == 0) report_.memory_start = resident_memory();  // set up, nothing run yet
    if (edge % 4096 == 0 && edge > 0) {
      check_progress(edge);
      if (stopped_) return;
    }
    take_in<0>(edge);
    take_in<1>(edge);

    if (settings_.reset_at && !reset_done_ &&
        scoreboard_.next_offer_sequence(Port::Rtl) >= settings_.reset_at) {
      reset_done_ = true;
      report_.reset = true;
      report_.reset_cycle = edge - 1;
      report_.replayed = scoreboard_.in_flight(Port::Rtl);
      reset_units(edge - 1, fmt::format("transaction {} accepted", settings_.reset_at));
    }
    if (edge > 0 && edge - 1 >= next_periodic_reset_) {
      ++periodic_resets_;
      reset_units(edge - 1, fmt::format("periodic reset {}, about every {} cycles",
                                        periodic_resets_, settings_.reset_every));
      next_periodic_reset_ =
          periodic_reset_cycle(settings_.seed, settings_.reset_every, periodic_resets_ + 1);
    }

    bool done = true;
    bool busy = false;
    for (Port p : kPorts) {
      const bool all_delivered = sequencer_.exhausted() &&
                                 scoreboard_.delivered(p) == scoreboard_.appended() &&
                                 !pending_[static_cast<int>(p)];
      done &= all_delivered;
      busy |= scoreboard_.in_flight(p) > 0;
    }
    if (done) return stop({});
    if (!busy) last_progress_ = edge;
    if (edge - last_progress_ > settings_.hang_cycles)
      return stop(fmt::format("no result for {} cycles with transactions in flight (RTL {}, "
                              "model {}); stopped at cycle {}",
                              settings_.hang_cycles, scoreboard_.in_flight(Port::Rtl),
                              scoreboard_.in_flight(Port::Model), edge));

    traffic_.next_cycle();
    drive<0>();
    drive<1>();
  }

  void stop(std::string error) {
    if (report_.error.empty()) report_.error = std::move(error);
    stopped_ = true;
    sc_core::sc_pause();  // returns from sc_start without sc_stop's notice
  }

  const Settings& settings_;
  Scoreboard& scoreboard_;
  Sequencer& sequencer_;
  ReportWriter& reporting_;
  Report& report_;
  sc::Traffic traffic_;  // one draw per cycle, the same for both units
  std::array<sc::AluTransactionIf*, kMaxPorts> units_{};
  std::array<bool, kMaxPorts> pending_{};
  sc::Transaction offer_;
  uint64_t offer_sequence_ = UINT64_MAX;
  std::array<Accounting, kMaxPorts> accounting_{};
  uint64_t next_periodic_reset_;  // the cycle after whose edge the next one comes
  uint64_t periodic_resets_ = 0;
  bool rising_next_ = false;
  bool reset_done_ = false;
  bool stopped_ = false;
  uint64_t last_progress_ = 0;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now(),
                                        last_heartbeat_ = started_;
};

// Settings the model and the RTL must agree on, before anything is elaborated.
std::string check_settings(const Settings& s) {
  if (!(s.backpressure >= 0 && s.backpressure < 1))
    return "the back-pressure probability must be in [0, 1)";
  if (!(s.gaps >= 0 && s.gaps < 1)) return "the gap probability must be in [0, 1)";
  if (s.quantum < 1) return "the quantum must be at least 1 cycle";
  return {};
}

struct Timer {
  Clock::time_point start = Clock::now();
  std::clock_t cpu_start = std::clock();
  void stop(Report& r) const {
    r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    r.cpu_seconds = static_cast<double>(std::clock() - cpu_start) / CLOCKS_PER_SEC;
  }
};

// The model that runs beside the unit: hp_alu's timing (rtl_configuration), or a user's unit's
// from the latencies its adapter declares; --model-latency on top of either. A unit's cycles go
// unchecked (`untimed` says why) when it completes out of order, which the model does not
// (model/sc/README.md), or when an op it runs has no latency.
struct ModelChoice {
  sc::PipelineConfig config;
  std::string untimed;
  std::string error;
  std::string explore_options;  // `halfpipe explore` options of this configuration
};

ModelChoice choose_model(const Stimulus& stimulus, const Settings& s) {
  ModelChoice m;
  std::vector<std::string> latencies;
  if (s.unit) {
    m.config.lanes = s.lanes;
    m.config.latency.fill(0);  // none until declared
    std::istringstream declared(s.unit->description().latencies);
    for (std::string setting; declared >> setting;) {
      if (std::string problem = sc::apply_latency_setting(m.config, setting); !problem.empty()) {
        m.error = "the unit's Latencies parameter: " + problem;
        return m;
      }
      latencies.push_back(setting);
    }
  } else {
    m.config = sc::rtl_configuration(s.lanes, s.depth);
  }
  for (const auto& setting : s.model_latency) {
    if (std::string problem = sc::apply_latency_setting(m.config, setting); !problem.empty()) {
      m.error = "--model-latency " + setting + ": " + problem;
      return m;
    }
    latencies.push_back(setting);
  }
  if (s.unit) {
    std::string missing;
    for (std::size_t form = 0; form < stimulus.forms().size(); ++form) {
      const Op op = stimulus.uop(static_cast<int>(form)).op;
      const std::string name = sc::op_name(op);
      if (m.config.latency_of(op) == 0 && missing.find(name) == std::string::npos)
        missing += (missing.empty() ? "" : ", ") + name;
    }
    if (!s.unit->description().in_order)
      m.untimed = "the unit completes out of order (InOrder=0), which the model does not "
                  "(model/sc/README.md)";
    else if (latencies.empty())
      m.untimed = "the unit declares no latencies (its Latencies parameter; or --model-latency)";
    else if (!missing.empty())
      m.untimed = "no latency is declared for " + missing +
                  " (the unit's Latencies parameter, or --model-latency)";
    if (!m.untimed.empty()) return m;
    for (int& family : m.config.latency) family = std::max(family, 1);  // families it never runs
    std::string list;
    for (const auto& setting : latencies) list += (list.empty() ? "" : ",") + setting;
    m.explore_options = fmt::format("--lanes {} --latency {}", s.lanes, list);
  }
  if (std::string problem = sc::validate(m.config); !problem.empty())
    m.error = "model configuration: " + problem;
  return m;
}

// After a run with --wave: the view file with the first mismatch's marker, and how to open both.
void write_waves(const Settings& settings, Report& report) {
  if (settings.wave_path.empty()) return;
  try {
    write_wave_view(settings.wave_path, report.first_mismatch);
    report.wave_note = wave_note(settings.wave_path, report.first_mismatch);
  } catch (const std::runtime_error& e) {
    if (report.error.empty()) report.error = e.what();
  }
}

// After a run of a unit built with coverage: its counts (--rtl-coverage FILE).
void write_coverage(const Settings& settings, Dut& dut, Report& report) {
  if (settings.coverage_path.empty()) return;
  try {
    dut.write_coverage(settings.coverage_path);
  } catch (const std::runtime_error& e) {
    if (report.error.empty()) report.error = e.what();
  }
}

// The unit under test: hp_alu's Verilated model, or a user's unit (two instances in lockstep
// unless Settings::x_check is off).
std::unique_ptr<Dut> make_unit(const Settings& s) {
  if (!s.unit) return make_dut(s.lanes, s.depth, 0, s.wave_path.empty() ? Waves::No : Waves::Yes);
  return s.x_check ? make_x_checked_dut(s.unit, s.plusargs)
                   : make_loaded_dut(s.unit, 0, s.plusargs);
}

// A unit whose cycles the model cannot predict: the drive loop of `halfpipe sweep`
// (tb/drive.h), with the unit contract's rules (results by tag when out of order, no
// ready = advance), each transaction checked against the reference and its latency measured.
void run_untimed(Stimulus& stimulus, const Settings& settings, Report& report, std::ostream& out) {
  if (settings.reset_every || settings.transactions || settings.soak) {
    report.error = "a unit checked without the model (" + report.untimed_reason +
                   ") runs one reset (--reset-at) and the whole stimulus: no --soak or "
                   "--reset-every";
    return;
  }
  std::unique_ptr<Dut> dut = make_unit(settings);
  if (!settings.wave_path.empty()) dut->trace_to(settings.wave_path);
  ReportWriter reporting(stimulus, settings, out, report);
  Scoreboard scoreboard(
      settings.lanes, 1, [&](const Mismatch& m) { reporting.mismatch(m); },
      [&](const Outcome& o) { reporting.outcome(o); });
  if (settings.any_nan) scoreboard.accept_any_nan();
  sc::Traffic traffic(settings.seed, settings.gaps, settings.backpressure);
  DriveSettings drive_settings;
  drive_settings.hang_cycles = settings.hang_cycles;
  drive_settings.reset_at = settings.reset_at;
  drive_settings.ready_is_advance = false;
  drive_settings.out_of_order = !settings.unit->description().in_order;
  drive_settings.stop = settings.stop;

  const Timer timer;
  DriveResult run;
  try {
    run = drive(*dut, stimulus.beats(), traffic, scoreboard, drive_settings);
  } catch (const RtlAssertionFailure& e) {  // the two X seeds parted
    report.error = std::string("contract: ") + e.what();
  }
  timer.stop(report);
  dut->close_trace();
  write_waves(settings, report);
  write_coverage(settings, *dut, report);
  report.cycles = run.cycles;
  report.reset = run.reset;
  report.reset_cycle = run.reset_cycle;
  report.replayed = run.replayed;
  report.interrupted = run.end == DriveResult::End::Interrupted;
  if (run.end == DriveResult::End::Hang)
    report.error = fmt::format(
        "no result for {} cycles with {} transaction{} in flight{}; stopped at cycle {}",
        settings.hang_cycles, run.in_flight, run.in_flight == 1 ? "" : "s",
        run.waiting ? fmt::format(" and tag 0x{:02x} waiting on the inputs", run.waiting_tag) : "",
        run.cycles);
  if (!report.interrupted) report.lost = scoreboard.in_flight();
  report.unexpected = scoreboard.unexpected_outputs();
  report.nan_differences = scoreboard.nan_differences();
  report.passed = scoreboard.transactions_passed();
  report.failed = scoreboard.transactions_failed() + report.lost + report.unexpected;
  report.memory_end = resident_memory();
  if (!report.error.empty() && report.failed == 0) report.failed = 1;  // never "0 failed"
  print_summary(stimulus, settings, report, reporting.unprinted(), out);
}

}  // namespace

Report run_cosim(Stimulus& stimulus, const Settings& settings, std::ostream& out) {
  Report report;
  report.forms.assign(stimulus.forms().size(), FormTally{});
  if (report.error = check_settings(settings); !report.error.empty()) return report;
  const ModelChoice choice = choose_model(stimulus, settings);
  if (!choice.error.empty()) {
    report.error = choice.error;
    return report;
  }
  try {
    stimulus.start(settings.lanes);
  } catch (const std::invalid_argument& e) {  // a form needs more lanes than the unit has
    report.error = e.what();
    return report;
  }
  report.untimed_reason = choice.untimed;
  report.explore_options = choice.explore_options;
  if (settings.unit)
    for (std::size_t form = 0; form < stimulus.forms().size(); ++form)
      report.declared_latency.push_back(
          choice.config.latency_of(stimulus.uop(static_cast<int>(form)).op));
  if (!report.untimed_reason.empty()) {
    run_untimed(stimulus, settings, report, out);
    return report;
  }

  // Throws std::invalid_argument for a configuration that was not Verilated.
  std::unique_ptr<Dut> dut = make_unit(settings);
  if (!settings.wave_path.empty()) dut->trace_to(settings.wave_path);
  ReportWriter reporting(stimulus, settings, out, report);
  Scoreboard scoreboard(
      settings.lanes, kMaxPorts, [&](const Mismatch& m) { reporting.mismatch(m); },
      [&](const Outcome& o) { reporting.outcome(o); });
  if (settings.any_nan) scoreboard.accept_any_nan();
  Sequencer sequencer(stimulus, scoreboard, (1u << dut->tag_width()) - 1, settings.transactions);

  sc_core::sc_signal<bool> clock("clk", false);
  RtlUnit rtl("rtl", *dut, /*ready_is_advance=*/!settings.unit);
  sc::AluModel model("model", choice.config);
  Driver driver("driver", settings, scoreboard, sequencer, reporting, report);
  rtl.clk(clock);
  model.clk(clock);
  driver.clk(clock);
  driver.rtl_port(rtl);
  driver.model_port(model);
  if (settings.rtl_fault) rtl.inject(*settings.rtl_fault);

  const Timer timer;
  try {
    sc_core::sc_start();
  } catch (const std::exception& e) {
    if (report.error.empty()) report.error = e.what();
  }
  timer.stop(report);
  dut->close_trace();
  write_waves(settings, report);
  write_coverage(settings, *dut, report);

  report.memory_end = resident_memory();
  report.cycles = rtl.next_edge();
  report.protocol_errors = rtl.protocol_errors();
  report.unexpected = scoreboard.unexpected_outputs();
  // Interrupted: what was in flight was never given the time to come back.
  if (!report.interrupted)
    for (Port p : kPorts) report.lost += scoreboard.in_flight(p);
  report.accounting = driver.accounting()[static_cast<int>(Port::Rtl)];
  for (Port p : kPorts) {
    const Accounting& a = driver.accounting()[static_cast<int>(p)];
    if (!a.balanced(scoreboard.in_flight(p)) && report.accounting_error.empty())
      report.accounting_error = fmt::format(
          "the {} accepted {} transactions but completed {}, had {} flushed by resets and {} "
          "in flight at the end",
          port_name(p), a.accepted, a.completed, a.flushed, scoreboard.in_flight(p));
  }
  report.nan_differences = scoreboard.nan_differences();
  report.passed = scoreboard.transactions_passed();
  report.failed = scoreboard.transactions_failed() + report.lost + report.unexpected +
                  report.protocol_errors;
  if ((!report.error.empty() || !report.accounting_error.empty()) && report.failed == 0)
    report.failed = 1;  // never "0 failed"
  print_summary(stimulus, settings, report, reporting.unprinted(), out);
  return report;
}

Report run_bare(Stimulus& stimulus, const Settings& settings, std::ostream& out) {
  Report report;
  if (report.error = check_settings(settings); !report.error.empty()) return report;
  if (settings.reset_every || settings.transactions || settings.soak) {
    report.error = "the bare harness has one reset (--reset-at) and runs the whole stimulus: "
                   "no --soak or --reset-every";
    return report;
  }
  try {
    stimulus.start(settings.lanes);
  } catch (const std::invalid_argument& e) {
    report.error = e.what();
    return report;
  }
  std::unique_ptr<Dut> dut = make_dut(settings.lanes, settings.depth);
  Scoreboard scoreboard(settings.lanes, [](const Mismatch&) {});  // counted, not printed
  sc::Traffic traffic(settings.seed, settings.gaps, settings.backpressure);
  DriveSettings drive_settings;
  drive_settings.hang_cycles = settings.hang_cycles;
  drive_settings.reset_at = settings.reset_at;

  const Timer timer;
  const DriveResult run = drive(*dut, stimulus.beats(), traffic, scoreboard, drive_settings);
  timer.stop(report);
  report.cycles = run.cycles;
  report.reset = run.reset;
  report.reset_cycle = run.reset_cycle;
  report.replayed = run.replayed;
  if (run.end == DriveResult::End::Hang)
    report.error = "no result for " + std::to_string(settings.hang_cycles) + " cycles";
  if (run.end == DriveResult::End::Protocol) {
    report.protocol_errors = 1;
    report.error = fmt::format("in_ready_o differs from !out_valid_o || out_ready_i at cycle {} "
                               "(rtl/TIMING.md)", run.cycles - 1);
  }
  report.lost = scoreboard.in_flight();
  report.unexpected = scoreboard.unexpected_outputs();
  report.passed = scoreboard.transactions_passed();
  report.failed = scoreboard.transactions_failed() + report.lost + report.unexpected +
                  report.protocol_errors;
  print_bare_summary(settings, report, out);
  return report;
}

}  // namespace halfpipe::tb::cosim
