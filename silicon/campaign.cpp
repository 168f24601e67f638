#include "silicon/campaign.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <stdexcept>

#include "model/isa/ptx.h"
#include "model/ref/bulk/execute_n.h"
#include "silicon/campaign/enumeration.h"
#include "silicon/campaign_sources.h"
#include "silicon/generate.h"
#include "vectors/probes.h"
#include "vectors/stream.h"
#include "vectors/vector_file.h"

namespace halfpipe::silicon {

namespace {

namespace fs = std::filesystem;

void write_file(const fs::path& path, const std::string& text, bool executable = false) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  if (!(out << text) || !out.flush())
    throw std::runtime_error(fmt::format("cannot write '{}'", path.string()));
  out.close();
  if (executable)
    fs::permissions(path, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                    fs::perm_options::add);
}

// The kernel of one form: a grid-stride loop over the chunk's instructions, each one's registers
// read (probes, corners) or generated (enumeration.h), then the form's instruction by inline asm.
std::string campaign_kernel(size_t index, const CampaignForm& form) {
  const int n = operand_count(form.uop.op);
  const bool packed = form.uop.packed;
  const char* type = packed ? "unsigned int" : "unsigned short";
  const char* constraint = packed ? "r" : "h";
  std::vector<std::string> registers{"%0"};
  for (int i = 1; i <= n; ++i) registers.push_back(fmt::format("%{}", i));
  const char names[3] = {'a', 'b', 'c'};
  std::string casts, inputs;
  for (int i = 0; i < n; ++i) {
    casts += fmt::format("    const {} r{} = static_cast<{}>(r.{});\n", type, names[i], type, names[i]);
    inputs += fmt::format("{}\"{}\"(r{})", i ? ", " : "", constraint, names[i]);
  }
  return fmt::format(
      "// {}\n"
      "__global__ void __launch_bounds__(kThreads) kernel_{}(Phase phase, uint64_t first, uint64_t "
      "count, uint64_t param,\n"
      "    const uint32_t* __restrict__ ea, const uint32_t* __restrict__ eb,\n"
      "    const uint32_t* __restrict__ ec, {}* __restrict__ out) {{\n"
      "  for (uint64_t j = blockIdx.x * uint64_t{{blockDim.x}} + threadIdx.x; j < count;\n"
      "       j += uint64_t{{gridDim.x}} * blockDim.x) {{\n"
      "    Registers r;\n"
      "    if (phase == Phase::Probes || phase == Phase::Corners) {{\n"
      "      r.a = ea[j];\n      r.b = eb[j];\n      r.c = ec[j];\n"
      "    }} else {{\n"
      "      r = generated_registers(phase, {}, {}, first + j, param);\n"
      "    }}\n"
      "{}"
      "    {} rd;\n"
      "    asm volatile(\"{}\" : \"={}\"(rd) : {});\n"
      "    out[j] = rd;\n"
      "  }}\n"
      "}}\n\n",
      form.canonical, index, packed ? "uint32_t" : "uint16_t", packed ? "true" : "false",
      form.uop.format == Format::BF16 ? "true" : "false", casts, type,
      ptx_instruction(form.canonical, registers), constraint, inputs);
}

// The lines of a vector file text whose form is one of `forms`, the form written canonically.
std::string lines_of_forms(const std::string& text, const std::set<std::string>& forms) {
  std::istringstream in(text);
  std::string out, line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t space = line.find(' ');
    const isa::Decoded decoded = isa::decode_ptx(line.substr(0, space));
    if (!decoded.uop) throw std::logic_error("a probe of an illegal form: " + line);
    const std::string canonical = isa::ptx_form(*decoded.uop);
    if (forms.count(canonical)) out += canonical + line.substr(space) + '\n';
  }
  return out;
}

std::string vector_file_header(const std::string& what, size_t count) {
  return fmt::format(
      "# halfpipe vectors, format 1 (vectors/FORMAT.md): FORM A [B [C]] EXPECTED, hex\n"
      "# generator: halfpipe-vectors {}\n# {}\n# vectors: {}\n",
      vectors::kGeneratorVersion, what, count);
}

size_t line_count(const std::string& text) {
  return static_cast<size_t>(std::count(text.begin(), text.end(), '\n'));
}

}  // namespace

