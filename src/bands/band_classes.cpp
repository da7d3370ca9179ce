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
// exactly R types, as the count of each type in turn, entering only states
// from which the remaining types can still complete a multiset. That test is
// a table built backwards over the types: a state is what is still needed,
// R - taken for each (place, digit) but the last digit of each place (fixed
// by the number of symbols left), and the number of symbols left;
// (R+1)^(R(C-1)) (N+1) states (85,536 for two 5-row bands, 1,529,437 for two
// 6-row bands), one bit per state and type. Without it, the walk spends
// nearly all its time in dead ends. The tables are read-only once built, so
// threads walk different parts of one enumerator at once.
class MultisetEnumerator {
 public:
  explicit MultisetEnumerator(const TypeSpace& space) : space_(space) {
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

  const TypeSpace& space() const { return space_; }

  // Calls visit(counts) for every count vector of types [0, depth) that
  // starts with `prefix` (counts of the first types) and that the remaining
  // types can complete. With cap_by_first, every type takes at most as many
  // symbols as type 0 (the representatives of classes_in_chunk have this
  // form); counts[0..depth) are the multiset's, the rest are 0.
  template <typename Visit>
  void walk(const std::vector<int>& prefix, int depth, bool cap_by_first, Visit&& visit) const {
    Walk<Visit> w{*this, std::vector<int>(space_.types, 0), std::vector<int>(space_.rows * space_.cols, space_.rows),
                  depth, cap_by_first, visit};
    const int n = space_.rows * space_.cols;
    std::size_t state = initial_state();
    int left = n;
    for (std::size_t t = 0; t < prefix.size(); ++t) {
      const int m = prefix[t];
      if (m > left || (cap_by_first && t > 0 && m > prefix[0])) return;
      for (int b = 0; b < space_.rows; ++b) {
        int& need = w.need[b * space_.cols + space_.digit(static_cast<int>(t), b)];
        if (need < m) return;
        need -= m;
      }
      state -= static_cast<std::size_t>(m) * step(static_cast<int>(t));
      left -= m;
      if (!feasible(static_cast<int>(t) + 1, state)) return;
      w.counts[t] = m;
    }
    w.extend(static_cast<int>(prefix.size()), state, left);
  }

 private:
  template <typename Visit>
  struct Walk {
    const MultisetEnumerator& e;
    std::vector<int> counts;
    std::vector<int> need;  // per (place, digit): types still to take it
    int depth;
    bool cap_by_first;
    Visit& visit;

    void extend(int type, std::size_t state, int left) {
      if (type == depth) {
        visit(counts);
        return;
      }
      const int r = e.space_.rows, c = e.space_.cols;
      int most = left;
      if (cap_by_first && type > 0) most = std::min(most, counts[0]);
      for (int b = 0; b < r; ++b) most = std::min(most, need[b * c + e.space_.digit(type, b)]);
      const std::size_t delta = e.step(type);
      for (int m = 0; m <= most; ++m) {
        const std::size_t next = state - static_cast<std::size_t>(m) * delta;
        if (!e.feasible(type + 1, next)) continue;
        counts[type] = m;
        for (int b = 0; b < r; ++b) need[b * c + e.space_.digit(type, b)] -= m;
        extend(type + 1, next, left - m);
        for (int b = 0; b < r; ++b) need[b * c + e.space_.digit(type, b)] += m;
      }
      counts[type] = 0;
    }
  };

  std::size_t initial_state() const {
    const int r = space_.rows, c = space_.cols;
    std::size_t state = static_cast<std::size_t>(r * c);
    for (int b = 0; b < r; ++b)
      for (int k = 0; k + 1 < c; ++k) state += static_cast<std::size_t>(r) * radix_[b * c + k];
    return state;
  }

  // What taking one more symbol of `type` subtracts from a state.
  std::size_t step(int type) const {
    std::size_t delta = 1;
    for (int b = 0; b < space_.rows; ++b) delta += radix_[b * space_.cols + space_.digit(type, b)];
    return delta;
  }

  bool feasible(int type, std::size_t state) const {
    const std::size_t bit = static_cast<std::size_t>(type) * states_ + state;
    return feasible_[bit >> 6] >> (bit & 63) & 1;
  }
  void set_feasible(int type, std::size_t state) {
    const std::size_t bit = static_cast<std::size_t>(type) * states_ + state;
    feasible_[bit >> 6] |= std::uint64_t{1} << (bit & 63);
  }

  // feasible(t, state): types t.. can fill exactly what the state needs.
  void build_feasible() {
    const int r = space_.rows, c = space_.cols, n = r * c, types = space_.types;
    feasible_.assign((static_cast<std::size_t>(types + 1) * states_ + 63) / 64, 0);
    set_feasible(types, 0);
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
      const std::size_t delta = step(t);
      for (const std::uint32_t state : valid_states) {
        const std::uint8_t* need = &needs[std::size_t{state} * r * c];
        int most = static_cast<int>(state % static_cast<std::size_t>(n + 1));  // the most symbols of type t it can take
        for (int b = 0; b < r; ++b) most = std::min(most, static_cast<int>(need[b * c + space_.digit(t, b)]));
        for (int m = 0; m <= most; ++m)
          if (feasible(t + 1, state - static_cast<std::size_t>(m) * delta)) {
            set_feasible(t, state);
            break;
          }
      }
    }
  }

