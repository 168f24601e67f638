#include "tb/rtl_coverage.h"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <verilated.h>
#include <verilated_cov.h>

namespace halfpipe::tb {
namespace {

RtlCoverageSession* g_session = nullptr;

// The header Verilator writes and verilator_coverage expects first.
constexpr const char* kHeader = "# SystemC::Coverage-3";

}  // namespace

void CoverageCounts::add_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot read the coverage file " + path + ": " + std::strerror(errno));
  std::string line, identity;
  std::vector<std::pair<std::string, uint64_t>> points;  // added once the whole file is read
  uint64_t number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.rfind(kIdentity, 0) == 0) identity = line.substr(std::strlen(kIdentity));
    if (line.empty() || line[0] == '#') continue;
    // C '<key>' <count>: the key holds no newline but may hold quotes, so it ends at the last "' ".
    const size_t end = line.rfind("' ");
    const auto bad = [&](const char* problem) {
      return std::runtime_error(path + ":" + std::to_string(number) + ": " + problem);
    };
    if (line.compare(0, 3, "C '") != 0 || end == std::string::npos || end < 3)
      throw bad("not a coverage point (C '<key>' <count>)");
    const std::string digits = line.substr(end + 2);
    if (digits.empty() || digits.find_first_not_of("0123456789") != std::string::npos)
      throw bad("the count is not a decimal number");
    errno = 0;
    const unsigned long long count = std::strtoull(digits.c_str(), nullptr, 10);
    if (errno == ERANGE) throw bad("the count is out of range");
    points.emplace_back(line.substr(3, end - 3), count);
  }
  if (in.bad()) throw std::runtime_error("cannot read the coverage file " + path);
  // Checked after the whole file, so that a malformed one is named for that first.
  if (first_file_.empty()) {
    first_file_ = path;
    identity_ = identity;
  } else if (identity != identity_) {
    const auto name = [](const std::string& id) {
      return id.empty() ? std::string("(no identity)") : "'" + id + "'";
    };
    throw std::runtime_error(path + " counts " + name(identity) + " but " + first_file_ +
                             " counts " + name(identity_) +
                             ": coverage of another design, build or RTL revision is not summed "
                             "(rtl/COVERAGE.md)");
  }
  for (const auto& [key, count] : points) add(key, count);
}

void CoverageCounts::write(const std::string& path) const {
  // Written beside the target and renamed over it, so that a reader never sees half a file; a
  // device, FIFO or socket in place, since renaming over it would destroy it.
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  const bool special = !error && std::filesystem::exists(status) &&
                       !std::filesystem::is_regular_file(status) && !std::filesystem::is_directory(status);
  const std::string partial = special ? path : path + ".partial";
  {
    std::ofstream out(partial, std::ios::trunc);
    if (!out) throw std::runtime_error("cannot write the coverage file " + path + ": " + std::strerror(errno));
    out << kHeader << "\n";
    if (!identity_.empty()) out << kIdentity << identity_ << "\n";
    for (const auto& [key, count] : counts_) out << "C '" << key << "' " << count << "\n";
    out.close();
    if (!out) throw std::runtime_error("cannot write the coverage file " + path);
  }
  if (!special && std::rename(partial.c_str(), path.c_str()) != 0)
    throw std::runtime_error("cannot write the coverage file " + path + ": " + std::strerror(errno));
}

void stamp_coverage_file(const std::string& path, const std::string& identity) {
  CoverageCounts counts;
  counts.add_file(path);
  counts.set_identity(identity);
  counts.write(path);
}

RtlCoverageSession::RtlCoverageSession(std::string path, std::string identity)
    : path_(std::move(path)), identity_(std::move(identity)) {
  if (g_session) throw std::invalid_argument("an RTL coverage session is open already");
  if (path_.empty()) throw std::invalid_argument("the RTL coverage file needs a name");
  if (path_ == "-")
    throw std::invalid_argument("--rtl-coverage -: the coverage counts are a file that "
                                "scripts/coverage and merge read back, not standard output; give a path");
  {
    std::ofstream probe(path_ + ".partial", std::ios::trunc);
    if (!probe)
      throw std::invalid_argument("cannot write the coverage file " + path_ + ": " + std::strerror(errno));
  }
  std::remove((path_ + ".partial").c_str());
  g_session = this;
}

RtlCoverageSession::~RtlCoverageSession() { g_session = nullptr; }

void RtlCoverageSession::write() const {
  if (!error_.empty()) throw std::runtime_error("a model's coverage was lost: " + error_);
  CoverageCounts named = counts_;
  named.set_identity(identity_);
  named.write(path_);
}

RtlCoverageSession* active_rtl_coverage() { return g_session; }

// Called by an instrumented model's destructor (tb/dut.cpp): its context's counts, through a
// file (VerilatedCovContext's one way out), into the session.
class RtlCoverageAccess {
 public:
  static void add_context(RtlCoverageSession& session, VerilatedContext& context) {
    // Never throws (a destructor calls it): a problem is kept and reported by write().
    const std::string part = session.path_ + ".model-" + std::to_string(getpid());
    try {
      context.coveragep()->write(part.c_str());
      session.counts_.add_file(part);
    } catch (const std::exception& e) {
      if (session.error_.empty()) session.error_ = e.what();
    }
    std::remove(part.c_str());
  }
};

void add_model_coverage(VerilatedContext& context) {
  if (g_session) RtlCoverageAccess::add_context(*g_session, context);
}

}  // namespace halfpipe::tb
