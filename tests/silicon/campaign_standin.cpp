// CPU stand-ins for the silicon campaign's device (silicon/campaign/device.h), linked with the
// campaign's host (silicon/campaign/*.cpp) so that everything the host does runs here, where
// there is no GPU: enumeration, chunking, the overlap of device and host, comparison,
// classification and the results folder.
//
// The reference stand-in computes every result with halfpipe's reference, in a thread of its own
// per chunk (as a GPU works while the host checks): a GPU that follows doc/semantics.md in every
// rule. Built with HALFPIPE_SEEDED_FAULTS, it carries one fault per mismatch class, each on
// inputs chosen so that its count is known by hand (tests/silicon/campaign_test.sh says how):
//   add.f16, the all-pairs phase:
//     a = 0x7D55 (a NaN)                  returns the NaN's own payload, 0x7D55        nan-payload
//     a = -b for b in 0x0000..0x000F      returns -0 for the exact zero sum (S5: +0)   sign-of-zero
//     b = +0, a subnormal 0x0001..0x0100  returns +0 for the subnormal sum a           flushed-subnormal
//     b = 0x0001, a in 0x3C00..0x3C3F     returns one ulp above the correctly rounded a other
//   add.f16x2, the all-pairs phase: instruction 0 returns its lanes swapped             lane
// The generated phases alone carry the faults: the probes and corners stay clean.
//
// Timing: three kernels on a device of two SMs of four sub-partitions, every span derived by hand
// (tests/silicon/campaign_timing_test.cpp says how): a latency kernel of 4 cycles an instruction
// (SM 1 ten cycles slower), a throughput kernel of one chain a thread issuing one warp
// instruction a cycle in each sub-partition, a held-out kernel of 1000 cycles per warp in each sub-partition.
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "model/isa/ptx.h"
#include "model/ref/bulk/execute_n.h"
#include "silicon/campaign/device.h"

