#include "model/workload/load.h"

#include <stdexcept>

#include "model/workload/ptx_reader.h"
#include "model/workload/trace_reader.h"

namespace halfpipe::workload {

std::string load(const Source& source, StreamOptions& options) {
  if (!source.ptx_file.empty() && !source.trace_file.empty())
    throw std::invalid_argument("--ptx-file and --trace-file exclude each other");
  if (source.ptx_file.empty() && source.trace_file.empty())
    throw std::invalid_argument("no --ptx-file or --trace-file to read");
  if (!source.kernel.empty() && source.ptx_file.empty())
    throw std::invalid_argument("--kernel needs --ptx-file");
  options.warps = source.warps > 0 ? source.warps : 4;
  options.streams.clear();
  options.own_warps = false;
  if (!source.ptx_file.empty()) {
    options.streams.push_back(read_ptx(source.ptx_file, source.kernel));
    return "kernel " + options.streams[0].name + " of " + source.ptx_file;
  }
  Trace trace = read_trace(source.trace_file);
  options.streams = std::move(trace.warps);
  if (trace.names_warps) {
    const int own = static_cast<int>(options.streams.size());
    if (source.warps > 0 && source.warps != own)
      throw std::invalid_argument("--warps " + std::to_string(source.warps) +
                                  ": the trace names its warps, " + std::to_string(own) +
                                  " of them");
    options.warps = own;
    options.own_warps = true;
  }
  return "trace " + source.trace_file;
}

}  // namespace halfpipe::workload
