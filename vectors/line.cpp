#include "vectors/line.h"

#include <cstring>

namespace halfpipe::vectors {

const Form& FormCache::get(std::string_view text) {
  // The first forms seen are compared directly: cheaper than hashing when a batch mixes a few
  // dozen forms, as generated vectors do.
  for (const Form* f : first_seen_)
    if (f->text.size() == text.size() && std::memcmp(f->text.data(), text.data(), text.size()) == 0)
      return *f;
  key_.assign(text.data(), text.size());
  auto it = forms_.find(key_);
  if (it == forms_.end()) {
    isa::Decoded d = isa::decode_ptx(text, target_);
    it = forms_.emplace(key_, Form{d.uop, std::move(d.error), key_}).first;
    if (first_seen_.size() < kFirstSeen) first_seen_.push_back(&it->second);
  }
  return it->second;
}

}  // namespace halfpipe::vectors
