// regress::SweepRequest: a sweep built and run without a command line, as a plan's job or a test
// builds it. Each case is named after the rule it pins; the counts are the vectors given.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>

#include "regress/sweep_request.h"

using halfpipe::regress::RequestError;
using halfpipe::regress::run_sweep;
using halfpipe::regress::SweepRequest;
using halfpipe::regress::SweepStatus;
using halfpipe::regress::unit_options;

namespace {

// Runs the request; its report, or "refused: MESSAGE".
std::string report_of(const SweepRequest& request, SweepStatus* status = nullptr) {
  std::ostringstream report, log;
  try {
    const SweepStatus s = run_sweep(request, report, log);
    if (status) *status = s;
  } catch (const RequestError& e) {
    return std::string("refused: ") + e.what();
  }
  return report.str();
}

}  // namespace

TEST_CASE("sweep request: explicit instructions on hp_alu, one lane result each, pass") {
  SweepRequest r;
  r.forms = {"add.rn.f16"};
  r.vectors = {"3c00,4000", "7bff,7bff", "0001,8001"};  // 1 + 2, max + max, +min_sub + -min_sub
  SweepStatus status = SweepStatus::Failed;
  const std::string report = report_of(r, &status);
  INFO(report);
  CHECK(status == SweepStatus::Passed);
  CHECK(report.find("3 passed, 0 failed\n") != std::string::npos);
}

TEST_CASE("sweep request: a request that names nothing to run is refused before anything runs") {
  SweepRequest none;
  CHECK(report_of(none) ==
        "refused: no form given (name PTX or vISA forms, or --all-ptx, --all-visa)");
  SweepRequest no_stream;
  no_stream.forms = {"add.rn.f16"};
  CHECK(report_of(no_stream) ==
        "refused: nothing to sweep: give --corner, --random N, --exhaustive or --vector");
  SweepRequest bad_job = no_stream;
  bad_job.corner = true;
  bad_job.record = "/tmp/never-written.json";
  bad_job.job = "plan7";
  CHECK(report_of(bad_job) == "refused: --job 'plan7': expected PLAN:N, N the job's number");
  SweepRequest netlist_lanes = no_stream;
  netlist_lanes.corner = true;
  netlist_lanes.netlist = true;
  netlist_lanes.lanes = 4;
  CHECK(report_of(netlist_lanes).find("refused: --netlist: the netlist is synthesised for Lanes=2 "
                                      "Depth=4 only") == 0);
}

TEST_CASE("sweep request: a reproduce command names the unit the request ran on") {
  SweepRequest r;
  CHECK(unit_options(r) == " --lanes 2");
  r.lanes = 4;
  r.depth = 6;
  CHECK(unit_options(r) == " --lanes 4 --depth 6");
  SweepRequest netlist;
  netlist.netlist = true;
  CHECK(unit_options(netlist) == " --lanes 2 --netlist");
  SweepRequest unit;
  unit.dut = "build/my-unit";
  unit.depth = 6;  // a unit's depth is its own: not repeated
  unit.no_x_check = true;
  unit.nan = "any";
  unit.plusargs = "+mode=2 +x";
  CHECK(unit_options(unit) == " --dut build/my-unit --plusargs '+mode=2 +x' --no-x-check --nan any");
}
