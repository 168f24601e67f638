// The checked-in regression sets (vectors/regression/): regenerating them reproduces them byte
// for byte, every form the reference evaluates has one, they replay cleanly, they leave no
// reachable coverage bin empty, and they stay small.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <set>
#include <fstream>
#include <sstream>

#include "model/isa/ptx.h"
#include "vectors/check.h"
#include "vectors/coverage.h"
#include "vectors/regression.h"
#include "vectors/vector_file.h"
#include "tests/support/read_file.h"

using namespace halfpipe;
using namespace halfpipe::vectors;
namespace fs = std::filesystem;

using halfpipe::test::read_file;

namespace {

const fs::path kDir = fs::path(HALFPIPE_SOURCE_DIR) / "vectors" / "regression";
const char* const kRegenerate = "regenerate with: halfpipe gen --regression vectors/regression";

std::vector<fs::path> checked_in_files() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(kDir))
    if (entry.is_regular_file() && entry.path().extension() == ".vec") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

TEST_CASE("regenerating the regression sets reproduces them byte for byte") {
  std::vector<std::string> skipped;
  const auto files = regression_files(skipped);
  REQUIRE(files.size() > 100);
  for (const auto& file : files) {
    INFO(file.path << ": " << kRegenerate);
    const fs::path path = kDir / file.path;
    REQUIRE(fs::exists(path));
    std::ostringstream fresh;
    write_vector_file(fresh, file.request);
    CHECK(fresh.str() == read_file(path));
  }
  // No stale set: every file on disk is one the generator writes.
  std::set<fs::path> expected;
  for (const auto& file : files) expected.insert(kDir / file.path);
  for (const auto& path : checked_in_files()) {
    INFO(path << " is not written by the generator (a form the reference cannot evaluate, or "
                 "a renamed one): " << kRegenerate << " after deleting it");
    CHECK(expected.count(path));
  }
}

TEST_CASE("every legal PTX form has a checked-in corner set, and none is skipped") {
  // A form the reference cannot evaluate would be left out of the sets; that is a failure, not
  // a warning, because a missing set is a hole in the regression.
  std::vector<std::string> skipped;
  regression_files(skipped);
  for (const auto& why : skipped) FAIL_CHECK("no regression set for " << why);
  CHECK(skipped.empty());
  // The list of forms comes from the decoder, the files from the disk: one corner set per form.
  const auto forms = isa::legal_ptx_forms();
  REQUIRE(forms.size() > 100);
  std::set<fs::path> corner_files;
  for (const auto& path : checked_in_files())
    if (path.parent_path().filename() == "corner") corner_files.insert(path);
  for (const auto& form : forms) {
    INFO(form << ": " << kRegenerate);
    CHECK(corner_files.count(kDir / "corner" / (form + ".vec")));
  }
  CHECK(corner_files.size() == forms.size());
  CHECK(fs::exists(kDir / "random.vec"));
}

TEST_CASE("the regression sets replay cleanly through the reference and stay under 2 MB") {
  auto backend = make_reference_backend();
  std::ostringstream report;
  Checker checker(*backend, report, NanMatch::Exact);
  uint64_t bytes = 0;
  for (const auto& path : checked_in_files()) {
    bytes += fs::file_size(path);
    std::ifstream in(path, std::ios::binary);
    VectorReader reader(in, path.string());
    for (VectorRecord v; reader.next(v);) checker.check(path.string(), v);
  }
  INFO(report.str());
  CHECK(checker.ok());
  CHECK(checker.counts().passed > 30000);  // the files were read
  CHECK(bytes < 2 * 1024 * 1024);
}

TEST_CASE("the corner sets leave no reachable coverage bin empty") {
  Coverage coverage;
  for (const auto& path : checked_in_files()) {
    if (path.parent_path().filename() != "corner") continue;
    std::ifstream in(path, std::ios::binary);
    VectorReader reader(in, path.string());
    for (VectorRecord v; reader.next(v);) coverage.add(v.form, v.uop, v.operands, v.expected);
  }
  std::string empty;
  for (const auto& e : coverage.empty_reachable_bins()) empty += e.form + " " + e.lane + " " + e.bin + "\n";
  INFO(empty);
  CHECK(empty.empty());
}
