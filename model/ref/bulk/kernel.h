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

// The arithmetic a kernel computes on each 16-bit lane, before the shared modifiers: the op
// table's kernel column (model/uop/ops.def). An op marked Own has a kernel of its own,
// KernelOp::<Name>, which kernels.inc computes; the ops marked Table share the table kernel; an op
// marked Exact has none, and execute_n gives it to the exact path.
#define HALFPIPE_KERNEL_Own(Name) Name,
#define HALFPIPE_KERNEL_Table(Name)
#define HALFPIPE_KERNEL_Exact(Name)
#define HALFPIPE_OP(Name, code, ptx, operands, op_class, family, kernel, ref) HALFPIPE_KERNEL_##kernel(Name)
enum class KernelOp : uint8_t {
#include "model/uop/ops.def"
  Table,  // a one-operand op read from a 2^16-entry table of the exact path's results
};
// Every kernel, for the paths' dispatch.
#undef HALFPIPE_KERNEL_Own
#define HALFPIPE_KERNEL_Own(Name) KernelOp::Name,
inline constexpr KernelOp kKernelOps[] = {
#include "model/uop/ops.def"
    KernelOp::Table,
};
#undef HALFPIPE_OP
#undef HALFPIPE_KERNEL_Own
#undef HALFPIPE_KERNEL_Table
#undef HALFPIPE_KERNEL_Exact

// A PTX floating-point Uop, reduced to what the kernels read (execute_n.cpp builds it).
struct KernelForm {
  KernelOp op = KernelOp::Add;
  bool bf16 = false;
  bool ftz = false, sat = false, relu = false, oob = false;
  bool nan = false, xorsign_abs = false;  // min/max
  // KernelOp::Table: result[x] of the op on the (already flushed) input x, before
  // post-processing, for every 16-bit x.
  const uint16_t* table = nullptr;
};

// How the operand and result arrays hold their 16-bit lanes.
enum class Layout : uint8_t {
  Lanes16,      // contiguous uint16 lanes: packed uint32 registers (lane 2i in the low half,
                // S2), or scalar forms' 16-bit registers
  LowHalves32,  // one lane in the low half of each uint32: scalar forms' 32-bit registers
};

struct KernelArgs {
  const void* a;  // null: zeros
  const void* b;
  const void* c;
  void* d;
  size_t lanes;  // 16-bit lanes, one per element of the layout
  Layout layout;
};

// What a kernel needs of a PTX floating-point Uop (execute_n.cpp; tanh/ex2 tables built on first
// use). Only for Uops bulk_path_runs_kernel accepts.
KernelForm kernel_form(const Uop& u);

// The arrays of n instructions of `u` as a kernel reads them: 32-bit registers (execute_n), or
// 16-bit lanes (execute_n16: n per scalar form, 2n per packed one).
KernelArgs register_args(const Uop& u, const uint32_t* a, const uint32_t* b, const uint32_t* c,
                         uint32_t* d, size_t n);
KernelArgs lane_args(const Uop& u, const uint16_t* a, const uint16_t* b, const uint16_t* c,
                     uint16_t* d, size_t n);

// Runs the kernel over the arrays; returns the lanes computed: all of them, or with
// stop_at_wide (LowHalves32) those before the first block of the path's width that holds a
// register with a bit of [31:16] set, none of that block written (ref::execute_n_until_wide).
namespace f16c {
size_t run(const KernelForm& form, const KernelArgs& args, bool stop_at_wide = false);  // f16c.cpp
}
namespace avx512 {
size_t run(const KernelForm& form, const KernelArgs& args, bool stop_at_wide = false);  // avx512.cpp
}
namespace avx512fp16 {
// avx512fp16.cpp
size_t run(const KernelForm& form, const KernelArgs& args, bool stop_at_wide = false);
}

}  // namespace halfpipe::ref::bulk
