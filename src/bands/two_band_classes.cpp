#include "bands/two_band_classes.hpp"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <numeric>

namespace sudoku_count::detail {
namespace {

using TypeMap = std::vector<std::uint8_t>;

// The hyperoctahedral group on R-bit types: permute the bits (stacks), then
// flip some (swap the columns of those stacks).
std::vector<TypeMap> hyperoctahedral_group(int rows) {
  const int types = 1 << rows;
  std::vector<int> order(rows);
  std::iota(order.begin(), order.end(), 0);
  std::vector<TypeMap> group;
  do {
    for (int flip = 0; flip < types; ++flip) {
      TypeMap map(types);
      for (int t = 0; t < types; ++t) {
        int image = 0;
        for (int k = 0; k < rows; ++k)
          if (t >> k & 1) image |= 1 << order[k];
        map[t] = static_cast<std::uint8_t>(image ^ flip);
      }
      group.push_back(std::move(map));
    }
  } while (std::next_permutation(order.begin(), order.end()));
  return group;
}

// Every multiset of N = 2R types in which each bit is set in exactly R types,
// as rows of `types` counts.
class MultisetEnumerator {
 public:
  explicit MultisetEnumerator(int rows) : rows_(rows), types_(1 << rows), counts_(types_, 0), set_(rows, 0), clear_(rows, 0) {}

  std::vector<std::uint8_t> run() {
    extend(0, 2 * rows_);
    return std::move(found_);
  }

 private:
  void extend(int type, int left) {
    if (type == types_) {
      if (left == 0) found_.insert(found_.end(), counts_.begin(), counts_.end());
      return;
    }
    for (int m = 0; m <= left; ++m) {
      bool fits = true;
      for (int k = 0; k < rows_; ++k) {
        int& side = (type >> k & 1) ? set_[k] : clear_[k];
        side += m;
        fits = fits && side <= rows_;
      }
      counts_[type] = static_cast<std::uint8_t>(m);
      if (fits) extend(type + 1, left - m);
      for (int k = 0; k < rows_; ++k) ((type >> k & 1) ? set_[k] : clear_[k]) -= m;
      if (!fits) break;  // more of this type only overfills further
    }
    counts_[type] = 0;
  }

  int rows_, types_;
  std::vector<std::uint8_t> counts_;
  std::vector<int> set_, clear_;  // symbols so far whose type has / lacks bit k
  std::vector<std::uint8_t> found_;
};

// A multiset is its class's representative when no group element maps it to
// a larger one, comparing counts from the highest type down. Running over
// every element g, counts[g(t)] is the image under g's inverse.
bool is_representative(const std::uint8_t* counts, const std::vector<TypeMap>& group) {
  const int types = static_cast<int>(group.front().size());
  for (const TypeMap& map : group)
    for (int t = types - 1; t >= 0; --t) {
      const int image = counts[map[t]];
      if (image != counts[t]) {
        if (image > counts[t]) return false;
        break;
      }
    }
  return true;
}

int stabiliser_order(const std::uint8_t* counts, const std::vector<TypeMap>& group) {
  const int types = static_cast<int>(group.front().size());
  int order = 0;
  for (const TypeMap& map : group) {
    int t = 0;
    while (t < types && counts[map[t]] == counts[t]) ++t;
    order += t == types;
  }
  return order;
}

}  // namespace

std::vector<TwoBandClass> two_band_classes(int rows, int threads) {
  assert(rows >= 1 && rows <= kMaxTwoBandRows);
  const int types = 1 << rows;
  const std::vector<TypeMap> group = hyperoctahedral_group(rows);
  const std::vector<std::uint8_t> multisets = MultisetEnumerator(rows).run();
  const std::size_t count = multisets.size() / types;

  std::vector<char> representative(count, 0);
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1024)
  for (std::size_t i = 0; i < count; ++i) representative[i] = is_representative(&multisets[i * types], group);

  // Class size: the orbit's multisets (|group| / |stabiliser|), each the types
  // of N!/prod(m_t!) labelled choices of X.
  std::vector<TwoBandClass> classes;
  const BigInt labellings = factorial(2 * rows);
  for (std::size_t i = 0; i < count; ++i) {
    if (!representative[i]) continue;
    const std::uint8_t* counts = &multisets[i * types];
    TwoBandClass type_class;
    type_class.symbols_of_type.assign(counts, counts + types);
    BigInt size = labellings * static_cast<unsigned>(group.size() / stabiliser_order(counts, group));
    for (int t = 0; t < types; ++t) size /= factorial(counts[t]);
    type_class.column_sets = size;
    classes.push_back(std::move(type_class));
  }
  return classes;
}

void two_band_column_sets(const TwoBandClass& type_class, int rows, Mask* sets) {
  std::fill(sets, sets + 2 * rows, Mask{0});
  int symbol = 0;
  for (std::size_t type = 0; type < type_class.symbols_of_type.size(); ++type)
    for (int m = 0; m < type_class.symbols_of_type[type]; ++m, ++symbol)
      for (int k = 0; k < rows; ++k) sets[2 * k + ((type >> k & 1) ? 0 : 1)] |= Mask{1} << symbol;
}

}  // namespace sudoku_count::detail
