// `halfpipe_bench`, a Python module for `scripts/bench doors` alone (python/bench/doors.py): the
// best CPU time of ref::execute_n over uint32 copies of contiguous operands (copied before the
// clock starts), in the same process as the halfpipe module, for halfpipe.execute's rate to be
// set against. It is not installed and not built by default.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <time.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/isa/ptx.h"
#include "model/ref/bulk/execute_n.h"
#include "model/uop/uop.h"

namespace py = pybind11;

namespace {

double execute_n_seconds(const std::string& form, const std::vector<py::array>& operands,
                         int repeats) {
  const halfpipe::isa::Decoded decoded = halfpipe::isa::decode_ptx(form, std::nullopt);
  if (!decoded.uop) throw py::value_error(decoded.error);
  std::vector<std::vector<uint32_t>> wide;
  for (const py::array& o : operands) {
    py::array_t<uint32_t, py::array::c_style | py::array::forcecast> x(o);
    wide.emplace_back(x.data(), x.data() + x.size());
  }
  const size_t n = wide.empty() ? 0 : wide[0].size();
  std::vector<uint32_t> d(n);
  auto operand = [&](size_t k) { return k < wide.size() ? wide[k].data() : nullptr; };
  double best = HUGE_VAL;
  py::gil_scoped_release release;
  for (int r = 0; r < repeats; ++r) {
    timespec start{}, end{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &start);
    halfpipe::ref::execute_n(*decoded.uop, operand(0), operand(1), operand(2), d.data(), n);
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &end);
    best = std::min(best, static_cast<double>(end.tv_sec - start.tv_sec) +
                              1e-9 * static_cast<double>(end.tv_nsec - start.tv_nsec));
  }
  return best;
}

}  // namespace

PYBIND11_MODULE(halfpipe_bench, m) {
  m.doc() = "scripts/bench doors: the baseline halfpipe.execute is set against";
  m.def("execute_n_seconds", &execute_n_seconds, py::arg("form"), py::arg("operands"),
        py::arg("repeats") = 5, "ref::execute_n's best CPU time over the operands, in seconds.");
}
