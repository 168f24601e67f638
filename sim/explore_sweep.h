// `halfpipe explore --sweep SPEC`: the design-space sweep (model/dse/) behind explore's options.
#pragma once

#include <string>
#include <vector>

#include "model/sc/config.h"
#include "model/workload/scheduler.h"
#include "sim/commands.h"

namespace halfpipe::cli {

// Runs the sweep over `base` (explore's configuration with its --latency settings applied) with
// the random mix of `forms`, or with --ptx-file/--trace-file each kernel of the files and the
// trace (other units at `other_latency`); prints the summary and writes the files asked for.
// Returns the exit status: kPassed, or kUsageOrInputError after printing the problem.
int run_explore_sweep(const ExploreOptions& options, const sc::PipelineConfig& base,
                      const std::vector<std::string>& forms, int other_latency);

// The scheduler's options that explore's options give (streams not yet read): the one
// configuration's run and every point of a sweep use the same.
workload::StreamOptions stream_options(const ExploreOptions& options, int other_latency);

}  // namespace halfpipe::cli
