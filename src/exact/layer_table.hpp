#pragma once
// A table of F values keyed by layer keys (layer_states.hpp), shared by the
// threads of a count: open addressing in shards, each shard behind its own
// reader-writer lock and grown on its own, so that lookups (nearly all the
// traffic) run side by side and a table never needs one huge allocation.
// A value of 0 marks an empty slot: F of a state is never 0 (a regular
// bipartite graph always decomposes into perfect matchings, by Konig's
// theorem).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <shared_mutex>
#include <vector>

#include "exact/layer_states.hpp"

namespace sudoku_count::detail {

class LayerTable {
 public:
  // 2^shard_bits shards.
  explicit LayerTable(int shard_bits = 8);
  ~LayerTable();
  LayerTable(const LayerTable&) = delete;
  LayerTable& operator=(const LayerTable&) = delete;

  std::optional<std::uint64_t> find(const LayerKey& key) const;
  // Stores the value unless the key is present (then the value stored is the
  // same: F is a function of the key).
  void insert(const LayerKey& key, std::uint64_t value);

  std::size_t size() const;
  // Memory held by the slots.
  std::size_t bytes() const;
  static constexpr std::size_t kSlotBytes = 24;

  // Every entry, in no particular order (for saving and tests).
  template <class Visit>
  void for_each(Visit&& visit) const {
    for (const auto& shard : shards_) {
      std::shared_lock lock(shard->mutex);
      for (const Slot& slot : shard->slots)
        if (slot.value != 0) visit(LayerKey{slot.hi, slot.lo}, slot.value);
    }
  }

 private:
  struct Slot {
    std::uint64_t hi = 0, lo = 0, value = 0;
  };
  struct Shard {
    mutable std::shared_mutex mutex;
    std::vector<Slot> slots;  // a power of two, at most 3/4 full
    std::size_t used = 0;
  };
  int shard_bits_;
  std::vector<std::unique_ptr<Shard>> shards_;
};

}  // namespace sudoku_count::detail