namespace halfpipe_campaign {
namespace {

struct StandinSlot {
  std::thread worker;
  std::vector<uint16_t> results16;
  std::vector<uint32_t> results32;
  bool packed = false;
};

std::vector<StandinSlot> slots;

const std::vector<DeviceForm>& forms() {
  static const std::vector<DeviceForm> all = [] {
    std::vector<DeviceForm> list;
    for (const auto& name : halfpipe::isa::legal_ptx_forms())
      list.push_back({name, halfpipe::encode(*halfpipe::isa::decode_ptx(name).uop)});
    return list;
  }();
  return all;
}

#ifdef HALFPIPE_SEEDED_FAULTS
uint32_t seeded_fault(const std::string& form, uint64_t index, const Registers& r, uint32_t d) {
  if (form == "add.f16") {
    const uint32_t a = r.a, b = r.b;
    if (a == 0x7D55) return 0x7D55;
    if (a >= 0x8000 && a < 0x8010 && b == (a & 0x7FFF)) return d ^ 0x8000;
    if (b == 0x0000 && a >= 0x0001 && a <= 0x0100) return 0x0000;
    if (b == 0x0001 && a >= 0x3C00 && a < 0x3C40) return d + 1;
  }
  if (form == "add.f16x2" && index == 0) return d >> 16 | d << 16;
  return d;
}
#endif

void compute(StandinSlot& slot, const Chunk chunk) {
  const DeviceForm& form = forms()[static_cast<size_t>(chunk.form)];
  halfpipe::Uop uop = *halfpipe::decode(form.uop_word, 0);
  uop.lane_mask = uop.packed ? 3u : 1u;
  const bool bf16 = uop.format == halfpipe::Format::BF16;
  const bool explicit_registers = chunk.phase == Phase::Probes || chunk.phase == Phase::Corners;
  std::vector<uint32_t> a(chunk.count), b(chunk.count), c(chunk.count), d(chunk.count);
  for (uint64_t j = 0; j < chunk.count; ++j) {
    Registers r;
    if (explicit_registers) r = {chunk.a[j], chunk.b[j], chunk.c[j]};
    else r = generated_registers(chunk.phase, uop.packed, bf16, chunk.first + j, chunk.param);
    a[j] = r.a, b[j] = r.b, c[j] = r.c;
  }
  halfpipe::ref::execute_n(uop, a.data(), b.data(), c.data(), d.data(), chunk.count);
#ifdef HALFPIPE_SEEDED_FAULTS
  if (!explicit_registers)
    for (uint64_t j = 0; j < chunk.count; ++j)
      d[j] = seeded_fault(form.name, chunk.first + j, Registers{a[j], b[j], c[j]}, d[j]);
#endif
  slot.packed = uop.packed;
  if (uop.packed) {
    slot.results32 = d;
  } else {
    slot.results16.resize(chunk.count);
    for (uint64_t j = 0; j < chunk.count; ++j) slot.results16[j] = static_cast<uint16_t>(d[j]);
  }
}

}  // namespace

int device_form_count() { return static_cast<int>(forms().size()); }
DeviceForm device_form(int index) { return forms().at(static_cast<size_t>(index)); }

std::string device_open(int slot_count, uint64_t, DeviceInfo& info) {
  // HALFPIPE_STANDIN_NO_DEVICE: the stand-in answers as the GPU program does on a machine
  // without a GPU, so that the host's handling of it is tested.
  if (std::getenv("HALFPIPE_STANDIN_NO_DEVICE")) return "No CUDA device";
#ifdef HALFPIPE_SEEDED_FAULTS
  info.name = "seeded-fault stand-in (no GPU)";
#else
  info.name = "reference stand-in (no GPU)";
#endif
  info.sm = "sm_90";
  info.multiprocessors = 2;
  info.sub_partitions = 4;
  info.clock_khz = 1000000;
  info.driver = "none";
  info.runtime = "none";
  slots = std::vector<StandinSlot>(static_cast<size_t>(slot_count));
  return "";
}

std::string device_submit(int slot, const Chunk& chunk) {
  StandinSlot& s = slots.at(static_cast<size_t>(slot));
  if (s.worker.joinable()) return "slot " + std::to_string(slot) + " is still busy";
  s.worker = std::thread(compute, std::ref(s), chunk);
  return "";
}

std::string device_wait(int slot, const void*& results) {
  StandinSlot& s = slots.at(static_cast<size_t>(slot));
  if (!s.worker.joinable()) return "slot " + std::to_string(slot) + " has no chunk";
  s.worker.join();
  results = s.packed ? static_cast<const void*>(s.results32.data()) : s.results16.data();
  return "";
}

int device_timing_kernel_count() { return 3; }

TimingKernelInfo device_timing_kernel(int index) {
  switch (index) {
    // A scalar format: its throughput kernel runs one chain, as the generator's do.
    case 0: return {"latency_fma_f16", "latency", "fma", "f16", "fma.rn.f16", "", "HFMA2", "workloads/timing/ops.ptx", 1};
    case 1: return {"throughput_fma_f16", "throughput", "fma", "f16", "fma.rn.f16", "", "HFMA2", "workloads/timing/ops.ptx", 1};
    default: return {"heldout_hgemm_inner", "heldout", "", "", "", "", "", "workloads/timing/heldout.ptx", 0};
  }
}

TimingShape device_timing_shape() { return {256, 8, 8}; }

std::string device_time(int index, int warps_per_sm, std::vector<WarpClock>& clocks) {
  const TimingShape shape = device_timing_shape();
  clocks.clear();
  for (int sm = 0; sm < 2; ++sm)
    for (int w = 0; w < warps_per_sm; ++w) {
      // Warp w starts w cycles late; all end together, so the span is end - 100.
      const uint64_t start = 100 + static_cast<uint64_t>(w);
      uint64_t span = 0;
      if (index == 0) span = 4 * static_cast<uint64_t>(shape.chain_length) + 10 * static_cast<uint64_t>(sm);
      else if (index == 1) span = static_cast<uint64_t>(warps_per_sm) * shape.chain_length / 4;  // one chain
      else span = 1000 * static_cast<uint64_t>(warps_per_sm) / 4;
      clocks.push_back({sm, start, 100 + span});
    }
  return "";
}

void device_close() {
  for (auto& s : slots)
    if (s.worker.joinable()) s.worker.join();
  slots.clear();
}

}  // namespace halfpipe_campaign