std::vector<CampaignForm> campaign_forms(const std::vector<std::string>& names, int target_sm) {
  std::vector<CampaignForm> forms;
  std::set<std::string> wanted;
  for (const auto& name : names) {
    const isa::Decoded decoded = isa::decode_ptx(name);
    if (!decoded.uop) throw std::invalid_argument(fmt::format("--forms: {}: {}", name, decoded.error));
    const int needed = isa::minimum_target(*decoded.uop).sm;
    if (needed > target_sm)
      throw std::invalid_argument(fmt::format(
          "--forms: {} needs sm_{} (S23), above --target sm_{}", name, needed, target_sm));
    wanted.insert(isa::ptx_form(*decoded.uop));
  }
  for (const auto& canonical : isa::legal_ptx_forms()) {
    const Uop uop = *isa::decode_ptx(canonical).uop;
    if (!names.empty() && !wanted.count(canonical)) continue;
    if (isa::minimum_target(uop).sm > target_sm) continue;  // not on this target
    forms.push_back({canonical, uop});
  }
  return forms;
}

std::vector<int> campaign_sass_targets(int target_sm) {
  std::vector<int> targets{target_sm};
  for (int sm : {90, 100})
    if (sm > target_sm) targets.push_back(sm);
  return targets;
}

std::string campaign_kernels_source(const std::vector<CampaignForm>& forms, int target_sm) {
  std::string out = fmt::format(
      "// The device side of halfpipe's silicon campaign, written by `halfpipe silicon --campaign`\n"
      "// for sm_{} and later. One kernel per form: each instruction's registers read (probes,\n"
      "// corners) or generated by enumeration.h, then exactly the form's PTX instruction (inline\n"
      "// asm). The host (host.cpp) generates the same registers and compares every result.\n"
      "#include <cuda_runtime.h>\n#include <dlfcn.h>\n\n#include <cstdint>\n#include <cstdio>\n#include <fstream>\n"
      "#include <string>\n\n#include \"device.h\"\n#include \"enumeration.h\"\n\n"
      "namespace halfpipe_campaign {{\nnamespace {{\n\nconstexpr int kThreads = 256;\n\n",
      target_sm);
  for (size_t i = 0; i < forms.size(); ++i) out += campaign_kernel(i, forms[i]);
  out += "struct FormEntry {\n  const char* name;\n  uint32_t uop_word;\n  bool packed;\n};\n\n"
         "constexpr FormEntry kForms[] = {\n";
  for (const auto& f : forms)
    out += fmt::format("    {{\"{}\", 0x{:05x}u, {}}},\n", f.canonical, encode(f.uop),
                       f.uop.packed ? "true" : "false");
  out += fmt::format("}};\nconstexpr int kTargetSm = {};\n", target_sm);
  out += R"cuda(
// One slot: the device's result buffer and the explicit registers, the pinned host copy, and the
// event that says the copy is done.
struct Slot {
  void* out = nullptr;
  uint32_t* registers[3] = {};
  void* host = nullptr;
  cudaEvent_t done = nullptr;
};

struct Device {
  cudaStream_t stream = nullptr;
  Slot* slots = nullptr;
  int slot_count = 0;
  uint64_t max_count = 0;
  unsigned blocks = 0;
};
Device device;

std::string cuda_error(const char* what, cudaError_t status) {
  return std::string(what) + ": " + cudaGetErrorName(status) + " (" + cudaGetErrorString(status) +
         ")";
}

// The driver's own version, the first word of digits and dots in /proc/driver/nvidia/version
// ("NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.159.04  Release Build ..."),
// else the CUDA version the driver supports.
std::string driver_version() {
  std::ifstream in("/proc/driver/nvidia/version");
  std::string word;
  while (in >> word)
    if (word.find('.') != std::string::npos &&
        word.find_first_not_of("0123456789.") == std::string::npos)
      return word;
  int version = 0;
  if (cudaDriverGetVersion(&version) != cudaSuccess) return "unknown";
  return "CUDA " + std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

template <typename Out>
using Kernel = void (*)(Phase, uint64_t, uint64_t, uint64_t, const uint32_t*, const uint32_t*,
                        const uint32_t*, Out*);

template <typename Out>
void launch(Kernel<Out> kernel, const Chunk& chunk, Slot& slot) {
  const uint64_t wanted = (chunk.count + kThreads - 1) / kThreads;
  const unsigned blocks = static_cast<unsigned>(wanted < device.blocks ? wanted : device.blocks);
  kernel<<<blocks, kThreads, 0, device.stream>>>(chunk.phase, chunk.first, chunk.count, chunk.param,
                                                 slot.registers[0], slot.registers[1],
                                                 slot.registers[2], static_cast<Out*>(slot.out));
}

}  // namespace

int device_form_count() { return static_cast<int>(sizeof kForms / sizeof kForms[0]); }

DeviceForm device_form(int index) { return {kForms[index].name, kForms[index].uop_word}; }

std::string device_open(int slots, uint64_t max_count, DeviceInfo& info) {
  // Without the driver's library the runtime says only "driver insufficient".
  if (dlopen("libcuda.so.1", RTLD_LAZY) == nullptr)
    return "No CUDA device: no NVIDIA driver is installed (libcuda.so.1 cannot be loaded)";
  int count = 0;
  cudaError_t status = cudaGetDeviceCount(&count);
  if (status == cudaErrorNoDevice || (status == cudaSuccess && count == 0))
    return "No CUDA device";
  if (status == cudaErrorInsufficientDriver)
    return cuda_error("the NVIDIA driver is older than this program's CUDA runtime needs (CUDA 13.0: "
                      "driver 580 or later)", status);
  if (status != cudaSuccess) return cuda_error("cudaGetDeviceCount", status);
  cudaDeviceProp properties;
  if ((status = cudaSetDevice(0)) != cudaSuccess) return cuda_error("cudaSetDevice", status);
  if ((status = cudaGetDeviceProperties(&properties, 0)) != cudaSuccess)
    return cuda_error("cudaGetDeviceProperties", status);
  info.name = properties.name;
  info.sm = "sm_" + std::to_string(properties.major) + std::to_string(properties.minor);
  info.multiprocessors = properties.multiProcessorCount;
  info.driver = driver_version();
  int runtime = 0;
  cudaRuntimeGetVersion(&runtime);
  info.runtime = std::to_string(runtime / 1000) + "." + std::to_string(runtime % 1000 / 10);
  if (properties.major * 10 + properties.minor < kTargetSm)
    return "the GPU is " + info.sm + "; this program's forms need sm_" + std::to_string(kTargetSm) +
           " (build a campaign with --target " + info.sm + ")";
  device.slot_count = slots;
  device.max_count = max_count;
  device.blocks = static_cast<unsigned>(properties.multiProcessorCount) * 8;
  device.slots = new Slot[slots];
  if ((status = cudaStreamCreate(&device.stream)) != cudaSuccess)
    return cuda_error("cudaStreamCreate", status);
  for (int s = 0; s < slots; ++s) {
    Slot& slot = device.slots[s];
    const size_t bytes = max_count * sizeof(uint32_t);
    if ((status = cudaMalloc(&slot.out, bytes)) != cudaSuccess ||
        (status = cudaMallocHost(&slot.host, bytes)) != cudaSuccess ||
        (status = cudaEventCreateWithFlags(&slot.done, cudaEventDisableTiming)) != cudaSuccess)
      return cuda_error("allocating the result buffers", status);
    for (auto& registers : slot.registers)
      if ((status = cudaMalloc(&registers, bytes)) != cudaSuccess)
        return cuda_error("allocating the register buffers", status);
  }
  return "";
}

std::string device_submit(int index, const Chunk& chunk) {
  Slot& slot = device.slots[index];
  cudaError_t status;
  if (chunk.phase == Phase::Probes || chunk.phase == Phase::Corners) {
    const uint32_t* columns[3] = {chunk.a, chunk.b, chunk.c};
    for (int k = 0; k < 3; ++k)
      if ((status = cudaMemcpyAsync(slot.registers[k], columns[k], chunk.count * sizeof(uint32_t),
                                    cudaMemcpyHostToDevice, device.stream)) != cudaSuccess)
        return cuda_error("copying registers to the GPU", status);
  }
  const FormEntry& form = kForms[chunk.form];
  switch (chunk.form) {
)cuda";
  for (size_t i = 0; i < forms.size(); ++i)
    out += fmt::format("    case {}: launch<{}>(kernel_{}, chunk, slot); break;\n", i,
                       forms[i].uop.packed ? "uint32_t" : "uint16_t", i);
  out += R"cuda(    default: return "no kernel for form " + std::to_string(chunk.form);
  }
  if ((status = cudaGetLastError()) != cudaSuccess) return cuda_error("kernel launch", status);
  const size_t bytes = chunk.count * (form.packed ? sizeof(uint32_t) : sizeof(uint16_t));
  if ((status = cudaMemcpyAsync(slot.host, slot.out, bytes, cudaMemcpyDeviceToHost,
                                device.stream)) != cudaSuccess)
    return cuda_error("copying results from the GPU", status);
  if ((status = cudaEventRecord(slot.done, device.stream)) != cudaSuccess)
    return cuda_error("cudaEventRecord", status);
  return "";
}

