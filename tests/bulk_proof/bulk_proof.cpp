// The equivalence proof of execute_n's vector paths (model/ref/bulk/execute_n.h): every path
// this CPU supports, bit for bit against the exact path (ref::execute), which is computed once
// per input and compared with every vector path.
//
//   bulk_proof [--shard K/N] [--quick] [--path f16c|avx512|avx512fp16]... [--form FORM]...
//
// The full proof (CTest label `exhaustive`, 16 shards) covers every legal PTX form:
//   one-operand forms    all 2^16 inputs (packed: in both lanes);
//   two-operand forms    all 2^32 operand pairs (packed: pairs 2i and 2i+1 in lanes 0 and 1);
//   fma.rn.f16/.bf16     every (a, b) pair against the c values of fma_c_values() (48 each);
//   other fma forms      2^30 random (a, b, c) lane triples;
//   every form           its corner set (vectors/corners.h).
// --quick (the default suite) runs all one-operand inputs, the corner sets, and 2^16 random lane
// tuples of every other form. Work is cut into jobs; shard K of N runs jobs K-1, K-1+N, ...
// --form keeps, of those, the named forms' jobs: after a kernel change, the forms it touched are
// proven again shard by shard with the same numbering (without --shard, whole).
// Exit status 0 when every result matched, 1 on a mismatch (the first ones printed with the
// command that reproduces them), 2 for bad arguments, 77 when a path asked for with --path is
// not supported by this CPU (CTest's skip). On a CPU without AVX-512 the AVX-512 path's source
// is checked all the same, at 16 lanes on AVX2 ("avx512-source", sixteen_lanes_on_avx2.cpp), and
// on one without AVX512-FP16 the native path's, at 32 lanes with its binary16 arithmetic
// emulated ("avx512fp16-source", native_f16_on_avx2.cpp).
#include <algorithm>
#include <cassert>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "model/isa/ptx.h"
#include "model/ref/bulk/execute_n.h"
#include "model/ref/bulk/kernel.h"
#include "model/ref/format.h"
#include "model/uop/uop.h"
#include "vectors/corners.h"

namespace halfpipe::ref::bulk::sixteen_lanes {
size_t run(const KernelForm& form, const KernelArgs& args, bool stop_at_wide = false);  // sixteen_lanes_on_avx2.cpp
}
namespace halfpipe::ref::bulk::native_f16_source {
// native_f16_on_avx2.cpp
size_t run(const KernelForm& form, const KernelArgs& args, bool stop_at_wide = false);
}

