// Writing a command's output file (-o): standard output for '-' or none; a regular file through
// FILE.partial renamed into place, so that a failed run leaves none; a device, FIFO or socket
// written in place, since renaming over it would destroy it.
#pragma once

#include <functional>
#include <ostream>
#include <string>

namespace halfpipe::cli {

// Whether `path` is a device, FIFO or socket: written in place, never renamed over.
bool is_special_file(const std::string& path);

// Throws std::runtime_error naming the file when it cannot be written.
void write_output(const std::string& path, const std::function<void(std::ostream&)>& write);

// Before a run, so that a bad path costs no simulation: whether write_output can write `path`
// (standard output; a special file that opens for writing; a regular file whose FILE.partial can
// be created beside it). Throws std::runtime_error naming the path and the reason.
void check_output(const std::string& path);

// A file a later step reads back (a results record, a waveform, coverage counts) is never
// standard output: `-` is a usage error naming the option (std::invalid_argument).
void refuse_standard_output(const std::string& option, const std::string& path);

}  // namespace halfpipe::cli
