#include "silicon/generate.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "silicon/silicon_sources.h"

namespace halfpipe::silicon {

std::string ptx_instruction(const std::string& canonical_form,
                            const std::vector<std::string>& registers) {
  std::string text = canonical_form;
  for (size_t i = 0; i < registers.size(); ++i) text += (i == 0 ? " " : ", ") + registers[i];
  return text + ';';
}

const char* register_type(const Uop& u) { return u.packed ? ".b32" : ".b16"; }

std::string inline_asm_instruction(const std::string& canonical_form, const Uop& u,
                                   const std::string& operand) {
  const int n = operand_count(u.op);
  const char* type = u.packed ? "unsigned int" : "unsigned short";
  const char* constraint = u.packed ? "r" : "h";
  std::vector<std::string> registers{"%0"};
  const char names[3] = {'a', 'b', 'c'};
  std::string loads, inputs;
  for (int i = 0; i < n; ++i) {
    registers.push_back(fmt::format("%{}", i + 1));
    loads += fmt::format("    const {} r{} = static_cast<{}>({});\n", type, names[i], type,
                         fmt::format(fmt::runtime(operand), names[i]));
    inputs += fmt::format("{}\"{}\"(r{})", i ? ", " : "", constraint, names[i]);
  }
  return loads + fmt::format("    {} rd;\n    asm volatile(\"{}\" : \"={}\"(rd) : {});\n", type,
                             ptx_instruction(canonical_form, registers), constraint, inputs);
}

namespace {

// A C++ string literal of plain text (form spellings are letters, digits and dots).
std::string quoted(const std::string& text) { return '"' + text + '"'; }

// One grid-stride kernel per form: each thread loads the registers of a vector, executes the
// form's instruction by inline asm (16-bit registers, constraint "h", for a scalar form; 32-bit,
// "r", for a packed one) and stores the result register.
std::string kernel(size_t index, const ProgramForm& form) {
  return fmt::format(
      "// {}\n"
      "__global__ void kernel_{}(const uint32_t* __restrict__ a, const uint32_t* __restrict__ b,\n"
      "                          const uint32_t* __restrict__ c, uint32_t* __restrict__ d, size_t "
      "n) {{\n"
      "  for (size_t i = blockIdx.x * size_t{{blockDim.x}} + threadIdx.x; i < n;\n"
      "       i += size_t{{gridDim.x}} * blockDim.x) {{\n"
      "{}"
      "    d[i] = rd;\n"
      "  }}\n"
      "}}\n\n",
      form.canonical, index, inline_asm_instruction(form.canonical, form.uop, "{}[i]"));
}

void write_text(const std::filesystem::path& path, const std::string& text, bool executable) {
  std::ofstream out(path, std::ios::binary);
  if (!(out << text) || !out.flush())
    throw std::runtime_error(fmt::format("cannot write '{}'", path.string()));
  out.close();
  if (executable)
    std::filesystem::permissions(path,
                                 std::filesystem::perms::owner_exec |
                                     std::filesystem::perms::group_exec |
                                     std::filesystem::perms::others_exec,
                                 std::filesystem::perm_options::add);
}

}  // namespace

std::string kernels_source(const Program& program) {
  std::string out = fmt::format(
      "// The device side of halfpipe's silicon check, written by\n//   {}\n"
      "// One kernel per form: each vector through exactly the form's PTX instruction (inline\n"
      "// asm), registers as the vector file holds them. Built for sm_{} by build.sh.\n"
      "#include <cuda_runtime.h>\n\n#include <cstdint>\n#include <string>\n\n"
      "#include \"silicon_device.h\"\n\nnamespace halfpipe_silicon {{\nnamespace {{\n\n",
      program.command, program.target_sm);
  for (size_t i = 0; i < program.forms.size(); ++i) out += kernel(i, program.forms[i]);
  out +=
      "using Kernel = void (*)(const uint32_t*, const uint32_t*, const uint32_t*, uint32_t*, "
      "size_t);\n\n"
      "struct Form {\n  const char* name;\n  int operands;\n  bool packed;\n  Kernel kernel;\n};\n\n"
      "constexpr Form kForms[] = {\n";
  for (size_t i = 0; i < program.forms.size(); ++i) {
    const auto& f = program.forms[i];
    out += fmt::format("    {{{}, {}, {}, kernel_{}}},\n", quoted(f.canonical),
                       operand_count(f.uop.op), f.uop.packed ? "true" : "false", i);
  }
  out += "};\n\n// Every spelling the vector files use, and its form.\n"
         "struct Spelling {\n  const char* text;\n  int form;\n};\n\n"
         "constexpr Spelling kSpellings[] = {\n";
  for (size_t i = 0; i < program.forms.size(); ++i)
    for (const auto& spelling : program.forms[i].spellings)
      out += fmt::format("    {{{}, {}}},\n", quoted(spelling), i);
  out += R"cuda(};

// Vectors per launch: the four register columns of a batch fit in 256 MiB of device memory.
constexpr size_t kBatch = size_t{1} << 24;
constexpr int kThreads = 256;

struct DeviceBuffers {
  uint32_t* column[4] = {};  // a, b, c, d
  bool allocated = false;
};

std::string cuda_error(const char* what, cudaError_t status) {
  return std::string(what) + ": " + cudaGetErrorString(status);
}

}  // namespace

DeviceForm device_find_form(const std::string& spelling) {
  DeviceForm found;
  for (const auto& s : kSpellings)
    if (spelling == s.text) {
      found.index = s.form;
      found.operands = kForms[s.form].operands;
      found.packed = kForms[s.form].packed;
      return found;
    }
  found.why_not =
      "this program has no kernel for it (generate it again with halfpipe silicon and this file)";
  return found;
}

std::string device_form_name(int index) { return kForms[index].name; }

std::string device_description() {
  int device = 0;
  cudaDeviceProp properties;
  if (cudaGetDevice(&device) != cudaSuccess ||
      cudaGetDeviceProperties(&properties, device) != cudaSuccess)
    return "an unknown GPU";
  return "GPU " + std::to_string(device) + ": " + properties.name + " (sm_" +
         std::to_string(properties.major) + std::to_string(properties.minor) + ")";
}

std::string device_run(int index, size_t n, const uint32_t* a, const uint32_t* b,
                       const uint32_t* c, uint32_t* d) {
  static DeviceBuffers buffers;
  if (!buffers.allocated) {
    for (auto& column : buffers.column) {
      const cudaError_t status = cudaMalloc(&column, kBatch * sizeof(uint32_t));
      if (status != cudaSuccess) return cuda_error("cudaMalloc", status);
    }
    buffers.allocated = true;
  }
  const Form& form = kForms[index];
  const uint32_t* host_columns[3] = {a, b, c};
  for (size_t first = 0; first < n; first += kBatch) {
    const size_t count = n - first < kBatch ? n - first : kBatch;
    for (int k = 0; k < form.operands; ++k) {
      const cudaError_t status = cudaMemcpy(buffers.column[k], host_columns[k] + first,
                                            count * sizeof(uint32_t), cudaMemcpyHostToDevice);
      if (status != cudaSuccess) return cuda_error("cudaMemcpy to the device", status);
    }
    const size_t blocks = (count + kThreads - 1) / kThreads;
    form.kernel<<<static_cast<unsigned>(blocks < 65535 ? blocks : 65535), kThreads>>>(
        buffers.column[0], buffers.column[1], buffers.column[2], buffers.column[3], count);
    cudaError_t status = cudaGetLastError();
    if (status != cudaSuccess) return cuda_error("kernel launch", status);
    status = cudaMemcpy(d + first, buffers.column[3], count * sizeof(uint32_t),
                        cudaMemcpyDeviceToHost);
    if (status != cudaSuccess) return cuda_error("cudaMemcpy from the device", status);
  }
  return "";
}

}  // namespace halfpipe_silicon
)cuda";
  return out;
}