namespace {

using halfpipe::Format;
using halfpipe::Op;
using halfpipe::Uop;
using halfpipe::ref::BulkPath;

constexpr uint64_t kPairs = uint64_t{1} << 32;
constexpr uint64_t kLanesPerJob = uint64_t{1} << 24;  // lane tuples per job (about 0.4 s exact)
constexpr uint64_t kFmaRandomLanes = uint64_t{1} << 30;
constexpr size_t kBlock = size_t{1} << 16;             // registers per execute_n call

enum class Kind { Unary, Pairs, FmaGrid, Random, Corners };

struct Job {
  size_t form;  // index into the forms list
  Kind kind;
  uint64_t first;  // the first lane tuple (pair index, grid index, random index)
  uint64_t count;  // lane tuples
};

struct Form {
  std::string name;
  Uop uop;
};

uint64_t splitmix64(uint64_t& state) {
  uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

// The c values of the fma grid, per format: every class (zeros, subnormals, the smallest and
// largest normals, infinities, NaNs, the OOB-NaN) with both signs, then normals whose exponents
// spread over the whole range, most of them at 2^-1 .. 2^-(2p+3) below 1.0, where c falls in or
// just under the last places of products near 1 and decides their rounding (ties broken, sticky
// bits), with significands 1.0, 1.0 + ulp, 1.5 and the largest.
std::vector<uint16_t> fma_c_values(Format format) {
  const halfpipe::ref::FloatFormat& f = halfpipe::ref::float_format(format);
  std::vector<uint16_t> c;
  auto both_signs = [&](uint16_t x) {
    c.push_back(x);
    c.push_back(static_cast<uint16_t>(x | 0x8000));
  };
  both_signs(0);                                 // zeros
  both_signs(1);                                 // least subnormal
  both_signs(f.frac_mask());                     // largest subnormal
  both_signs(static_cast<uint16_t>(f.inf() - 1));  // largest finite
  both_signs(f.inf());                           // infinities
  c.push_back(0x7FFF);                           // canonical NaN
  c.push_back(0x7FF7);                           // OOB-NaN
  const uint16_t significands[4] = {0, 1, static_cast<uint16_t>(1u << (f.frac_bits - 1)),
                                    f.frac_mask()};
  // 2^exponent times significand k % 4; below the normal range (binary16's deepest exponents
  // are), the subnormal whose leading bit is 2^exponent, with the same four tails.
  auto normal = [&](int exponent, int k) {
    uint16_t x;
    if (exponent >= f.emin()) {
      x = static_cast<uint16_t>(((exponent + f.bias()) << f.frac_bits) | significands[k % 4]);
    } else {
      const int lead = exponent - f.emin() + f.frac_bits;
      assert(lead >= 0 && "the grid asks for no exponent below the least subnormal");
      const uint16_t leading = static_cast<uint16_t>(1u << lead);
      const uint16_t tails[4] = {0, static_cast<uint16_t>(lead > 0 ? 1 : 0),
                                 static_cast<uint16_t>(leading >> 1),
                                 static_cast<uint16_t>(leading - 1)};
      x = static_cast<uint16_t>(leading | tails[k % 4]);
    }
    c.push_back(k % 2 ? static_cast<uint16_t>(x | 0x8000) : x);
  };
  // 12 exponents spread over the whole normal range.
  const int emax = f.bias();
  for (int k = 0; k < 12; ++k) normal(f.emin() + (emax - f.emin()) * k / 11, k);
  // 24 exponents from 2^-1 down to 2^-(2 * (frac_bits + 1) + 2), where c meets the last places
  // of products in [1, 4).
  const int deepest = 2 * (f.frac_bits + 1) + 2;
  for (int k = 0; k < 24; ++k) normal(-1 - (deepest - 1) * k / 23, k + 1);
  if (format == Format::BF16) c.push_back(0x0D80);  // 2^-100: the counterexample's c
  return c;
}

// Fills lane tuple `index` of a job.
void lane_tuple(const Job& job, const Uop& u, const std::vector<uint16_t>& grid_c,
                const std::vector<halfpipe::vectors::LaneOperands>& corners, uint64_t index,
                uint16_t& a, uint16_t& b, uint16_t& c) {
  const uint64_t i = job.first + index;
  switch (job.kind) {
    case Kind::Unary:
      a = static_cast<uint16_t>(i);
      b = c = 0;
      return;
    case Kind::Pairs:
      a = static_cast<uint16_t>(i >> 16);
      b = static_cast<uint16_t>(i);
      c = 0;
      return;
    case Kind::FmaGrid:
      a = static_cast<uint16_t>(i / grid_c.size() >> 16);
      b = static_cast<uint16_t>(i / grid_c.size());
      c = grid_c[i % grid_c.size()];
      return;
    case Kind::Random: {
      uint64_t state = i * 0x2545F4914F6CDD1Dull + encode(u);
      const uint64_t r = splitmix64(state);
      a = static_cast<uint16_t>(r);
      b = static_cast<uint16_t>(r >> 16);
      c = static_cast<uint16_t>(r >> 32);
      return;
    }
    case Kind::Corners: {
      const auto& t = corners[i];
      a = t.a;
      b = t.b;
      c = t.c;
      return;
    }
  }
}

// A path under proof: one of execute_n's, or a wider path's source built for AVX2 (the AVX-512
// source at 16 lanes, the native path's at 32 with its binary16 arithmetic emulated), which runs
// the kernels where execute_n's f16c path would.
struct Checked {
  using SourceRun = size_t (*)(const halfpipe::ref::bulk::KernelForm&,
                               const halfpipe::ref::bulk::KernelArgs&, bool);
  std::string name;
  BulkPath path;
  SourceRun source_on_avx2 = nullptr;

  void run(const Uop& u, const uint32_t* a, const uint32_t* b, const uint32_t* c, uint32_t* d,
           size_t n) const {
    if (source_on_avx2 && halfpipe::ref::bulk_path_runs_kernel(BulkPath::F16c, u)) {
      source_on_avx2(halfpipe::ref::bulk::kernel_form(u),
                     halfpipe::ref::bulk::register_args(u, a, b, c, d, n), false);
      return;
    }
    halfpipe::ref::execute_n(u, a, b, c, d, n, path);
  }
};

struct Mismatch {
  std::string form;
  std::string path;
  uint32_t a, b, c, expected, got;
};

struct Proof {
  std::vector<Checked> paths;
  std::vector<Mismatch> mismatches;
  uint64_t lanes_checked = 0;
  uint64_t mismatch_count = 0;

  void run(const Form& form, const Job& job) {
    const Uop& u = form.uop;
    const int operands = halfpipe::operand_count(u.op);
    const std::vector<uint16_t> grid_c =
        job.kind == Kind::FmaGrid ? fma_c_values(u.format) : std::vector<uint16_t>{};
    const std::vector<halfpipe::vectors::LaneOperands> corners =
        job.kind == Kind::Corners ? halfpipe::vectors::corner_lane_tuples(u)
                                  : std::vector<halfpipe::vectors::LaneOperands>{};
    const int lanes_per_register = u.packed ? 2 : 1;
    std::vector<uint32_t> a(kBlock), b(kBlock), c(kBlock), expected(kBlock), got(kBlock);
    uint64_t done = 0;
    while (done < job.count) {
      const uint64_t lanes = std::min<uint64_t>(job.count - done, kBlock * lanes_per_register);
      const size_t registers = static_cast<size_t>((lanes + lanes_per_register - 1) / lanes_per_register);
      for (size_t r = 0; r < registers; ++r) {
        uint32_t ra = 0, rb = 0, rc = 0;
        for (int lane = 0; lane < lanes_per_register; ++lane) {
          uint16_t la = 0, lb = 0, lc = 0;
          // A packed form's one-operand inputs reach lane 1 in another order (x * 40503 + 1 is a
          // bijection of 16-bit values), so that neither lane only sees its neighbour's input.
          uint64_t index = done + r * lanes_per_register + lane;
          if (index >= job.count) index = job.count - 1;  // the odd last lane repeats
          lane_tuple(job, u, grid_c, corners, index, la, lb, lc);
          if (job.kind == Kind::Unary && lane == 1) la = static_cast<uint16_t>(la * 40503u + 1);
          ra |= uint32_t{la} << (16 * lane);
          rb |= uint32_t{lb} << (16 * lane);
          rc |= uint32_t{lc} << (16 * lane);
        }
        a[r] = ra;
        b[r] = rb;
        c[r] = rc;
      }
      const uint32_t* pb = operands >= 2 ? b.data() : nullptr;
      const uint32_t* pc = operands >= 3 ? c.data() : nullptr;
      halfpipe::ref::execute_n(u, a.data(), pb, pc, expected.data(), registers, BulkPath::Exact);
      for (const Checked& path : paths) {
        path.run(u, a.data(), pb, pc, got.data(), registers);
        if (std::memcmp(expected.data(), got.data(), registers * sizeof(uint32_t)) == 0) continue;
        for (size_t r = 0; r < registers; ++r) {
          if (expected[r] == got[r]) continue;
          ++mismatch_count;
          if (mismatches.size() < 20)
            mismatches.push_back({form.name, path.name, a[r], b[r], c[r], expected[r], got[r]});
        }
      }
      done += lanes;
    }
    lanes_checked += job.count;
  }
};

bool parse_shard(const char* text, int& k, int& n) {
  char extra;
  return std::sscanf(text, "%d/%d%c", &k, &n, &extra) == 2 && n >= 1 && k >= 1 && k <= n;
}

int usage(const char* message) {
  std::fprintf(stderr, "bulk_proof: %s\nusage: bulk_proof [--shard K/N] [--quick] [--path f16c|avx512|avx512fp16]... [--form FORM]...\n",
               message);
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  int shard = 1, shards = 1;
  bool quick = false;
  std::vector<BulkPath> asked;
  std::vector<std::string> only_forms;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "--quick") {
      quick = true;
    } else if (arg == "--shard" && i + 1 < argc) {
      if (!parse_shard(argv[++i], shard, shards)) return usage("--shard takes K/N, 1 <= K <= N");
    } else if (arg == "--path" && i + 1 < argc) {
      const auto p = halfpipe::ref::parse_bulk_path(argv[++i]);
      if (!p || *p == BulkPath::Auto || *p == BulkPath::Exact)
        return usage("--path takes f16c, avx512 or avx512fp16");
      asked.push_back(*p);
    } else if (arg == "--form" && i + 1 < argc) {
      only_forms.push_back(argv[++i]);
    } else {
      return usage(("unknown argument '" + std::string(arg) + "'").c_str());
    }
  }

