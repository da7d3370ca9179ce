#include "bands/band_classes.hpp"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <numeric>

namespace sudoku_count::detail {
namespace {

// Types are at most 32 words of at most 4 bits of count each (N <= 10 < 16),
// so a multiset packs into 128 bits, type 0 in the highest nibble: packed
// multisets compare as their count vectors do lexicographically.
__extension__ using Packed = unsigned __int128;
constexpr int kMaxTypes = 32;

struct TypeSpace {
  int rows, cols, types;
  int digit(int type, int place) const {
    for (; place > 0; --place) type /= cols;
    return type % cols;
  }
};

using TypeMap = std::vector<std::uint8_t>;

// Generators of S_C wr S_R acting on the types: the transposition and the
// cycle of the places (boxes), the transposition and the cycle of the digit
// values (columns) at place 0. Conjugating the digit moves by the place
// moves gives every place's digit permutations, so these generate the group.
std::vector<TypeMap> generators(const TypeSpace& space) {
  const int r = space.rows, c = space.cols;
  std::vector<std::vector<int>> place_images, digit_images;
  auto transposition = [](int size) {
    std::vector<int> p(size);
    std::iota(p.begin(), p.end(), 0);
    if (size >= 2) std::swap(p[0], p[1]);
    return p;
  };
  auto cycle = [](int size) {
    std::vector<int> p(size);
    for (int i = 0; i < size; ++i) p[i] = (i + 1) % size;
    return p;
  };
  std::vector<int> identity_places(r), identity_digits(c);
  std::iota(identity_places.begin(), identity_places.end(), 0);
  std::iota(identity_digits.begin(), identity_digits.end(), 0);
  std::vector<TypeMap> out;
  auto add = [&](const std::vector<int>& place_of, const std::vector<int>& digit_at_place0) {
    TypeMap map(space.types);
    for (int t = 0; t < space.types; ++t) {
      int image = 0;
      for (int b = 0; b < r; ++b) {
        int d = space.digit(t, b);
        if (b == 0) d = digit_at_place0[d];
        int place_value = 1;
        for (int k = 0; k < place_of[b]; ++k) place_value *= c;
        image += d * place_value;
      }
      map[t] = static_cast<std::uint8_t>(image);
    }
    out.push_back(std::move(map));
  };
  if (r >= 2) {
    add(transposition(r), identity_digits);
    if (r >= 3) add(cycle(r), identity_digits);
  }
  if (c >= 2) {
    add(identity_places, transposition(c));
    if (c >= 3) add(identity_places, cycle(c));
  }
  return out;
}

// Every multiset of N types in which each (place, digit) pair is taken by
// exactly R types, packed, in increasing order.
class MultisetEnumerator {
 public:
  explicit MultisetEnumerator(const TypeSpace& space)
      : space_(space), counts_(space.types, 0), taken_(space.rows * space.cols, 0) {}

  std::vector<Packed> run() {
    extend(0, space_.rows * space_.cols);
    return std::move(found_);
  }

 private:
  void extend(int type, int left) {
    if (type == space_.types) {
      if (left == 0) found_.push_back(pack());
      return;
    }
    const int r = space_.rows, c = space_.cols;
    for (int m = 0; m <= left; ++m) {
      bool fits = true;
      for (int b = 0; b < r; ++b) {
        int& taken = taken_[b * c + space_.digit(type, b)];
        taken += m;
        fits = fits && taken <= r;
      }
      counts_[type] = m;
      if (fits) extend(type + 1, left - m);
      for (int b = 0; b < r; ++b) taken_[b * c + space_.digit(type, b)] -= m;
      if (!fits) break;  // more of this type only overfills further
    }
    counts_[type] = 0;
  }

  Packed pack() const {
    Packed packed = 0;
    for (int t = 0; t < space_.types; ++t) packed = packed << 4 | static_cast<Packed>(counts_[t]);
    return packed;
  }

