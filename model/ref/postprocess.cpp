#include "model/ref/postprocess.h"

#include "model/ref/policy.h"

namespace halfpipe::ref {

uint16_t post_process(const Uop& u, const FloatFormat& f, Rounded rounded, bool oob_operand) {
  uint16_t d = rounded.bits;
  if (u.ftz) d = policy::flush_tiny_result(f, d, rounded.tiny);
  if (u.oob && oob_operand) d = f.zero(false);  // S14: before, and regardless of, .relu/.sat (S22)
  if (u.sat) d = policy::saturate(f, d);
  if (u.relu) d = policy::relu(f, d);
  return d;
}

}  // namespace halfpipe::ref
