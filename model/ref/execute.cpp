#include "model/ref/execute.h"

#include "model/ref/ops.h"
#include "model/ref/policy.h"
#include "model/ref/postprocess.h"
#include "model/ref/visa_minmax.h"

namespace halfpipe::ref {

namespace {

// An op's function (ops.h) called with what it reads: the operands its arity names, and for
// min/max the Uop's modifiers.
using Unary = Rounded (*)(const FloatFormat&, uint16_t);
using Binary = Rounded (*)(const FloatFormat&, uint16_t, uint16_t);
using Ternary = Rounded (*)(const FloatFormat&, uint16_t, uint16_t, uint16_t);
using Selecting = uint16_t (*)(const FloatFormat&, uint16_t);
using MinMax = uint16_t (*)(const FloatFormat&, uint16_t, uint16_t, MinMaxModifiers);

Rounded call(Unary fn, const Uop&, const FloatFormat& f, uint16_t a, uint16_t, uint16_t) {
  return fn(f, a);
}
Rounded call(Binary fn, const Uop&, const FloatFormat& f, uint16_t a, uint16_t b, uint16_t) {
  return fn(f, a, b);
}
Rounded call(Ternary fn, const Uop&, const FloatFormat& f, uint16_t a, uint16_t b, uint16_t c) {
  return fn(f, a, b, c);
}
Rounded call(Selecting fn, const Uop&, const FloatFormat& f, uint16_t a, uint16_t, uint16_t) {
  return fn(f, a);
}
Rounded call(MinMax fn, const Uop& u, const FloatFormat& f, uint16_t a, uint16_t b, uint16_t) {
  return fn(f, a, b, {u.nan, u.xorsign_abs});
}

}  // namespace

Rounded operate(const Uop& u, const FloatFormat& f, uint16_t a, uint16_t b, uint16_t c) {
  switch (u.op) {  // the op table's ref column (model/uop/ops.def)
#define HALFPIPE_OP(Name, code, ptx, operands, op_class, family, kernel, ref) \
  case Op::Name:                                                               \
    return call(ref, u, f, a, b, c);
#include "model/uop/ops.def"
#undef HALFPIPE_OP
  }
  throw NotImplemented("not implemented: unknown op");
}

uint16_t execute_lane(const Uop& u, uint16_t a, uint16_t b, uint16_t c) {
  // vISA MIN_MAX keeps NaN operands, reaches integer formats and takes source modifiers (S26-S29),
  // none of which the PTX path below knows; the NaN policy or an integer format is what tells the
  // two front-ends' min/max apart, as it does for the RTL's one min/max unit.
  if ((u.op == Op::Min || u.op == Op::Max) &&
      (u.nan_policy == NanPolicy::VisaSrc1 || !is_float(u.format)))
    return visa_execute_lane(u, a, b);
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

void execute_lanes(const Uop& u, int lanes, const uint16_t* a, const uint16_t* b, const uint16_t* c,
                   uint16_t* result) {
  if (lanes_per_element(u.format) > 1) {
    visa_execute_lanes(u, lanes, a, b, result);
    return;
  }
  for (int lane = 0; lane < lanes; ++lane) {
    const bool enabled = lane < 32 && ((u.lane_mask >> lane) & 1u) != 0;
    result[lane] = enabled ? execute_lane(u, a[lane], b[lane], c[lane]) : 0;
  }
}

uint32_t execute(const Uop& u, uint32_t a, uint32_t b, uint32_t c) {
  uint32_t d = execute_lane(u, a & 0xFFFF, b & 0xFFFF, c & 0xFFFF);
  if (u.packed) d |= static_cast<uint32_t>(execute_lane(u, a >> 16, b >> 16, c >> 16)) << 16;
  return d;
}

}  // namespace halfpipe::ref