  TypeSpace space_;
  std::vector<int> counts_;
  std::vector<int> taken_;  // per (place, digit): types so far that take it
  std::vector<Packed> found_;
};

int count_of(Packed packed, int type, int types) { return static_cast<int>(packed >> (4 * (types - 1 - type)) & 15); }

// Union-find over multisets, joining towards the smaller index.
struct Orbits {
  std::vector<std::uint32_t> parent;
  explicit Orbits(std::size_t n) : parent(n) { std::iota(parent.begin(), parent.end(), 0u); }
  std::uint32_t find(std::uint32_t x) {
    while (parent[x] != x) x = parent[x] = parent[parent[x]];
    return x;
  }
  void unite(std::uint32_t a, std::uint32_t b) {
    a = find(a), b = find(b);
    if (a != b) parent[std::max(a, b)] = std::min(a, b);
  }
};

std::uint64_t factorial_small(int n) {
  std::uint64_t f = 1;
  for (int k = 2; k <= n; ++k) f *= static_cast<std::uint64_t>(k);
  return f;
}

}  // namespace

bool band_classes_in_reach(const Shape& shape) {
  const int r = shape.box_rows, c = shape.box_cols;
  double types = 1;
  for (int b = 0; b < r; ++b) types *= c;
  return shape.n() <= 10 && types <= kMaxTypes;
}

std::vector<BandClass> band_classes(const Shape& shape, int threads) {
  assert(band_classes_in_reach(shape));
  TypeSpace space{shape.box_rows, shape.box_cols, 1};
  for (int b = 0; b < space.rows; ++b) space.types *= space.cols;
  const int types = space.types, n = shape.n();
  const std::vector<Packed> multisets = MultisetEnumerator(space).run();
  const std::vector<TypeMap> moves = generators(space);

  // Orbits without the group's elements: join every multiset with its image
  // under each generator (found by binary search among the sorted multisets).
  const std::size_t count = multisets.size();
  std::vector<std::uint32_t> image(count * moves.size());
#pragma omp parallel for num_threads(threads) schedule(static)
  for (std::size_t i = 0; i < count; ++i)
    for (std::size_t g = 0; g < moves.size(); ++g) {
      int moved[kMaxTypes] = {};
      for (int t = 0; t < types; ++t) moved[moves[g][t]] = count_of(multisets[i], t, types);
      Packed packed = 0;
      for (int t = 0; t < types; ++t) packed = packed << 4 | static_cast<Packed>(moved[t]);
      const auto at = std::lower_bound(multisets.begin(), multisets.end(), packed);
      assert(at != multisets.end() && *at == packed);
      image[i * moves.size() + g] = static_cast<std::uint32_t>(at - multisets.begin());
    }
  Orbits orbits(count);
  for (std::size_t i = 0; i < count; ++i)
    for (std::size_t g = 0; g < moves.size(); ++g) orbits.unite(static_cast<std::uint32_t>(i), image[i * moves.size() + g]);

  // A class's size: each multiset in it is the type list of N!/prod(m_t!)
  // labelled column-set choices X. The representative is the first member.
  const std::uint64_t labellings = factorial_small(n);
  std::vector<std::uint64_t> size(count, 0);
  for (std::size_t i = 0; i < count; ++i) {
    std::uint64_t choices = labellings;
    for (int t = 0; t < types; ++t) choices /= factorial_small(count_of(multisets[i], t, types));
    size[orbits.find(static_cast<std::uint32_t>(i))] += choices;  // at most C(10,5)^5 < 2^40 in all
  }
  std::vector<BandClass> classes;
  for (std::size_t i = 0; i < count; ++i) {
    if (orbits.find(static_cast<std::uint32_t>(i)) != i) continue;
    BandClass band_class;
    band_class.symbols_of_type.resize(types);
    for (int t = 0; t < types; ++t) band_class.symbols_of_type[t] = count_of(multisets[i], t, types);
    band_class.column_sets = size[i];
    classes.push_back(std::move(band_class));
  }
  return classes;
}

void band_class_column_sets(const BandClass& band_class, const Shape& shape, Mask* sets) {
  const int r = shape.box_rows, c = shape.box_cols;
  std::fill(sets, sets + shape.n(), Mask{0});
  int symbol = 0;
  for (std::size_t type = 0; type < band_class.symbols_of_type.size(); ++type)
    for (int m = 0; m < band_class.symbols_of_type[type]; ++m, ++symbol) {
      int rest = static_cast<int>(type);
      for (int b = 0; b < r; ++b, rest /= c) sets[b * c + rest % c] |= Mask{1} << symbol;
    }
}

}  // namespace sudoku_count::detail
