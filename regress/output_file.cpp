#include "regress/output_file.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

namespace halfpipe::cli {

bool is_special_file(const std::string& path) {
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  return !error && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status) &&
         !std::filesystem::is_directory(status);
}

void write_output(const std::string& path, const std::function<void(std::ostream&)>& write) {
  if (path.empty() || path == "-") {
    write(std::cout);
    std::cout.flush();
    return;
  }
  if (is_special_file(path)) {
    std::ofstream out(path, std::ios::binary);
    if (!out) throw std::runtime_error(fmt::format("cannot write '{}'", path));
    write(out);
    if (!out.flush()) throw std::runtime_error(fmt::format("cannot write '{}'", path));
    return;
  }
  const std::string temporary = path + ".partial";
  {
    std::ofstream out(temporary, std::ios::binary);
    if (!out) throw std::runtime_error(fmt::format("cannot write '{}'", temporary));
    try {
      write(out);
    } catch (...) {
      out.close();
      std::remove(temporary.c_str());
      throw;
    }
    if (!out.flush()) {
      std::remove(temporary.c_str());
      throw std::runtime_error(fmt::format("cannot write '{}'", temporary));
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0)
    throw std::runtime_error(fmt::format("cannot rename '{}' to '{}'", temporary, path));
}

void check_output(const std::string& path) {
  if (path.empty() || path == "-") return;
  if (std::filesystem::is_directory(path))
    throw std::runtime_error(fmt::format("'{}' is a directory", path));
  // A special file is probed without O_TRUNC or O_CREAT side effects; a FIFO without a reader
  // would block here, so it is taken on trust (write_output opens it when the output is ready).
  if (is_special_file(path)) {
    if (std::filesystem::is_fifo(path)) return;
    std::ofstream probe(path, std::ios::binary | std::ios::app);
    if (!probe) throw std::runtime_error(fmt::format("cannot write '{}': {}", path, std::strerror(errno)));
    return;
  }
  const std::string temporary = path + ".partial";
  std::ofstream probe(temporary, std::ios::binary);
  if (!probe) throw std::runtime_error(fmt::format("cannot write '{}': {}", path, std::strerror(errno)));
  probe.close();
  std::remove(temporary.c_str());
}

void refuse_standard_output(const std::string& option, const std::string& path) {
  if (path == "-")
    throw std::invalid_argument(fmt::format(
        "{} -: {} writes a file that is read back later, not standard output; give a path",
        option, option));
}

}  // namespace halfpipe::cli
