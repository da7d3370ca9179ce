#include "exact/layer_table.hpp"

#include <mutex>

#include "sudoku_count/rng.hpp"

namespace sudoku_count::detail {
namespace {

constexpr std::size_t kFirstShardSlots = 64;

std::uint64_t hash_of(const LayerKey& key) {
  return mix64(key.hi * 0x9e3779b97f4a7c15ull ^ (key.lo + 0x632be59bd9b4e019ull));
}

}  // namespace

LayerTable::LayerTable(int shard_bits) : shard_bits_(shard_bits) {
  shards_.resize(std::size_t{1} << shard_bits);
  for (auto& shard : shards_) {
    shard = std::make_unique<Shard>();
    shard->slots.resize(kFirstShardSlots);
  }
}

LayerTable::~LayerTable() = default;

std::optional<std::uint64_t> LayerTable::find(const LayerKey& key) const {
  const std::uint64_t h = hash_of(key);
  const Shard& shard = *shards_[h >> (64 - shard_bits_)];
  std::shared_lock lock(shard.mutex);
  const std::size_t mask = shard.slots.size() - 1;
  for (std::size_t i = h & mask;; i = (i + 1) & mask) {
    const Slot& slot = shard.slots[i];
    if (slot.value == 0) return std::nullopt;
    if (slot.hi == key.hi && slot.lo == key.lo) return slot.value;
  }
}

void LayerTable::insert(const LayerKey& key, std::uint64_t value) {
  const std::uint64_t h = hash_of(key);
  Shard& shard = *shards_[h >> (64 - shard_bits_)];
  std::unique_lock lock(shard.mutex);
  auto place = [&](std::vector<Slot>& slots, const Slot& entry, std::uint64_t hash) {
    const std::size_t mask = slots.size() - 1;
    for (std::size_t i = hash & mask;; i = (i + 1) & mask) {
      if (slots[i].value == 0) {
        slots[i] = entry;
        return true;
      }
      if (slots[i].hi == entry.hi && slots[i].lo == entry.lo) return false;
    }
  };
  if (4 * (shard.used + 1) > 3 * shard.slots.size()) {
    std::vector<Slot> grown(2 * shard.slots.size());
    for (const Slot& slot : shard.slots)
      if (slot.value != 0) place(grown, slot, hash_of(LayerKey{slot.hi, slot.lo}));
    shard.slots.swap(grown);
  }
  if (place(shard.slots, Slot{key.hi, key.lo, value}, h)) ++shard.used;
}

std::size_t LayerTable::size() const {
  std::size_t total = 0;
  for (const auto& shard : shards_) {
    std::shared_lock lock(shard->mutex);
    total += shard->used;
  }
  return total;
}

std::size_t LayerTable::bytes() const {
  std::size_t total = 0;
  for (const auto& shard : shards_) {
    std::shared_lock lock(shard->mutex);
    total += shard->slots.size() * sizeof(Slot);
  }
  return total;
}

}  // namespace sudoku_count::detail
