// A seeded workload through the SystemC model alone: what `halfpipe explore` runs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/sc/config.h"
#include "model/sc/pipeline.h"
#include "model/uop/uop.h"

namespace halfpipe::sc {

struct Workload {
  std::vector<Uop> forms;  // each transaction draws one uniformly
  uint64_t count = 100000;
  uint64_t seed = 1;          // of the transactions and, apart, of the traffic (model/sc/traffic.h)
  double gap = 0.0;           // probability that the producer offers nothing in a cycle
  double backpressure = 0.0;  // probability that the consumer is not ready in a cycle
  bool fill_lanes = false;    // enable every lane of the unit, not only the form's own
};

// Empty when the workload fits the configuration; otherwise what is wrong (a form whose lane
// mask needs more lanes than configured, a probability out of range, ...).
std::string validate(const Workload& workload, const PipelineConfig& config);

struct ExploreRun {
  Statistics stats;
  double seconds = 0;      // wall-clock time of the simulation
  double cpu_seconds = 0;  // processor time of the simulation: steadier on a shared machine
  std::string error;   // set when the run did not complete as it should
};

// Elaborates one AluModel with a producer and a consumer, simulates until all results have
// left, and returns the model's statistics. SystemC elaborates once per process, so a process
// calls this at most once.
ExploreRun run_explore(const PipelineConfig& config, const Workload& workload);

// The same run on a PipelineCore stepped directly, without SystemC: the same producer and
// consumer, so the same statistics; any number of calls per process (the design-space sweep,
// model/dse/).
ExploreRun run_explore_on_core(const PipelineConfig& config, const Workload& workload);

}  // namespace halfpipe::sc
