#include "model/ref/execute.h"

#include "model/ref/ops.h"
#include "model/ref/policy.h"
#include "model/ref/postprocess.h"

namespace halfpipe::ref {
namespace {

uint16_t operate(const Uop& u, const FloatFormat& f, uint16_t a, uint16_t b, uint16_t c) {
  switch (u.op) {
    case Op::Add: return add(f, a, b);
    case Op::Sub: return sub(f, a, b);
    case Op::Mul: return mul(f, a, b);
    case Op::Fma: return fma(f, a, b, c);
    case Op::Neg: return neg(f, a);
    case Op::Abs: return abs(f, a);
    case Op::Min: return min(f, a, b, {u.nan, u.xorsign_abs});
    case Op::Max: return max(f, a, b, {u.nan, u.xorsign_abs});
    case Op::Tanh: return tanh_approx(f, a);
    case Op::Ex2: return ex2_approx(f, a);
  }
  throw NotImplemented("not implemented: unknown op");
}

}  // namespace

uint16_t execute_lane(const Uop& u, uint16_t a, uint16_t b, uint16_t c) {
  if (!is_float(u.format)) throw NotImplemented("not implemented: integer formats");
  const FloatFormat& f = float_format(u.format);
  const bool oob_operand = policy::is_oob_nan(a) || policy::is_oob_nan(b);  // S14: a or b only
  if (u.ftz) {
    a = flush_subnormal_input(f, a);
    b = flush_subnormal_input(f, b);
    c = flush_subnormal_input(f, c);
  }
  return post_process(u, f, operate(u, f, a, b, c), oob_operand);
}

uint32_t execute(const Uop& u, uint32_t a, uint32_t b, uint32_t c) {
  uint32_t d = execute_lane(u, a & 0xFFFF, b & 0xFFFF, c & 0xFFFF);
  if (u.packed) d |= static_cast<uint32_t>(execute_lane(u, a >> 16, b >> 16, c >> 16)) << 16;
  return d;
}

}  // namespace halfpipe::ref
