#include "silicon/timing.h"

#include <fmt/format.h>

#include "model/isa/ptx.h"
#include "model/ref/format.h"
#include "silicon/generate.h"

namespace halfpipe::silicon {

namespace {

// What ptxas 13.0 makes of each chain on sm_90, read from the cubin of chains of 8 (the
// opcode field of each instruction word, named by the campaign's own SASS of every form,
// silicon/results/sm_90/run1/sass.txt.xz). Chains ptxas folds away are left out, with why.
struct SassOfChain {
  std::vector<std::string> sass;
  int halves = 2;
  std::string folded;  // non-empty: the chain does not survive
};
SassOfChain sass_of_chain(Op op, Format format, bool packed) {
  const bool bf16 = format == Format::BF16;
  switch (op) {
    // A packed add/sub/fma chain alternates between HADD2/HFMA2 and the HFMA2.MMA pipe.
    case Op::Add:
    case Op::Sub: return {{"HADD2", "HFMA2"}, 2, ""};
    case Op::Mul: return {{"HMUL2", "HFMA2"}, 2, ""};
    case Op::Fma: return {{"HFMA2"}, 2, ""};
    // One HMNMX2 each, the chain alternating the form with its .NaN form (TimingOp::partner);
    // two dependent instructions of one form would become one three-input HMNMX2.
    case Op::Min:
    case Op::Max: return {{"HMNMX2"}, 2, ""};
    case Op::Neg:
      if (bf16 && packed) return {{"HFMA2"}, 2, ""};
      return {{}, 2, "ptxas folds neg(neg(x)) to x: a chain leaves no instruction (the sign "
                     "flip is an operand modifier of its consumer, or one LOP3.LUT)"};
    case Op::Abs:
      if (bf16) return {{"HFMA2"}, 2, ""};
      return {{}, 2, "ptxas folds abs(abs(x)) to abs(x): a chain leaves one HADD2"};
    // A packed form is two MUFU, one a lane, each lane's chain apart from the other's for the
    // whole unrolled body; one PRMT a trip joins them into the asm statement's register.
    case Op::Tanh:
    case Op::Ex2: return {{"MUFU"}, packed ? 4 : 2, ""};
  }
  return {};
}

// The shortest legal canonical spelling of op on the format that sm_`target_sm` runs.
const std::string* form_of(Op op, const isa::PtxType& f, int target_sm) {
  const std::string* best = nullptr;
  for (const auto& canonical : isa::legal_ptx_forms()) {
    const Uop u = *isa::decode_ptx(canonical).uop;
    if (u.op != op || u.format != f.format || u.packed != f.packed) continue;
    if (isa::minimum_target(u).sm > target_sm) continue;
    if (!best || canonical.size() < best->size()) best = &canonical;
  }
  return best;
}

// min's and max's .NaN form of `form` (min.f16 -> min.NaN.f16), the chain's partner; "" for
// the other ops.
std::string partner_of(const Uop& form) {
  if (form.op != Op::Min && form.op != Op::Max) return "";
  Uop nan = form;
  nan.nan = true;
  for (const auto& canonical : isa::legal_ptx_forms())
    if (*isa::decode_ptx(canonical).uop == nan) return canonical;
  return "";
}

std::string kernel_params() {
  return "(uint32_t seed, uint32_t b, uint32_t c, unsigned long long* __restrict__ clocks,\n"
         "    uint32_t* __restrict__ values)";
}

// The body of a kernel: the untimed trip, the timed trips, the clocks and the chains' values.
// `declare` declares the chains and operands, `body` is the asm statement of one trip.
std::string timed_kernel(const std::string& comment, const std::string& name,
                         const std::string& declare, const std::string& body,
                         const std::string& store) {
  return fmt::format(
      "// {}\n"
      "extern \"C\" __global__ void {}{} {{\n"
      "{}"
      "  unsigned long long start = 0;\n"
      "#pragma unroll 1\n"
      "  for (int trip = -1; trip < kTripCount; ++trip) {{\n"
      "    if (trip == 0) start = clock64();\n"
      "{}"
      "  }}\n"
      "  const unsigned long long end = clock64();\n"
      "  record_clocks(clocks, start, end);\n"
      "{}"
      "}}\n\n",
      comment, name, kernel_params(), declare, body, store);
}

std::string prelude() {
  return fmt::format(
      "#include <cstdint>\n\n"
      "constexpr int kTripCount = {};  // timed trips; one untimed trip before them\n\n"
      "// Each warp's SM and %clock64 at the start and end of its timed trips, from lane 0.\n"
      "__device__ __forceinline__ void record_clocks(unsigned long long* clocks,\n"
      "                                              unsigned long long start,\n"
      "                                              unsigned long long end) {{\n"
      "  if (threadIdx.x % 32 != 0) return;\n"
      "  unsigned int sm;\n"
      "  asm volatile(\"mov.u32 %0, %%smid;\" : \"=r\"(sm));\n"
      "  const unsigned long long warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;\n"
      "  clocks[3 * warp] = sm;\n"
      "  clocks[3 * warp + 1] = start;\n"
      "  clocks[3 * warp + 2] = end;\n"
      "}}\n\n"
      "__device__ __forceinline__ unsigned long long thread_index() {{\n"
      "  return blockIdx.x * static_cast<unsigned long long>(blockDim.x) + threadIdx.x;\n"
      "}}\n\n",
      kTripCount);
}

// Instruction `i` of a chain held in asm operand `chain`; the other operands are `b` and `c`:
// d = op(x) / op(x, b) / fma(b, c, x) (the chain as the accumulator, as hgemm's is). With a
// partner form, odd instructions run it, on `c`.
std::string chain_instruction(const TimingOp& t, int i, const std::string& chain,
                              const std::string& b, const std::string& c) {
  if (!t.partner.empty() && i % 2) return ptx_instruction(t.partner, {chain, chain, c});
  switch (operand_count(t.uop.op)) {
    case 1: return ptx_instruction(t.instruction, {chain, chain});
    case 2: return ptx_instruction(t.instruction, {chain, chain, b});
    default: return ptx_instruction(t.instruction, {chain, b, c, chain});
  }
}

std::string op_kernel(const TimingOp& t, bool latency) {
  const int chains = latency ? 1 : t.chains;
  const bool packed = t.uop.packed;
  const char* type = packed ? "uint32_t" : "unsigned short";
  const char* constraint = packed ? "r" : "h";
  std::string declare, outputs, store;
  for (int k = 0; k < chains; ++k) {
    // Distinct starting values, so that no two chains are one.
    declare += fmt::format("  {} x{} = static_cast<{}>(seed + {}u);\n", type, k, type, k);
    outputs += fmt::format("{}\"+{}\"(x{})", k ? ", " : "", constraint, k);
    store += fmt::format("  values[thread_index() * {} + {}] = x{};\n", chains, k, k);
  }
  declare += fmt::format("  const {} rb = static_cast<{}>(b), rc = static_cast<{}>(c);\n", type,
                         type, type);
  std::string text;
  for (int i = 0; i < kBodyLength; ++i)
    for (int k = 0; k < chains; ++k)
      text += "        \"" +
              chain_instruction(t, i, fmt::format("%{}", k), fmt::format("%{}", chains),
                                fmt::format("%{}", chains + 1)) +
              "\\n\\t\"\n";
  const std::string body =
      fmt::format("    asm volatile(\n{}        : {}\n        : \"{}\"(rb), \"{}\"(rc));\n", text,
                  outputs, constraint, constraint);
  const std::string comment = fmt::format(
      "{}{}: {}, {} per thread, {} instructions each ({} trips of {})", t.instruction,
      t.partner.empty() ? "" : " alternating with " + t.partner,
      latency ? "latency" : "throughput",
      chains == 1 ? std::string("one dependent chain") : fmt::format("{} independent chains", chains),
      kChainLength, kTripCount, kBodyLength);
  return timed_kernel(comment, latency ? t.latency_kernel() : t.throughput_kernel(), declare, body,
                      store);
}

std::string address_table(const std::string& table, const std::vector<std::string>& names) {
  std::string out = fmt::format(
      "// The kernels' addresses for the campaign's host (host code: not in the PTX).\n"
      "extern \"C\" const void* const {}[] = {{\n",
      table);
  for (const auto& name : names) out += fmt::format("    reinterpret_cast<const void*>({}),\n", name);
  return out + "};\n";
}

}  // namespace

std::vector<TimingOp> timing_ops(int target_sm) {
  std::vector<TimingOp> ops;
  for (Op op : kAllOps)
    for (const auto& f : isa::kPtxTypes) {
      const std::string* form = form_of(op, f, target_sm);
      const SassOfChain sass = sass_of_chain(op, f.format, f.packed);
      if (!form || !sass.folded.empty()) continue;
      const Uop uop = *isa::decode_ptx(*form).uop;
      ops.push_back({std::string(isa::opcode_name(op)), std::string(f.name), *form, uop, partner_of(uop),
                     f.packed ? kChains : 1, sass.sass, sass.halves});
    }
  return ops;
}

std::vector<TimingExclusion> timing_exclusions(int target_sm) {
  std::vector<TimingExclusion> out;
  for (Op op : kAllOps)
    for (const auto& f : isa::kPtxTypes) {
      const std::string name(isa::opcode_name(op));
      if (!form_of(op, f, target_sm))
        out.push_back({name, std::string(f.name), fmt::format("no legal PTX form on sm_{}", target_sm)});
      else if (const SassOfChain sass = sass_of_chain(op, f.format, f.packed); !sass.folded.empty())
        out.push_back({name, std::string(f.name), sass.folded});
    }
  return out;
}

std::vector<HeldoutKernel> heldout_kernels() {
  return {{"heldout_hgemm_inner",
           "workloads/hgemm.ptx's k loop: four fma.rn.f16x2 accumulators, each step's operands "
           "two rows of A and two columns of B"},
          {"heldout_softmax_inner",
           "workloads/softmax.ptx's loops, fused per element as online softmax does: max.f16x2 "
           "into the running max, sub, mul by log2(e), ex2.approx.f16x2, add into the sum"}};
}

std::string timing_ops_source(int target_sm) {
  std::string out = fmt::format(
      "// halfpipe's timing microbenchmarks (silicon/README.md, \"Timing\"), written by `halfpipe\n"
      "// silicon --campaign` for sm_{}: per op and format, latency_OP_FORMAT (one dependent\n"
      "// chain per thread) and throughput_OP_FORMAT ({} independent chains interleaved; one for\n"
      "// a scalar format, which ptxas would pack two at a time), each chain {} instructions,\n"
      "// timed by %clock64 around {} trips of an unrolled body of {}.\n",
      target_sm, kChains, kChainLength, kTripCount, kBodyLength);
  out += prelude();
  std::vector<std::string> names;
  for (const auto& t : timing_ops(target_sm)) {
    out += op_kernel(t, true);
    out += op_kernel(t, false);
    names.push_back(t.latency_kernel());
    names.push_back(t.throughput_kernel());
  }
  return out + address_table("halfpipe_timing_ops", names);
}

std::string timing_heldout_source() {
  std::string out =
      "// halfpipe's held-out timing kernels (silicon/README.md, \"Timing\"), written by `halfpipe\n"
      "// silicon --campaign`: straight-line bodies modelled on the inner loops of\n"
      "// workloads/hgemm.ptx and workloads/softmax.ptx, timed as the op kernels are, for checking\n"
      "// a calibrated model on kernels its calibration was not taken from.\n";
  out += prelude();
  const int steps = kBodyLength / 4;  // each step four instructions (hgemm) or five (softmax)
  // hgemm: c_ij = fma(x_i, y_j, c_ij) for the 2x2 tile, x and y changing each step.
  {
    std::string declare =
        "  uint32_t c00 = seed, c01 = seed + 1u, c10 = seed + 2u, c11 = seed + 3u;\n"
        "  const uint32_t x0 = b, x1 = b + 1u, y0 = c, y1 = c + 1u;\n";
    std::string text;
    for (int s = 0; s < steps; ++s) {
      // The operands rotate, as successive k would load new ones.
      const char* x[2] = {s % 2 ? "%5" : "%4", s % 2 ? "%4" : "%5"};
      const char* y[2] = {s % 2 ? "%7" : "%6", s % 2 ? "%6" : "%7"};
      for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
          text += fmt::format("        \"fma.rn.f16x2 %{0}, {1}, {2}, %{0};\\n\\t\"\n", 2 * i + j,
                              x[i], y[j]);
    }
    const std::string body = fmt::format(
        "    asm volatile(\n{}        : \"+r\"(c00), \"+r\"(c01), \"+r\"(c10), \"+r\"(c11)\n"
        "        : \"r\"(x0), \"r\"(x1), \"r\"(y0), \"r\"(y1));\n",
        text);
    out += timed_kernel(
        fmt::format("heldout_hgemm_inner: {} steps of hgemm's k loop per trip, {} trips",
                    steps, kTripCount),
        "heldout_hgemm_inner", declare, body,
        "  values[thread_index() * 4] = c00;\n  values[thread_index() * 4 + 1] = c01;\n"
        "  values[thread_index() * 4 + 2] = c10;\n  values[thread_index() * 4 + 3] = c11;\n");
  }
  // softmax: m = max(m, x); e = ex2((x - m) * log2e); sum += e, for four inputs in turn.
  {
    std::string declare =
        "  uint32_t m = seed, sum = 0, t = 0;\n"
        "  const uint32_t x0 = b, x1 = b + 1u, x2 = b + 2u, x3 = b + 3u;\n"
        "  const uint32_t log2e = c;\n";
    std::string text;
    for (int s = 0; s < steps; ++s) {
      const int x = 3 + s % 4;  // %3..%6
      text += fmt::format(
          "        \"max.f16x2 %0, %0, %{0};\\n\\t\"\n"
          "        \"sub.f16x2 %2, %{0}, %0;\\n\\t\"\n"
          "        \"mul.f16x2 %2, %2, %7;\\n\\t\"\n"
          "        \"ex2.approx.f16x2 %2, %2;\\n\\t\"\n"
          "        \"add.f16x2 %1, %1, %2;\\n\\t\"\n",
          x);
    }
    const std::string body = fmt::format(
        "    asm volatile(\n{}        : \"+r\"(m), \"+r\"(sum), \"+r\"(t)\n"
        "        : \"r\"(x0), \"r\"(x1), \"r\"(x2), \"r\"(x3), \"r\"(log2e));\n",
        text);
    out += timed_kernel(
        fmt::format("heldout_softmax_inner: {} elements of softmax per trip, {} trips", steps,
                    kTripCount),
        "heldout_softmax_inner", declare, body,
        "  values[thread_index() * 2] = m;\n  values[thread_index() * 2 + 1] = sum;\n");
  }
  std::vector<std::string> names;
  for (const auto& k : heldout_kernels()) names.push_back(k.name);
  return out + address_table("halfpipe_timing_heldout", names);
}

namespace {

// Each chain's operands: 1.0 in the format (in both halves when packed), as bits. The chains stay
// finite or reach infinity (ex2) and stay there: their values are kept, not checked.
uint32_t one_of(Format format, bool packed) {
  const uint32_t one = ref::float_format(format).one();
  return packed ? one | one << 16 : one;
}

std::string sass_text(const std::vector<std::string>& sass) {
  std::string out;
  for (const auto& s : sass) out += (out.empty() ? "" : "/") + s;
  return out;
}

}  // namespace

std::string timing_device_glue(int target_sm) {
  std::string out =
      "\n// ---- Timing (silicon/README.md, \"Timing\"): timing_ops.cu's and timing_heldout.cu's "
      "kernels ----\n"
      "extern \"C\" const void* const halfpipe_timing_ops[];\n"
      "extern \"C\" const void* const halfpipe_timing_heldout[];\n\n"
      "namespace halfpipe_campaign {\nnamespace {\n\n"
      "struct TimingEntry {\n  const char* name;\n  const char* kind;\n  const char* op;\n"
      "  const char* format;\n  const char* instruction;\n  const char* alternates_with;\n"
      "  const char* sass;\n  const char* ptx;\n  int chains;\n  const void* const* table;\n"
      "  int index;\n  uint32_t one;\n};\n\n"
      "constexpr TimingEntry kTiming[] = {\n";
  int index = 0;
  for (const auto& t : timing_ops(target_sm)) {
    for (const bool latency : {true, false})
      out += fmt::format(
          "    {{\"{}\", \"{}\", \"{}\", \"{}\", \"{}\", \"{}\", \"{}\", \"workloads/timing/ops.ptx\", "
          "{}, halfpipe_timing_ops, {}, 0x{:08x}u}},\n",
          latency ? t.latency_kernel() : t.throughput_kernel(),
          latency ? "latency" : "throughput", t.op, t.format, t.instruction, t.partner,
          sass_text(t.sass), latency ? 1 : t.chains, index++,
          one_of(t.uop.format, t.uop.packed));
  }
  index = 0;
  for (const auto& k : heldout_kernels())
    out += fmt::format(
        "    {{\"{}\", \"heldout\", \"\", \"\", \"\", \"\", \"\", \"workloads/timing/heldout.ptx\", "
        "0, halfpipe_timing_heldout, {}, 0x{:08x}u}},\n",
        k.name, index++, one_of(Format::F16, true));
  out += fmt::format("}};\n\nconstexpr int kChainLength = {};\nconstexpr int kTimingChains = {};\n"
                     "constexpr int kTimingTrips = {};\n",
                     kChainLength, kChains, kTripCount);
  out += R"cuda(// Every SM since sm_70 has four sub-partitions, each with its own scheduler: the runtime
// has no attribute for it.
constexpr int kSubPartitions = 4;

struct TimingBuffers {
  unsigned long long* clocks = nullptr;
  uint32_t* values = nullptr;
  size_t warps = 0;
};
TimingBuffers timing;

}  // namespace

int device_timing_kernel_count() { return static_cast<int>(sizeof kTiming / sizeof kTiming[0]); }

TimingKernelInfo device_timing_kernel(int index) {
  const TimingEntry& e = kTiming[index];
  return {e.name, e.kind, e.op, e.format, e.instruction, e.alternates_with, e.sass, e.ptx,
          e.chains};
}

TimingShape device_timing_shape() { return {kChainLength, kTimingChains, kTimingTrips}; }

std::string device_time(int index, int per_sm, std::vector<WarpClock>& clocks) {
  const TimingEntry& e = kTiming[index];
  // per_sm warps on each SM, in blocks of at most 32 warps (1024 threads): a block count that is
  // a multiple of the SMs, so that each SM gets its share.
  const int block_warps = per_sm < 32 ? per_sm : 32;
  const unsigned blocks = static_cast<unsigned>(device.multiprocessors * (per_sm / block_warps));
  const size_t total = static_cast<size_t>(blocks) * block_warps;
  cudaError_t status;
  if (total > timing.warps) {
    cudaFree(timing.clocks);
    cudaFree(timing.values);
    timing = TimingBuffers{};
    if ((status = cudaMalloc(&timing.clocks, total * 3 * sizeof(unsigned long long))) != cudaSuccess ||
        (status = cudaMalloc(&timing.values, total * 32 * kTimingChains * sizeof(uint32_t))) != cudaSuccess)
      return cuda_error("allocating the timing buffers", status);
    timing.warps = total;
  }
  uint32_t seed = e.one, b = e.one, c = 0;
  void* args[] = {&seed, &b, &c, &timing.clocks, &timing.values};
  if ((status = cudaLaunchKernel(e.table[e.index], dim3(blocks), dim3(block_warps * 32), args, 0,
                                 device.stream)) != cudaSuccess)
    return cuda_error(e.name, status);
  std::vector<unsigned long long> raw(total * 3);
  if ((status = cudaMemcpyAsync(raw.data(), timing.clocks, raw.size() * sizeof raw[0],
                                cudaMemcpyDeviceToHost, device.stream)) != cudaSuccess ||
      (status = cudaStreamSynchronize(device.stream)) != cudaSuccess)
    return cuda_error(e.name, status);
  clocks.resize(total);
  for (size_t w = 0; w < total; ++w)
    clocks[w] = {static_cast<int>(raw[3 * w]), raw[3 * w + 1], raw[3 * w + 2]};
  return "";
}

void device_timing_close() {
  cudaFree(timing.clocks);
  cudaFree(timing.values);
  timing = TimingBuffers{};
}

}  // namespace halfpipe_campaign
)cuda";
  return out;
}

}  // namespace halfpipe::silicon