std::string build_script(const Program& program) {
  return fmt::format(
      "#!/bin/sh\n"
      "# Builds halfpipe_silicon (written by {}).\n"
      "# NVCC: the compiler (default nvcc); ARCH: the GPU's sm_NN (default sm_{}: --target, or\n"
      "# the highest target the forms need); a GPU older than a form's target cannot run it (S23).\n"
      "set -e\n"
      "cd \"$(dirname \"$0\")\"\n"
      "\"${{NVCC:-nvcc}}\" -O2 -std=c++17 -arch=\"${{ARCH:-sm_{}}}\" -o halfpipe_silicon \\\n"
      "  silicon_host.cpp silicon_kernels.cu\n",
      program.command, program.target_sm, program.target_sm);
}

std::string run_script(const Program& program) {
  std::string files;
  for (size_t i = 0; i < program.vector_files.size(); ++i)
    files += fmt::format(" vectors/{}", std::filesystem::path(program.vector_files[i]).filename()
                                            .string()
                                            .insert(0, fmt::format("{:03}-", i + 1)));
  return "#!/bin/sh\n"
         "# Runs halfpipe_silicon (build.sh builds it) on the vector files it was generated for;\n"
         "# arguments are passed on (-o MISMATCHES). Exit 0: all passed, 1: a mismatch, 2: bad "
         "input.\n"
         "cd \"$(dirname \"$0\")\"\n"
         "exec ./halfpipe_silicon" +
         files + " \"$@\"\n";
}

void write_program(const std::string& dir, const Program& program) {
  namespace fs = std::filesystem;
  const fs::path root(dir);
  fs::create_directories(root / "vectors");
  write_text(root / "silicon_device.h", kDeviceHeader, false);
  write_text(root / "silicon_host.cpp", kHostSource, false);
  write_text(root / "vector_text.h", kVectorTextHeader, false);
  write_text(root / "silicon_kernels.cu", kernels_source(program), false);
  write_text(root / "build.sh", build_script(program), true);
  write_text(root / "run.sh", run_script(program), true);
  for (size_t i = 0; i < program.vector_files.size(); ++i) {
    const fs::path source(program.vector_files[i]);
    const fs::path copy =
        root / "vectors" / (fmt::format("{:03}-", i + 1) + source.filename().string());
    fs::copy_file(source, copy, fs::copy_options::overwrite_existing);
  }
}

}  // namespace halfpipe::silicon
