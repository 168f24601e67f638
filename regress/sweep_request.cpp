#include "regress/sweep_request.h"

#include <fmt/core.h>

#include <charconv>
#include <cstdint>
#include <exception>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "model/isa/visa.h"
#include "regress/record.h"
#include "tb/beats.h"
#include "tb/dut_factory.h"
#include "tb/loaded_dut.h"
#include "tb/rtl_coverage.h"
#include "tb/stimulus.h"
#include "tb/sweep.h"
#include "tb/visa_beats.h"
#include "tb/wave_view.h"
#include "vectors/coverage.h"

namespace halfpipe::regress {
namespace {

SweepStatus run_request(const SweepRequest& given, std::ostream& report_out, std::ostream& log) {
  SweepRequest o = given;
  // A user's unit (--dut): its lane count is its adapter's, and it runs only the forms it
  // declares.
  std::shared_ptr<const tb::LoadedUnit> unit;
  if (!o.plusargs.empty() && o.dut.empty()) throw RequestError("--plusargs are for a --dut unit");
  if (!o.dut.empty()) {
    if (o.netlist) throw RequestError("--dut and --netlist name two units: give one");
    unit = tb::LoadedUnit::load(o.dut);
    if (!o.rtl_coverage.empty() && !unit->description().coverage)
      throw RequestError(fmt::format("--rtl-coverage: the unit in {} was built without coverage: "
                                   "build it again with halfpipe dut build --coverage", o.dut));
    if (!o.rtl_coverage.empty()) {
      try {
        record::check_writable(o.rtl_coverage);  // found now, not after the run
      } catch (const record::Error& e) {
        throw RequestError(std::string("--rtl-coverage: ") + e.what());
      }
    }
    o.lanes = unit->description().lanes;
  }
  if (o.netlist && (o.lanes != tb::kNetlistLanes || o.depth != tb::kNetlistDepth))
    throw RequestError(fmt::format("--netlist: the netlist is synthesised for Lanes={} Depth={} only, "
                                 "not --lanes {} --depth {}", tb::kNetlistLanes, tb::kNetlistDepth,
                                 o.lanes, o.depth));
  std::vector<std::string> forms = o.forms;
  if (o.all_ptx) {
    for (const auto& form : isa::legal_ptx_forms()) {
      const auto d = isa::decode_ptx(form);
      if (!d.uop) continue;
      if (o.scalar_only && d.uop->packed) continue;
      if (o.arity && operand_count(d.uop->op) != o.arity) continue;
      forms.push_back(form);
    }
  }
  if (o.all_visa) {
    const tb::VisaRtlForms visa = tb::visa_rtl_forms(o.lanes);
    for (const auto& i : visa.forms) forms.push_back(isa::visa::form_name(i));
    if (const std::string note = tb::visa_skipped_note(visa, o.lanes); !note.empty())
      report_out << note << "\n";
  }
  if (forms.empty())
    throw RequestError("no form given (name PTX or vISA forms, or --all-ptx, --all-visa)");
  if (unit) {
    std::string skipped;
    forms = unit->executable(forms, skipped);
    if (!skipped.empty()) report_out << skipped << "\n";
    if (forms.empty()) throw RequestError(fmt::format("--dut {}: the unit executes none of the forms "
                                                    "given", o.dut));
  }
  record::Record rec;
  if (!o.record.empty()) {
    if (!o.job.empty()) {
      const auto colon = o.job.rfind(':');
      const std::string number = colon == std::string::npos ? "" : o.job.substr(colon + 1);
      if (number.empty() || number.find_first_not_of("0123456789") != std::string::npos)
        throw RequestError(fmt::format("--job '{}': expected PLAN:N, N the job's number", o.job));
      // from_chars, not stoull: a number past 2^64 - 1 is a usage error, not an escaped
      // std::out_of_range that aborts the command.
      const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), rec.job);
      if (ec != std::errc{} || end != number.data() + number.size())
        throw RequestError(fmt::format("--job '{}': the job's number {} is out of range", o.job, number));
      rec.plan = o.job.substr(0, colon);
    }
    if (o.record == "-")
      throw RequestError("--record -: a results record is a file that merge reads back, not standard "
                       "output; give a path");
    try {
      record::check_writable(o.record);
    } catch (const record::Error& e) {
      throw RequestError(e.what());
    }
  }
  const vectors::Shard& shard = o.shard;
  const std::vector<uint16_t>& c_values = o.c_values;
  if (!o.corner && !o.random && !o.exhaustive && o.vectors.empty() && !o.bare) {
    throw RequestError("nothing to sweep: give --corner, --random N, --exhaustive or --vector");
  }
  const auto specs = vectors::stream_specs(o.corner, o.random, o.exhaustive, o.seed,
                                           c_values.empty() ? std::vector<uint16_t>{0x0000} : c_values);
  tb::Stimulus stimulus(tb::BeatSource::Packing::Fill, o.lanes);
  for (const auto& form : forms) {
    try {
      stimulus.add_vectors(form, o.vectors);
      rec.forms.push_back(stimulus.add_streams(form, specs, shard));
    } catch (const std::invalid_argument& e) {
      throw RequestError(e.what());
    }
  }
  tb::BeatSource& source = stimulus.beats();

