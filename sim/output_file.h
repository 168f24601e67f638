// Writing a command's output file (-o): standard output for '-' or none; a regular file through
// FILE.partial renamed into place, so that a failed run leaves none; a device, FIFO or socket
// written in place, since renaming over it would destroy it.
#pragma once

#include <functional>
#include <ostream>
#include <string>

namespace halfpipe::cli {

// Throws std::runtime_error naming the file when it cannot be written.
void write_output(const std::string& path, const std::function<void(std::ostream&)>& write);

}  // namespace halfpipe::cli
