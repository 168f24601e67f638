// A form the reference cannot evaluate yet (as tanh/ex2 were before they landed) is reported
// by name, writes nothing, is skipped by the regression sets and counted apart by check: never
// a crash and never a made-up number. An evaluator standing in for such a reference throws
// ref::NotImplemented for tanh.
#include <catch2/catch.hpp>

#include <sstream>

#include "model/isa/ptx.h"
#include "model/ref/execute.h"
#include "vectors/check.h"
#include "vectors/regression.h"
#include "vectors/vector_file.h"

using namespace halfpipe;
using namespace halfpipe::vectors;

namespace {

uint32_t reference_without_tanh(const Uop& u, uint32_t a, uint32_t b, uint32_t c) {
  if (u.op == Op::Tanh) throw ref::NotImplemented("not implemented: tanh.approx");
  return ref::execute(u, a, b, c);
}

class BackendWithoutTanh : public Backend {
 public:
  std::string name() const override { return "reference"; }
  uint32_t execute(const Uop& u, const Operands& o) override {
    return reference_without_tanh(u, o.a, o.b, o.c);
  }
  std::string reproduce_command(const std::string& form, const Uop& u,
                                const Operands& o) const override {
    return "halfpipe eval " + form + operand_list(u, o);
  }
};

}  // namespace

TEST_CASE("generating an unimplemented form reports the form and the reason") {
  GenerationRequest request;
  request.forms = {"tanh.approx.f16"};
  request.corner = true;
  std::ostringstream out;
  CHECK_THROWS_WITH(write_vector_file(out, request, reference_without_tanh),
                    "tanh.approx.f16: the reference cannot evaluate this form yet (not "
                    "implemented: tanh.approx)");
  // The other forms are unaffected.
  request.forms = {"ex2.approx.f16"};
  CHECK_NOTHROW(write_vector_file(out, request, reference_without_tanh));
}

TEST_CASE("the regression sets skip unimplemented forms and take them once they evaluate") {
  std::vector<std::string> skipped;
  const auto without = regression_files(skipped, reference_without_tanh);
  CHECK(skipped.size() == 4);  // tanh.approx.{f16,f16x2,bf16,bf16x2}
  CHECK(skipped.front() == "tanh.approx.f16: not implemented: tanh.approx");
  std::vector<std::string> none;
  const auto with = regression_files(none);
  CHECK(none.empty());
  CHECK(with.size() == without.size() + 4);
}

TEST_CASE("check counts vectors of an unimplemented form as skipped, reports each form once") {
  const Uop tanh = *isa::decode_ptx("tanh.approx.f16").uop;
  const Uop add = *isa::decode_ptx("add.f16").uop;
  BackendWithoutTanh backend;
  std::ostringstream report;
  Checker checker(backend, report, NanMatch::Exact);
  checker.check("t.vec", {"tanh.approx.f16", tanh, {0x3c00, 0, 0}, 0x3a17, 1});
  checker.check("t.vec", {"tanh.approx.f16", tanh, {0x0000, 0, 0}, 0x0000, 2});
  checker.check("t.vec", {"add.f16", add, {0x3c00, 0x3c00, 0}, 0x4000, 3});
  CHECK(report.str() ==
        "t.vec:1: tanh.approx.f16: the reference cannot evaluate this form yet (not "
        "implemented: tanh.approx)\n");
  CHECK(checker.summary() == "1 passed, 0 failed, 2 skipped");
  CHECK_FALSE(checker.ok());
}
