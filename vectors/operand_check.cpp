#include "vectors/operand_check.h"

#include <fmt/core.h>

namespace halfpipe::vectors {

std::string operand_count_error(std::string_view form, int wanted, int given) {
  return fmt::format("'{}' takes {} operand{}, got {}", form, wanted, wanted == 1 ? "" : "s",
                     given);
}

std::string operand_count_error(std::string_view form, const Uop& u, int given) {
  const int wanted = operand_count(u.op);
  return given == wanted ? std::string() : operand_count_error(form, wanted, given);
}

std::string too_wide_error(std::string_view form, const Uop& u, uint64_t operand) {
  return fmt::format("operand {:#x} is too wide: '{}' takes {}-bit registers", operand, form,
                     u.packed ? 32 : 16);
}

}  // namespace halfpipe::vectors
