// execute_n's dispatcher and its exact path. Compiled for any x86-64: it asks the CPU what it
// has before it calls a vector path (kernel.h says why nothing else crosses over).
#include "model/ref/bulk/execute_n.h"

#include <immintrin.h>

#include <array>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>

#include "model/ref/bulk/kernel.h"
#include "model/ref/execute.h"
#include "model/ref/format.h"

namespace halfpipe::ref {
namespace {

constexpr std::array<std::pair<std::string_view, BulkPath>, 5> kPathNames{{
    {"auto", BulkPath::Auto},
    {"exact", BulkPath::Exact},
    {"f16c", BulkPath::F16c},
    {"avx512", BulkPath::Avx512},
    {"avx512fp16", BulkPath::Avx512Fp16},
}};

// Whether the native path (avx512fp16.cpp) has been proven equal to the exact path on a CPU that
// has AVX512-FP16 (bulk_proof over every form it computes natively, README.md here, "Paths proven
// where"). Until then the automatic choice never takes it: a path serves by default only where
// it has been proven. HALFPIPE_BULK=avx512fp16 runs it all the same, to prove and measure it.
constexpr bool kNativeF16Proven = false;

bool cpu_has_f16c_avx2() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  // F16C is CPUID.1:ECX bit 29; AVX2's check includes the OS saving the ymm state.
  unsigned eax, ebx, ecx, edx;
  __asm__("cpuid" : "=a"(eax), "=b"(ebx), "=c"(ecx), "=d"(edx) : "a"(1), "c"(0));
  return __builtin_cpu_supports("avx2") && (ecx & (1u << 29)) != 0;
#else
  return false;
#endif
}

bool cpu_has_avx512() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vl");
#else
  return false;
#endif
}

// AVX512-FP16 is CPUID.(7,0):EDX bit 23 (asked directly: not every compiler's
// __builtin_cpu_supports knows it); the OS's saving of the zmm state is avx512f's check.
bool cpu_has_avx512fp16() {
#if defined(__x86_64__) || defined(__i386__)
  unsigned eax, ebx, ecx, edx;
  __asm__("cpuid" : "=a"(eax), "=b"(ebx), "=c"(ecx), "=d"(edx) : "a"(7), "c"(0));
  return cpu_has_avx512() && (edx & (1u << 23)) != 0;
#else
  return false;
#endif
}

// What a path needs of the CPU, for the message that refuses it.
const char* required_features(BulkPath p) {
  switch (p) {
    case BulkPath::F16c: return "AVX2 and F16C";
    case BulkPath::Avx512: return "AVX-512 F, BW and VL";
    case BulkPath::Avx512Fp16: return "AVX512-FP16 (with AVX-512 F, BW and VL)";
    default: return "nothing";
  }
}

std::string path_names() {
  std::string names;
  for (const auto& [name, path] : kPathNames)
    names += std::string(names.empty() ? "" : ", ") + name.data();
  return names;
}

BulkPath resolve_auto() {
  if (const char* env = std::getenv("HALFPIPE_BULK"); env && *env) {
    const std::optional<BulkPath> p = parse_bulk_path(env);
    if (!p)
      throw std::runtime_error(std::string("HALFPIPE_BULK='") + env + "' is not one of " +
                               path_names());
    if (*p != BulkPath::Auto) {
      if (!bulk_path_supported(*p))
        throw std::runtime_error(std::string("HALFPIPE_BULK=") + env +
                                 ": this CPU does not support that path (it needs " +
                                 required_features(*p) + ")");
      return *p;
    }
  }
  if (kNativeF16Proven && bulk_path_supported(BulkPath::Avx512Fp16)) return BulkPath::Avx512Fp16;
  if (bulk_path_supported(BulkPath::Avx512)) return BulkPath::Avx512;
  if (bulk_path_supported(BulkPath::F16c)) return BulkPath::F16c;
  return BulkPath::Exact;
}

// The vector paths assume IEEE's default environment: round to nearest even, and neither
// flush-to-zero (MXCSR bit 15) nor denormals-are-zero (bit 6).
bool default_float_environment() {
  constexpr unsigned kRoundingControl = 0x6000, kFlushToZero = 0x8000, kDenormalsAreZero = 0x40;
  return (_mm_getcsr() & (kRoundingControl | kFlushToZero | kDenormalsAreZero)) == 0;
}

// Whether the op table gives the op a kernel (its kernel column: Own or Table, not Exact).
constexpr bool has_kernel(Op op) {
#define HALFPIPE_HAS_KERNEL_Own true
#define HALFPIPE_HAS_KERNEL_Table true
#define HALFPIPE_HAS_KERNEL_Exact false
  switch (op) {
#define HALFPIPE_OP(Name, code, ptx, operands, op_class, family, kernel, ref) \
  case Op::Name:                                                          \
    return HALFPIPE_HAS_KERNEL_##kernel;
#include "model/uop/ops.def"
#undef HALFPIPE_OP
  }
#undef HALFPIPE_HAS_KERNEL_Own
#undef HALFPIPE_HAS_KERNEL_Table
#undef HALFPIPE_HAS_KERNEL_Exact
  return false;
}