  if (!o.wave.empty()) {
    try {
      tb::check_wave_paths(o.wave);
    } catch (const std::runtime_error& e) {
      throw RequestError(fmt::format("--wave: {}", e.what()));
    }
  }
  auto dut = unit ? (o.no_x_check ? tb::make_loaded_dut(unit, 0, o.plusargs)
                                   : tb::make_x_checked_dut(unit, o.plusargs))
                  : tb::make_dut(o.netlist, o.lanes, o.depth, 0,
                                 o.wave.empty() ? tb::Waves::No : tb::Waves::Yes);
  if (!o.wave.empty()) dut->trace_to(o.wave);
  if (o.bare) {
    const auto decoded = isa::decode_ptx(forms.front());
    if (!decoded.uop) throw RequestError(fmt::format("--bare takes a PTX form, not '{}'", forms.front()));
    const Uop u = *decoded.uop;
    const bool random = o.bare_operands == "random";
    const tb::Throughput t = tb::bare_throughput(
        *dut, u, o.bare_cycles, random ? tb::BareOperands::Random : tb::BareOperands::Constant);
    report_out << fmt::format("bare {} {} Lanes={} Depth={}: {:.3f} M lane-ops/s per CPU second "
                             "({:.3f} M per wall second; {} cycles, {} inputs)\n",
                             o.netlist ? "netlist" : "model", forms.front(), o.lanes, o.depth,
                             t.per_cpu_second / 1e6,
                             t.per_second / 1e6, o.bare_cycles, random ? "random" : "constant");
    return SweepStatus::Passed;
  }