  TypeSpace space_;
  std::vector<std::size_t> radix_;  // place value of each (place, digit) in a state but the last digits
  std::size_t states_ = 0;
  std::vector<std::uint64_t> feasible_;  // bit (type, state)
};

Packed pack(const std::vector<int>& counts) {
  Packed packed = 0;
  for (const int m : counts) packed = packed << 4 | static_cast<Packed>(m);
  return packed;
}

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
  std::vector<Packed> multisets;
  MultisetEnumerator(space).walk({}, types, false, [&](const std::vector<int>& counts) { multisets.push_back(pack(counts)); });
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

// ---- two bands, streamed -------------------------------------------------------

namespace {

// Chunks wanted: enough that a job spreads over many threads and loses
// little when stopped (a chunk holds a few classes on average for R = 6).
std::uint64_t chunks_wanted(int rows) { return std::uint64_t{1} << (2 * rows + 2); }

// The elements of B_R (flip x, then move bit i to bit p(i)) map the count
// vector m to m'(t) = m(q(t) xor x), q = p^-1 applied to the bits of t. The
// search fixes q bit by bit: once q(0..j) is fixed, m' is known on the
// types below 2^(j+1), so a branch whose m' is already smaller is dropped,
// and one already larger shows that m is not its class's largest.
class LargestTest {
 public:
  LargestTest(const std::vector<int>& counts, int rows) : m_(counts), rows_(rows) {}

  // 0 if some element maps m to a larger vector; else the number of elements fixing m.
  std::uint64_t fixing() {
    const int types = 1 << rows_;
    for (int x = 0; x < types; ++x) {
      if (m_[x] > m_[0]) return 0;
      if (m_[x] < m_[0]) continue;
      x_ = x;
      source_[0] = 0;
      if (!search(0, 0)) return 0;
    }
    return fixing_;
  }

 private:
  // False when a larger image was found.
  bool search(int bit, unsigned used) {
    if (bit == rows_) {
      ++fixing_;
      return true;
    }
    const int low = 1 << bit;
    for (int q = 0; q < rows_; ++q) {
      if (used >> q & 1) continue;
      int order = 0;  // image vs m on the types [low, 2 low): -1 smaller, 0 equal, 1 larger
      for (int t = low; t < 2 * low && order == 0; ++t) {
        source_[t & 63] = source_[(t - low) & 63] | 1 << q;  // t < 2^R <= 64
        const int image = m_[source_[t & 63] ^ x_];
        order = image < m_[t] ? -1 : image > m_[t] ? 1 : 0;
      }
      if (order > 0) return false;
      if (order == 0 && !search(bit + 1, used | 1u << q)) return false;
    }
    return true;
  }

  const std::vector<int>& m_;
  int rows_;
  int x_ = 0;
  int source_[64] = {};
  std::uint64_t fixing_ = 0;
};

}  // namespace

struct TwoBandClassChunks::Tables {
  MultisetEnumerator enumerator;
  int depth = 0;  // types fixed by a chunk's prefix
};

TwoBandClassChunks::TwoBandClassChunks(int rows) : rows_(rows) {
  assert(rows >= 1 && rows <= 6);
  const Shape shape{rows, 2};
  auto tables = std::make_unique<Tables>(Tables{MultisetEnumerator(TypeSpace(shape)), 0});
  const int types = tables->enumerator.space().types;
  // The shallowest prefixes that are numerous enough (at most the whole multisets).
  for (int depth = 1; depth <= types; ++depth) {
    prefixes_.clear();
    tables->enumerator.walk({}, depth, true, [&](const std::vector<int>& counts) {
      prefixes_.emplace_back(counts.begin(), counts.begin() + depth);
    });
    tables->depth = depth;
    if (prefixes_.size() >= chunks_wanted(rows)) break;
  }
  tables_ = std::move(tables);
}

TwoBandClassChunks::~TwoBandClassChunks() = default;

void TwoBandClassChunks::for_each_class(std::uint64_t chunk, const std::function<void(const BandClass&)>& visit) const {
  assert(chunk < prefixes_.size());
  const int types = tables_->enumerator.space().types, n = 2 * rows_;
  std::uint64_t group_order = std::uint64_t{1} << rows_;
  for (int k = 2; k <= rows_; ++k) group_order *= static_cast<std::uint64_t>(k);
  const std::uint64_t labellings = factorial_small(n);
  tables_->enumerator.walk(prefixes_[chunk], types, true, [&](const std::vector<int>& counts) {
    const std::uint64_t fixing = LargestTest(counts, rows_).fixing();
    if (fixing == 0) return;
    std::uint64_t choices = labellings;
    for (const int m : counts) choices /= factorial_small(m);
    BandClass band_class;
    band_class.symbols_of_type = counts;
    band_class.column_sets = BigInt(group_order / fixing) * choices;
    visit(band_class);
  });
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