std::string device_wait(int index, const void*& results) {
  Slot& slot = device.slots[index];
  const cudaError_t status = cudaEventSynchronize(slot.done);
  if (status != cudaSuccess) return cuda_error("running the kernel", status);
  results = slot.host;
  return "";
}

void device_close() {
  if (device.stream) cudaStreamSynchronize(device.stream);
  for (int s = 0; s < device.slot_count; ++s) {
    Slot& slot = device.slots[s];
    cudaFree(slot.out);
    cudaFreeHost(slot.host);
    for (auto* registers : slot.registers) cudaFree(registers);
    if (slot.done) cudaEventDestroy(slot.done);
  }
  delete[] device.slots;
  device = Device{};
}

}  // namespace halfpipe_campaign
)cuda";
  return out;
}

std::string campaign_build_script(int target_sm, uint64_t seconds) {
  std::string gencode;
  for (int sm : campaign_sass_targets(target_sm))
    gencode += fmt::format(" -gencode arch=compute_{0},code=sm_{0}", sm);
  gencode += fmt::format(" -gencode arch=compute_{0},code=compute_{0}", target_sm);
  std::string reference;
  for (const auto& file : kCampaignReferenceFiles) {
    const std::string path = file.path;
    if (path.size() > 4 && path.substr(path.size() - 4) == ".cpp")
      reference += fmt::format(" \\\n  src/{}", path);
  }
  return fmt::format(
      R"sh(#!/bin/sh
# Builds halfpipe_campaign, the silicon campaign (written by `halfpipe silicon --campaign`), from
# src/: the reference (model/), the host (campaign/host.cpp) and the kernels
# (campaign/campaign_kernels.cu, SASS for{} and PTX of sm_{}). libstdc++ and the CUDA runtime are
# linked statically: the program needs only the NVIDIA driver (CUDA 13.0: 580 or later) and
# glibc 2.36 or later.
#   NVCC: the CUDA compiler (default: nvcc on PATH, or /usr/local/cuda/bin/nvcc)
#   CXX: the host compiler (default g++); CUDA_LIB: where libcudart_static.a is
set -e
cd "$(dirname "$0")"
NVCC=${{NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}}
CXX=${{CXX:-g++}}
CUDA_LIB=${{CUDA_LIB:-$(dirname "$NVCC")/../lib64}}
FLAGS="-O3 -std=c++17 -Isrc -Isrc/campaign -ffp-contract=off -DHALFPIPE_CAMPAIGN_SECONDS={}"
mkdir -p obj
pids=""
compile() {{  # SOURCE [FLAGS...]: to obj/, in the background
  source=$1; shift
  $CXX $FLAGS "$@" -c "$source" -o "obj/$(echo "$source" | tr / _).o" &
  pids="$pids $!"
}}
for source in{} \
  src/campaign/host.cpp; do
  case $source in
    */bulk/f16c.cpp) compile "$source" -mavx2 -mf16c ;;
    */bulk/avx512.cpp) compile "$source" -mavx512f -mavx512bw -mavx512vl -mavx2 -mf16c ;;
    *) compile "$source" ;;
  esac
