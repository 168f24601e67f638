// `halfpipe explore --sweep SPEC`: the design-space sweep (model/dse/) behind explore's options.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "model/dse/area.h"
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

// The area model of explore's --area-table (empty: the built-in table), whose name it writes to
// `table_name`. Throws std::runtime_error naming the table and its problem.
std::unique_ptr<dse::AreaModel> load_area_model(const std::string& area_table,
                                                std::string& table_name);

// The scheduler's options that explore's options give (streams not yet read): the one
// configuration's run and every point of a sweep use the same.
workload::StreamOptions stream_options(const ExploreOptions& options, int other_latency);

}  // namespace halfpipe::cli