  Proof proof;
  std::string skipped;
  const std::vector<BulkPath> candidates =
      asked.empty() ? std::vector<BulkPath>{BulkPath::F16c, BulkPath::Avx512, BulkPath::Avx512Fp16}
                    : asked;
  using halfpipe::ref::bulk_path_supported;
  for (BulkPath p : candidates) {
    if (bulk_path_supported(p)) {
      proof.paths.push_back({halfpipe::ref::bulk_path_name(p), p});
      // Without the wider paths' hardware, their sources still run on AVX2.
      if (p == BulkPath::F16c && asked.empty()) {
        if (!bulk_path_supported(BulkPath::Avx512))
          proof.paths.push_back({"avx512-source", BulkPath::F16c,
                                 &halfpipe::ref::bulk::sixteen_lanes::run});
        if (!bulk_path_supported(BulkPath::Avx512Fp16))
          proof.paths.push_back({"avx512fp16-source", BulkPath::F16c,
                                 &halfpipe::ref::bulk::native_f16_source::run});
      }
    } else {
      skipped += std::string(skipped.empty() ? "" : ", ") + halfpipe::ref::bulk_path_name(p);
    }
  }
  if (!asked.empty() && !skipped.empty()) {
    std::printf("bulk_proof: this CPU does not support %s: not checked\n", skipped.c_str());
    return 77;
  }

