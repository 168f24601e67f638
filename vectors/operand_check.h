// What a caller's PTX operands must be, checked in one place so that `eval --batch`, the C API
// and Python say the same: as many as the form reads, each within its register, 16 bits for a
// scalar form and 32 for a packed one (S2). The form's target (S23) is checked by the decoder
// (isa::parse_target_option, isa::Decoded::target_too_old).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "model/uop/uop.h"

namespace halfpipe::vectors {

// "'add.f16' takes 2 operands, got 1", or empty when `given` is what `u` reads. `form` is
// the form as the caller named it.
std::string operand_count_error(std::string_view form, const Uop& u, int given);
std::string operand_count_error(std::string_view form, int wanted, int given);

// The bits a register of `u` holds: 0xffff for a scalar form, 0xffffffff for a packed one.
constexpr uint64_t register_mask(const Uop& u) { return u.packed ? 0xFFFFFFFFu : 0xFFFFu; }
constexpr bool fits_register(const Uop& u, uint64_t operand) {
  return (operand & ~register_mask(u)) == 0;
}
// "operand 0x13c00 is too wide: 'add.f16' takes 16-bit registers".
std::string too_wide_error(std::string_view form, const Uop& u, uint64_t operand);

}  // namespace halfpipe::vectors
