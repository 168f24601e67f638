// A SystemC platform of one's own around the SystemC model (halfpipe::sc): it defines sc_main,
// which the library leaves to its user, and runs a workload of fma.rn.f16x2 through the model.
#include <systemc>

#include <cstdio>

#include "model/isa/ptx.h"
#include "model/sc/explore.h"

int sc_main(int, char*[]) {
  halfpipe::isa::Decoded d = halfpipe::isa::decode_ptx("fma.rn.f16x2");
  if (!d.uop) return 1;
  halfpipe::sc::Workload workload;
  workload.forms = {*d.uop};
  workload.count = 1000;
  halfpipe::sc::PipelineConfig config;
  halfpipe::sc::ExploreRun run = halfpipe::sc::run_explore(config, workload);
  std::printf("SystemC model: %llu accepted, %llu departed in %llu cycles%s%s\n",
              static_cast<unsigned long long>(run.stats.accepted),
              static_cast<unsigned long long>(run.stats.departed),
              static_cast<unsigned long long>(run.stats.cycles), run.error.empty() ? "" : ": ",
              run.error.c_str());
  return run.error.empty() && run.stats.departed == workload.count ? 0 : 1;
}
