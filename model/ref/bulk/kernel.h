// The interface between the bulk dispatcher (execute_n.cpp, compiled for any x86-64) and the
// vector paths (f16c.cpp, avx512.cpp, compiled with their instruction sets). It holds plain data
// and declarations: the files built with wider instruction sets call no inline function of a
// shared header at run time, so the linker cannot pick an AVX-512 copy of one for code that runs
// elsewhere.
#pragma once

#include <cstddef>
#include <cstdint>

#include "model/uop/uop.h"

namespace halfpipe::ref::bulk {

// The arithmetic a kernel computes on each 16-bit lane, before the shared modifiers.
enum class KernelOp : uint8_t {
  Add, Sub, Mul, Fma, Neg, Abs, Min, Max,
  Table,  // a one-operand op read from a 2^16-entry table of the exact path's results
};

// A PTX floating-point Uop, reduced to what the kernels read (execute_n.cpp builds it).
struct KernelForm {
  KernelOp op = KernelOp::Add;
  bool bf16 = false;
  bool packed = false;
  bool ftz = false, sat = false, relu = false, oob = false;
  bool nan = false, xorsign_abs = false;  // min/max
  // KernelOp::Table: result[x] of the op on the (already flushed) input x, before
  // post-processing, for every 16-bit x.
  const uint16_t* table = nullptr;
};

struct KernelArgs {
  const uint32_t* a;  // null: zeros
  const uint32_t* b;
  const uint32_t* c;
  uint32_t* d;
  size_t n;
};

// What a kernel needs of a PTX floating-point Uop (execute_n.cpp; tanh/ex2 tables built on first
// use). Only for Uops bulk_path_runs_kernel accepts.
KernelForm kernel_form(const Uop& u);

namespace f16c {
void run(const KernelForm& form, const KernelArgs& args);  // f16c.cpp
}
namespace avx512 {
void run(const KernelForm& form, const KernelArgs& args);  // avx512.cpp
}

}  // namespace halfpipe::ref::bulk
