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
  std::vector<std::uint8_t> digits;  // digit b of type t at t * rows + b

  explicit TypeSpace(const Shape& shape) : rows(shape.box_rows), cols(shape.box_cols), types(1) {
    for (int b = 0; b < rows; ++b) types *= cols;
    digits.resize(static_cast<std::size_t>(types) * rows);
    for (int t = 0; t < types; ++t)
      for (int b = 0, rest = t; b < rows; ++b, rest /= cols)
        digits[t * rows + b] = static_cast<std::uint8_t>(rest % cols);
  }
  int digit(int type, int place) const { return digits[type * rows + place]; }
};

using TypeMap = std::vector<std::uint8_t>;

// Generators of S_C wr S_R acting on the types: the transposition and the
// cycle of the places (boxes), the transposition and the cycle of the digit
// values (columns) at place 0. Conjugating the digit moves by the place
// moves gives every place's digit permutations, so these generate the group.
std::vector<TypeMap> generators(const TypeSpace& space) {
  const int r = space.rows, c = space.cols;
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
// exactly R types, packed, in increasing order: the count of each type in
// turn, entering only states from which the remaining types can still
// complete a multiset. That test is a table built backwards over the types:
// a state is what is still needed, R - taken for each (place, digit) but the
// last digit of each place (fixed by the number of symbols left), and the
// number of symbols left; (R+1)^(R(C-1)) (N+1) states (85,536 for two 5-row
// bands). Without it, the walk spends nearly all its time in dead ends.
class MultisetEnumerator {
 public:
  explicit MultisetEnumerator(const TypeSpace& space)
      : space_(space), counts_(space.types, 0), need_(space.rows * space.cols, space.rows) {
    const int r = space.rows, c = space.cols;
    radix_.assign(r * c, 0);
    std::size_t place = space.rows * space.cols + 1;  // the first digit of a state is the symbols left
    for (int b = 0; b < r; ++b)
      for (int k = 0; k + 1 < c; ++k) {
        radix_[b * c + k] = place;
        place *= static_cast<std::size_t>(r + 1);
      }
    states_ = place;
    build_feasible();
  }

  std::vector<Packed> run() {
    const int n = space_.rows * space_.cols;
    extend(0, state_of(need_, n), n);
    return std::move(found_);
  }

 private:
  std::size_t state_of(const std::vector<int>& need, int left) const {
    std::size_t state = static_cast<std::size_t>(left);
    for (std::size_t i = 0; i < need.size(); ++i) state += static_cast<std::size_t>(need[i]) * radix_[i];
    return state;
  }

  // What taking m more symbols of `type` subtracts from a state.
  std::size_t step(int type) const {
    std::size_t delta = 1;
    for (int b = 0; b < space_.rows; ++b) delta += radix_[b * space_.cols + space_.digit(type, b)];
    return delta;
  }

  // feasible_[t][state]: types t.. can fill exactly what the state needs.
  void build_feasible() {
    const int r = space_.rows, c = space_.cols, n = r * c, types = space_.types;
    feasible_.assign(static_cast<std::size_t>(types + 1) * states_, 0);
    feasible_[static_cast<std::size_t>(types) * states_ + 0] = 1;
    // Decode every state once; a state whose needs do not add up to the
    // symbols left at every place is never reached.
    std::vector<std::uint8_t> needs(states_ * r * c);
    std::vector<std::uint32_t> valid_states;
    for (std::size_t state = 0; state < states_; ++state) {
      std::uint8_t* need = &needs[state * r * c];
      std::size_t rest = state / static_cast<std::size_t>(n + 1);
      const int left = static_cast<int>(state % static_cast<std::size_t>(n + 1));
      bool valid = true;
      for (int b = 0; b < r; ++b) {
        int sum = 0;
        for (int k = 0; k + 1 < c; ++k) {
          need[b * c + k] = static_cast<std::uint8_t>(rest % static_cast<std::size_t>(r + 1));
          rest /= static_cast<std::size_t>(r + 1);
          sum += need[b * c + k];
        }
        valid = valid && left - sum >= 0 && left - sum <= r;
        need[b * c + c - 1] = static_cast<std::uint8_t>(std::max(0, left - sum));
      }
      if (valid) valid_states.push_back(static_cast<std::uint32_t>(state));
    }
    for (int t = types - 1; t >= 0; --t) {
      const std::uint8_t* after = &feasible_[static_cast<std::size_t>(t + 1) * states_];
      std::uint8_t* here = &feasible_[static_cast<std::size_t>(t) * states_];
      const std::size_t delta = step(t);
      for (const std::uint32_t state : valid_states) {
        const std::uint8_t* need = &needs[std::size_t{state} * r * c];
        int most = static_cast<int>(state % static_cast<std::size_t>(n + 1));  // the most symbols of type t it can take
        for (int b = 0; b < r; ++b) most = std::min(most, static_cast<int>(need[b * c + space_.digit(t, b)]));
        for (int m = 0; m <= most; ++m)
          if (after[state - static_cast<std::size_t>(m) * delta]) {
            here[state] = 1;
            break;
          }
      }
    }
  }

  void extend(int type, std::size_t state, int left) {
    if (type == space_.types) {
      found_.push_back(pack());
      return;
    }
    const int r = space_.rows, c = space_.cols;
    int most = left;
    for (int b = 0; b < r; ++b) most = std::min(most, need_[b * c + space_.digit(type, b)]);
    const std::size_t delta = step(type);
    const std::uint8_t* after = &feasible_[static_cast<std::size_t>(type + 1) * states_];
    for (int m = 0; m <= most; ++m) {
      const std::size_t next = state - static_cast<std::size_t>(m) * delta;
      if (!after[next]) continue;
      counts_[type] = m;
      for (int b = 0; b < r; ++b) need_[b * c + space_.digit(type, b)] -= m;
      extend(type + 1, next, left - m);
      for (int b = 0; b < r; ++b) need_[b * c + space_.digit(type, b)] += m;
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
  std::vector<int> need_;            // per (place, digit): types still to take it
  std::vector<std::size_t> radix_;   // place value of each (place, digit) in a state but the last digits
  std::size_t states_ = 0;
  std::vector<std::uint8_t> feasible_;
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
  const TypeSpace space(shape);
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
    for (std::size_t g = 0; g < moves.size(); ++g)
      orbits.unite(static_cast<std::uint32_t>(i), image[i * moves.size() + g]);

  // A class's size: each multiset in it is the type list of N!/prod(m_t!)
  // labelled column-set choices X. The representative is the first member.
  const std::uint64_t labellings = factorial_small(n);
  std::vector<std::uint64_t> size(count, 0);
  for (std::size_t i = 0; i < count; ++i) {
    std::uint64_t choices = labellings;
    for (int t = 0; t < types; ++t) choices /= factorial_small(count_of(multisets[i], t, types));
    size[orbits.find(static_cast<std::uint32_t>(i))] += choices;  // in all (N!/(R!)^C)^R < 2^40
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