done
"$NVCC" -O2 -std=c++17 -Isrc -Isrc/campaign{} \
  -c src/campaign/campaign_kernels.cu -o obj/campaign_kernels.o
for pid in $pids; do wait "$pid"; done
$CXX -o halfpipe_campaign obj/*.o -L"$CUDA_LIB" -lcudart_static -ldl -lrt -pthread \
  -static-libstdc++ -static-libgcc
echo "built $(pwd)/halfpipe_campaign"
)sh",
      [&] {
        std::string list;
        for (int sm : campaign_sass_targets(target_sm)) list += fmt::format(" sm_{}", sm);
        return list;
      }(),
      target_sm, seconds, reference, gencode);
}

void write_campaign(const std::string& dir, const std::vector<CampaignForm>& forms, int target_sm,
                    const std::string& command, uint64_t seconds) {
  const fs::path root(dir);
  fs::create_directories(root);
  for (const auto& file : kCampaignReferenceFiles)
    write_file(root / "src" / file.path, file.text);
  for (const auto& file : kCampaignHostFiles)
    write_file(root / "src" / "campaign" / file.path, file.text);
  write_file(root / "src" / "campaign" / "campaign_kernels.cu",
             campaign_kernels_source(forms, target_sm));
  write_file(root / "build.sh", campaign_build_script(target_sm, seconds), true);

  std::set<std::string> names;
  for (const auto& f : forms) names.insert(f.canonical);
  std::ostringstream all_probes;
  vectors::write_probe_file(all_probes);
  const std::string probes = lines_of_forms(all_probes.str(), names);
  write_file(root / "probes.vec",
             vector_file_header("the semantics probes of `halfpipe gen --probe-semantics` for the "
                                "campaign's forms (" + command + ")",
                                line_count(probes)) +
                 probes);
  std::string corners;
  for (const auto& f : forms) {
    vectors::StreamSpec spec;
    spec.kind = vectors::StreamKind::Corner;
    vectors::OperandStream stream(f.uop, f.canonical, spec);
    std::vector<vectors::Operands> operands(stream.size());
    stream.next_batch(operands.data(), operands.size());
    std::vector<uint32_t> results(operands.size());
    vectors::reference_results(f.uop, operands.data(), operands.size(), results.data());
    for (size_t i = 0; i < operands.size(); ++i)
      corners += vectors::format_vector_line(f.canonical, f.uop, operands[i], results[i]);
  }
  write_file(root / "corners.vec",
             vector_file_header("the corner set of every form (halfpipe gen --corner), " + command,
                                line_count(corners)) +
                 corners);
}

CampaignEstimate estimate_campaign(const std::vector<CampaignForm>& forms, double seconds_per_form) {
  using Clock = std::chrono::steady_clock;
  namespace hc = halfpipe_campaign;
  CampaignEstimate estimate;
  estimate.bulk_path = ref::bulk_path_name(ref::bulk_path_auto());
  constexpr size_t kPiece = 8192;  // as the campaign's host checks them
  std::vector<uint32_t> a(kPiece), b(kPiece), c(kPiece), d(kPiece);
  for (const auto& f : forms) {
    const bool packed = f.uop.packed, bf16 = f.uop.format == Format::BF16;
    const int operands = operand_count(f.uop.op);
    // What the host does for a piece of the form's longest phase: generate, compute, compare.
    const hc::Phase phase = operands == 1   ? hc::Phase::Unary
                            : operands == 2 ? hc::Phase::Binary
                                            : hc::Phase::FmaRandom;
    const uint64_t param = phase == hc::Phase::FmaRandom ? hc::random_key(encode(f.uop)) : 0;
    uint64_t instructions = 0;
    static volatile uint64_t matches;  // keeps the comparison, which the host does too
    const auto start = Clock::now();
    double elapsed = 0;
    do {
      for (size_t j = 0; j < kPiece; ++j) {
        const auto r = hc::generated_registers(phase, packed, bf16, (instructions + j) & 0xFFFF, param);
        a[j] = r.a, b[j] = r.b, c[j] = r.c;
      }
      ref::execute_n(f.uop, a.data(), b.data(), c.data(), d.data(), kPiece);
      uint64_t same = 0;
      for (size_t j = 0; j < kPiece; ++j) same += d[j] == a[j];
      matches = matches + same;
      instructions += kPiece;
      elapsed = std::chrono::duration<double>(Clock::now() - start).count();
    } while (elapsed < seconds_per_form);
    const double per_instruction = elapsed / static_cast<double>(instructions);
    const double lanes = packed ? 2 : 1;
    const double planned = operands == 1 ? 65536.0
                     : operands == 2
                         ? 4294967296.0 / lanes
                         : (hc::kFmaPlanes + 1) * 4294967296.0 / lanes;
    estimate.core_seconds += planned * per_instruction;
  }
  return estimate;
}

}  // namespace halfpipe::silicon