  std::vector<Form> forms;
  // Any legal spelling names its form (mul.rn.bf16 is the form mul.bf16).
  for (std::string& name : only_forms) {
    const auto decoded = halfpipe::isa::decode_ptx(name);
    if (!decoded.uop || name.find_first_of(" \t") != std::string::npos)
      return usage(("'" + name + "' is not a legal PTX form").c_str());
    name = halfpipe::isa::ptx_form(*decoded.uop);
  }
  std::sort(only_forms.begin(), only_forms.end());
  only_forms.erase(std::unique(only_forms.begin(), only_forms.end()), only_forms.end());
  for (const std::string& name : halfpipe::isa::legal_ptx_forms())
    forms.push_back({name, *halfpipe::isa::decode_ptx(name).uop});
  auto selected = [&](const Job& j) {
    return only_forms.empty() ||
           std::find(only_forms.begin(), only_forms.end(), forms[j.form].name) != only_forms.end();
  };

  std::vector<Job> jobs;
  for (size_t f = 0; f < forms.size(); ++f) {
    const Uop& u = forms[f].uop;
    const int operands = halfpipe::operand_count(u.op);
    jobs.push_back({f, Kind::Corners, 0, halfpipe::vectors::corner_lane_tuples(u).size()});
    if (operands == 1) {
      jobs.push_back({f, Kind::Unary, 0, 1u << 16});
      continue;
    }
    if (quick) {
      jobs.push_back({f, Kind::Random, 0, 1u << 16});
      if (u.op == Op::Fma && !u.packed && !u.ftz && !u.sat && !u.relu && !u.oob) {
        // Eight rows of the grid: a just above 1.0, b from 1.0 up, every c: products in [1, 2),
        // where the c values below 1.0 meet the last places.
        const halfpipe::ref::FloatFormat& ff = halfpipe::ref::float_format(u.format);
        const uint64_t cs = fma_c_values(u.format).size();
        for (uint64_t k = 0; k < 8; ++k) {
          const uint64_t pair = ((ff.one() + 7 * k) << 16) | ff.one();
          jobs.push_back({f, Kind::FmaGrid, pair * cs, 1u << 14});
        }
      }
      continue;
    }
    const bool grid = u.op == Op::Fma && !u.packed && !u.ftz && !u.sat && !u.relu && !u.oob;
    const uint64_t total = operands == 2 ? kPairs
                           : grid        ? kPairs * fma_c_values(u.format).size()
                                         : kFmaRandomLanes;
    const Kind kind = operands == 2 ? Kind::Pairs : grid ? Kind::FmaGrid : Kind::Random;
    for (uint64_t first = 0; first < total; first += kLanesPerJob)
      jobs.push_back({f, kind, first, std::min(kLanesPerJob, total - first)});
  }

