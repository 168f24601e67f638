// The timing kernels the generator writes (silicon/timing.h) keep one SASS instruction per PTX
// instruction where ptxas would otherwise merge them (silicon/README.md, "Timing"): min and max
// chains alternate with the .NaN form, and a scalar format's throughput kernel runs one chain.
// The counts below are of the CUDA source; what ptxas makes of it was read from the cubin.
#include <catch2/catch.hpp>

#include <string>

#include "model/isa/ptx.h"
#include "silicon/timing.h"

namespace hs = halfpipe::silicon;

namespace {

// The text of kernel `name` in the source: from its signature to the next kernel's comment.
std::string kernel_text(const std::string& source, const std::string& name) {
  const size_t start = source.find(" void " + name + "(");
  REQUIRE(start != std::string::npos);
  return source.substr(start, source.find("\n// ", start) - start);
}

// How many asm lines of the kernel run `form` ("min.f16" and its operands).
int count_of(const std::string& text, const std::string& form) {
  int n = 0;
  for (size_t at = text.find("\"" + form + " "); at != std::string::npos;
       at = text.find("\"" + form + " ", at + 1))
    ++n;
  return n;
}

}  // namespace

TEST_CASE("timing: min and max chains alternate the form with its .NaN form, so that ptxas cannot fuse two into one") {
  const std::string source = hs::timing_ops_source(90);
  int alternating = 0;
  for (const auto& t : hs::timing_ops(90)) {
    const bool min_max = t.uop.op == halfpipe::Op::Min || t.uop.op == halfpipe::Op::Max;
    CHECK(t.partner.empty() == !min_max);
    if (!min_max) continue;
    ++alternating;
    // The partner is the same instruction but for .NaN: min.f16 -> min.NaN.f16.
    halfpipe::Uop nan = t.uop;
    nan.nan = true;
    CHECK(*halfpipe::isa::decode_ptx(t.partner).uop == nan);
    // The body of 64: 32 of each, in the latency kernel's one chain and each of the throughput
    // kernel's chains.
    CHECK(count_of(kernel_text(source, t.latency_kernel()), t.instruction) == hs::kBodyLength / 2);
    CHECK(count_of(kernel_text(source, t.latency_kernel()), t.partner) == hs::kBodyLength / 2);
    CHECK(count_of(kernel_text(source, t.throughput_kernel()), t.partner) ==
          t.chains * hs::kBodyLength / 2);
    CHECK(t.sass_halves_per_instruction == 2);  // one HMNMX2 each
  }
  CHECK(alternating == 8);  // min and max in f16, f16x2, bf16, bf16x2
}

TEST_CASE("timing: a scalar format's throughput kernel runs one chain, which ptxas cannot pack, and a packed one kChains") {
  const std::string source = hs::timing_ops_source(90);
  for (const auto& t : hs::timing_ops(90)) {
    CHECK(t.chains == (t.uop.packed ? hs::kChains : 1));
    // One body a trip: kBodyLength instructions a chain.
    const int partner = t.partner.empty() ? 0 : count_of(kernel_text(source, t.throughput_kernel()), t.partner);
    CHECK(count_of(kernel_text(source, t.throughput_kernel()), t.instruction) + partner ==
          t.chains * hs::kBodyLength);
  }
}