  tb::SweepSettings settings;
  settings.seed = o.seed;
  settings.stall_probability = o.backpressure;
  settings.gap_probability = o.gaps;
  settings.progress = !o.quiet && o.terminal;
  settings.heartbeat_seconds = o.quiet || settings.progress ? -1 : o.progress_every;
  settings.stop = o.stop;
  settings.draw_ahead = o.threads == 2;
  settings.reproduce_options = unit_options(o);
  settings.any_nan = o.nan == "any";
  if (unit) tb::configure_for_unit(*unit, settings);
  // Coverage costs a few reference evaluations per vector, as much as an exhaustive sweep's
  // checking, so exhaustive sweeps go without it.
  vectors::Coverage coverage;
  if (!o.exhaustive) source.set_coverage(&coverage);
  // The report goes to the terminal and, for the record's mismatches, into a copy.
  record::TeeBuffer report_copy(report_out.rdbuf());
  std::ostream report(&report_copy);
  // The run as a command line, for failures that no one vector replays: a lost, duplicated or
  // reordered transaction, a hang, a broken contract.
  std::string arguments;
  for (const auto& arg : given.command_line) arguments += " " + record::shell_quote(arg);
  const std::string rerun = tb::sweep_command_line(arguments);
  tb::SweepTotals t;
  try {
    t = tb::run_sweep(*dut, source, settings, report);
    if (unit && !o.rtl_coverage.empty()) {
      dut->write_coverage(o.rtl_coverage);
      tb::stamp_coverage_file(o.rtl_coverage,
                              record::unit_coverage_identity(o.dut + "/" + tb::kUnitLibrary));
    }
  } catch (const tb::RtlAssertionFailure& e) {
    if (!unit) throw;
    report_out << "contract: " << e.what() << "\nreproduce the run: " << rerun << "\n";
    return SweepStatus::Failed;
  }
  if (t.stopped_early) report_out << "stopped after the first mismatches\n";
  if (t.interrupted)
    report_out << fmt::format("interrupted (Ctrl-C) after {} cycles: the results so far\n", t.cycles);
  if (!o.wave.empty()) {
    dut->close_trace();
    tb::write_wave_view(o.wave, t.first_mismatch);
    report_out << tb::wave_note(o.wave, t.first_mismatch) << "\n";
  }
  const double results = static_cast<double>(t.passed + t.failed);
  log << fmt::format("{} lane results in {:.2f} s ({:.2f} s CPU): {:.3f} M lane-ops/s per CPU "
                           "second, {:.3f} M per wall second (Lanes={}, {} cycles{})\n",
                           t.passed + t.failed, t.seconds, t.cpu_seconds,
                           results / (t.cpu_seconds > 0 ? t.cpu_seconds : 1) / 1e6,
                           results / (t.seconds > 0 ? t.seconds : 1) / 1e6, o.lanes, t.cycles,
                           o.netlist ? ", netlist" : "");
  if (source.forms().size() > 1) {
    auto spelling = [&](const std::string& form) {
      return unit ? unit->description().shown(form) : form;
    };
    report_out << tb::form_table(source, t, settings.any_nan, spelling);
  }
  if (!o.exhaustive && coverage.vectors() > 0) report_out << coverage.summary() << "\n";
  if (settings.any_nan)
    report_out << fmt::format("--nan any: {} lane result{} a NaN other than the reference's, "
                             "accepted\n", t.nan_differences, t.nan_differences == 1 ? " was" : "s were");
  report_out << fmt::format("{} passed, {} failed\n", t.passed, t.failed);
  if (t.failed && unit) report_out << "reproduce the run: " << rerun << "\n";
  // An interrupted job writes no record: merge counts it missing, and --resume runs it again.
  if (t.interrupted) return t.failed ? SweepStatus::Failed : SweepStatus::Interrupted;
  if (!o.record.empty()) {
    rec.spec = o.spec;
    rec.command = "sweep";
    for (const auto& s : specs) rec.kinds.push_back(vectors::stream_kind_name(s.kind));
    if (!o.vectors.empty()) rec.kinds.push_back("vector");
    rec.shard = fmt::format("{}/{}", shard.index, shard.count);
    rec.seed = o.seed;
    rec.random = o.random;
    for (const uint16_t c : c_values) rec.c_values += fmt::format("{}0x{:04x}", rec.c_values.empty() ? "" : ",", c);
    rec.lanes = o.lanes;
    rec.depth = o.depth;
    rec.passed = t.passed;
    rec.failed = t.failed;
    for (size_t i = 0; i < source.forms().size(); ++i)
      rec.form_results.push_back({source.forms()[i], t.forms[i].passed, t.forms[i].failed,
                                  t.forms[i].nan_differences});
    rec.stopped_early = t.stopped_early;
    rec.coverage_vectors = coverage.vectors();
    for (const auto& b : coverage.reachable_bins()) rec.coverage.push_back({b.form, b.lane, b.bin, b.count});
    rec.mismatches = record::mismatches_in_report(report_copy.text(), settings.max_mismatches);
    rec.host = record::host_name();
    rec.seconds = t.seconds;
    rec.cpu_seconds = t.cpu_seconds;
    rec.version = record::build_info().version;
    rec.git_revision = record::build_info().git_revision;
    rec.rtl_config = unit ? record::unit_config_hash(o.dut + "/" + tb::kUnitLibrary)
                          : record::rtl_config_hash(o.lanes, o.depth, o.netlist);
    try {
      record::write_atomically(o.record, rec);
    } catch (const record::Error& e) {
      throw RequestError(e.what());
    }
  }
  return t.failed == 0 && !t.stopped_early ? SweepStatus::Passed : SweepStatus::Failed;
}

}  // namespace

std::string unit_options(const SweepRequest& o) {
  std::string options = o.dut.empty() ? fmt::format(" --lanes {}", o.lanes)
                                      : fmt::format(" --dut {}", o.dut);
  if (!o.plusargs.empty()) options += " --plusargs " + record::shell_quote(o.plusargs);
  if (o.no_x_check) options += " --no-x-check";
  if (o.depth != 4 && o.dut.empty()) options += fmt::format(" --depth {}", o.depth);
  if (o.netlist) options += " --netlist";
  if (o.nan == "any") options += " --nan any";
  return options;
}

SweepStatus run_sweep(const SweepRequest& request, std::ostream& report, std::ostream& log) {
  if (!request.rtl_coverage.empty() && request.netlist)
    throw RequestError("--rtl-coverage measures the RTL: the netlist has no coverage points");
  // From here make_dut builds hp_alu's instrumented models; their counts are added as each is
  // destroyed, by the end of run_request(). A --dut unit writes its own.
  std::optional<tb::RtlCoverageSession> coverage;
  if (!request.rtl_coverage.empty() && request.dut.empty())
    coverage.emplace(request.rtl_coverage, record::hp_alu_coverage_identity());
  const SweepStatus status = run_request(request, report, log);
  if (coverage) coverage->write();  // std::runtime_error when it cannot
  return status;
}

}  // namespace halfpipe::regress
