// The timing microbenchmarks of the silicon campaign (silicon/README.md, "Timing"): for each op
// and format, a latency kernel (one dependent chain per thread) and a throughput kernel (`kChains`
// independent chains interleaved), each timed by %clock64 inside the kernel; and two held-out
// kernels modelled on the inner loops of workloads/hgemm.ptx and workloads/softmax.ptx. The
// generator writes their CUDA source (kernels alone, extern "C", so that `halfpipe explore
// --ptx-file` finds them by name in nvcc's PTX, committed under workloads/timing/) and the table
// the campaign's host reads them from.
#pragma once

#include <string>
#include <vector>

#include "model/uop/uop.h"

namespace halfpipe::silicon {

// Each chain is kChainLength instructions: a loop of kTripCount timed trips over an unrolled body
// of kChainLength / kTripCount, after one untimed trip that brings the body into the instruction
// cache. The loop runs kTripCount + 1 times.
inline constexpr int kChainLength = 512;
inline constexpr int kTripCount = 8;
// The throughput kernels' independent chains per thread, for a packed format. A scalar format's
// throughput kernel runs one: ptxas packs two independent scalar chains' instructions into one
// packed HADD2/HFMA2, which would time the packed instruction, not the scalar one (the warp sweep,
// up to 16 warps a sub-partition, keeps the pipe full without more chains).
inline constexpr int kChains = 8;
inline constexpr int kBodyLength = kChainLength / kTripCount;

// One op x format measured: the canonical form chosen for it and what ptxas makes of its chain.
struct TimingOp {
  std::string op, format;  // "fma", "f16x2"
  std::string instruction;  // the canonical form, e.g. "fma.rn.f16"
  Uop uop;
  // The form every second instruction of a chain runs, or "" (every one runs `instruction`).
  // min and max alternate with their .NaN form (min.f16, min.NaN.f16, ...): ptxas fuses two
  // dependent instructions of one form into one three-input HMNMX2, but not a .NaN one with
  // another, so each PTX instruction stays one SASS instruction of the family.
  std::string partner;
  int chains = kChains;  // the throughput kernel's chains per thread: kChains, or 1 when scalar
  // The SASS opcodes (the mnemonic's first word, as cuobjdump prints it) a chain's instructions
  // compile to on sm_90; more than one where ptxas spreads a chain over two pipes.
  std::vector<std::string> sass;
  // SASS instructions per PTX instruction of a chain, in halves: 2 (one each), 4 (a packed
  // transcendental runs each lane alone: two MUFU).
  int sass_halves_per_instruction = 2;
  std::string latency_kernel() const { return "latency_" + op + "_" + format; }
  std::string throughput_kernel() const { return "throughput_" + op + "_" + format; }
};

// An op x format left out, and why (ptxas folds its chain away on sm_90, or no form exists).
struct TimingExclusion {
  std::string op, format, reason;
};

// The ops measured on sm_`target_sm`, in the op table's order (model/uop/ops.def), each format in
// the order f16 f16x2 bf16 bf16x2; the form of each is the shortest legal canonical spelling the
// target runs (ties: the first in isa::legal_ptx_forms()).
std::vector<TimingOp> timing_ops(int target_sm);
std::vector<TimingExclusion> timing_exclusions(int target_sm);

// A held-out kernel: its name, what it is modelled on, and its straight-line body's SASS.
struct HeldoutKernel {
  std::string name;
  std::string modelled_on;
};
std::vector<HeldoutKernel> heldout_kernels();

// CUDA sources: the op kernels (workloads/timing/ops.ptx) and the held-out kernels
// (workloads/timing/heldout.ptx). Each ends with a host-side table of its kernels' addresses,
// which nvcc leaves out of the PTX.
std::string timing_ops_source(int target_sm);
std::string timing_heldout_source();

// The campaign's device glue (appended to campaign_kernels.cu): the table of timing kernels and
// device_timing_* (silicon/campaign/device.h).
std::string timing_device_glue(int target_sm);

}  // namespace halfpipe::silicon
