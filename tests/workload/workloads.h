// Where the checked-in workload kernels are, for the tests of tests/workload/.
#pragma once

#include <string>

namespace halfpipe::test {

// workloads/NAME.ptx in the source tree.
inline std::string workload_ptx(const std::string& name) {
  return std::string(HALFPIPE_SOURCE_DIR) + "/workloads/" + name + ".ptx";
}

}  // namespace halfpipe::test