bool vector_path_implements(const Uop& u) {
  if (!has_kernel(u.op)) return false;
  if (!is_float(u.format)) return false;                                      // vISA integers
  if ((u.op == Op::Min || u.op == Op::Max) && u.nan_policy != NanPolicy::Ptx) return false;
  // PTX has no .ftz mul or fma on bf16, and their kernels compute no tininess (kernels.inc).
  if (u.format == Format::BF16 && u.ftz && (u.op == Op::Mul || u.op == Op::Fma)) return false;
  return true;
}

// An approximated op (tanh.approx, ex2.approx): the exact path's operation on every input,
// computed once per op and format, before the modifiers, which the kernels apply as for every op.
const uint16_t* approx_table(const Uop& u) {
  static std::once_flag once[kOpCount][2];
  static std::unique_ptr<uint16_t[]> table[kOpCount][2];
  const int o = static_cast<int>(u.op), fmt = u.format == Format::BF16 ? 1 : 0;
  std::call_once(once[o][fmt], [&] {
    const FloatFormat& f = float_format(u.format);
    auto t = std::make_unique<uint16_t[]>(1u << 16);
    for (uint32_t x = 0; x < (1u << 16); ++x) {
      const Rounded r = operate(u, f, static_cast<uint16_t>(x), 0, 0);
      // The kernels flush a table entry under .ftz by its encoding (S8): no approximation rounds
      // up to the smallest normal from a tiny value, or the table would need its tininess too.
      if (r.tiny && !f.is_zero(r.bits) && !f.is_subnormal(r.bits))
        throw std::logic_error("execute_n: an approximation result rounded up from a tiny value");
      t[x] = r.bits;
    }
    table[o][fmt] = std::move(t);
  });
  return table[o][fmt].get();
}

void execute_exact(const Uop& u, const uint32_t* a, const uint32_t* b, const uint32_t* c,
                   uint32_t* d, size_t n) {
  for (size_t i = 0; i < n; ++i)
    d[i] = execute(u, a ? a[i] : 0, b ? b[i] : 0, c ? c[i] : 0);
}

// kernel_form of an op the table marks Exact, which vector_path_implements keeps from the
// kernels (unused while no row is Exact).
[[noreturn, maybe_unused]] bulk::KernelOp no_kernel(const char* op) {
  throw std::logic_error(std::string("execute_n: ") + op + " has no kernel (the op table's Exact)");
}

}  // namespace

bulk::KernelForm bulk::kernel_form(const Uop& u) {
  bulk::KernelForm k;
  switch (u.op) {  // the op table's kernel column (model/uop/ops.def)
#define HALFPIPE_KERNEL_OF_Own(Name) bulk::KernelOp::Name
#define HALFPIPE_KERNEL_OF_Table(Name) bulk::KernelOp::Table
#define HALFPIPE_KERNEL_OF_Exact(Name) no_kernel(#Name)
#define HALFPIPE_OP(Name, code, ptx, operands, op_class, family, kernel, ref) \
  case Op::Name:                                                          \
    k.op = HALFPIPE_KERNEL_OF_##kernel(Name);                             \
    break;
#include "model/uop/ops.def"
#undef HALFPIPE_OP
#undef HALFPIPE_KERNEL_OF_Own
#undef HALFPIPE_KERNEL_OF_Table
#undef HALFPIPE_KERNEL_OF_Exact
  }
  if (k.op == bulk::KernelOp::Table) k.table = approx_table(u);
  k.bf16 = u.format == Format::BF16;
  k.ftz = u.ftz;
  k.sat = u.sat;
  k.relu = u.relu;
  k.oob = u.oob;
  k.nan = u.nan;
  k.xorsign_abs = u.xorsign_abs;
  return k;
}

bulk::KernelArgs bulk::register_args(const Uop& u, const uint32_t* a, const uint32_t* b,
                                     const uint32_t* c, uint32_t* d, size_t n) {
  // A packed register is two 16-bit lanes in memory order (S2, little-endian).
  if (u.packed) return {a, b, c, d, 2 * n, Layout::Lanes16};
  return {a, b, c, d, n, Layout::LowHalves32};
}

bulk::KernelArgs bulk::lane_args(const Uop& u, const uint16_t* a, const uint16_t* b,
                                 const uint16_t* c, uint16_t* d, size_t n) {
  return {a, b, c, d, u.packed ? 2 * n : n, Layout::Lanes16};
}

