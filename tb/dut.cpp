#include "tb/dut.h"

#include <stdexcept>

namespace halfpipe::tb {

bool Dut::peek(OutBeat&) const {
  throw std::logic_error("this unit cannot show its outputs between cycles");
}

void Dut::trace_to(const std::string&) {
  throw std::logic_error("this unit cannot write waveforms");
}

void Dut::write_coverage(const std::string&) {
  throw std::logic_error("this unit has no coverage of its own (hp_alu's instrumented models "
                         "report through tb/rtl_coverage.h)");
}

}  // namespace halfpipe::tb
