// PipelineCore's in_ready() (rtl/TIMING.md's in_ready_o = advance, combinational from out_ready)
// and its copies, which continue on their own (AluTlmTarget asks a copy when a result will
// leave).
#include <catch2/catch.hpp>

#include <memory>

#include "model/sc/pipeline.h"

namespace halfpipe::sc {
namespace {

Transaction add(uint64_t tag) {
  Transaction t;
  t.uop.op = Op::Add;
  t.tag = tag;
  return t;
}

TEST_CASE("in_ready is advance: low only while a result is shown and the consumer is not ready",
          "[sc][core]") {
  PipelineCore core(rtl_configuration(2, 2));
  core.set_out_ready(false);
  CHECK(core.in_ready());  // empty
  core.offer(add(0));
  core.edge();  // edge 0: tag 0 in stage 0
  CHECK(core.in_ready());  // nothing shown yet
  core.edge();  // edge 1: tag 0 in stage 1, shown
  CHECK(core.out_count() == 1);
  CHECK_FALSE(core.in_ready());
  core.set_out_ready(true);
  CHECK(core.in_ready());
}

TEST_CASE("in_ready with an output queue: the line holds once the queue is full", "[sc][core]") {
  PipelineConfig config = rtl_configuration(2, 1);
  config.output_queue = 1;
  PipelineCore core(config);
  core.set_out_ready(false);
  core.offer(add(0));
  core.edge();  // tag 0 at the last (only) stage, shown
  CHECK(core.in_ready());  // it can move into the queue
  core.offer(add(1));
  core.edge();  // tag 0 queued, tag 1 at the last stage
  CHECK_FALSE(core.in_ready());  // tag 1 has nowhere to go
}

TEST_CASE("A copy of PipelineCore continues on its own from the same state", "[sc][core]") {
  auto original = std::make_unique<PipelineCore>(rtl_configuration(2, 3));
  original->set_out_ready(false);
  for (uint64_t tag = 0; tag < 3; ++tag) {
    original->offer(add(tag));
    original->edge();  // edges 0, 1, 2: tags 0, 1, 2 accepted; tag 0 shown after edge 2
  }
  PipelineCore copy(*original);
  REQUIRE(copy.out_count() == 1);
  CHECK(&copy.out_result(0) != &original->out_result(0));  // the copy shows its own result
  CHECK(copy.out_result(0).tag == 0);
  CHECK(copy.next_edge() == 3);
  // The original holds, the copy drains: neither sees the other.
  original->edge();  // edge 3: not ready, holds
  CHECK(original->departed_at_last_edge().empty());
  original.reset();  // the copy's port must not point into the original
  copy.set_out_ready(true);
  std::vector<uint64_t> leave_edges;
  while (copy.in_flight() > 0) {
    copy.edge();
    for (const Result& r : copy.departed_at_last_edge()) leave_edges.push_back(r.leave_edge);
  }
  CHECK(leave_edges == std::vector<uint64_t>{3, 4, 5});
}

}  // namespace
}  // namespace halfpipe::sc