  uint64_t all_lanes = 0;
  size_t all_jobs = 0;
  for (const Job& j : jobs) {
    if (!selected(j)) continue;
    all_lanes += j.count;
    ++all_jobs;
  }
  const size_t form_count = only_forms.empty() ? forms.size() : only_forms.size();
  const auto start = std::chrono::steady_clock::now();
  size_t ran = 0;
  for (size_t j = static_cast<size_t>(shard - 1); j < jobs.size(); j += static_cast<size_t>(shards)) {
    if (!selected(jobs[j])) continue;
    proof.run(forms[jobs[j].form], jobs[j]);
    ++ran;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  std::string checked;
  for (const Checked& p : proof.paths)
    checked += std::string(checked.empty() ? "" : ", ") + p.name;
  std::printf("bulk_proof%s shard %d/%d: %zu of %zu jobs, %llu of %llu lane tuples of %zu forms, "
              "paths checked against exact: %s%s%s; %.1f s\n",
              quick ? " --quick" : "", shard, shards, ran, all_jobs,
              static_cast<unsigned long long>(proof.lanes_checked),
              static_cast<unsigned long long>(all_lanes), form_count,
              checked.empty() ? "none" : checked.c_str(),
              skipped.empty() ? "" : "; not supported by this CPU, not checked: ",
              skipped.c_str(), seconds);
  if (proof.mismatch_count == 0) {
    std::printf("0 mismatches\n");
    return 0;
  }
  std::printf("%llu mismatches; the first:\n", static_cast<unsigned long long>(proof.mismatch_count));
  for (const Mismatch& m : proof.mismatches) {
    const int digits = halfpipe::isa::decode_ptx(m.form).uop->packed ? 8 : 4;
    std::printf("  %s: path %s: halfpipe eval %s 0x%0*x 0x%0*x 0x%0*x -> 0x%0*x, exact 0x%0*x\n",
                m.form.c_str(), m.path.c_str(), m.form.c_str(), digits, m.a,
                digits, m.b, digits, m.c, digits, m.got, digits, m.expected);
  }
  return 1;
}
