#include "sim/output_file.h"

#include <fmt/format.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

namespace halfpipe::cli {

void write_output(const std::string& path, const std::function<void(std::ostream&)>& write) {
  if (path.empty() || path == "-") {
    write(std::cout);
    std::cout.flush();
    return;
  }
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (!error && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status) &&
      !std::filesystem::is_directory(status)) {
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

}  // namespace halfpipe::cli