const char* bulk_path_name(BulkPath p) {
  for (const auto& [name, path] : kPathNames)
    if (path == p) return name.data();
  return "?";
}

std::optional<BulkPath> parse_bulk_path(std::string_view name) {
  for (const auto& [n, path] : kPathNames)
    if (n == name) return path;
  return std::nullopt;
}

bool bulk_path_supported(BulkPath p) {
  static const bool f16c = cpu_has_f16c_avx2(), avx512 = cpu_has_avx512(),
                    avx512fp16 = cpu_has_avx512fp16();
  switch (p) {
    case BulkPath::F16c: return f16c;
    case BulkPath::Avx512: return avx512;
    case BulkPath::Avx512Fp16: return avx512fp16;
    default: return true;
  }
}

BulkPath bulk_path_auto() {
  static const BulkPath p = resolve_auto();
  return p;
}

bool bulk_path_runs_kernel(BulkPath path, const Uop& u) {
  if (path == BulkPath::Auto) path = bulk_path_auto();
  return path == BulkPath::Exact || (vector_path_implements(u) && default_float_environment());
}

namespace {

// The path a call takes: Auto resolved, a forced path the CPU lacks refused.
BulkPath checked_path(BulkPath path) {
  if (path == BulkPath::Auto) path = bulk_path_auto();
  if (!bulk_path_supported(path))
    throw std::runtime_error(std::string("bulk path ") + bulk_path_name(path) +
                             ": this CPU does not support it (it needs " +
                             required_features(path) + ")");
  return path;
}

size_t run_kernel(BulkPath path, const Uop& u, const bulk::KernelArgs& args,
                  bool stop_at_wide = false) {
  const bulk::KernelForm form = bulk::kernel_form(u);
  switch (path) {
    case BulkPath::Avx512Fp16: return bulk::avx512fp16::run(form, args, stop_at_wide);
    case BulkPath::Avx512: return bulk::avx512::run(form, args, stop_at_wide);
    default: return bulk::f16c::run(form, args, stop_at_wide);
  }
}

}  // namespace

void execute_n(const Uop& u, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d,
               size_t n, BulkPath path) {
  path = checked_path(path);
  if (n == 0) return;
  if (path == BulkPath::Exact || !bulk_path_runs_kernel(path, u))
    return execute_exact(u, a, b, c, d, n);
  run_kernel(path, u, bulk::register_args(u, a, b, c, d, n));
}

size_t execute_n_until_wide(const Uop& u, const uint32_t* a, const uint32_t* b, const uint32_t* c,
                            uint32_t* d, size_t n, BulkPath path) {
  auto wide = [&](size_t i) { return (((a ? a[i] : 0) | (b ? b[i] : 0) | (c ? c[i] : 0)) >> 16) != 0; };
  if (u.packed) {
    execute_n(u, a, b, c, d, n, path);
    return n;
  }
  path = checked_path(path);
  if (path == BulkPath::Exact || !bulk_path_runs_kernel(path, u)) {
    size_t valid = 0;
    while (valid < n && !wide(valid)) ++valid;
    execute_exact(u, a, b, c, d, valid);
    return valid;
  }
  const size_t done = run_kernel(path, u, bulk::register_args(u, a, b, c, d, n), true);
  if (done == n) return n;
  // The kernel stopped at the block holding the wide register: the ones before it in the
  // block, through the kernel again (shorter than a block: its padded tail).
  size_t first = done;
  while (!wide(first)) ++first;
  run_kernel(path, u, bulk::register_args(u, a ? a + done : nullptr, b ? b + done : nullptr,
                                          c ? c + done : nullptr, d + done, first - done));
  return first;
}

void execute_n16(const Uop& u, const uint16_t* a, const uint16_t* b, const uint16_t* c,
                 uint16_t* d, size_t n, BulkPath path) {
  path = checked_path(path);
  if (n == 0) return;
  if (path != BulkPath::Exact && bulk_path_runs_kernel(path, u)) {
    run_kernel(path, u, bulk::lane_args(u, a, b, c, d, n));
    return;
  }
  // The exact path on registers assembled from the lanes (a packed form's two per register).
  const int per = u.packed ? 2 : 1;
  auto reg = [per](const uint16_t* p, size_t i) -> uint32_t {
    if (!p) return 0;
    return per == 2 ? p[2 * i] | uint32_t{p[2 * i + 1]} << 16 : p[i];
  };
  for (size_t i = 0; i < n; ++i) {
    const uint32_t r = execute(u, reg(a, i), reg(b, i), reg(c, i));
    d[per * i] = static_cast<uint16_t>(r);
    if (per == 2) d[2 * i + 1] = static_cast<uint16_t>(r >> 16);
  }
}

}  // namespace halfpipe::ref
