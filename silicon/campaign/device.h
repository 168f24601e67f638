// The one seam between the silicon campaign's host (run.cpp) and the device that runs the
// instructions. `halfpipe silicon --campaign` writes the GPU side (campaign_kernels.cu: one kernel
// per form, each the form's PTX instruction by inline asm, its operands generated on the GPU by
// enumeration.h). The tests link CPU stand-ins instead (tests/silicon/campaign_standin.cpp): one
// that computes with the reference, one that carries a seeded fault per mismatch class.
//
// The device works in slots: submit() starts a chunk of instructions in a slot and returns at
// once; wait() returns that chunk's results. The host keeps several slots in flight, so that the
// device computes the next chunks while the host checks the last one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "enumeration.h"

namespace halfpipe_campaign {

// A form the device can run: its canonical PTX spelling and its Uop word (model/uop/uop.h).
struct DeviceForm {
  std::string name;
  uint32_t uop_word = 0;
};

struct DeviceInfo {
  std::string name;      // "NVIDIA H100 80GB HBM3", "reference stand-in (no GPU)"
  std::string sm;        // "sm_90"
  std::string driver;    // the driver's version, as the driver reports it
  std::string runtime;   // the CUDA runtime linked in, e.g. "13.0"
  int multiprocessors = 0;
  int sub_partitions = 0;  // schedulers per SM (4 since sm_70)
  int clock_khz = 0;       // cudaDevAttrClockRate
};

// One chunk: `count` instructions of one form and phase. A generated phase's instructions are
// first .. first + count - 1 of enumeration.h's sequence (`param` as generated_registers takes it);
// Probes and Corners carry their registers in a, b, c (count of each; host memory that stays
// valid until wait()).
struct Chunk {
  int form = 0;
  Phase phase = Phase::Probes;
  uint64_t first = 0, count = 0, param = 0;
  const uint32_t* a = nullptr;
  const uint32_t* b = nullptr;
  const uint32_t* c = nullptr;
};

int device_form_count();
DeviceForm device_form(int index);

// Opens the device with `slots` slots of up to `max_count` instructions each. Returns "" or why
// not ("No CUDA device", a driver too old, out of memory).
std::string device_open(int slots, uint64_t max_count, DeviceInfo& info);
// Starts `chunk` in `slot` (0 <= slot < slots); the slot's previous chunk must have been waited
// for. Returns "" or the error.
std::string device_submit(int slot, const Chunk& chunk);
// Waits for the slot's chunk; `results` then points to its count results (uint16_t each for a
// scalar form, uint32_t for a packed one), valid until the slot's next submit. "" or the error.
std::string device_wait(int slot, const void*& results);
void device_close();

// ---- Timing (silicon/README.md, "Timing"; timing.h runs it) ----------------------------------

// A timing kernel the device carries: an op's latency or throughput kernel, or a held-out one.
struct TimingKernelInfo {
  std::string name;         // "latency_fma_f16", "heldout_hgemm_inner"
  std::string kind;         // "latency", "throughput" or "heldout"
  std::string op, format;   // "fma", "f16" (empty for a held-out kernel)
  std::string instruction;  // the form its chains run, "fma.rn.f16"
  // The form every second instruction of its chains runs instead, or "": min and max alternate
  // with their .NaN form, which ptxas cannot fuse as it fuses two of one form ("min.NaN.f16").
  std::string alternates_with;
  std::string sass;         // the SASS opcodes of its chains on sm_90, "HADD2/HFMA2"
  std::string ptx;          // the committed PTX that holds it, "workloads/timing/ops.ptx"
  // Independent chains per thread: 1 for a latency kernel, TimingShape::chains for a throughput
  // kernel of a packed format, 1 for a scalar one (ptxas would pack two scalar chains into one
  // packed instruction); 0 for a held-out kernel.
  int chains = 0;
};

// Instructions per chain, chains per thread of a packed format's throughput kernel (the most a
// kernel runs), timed trips of the loop.
struct TimingShape {
  int chain_length = 0, chains = 0, trip_count = 0;
};

// One warp of a timing kernel: the SM it ran on and %clock64 (the SM's counter) at the start and
// the end of its timed trips.
struct WarpClock {
  int sm = 0;
  uint64_t start = 0, end = 0;
};

int device_timing_kernel_count();
TimingKernelInfo device_timing_kernel(int index);
TimingShape device_timing_shape();
// Runs timing kernel `index` once with `warps_per_sm` warps on every SM (a power of two; in
// blocks of at most 32 warps, the block count a multiple of the SMs); `clocks` gets every
// warp's. "" or the error.
std::string device_time(int index, int warps_per_sm, std::vector<WarpClock>& clocks);

}  // namespace halfpipe_campaign
