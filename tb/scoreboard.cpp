#include "tb/scoreboard.h"

#include <stdexcept>

namespace halfpipe::tb {

void Scoreboard::expect(const Expected& e) {
  if (in_flight() == kCapacity) throw std::logic_error("scoreboard: more in flight than any Depth");
  queue_[tail_++ % kCapacity] = e;
}

void Scoreboard::check(const OutBeat& got) {
  if (in_flight() == 0) {
    ++failed_;
    reporter_({Mismatch::Kind::Unexpected, 0, 0, {}, 0, got.tag});
    return;
  }
  const Expected& e = queue_[head_++ % kCapacity];
  if (got.tag != e.tag) {
    ++failed_;
    reporter_({Mismatch::Kind::Tag, e.plan, 0, {}, e.tag, got.tag});
  }
  if (got.lane_mask != e.lane_mask) {
    ++failed_;
    reporter_({Mismatch::Kind::LaneMask, e.plan, 0, {}, e.lane_mask, got.lane_mask});
  }
  for (int lane = 0; lane < lanes_; ++lane) {
    const bool enabled = (e.lane_mask >> lane) & 1;
    const uint16_t want = enabled ? e.result[lane] : 0;
    if (got.result[lane] == want) {
      passed_ += enabled;
    } else {
      ++failed_;
      reporter_({Mismatch::Kind::Result, e.plan, lane, e.operands[lane], want, got.result[lane]});
    }
  }
}

}  // namespace halfpipe::tb
