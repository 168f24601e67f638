// The timing kernels compile for sm_90 and their SASS holds each latency kernel's chain
// unbroken between the clock reads (silicon/sass_chain.h): timing_ops.cu as the campaign writes
// it, through nvcc -cubin and cuobjdump -sass. Exit 77 (skipped) where nvcc or cuobjdump is
// missing: the CUDA toolkit is not a Debian package, and the build never needs it.
//   silicon_timing_sass_test WORK_DIR
#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "silicon/sass_chain.h"
#include "silicon/timing.h"

namespace fs = std::filesystem;
namespace hs = halfpipe::silicon;

namespace {

std::string tool(const char* name, const char* variable) {
  if (const char* given = std::getenv(variable)) return given;
  for (const std::string dir : {"/usr/local/cuda/bin", "/usr/bin"})
    if (fs::exists(dir + "/" + name)) return dir + "/" + name;
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: silicon_timing_sass_test WORK_DIR\n";
    return 2;
  }
  const fs::path work = argv[1];
  const std::string nvcc = tool("nvcc", "NVCC"), cuobjdump = tool("cuobjdump", "CUOBJDUMP");
  if (nvcc.empty() || cuobjdump.empty()) {
    std::cout << "no " << (nvcc.empty() ? "nvcc" : "cuobjdump") << " (CUDA toolkit) here: skipped\n";
    return 77;
  }
  fs::create_directories(work);
  std::ofstream(work / "timing_ops.cu") << hs::timing_ops_source(90);
  const std::string compile = fmt::format("'{}' -arch=sm_90 -cubin -O2 '{}' -o '{}' > '{}' 2>&1", nvcc,
                                          (work / "timing_ops.cu").string(),
                                          (work / "timing_ops.cubin").string(), (work / "nvcc.out").string());
  if (std::system(compile.c_str()) != 0) {
    std::cerr << "FAIL: nvcc: see " << (work / "nvcc.out").string() << '\n';
    return 1;
  }
  const std::string dump = fmt::format("'{}' -sass '{}' > '{}'", cuobjdump, (work / "timing_ops.cubin").string(),
                                       (work / "sass.txt").string());
  if (std::system(dump.c_str()) != 0) {
    std::cerr << "FAIL: cuobjdump -sass\n";
    return 1;
  }
  std::stringstream text;
  text << std::ifstream(work / "sass.txt").rdbuf();
  int failed = 0, passed = 0;
  for (const auto& t : hs::timing_ops(90)) {
    // A packed transcendental runs each lane as a chain of its own.
    const int chains = t.sass_halves_per_instruction == 4 ? 2 : 1;
    const int count = hs::kBodyLength * t.sass_halves_per_instruction / 2;
    const std::string problem =
        hs::check_chain(hs::sass_of_function(text.str(), t.latency_kernel()), t.sass, count, chains);
    if (problem.empty()) ++passed;
    else {
      ++failed;
      std::cout << t.latency_kernel() << ": " << problem << '\n';
    }
  }
  std::cout << passed << " passed, " << failed << " failed\n";
  return failed ? 1 : 0;
}
