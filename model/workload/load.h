// The streams of `halfpipe explore --ptx-file/--trace-file`, for the command and for any caller
// that runs the same workload over many configurations (a design-space sweep): read once, then
// workload::run(config, options) per configuration.
#pragma once

#include <string>

#include "model/workload/scheduler.h"

namespace halfpipe::workload {

struct Source {
  std::string ptx_file;  // a kernel of a PTX file...
  std::string kernel;    // (empty: the file's only kernel)
  std::string trace_file;  // ...or a trace
  int warps = 0;           // 0: not given (4, or a trace's own warps)
};

// Reads the source into options.streams and sets options.warps; returns what was read, e.g.
// "kernel softmax_row of workloads/softmax.ptx". Throws ReadError for a file it cannot read or
// parse, std::invalid_argument for a source that is not one file of one kind, or a warp count
// that disagrees with a trace's own warps.
std::string load(const Source& source, StreamOptions& options);

}  // namespace halfpipe::workload
