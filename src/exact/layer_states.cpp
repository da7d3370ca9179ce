#include "exact/layer_states.hpp"

#include <algorithm>
#include <cstddef>
#include <map>
#include <numeric>
#include <vector>

namespace sudoku_count::detail {
namespace {

constexpr int kTypeBits = 10;
constexpr std::uint64_t kTypeMask = (std::uint64_t{1} << kTypeBits) - 1;
constexpr int kTypesPerWord = 6;
constexpr int kPowersOf3[kMaxLayerBoxes + 1] = {1, 3, 9, 27, 81, 243, 729};

using Types = std::array<std::uint16_t, kMaxLayerColumns>;

// Invariants are summed over columns as mixed words (splitmix64), so that
// the sum depends on the multiset of the terms only.
constexpr std::uint64_t mix(std::uint64_t x) { return mix64(x + 0x9e3779b97f4a7c15ull); }

LayerKey pack_sorted(Types& types, int n) {
  // Insertion sort: at most 12 small numbers.
  for (int i = 1; i < n; ++i) {
    const std::uint16_t t = types[i];
    int j = i - 1;
    for (; j >= 0 && types[j] > t; --j) types[j + 1] = types[j];
    types[j + 1] = t;
  }
  LayerKey key;
  for (int i = 0; i < kMaxLayerColumns; ++i) {
    const std::uint64_t t = i < n ? types[i] : 0;
    std::uint64_t& word = i < kTypesPerWord ? key.hi : key.lo;
    word |= t << (kTypeBits * (kTypesPerWord - 1 - i % kTypesPerWord));
  }
  return key;
}

// The types of the state with column j contributing weight[j] to the type
// of each of its symbols.
LayerKey key_with_weights(const LayerState& state, const std::array<std::uint16_t, kMaxLayerColumns>& weight) {
  const int n = state.n();
  Types types{};
  for (int j = 0; j < n; ++j)
    for (Mask set = state.columns[j]; set; set = clear_low_bit(set)) types[low_bit_index(set)] += weight[j];
  return pack_sorted(types, n);
}

// Column weights of the element that puts box b at position pos[b],
// its columns swapped when flip bit b is set.
std::array<std::uint16_t, kMaxLayerColumns> weights_of(int boxes, const int* pos, unsigned flips) {
  std::array<std::uint16_t, kMaxLayerColumns> weight{};
  for (int b = 0; b < boxes; ++b) {
    const bool flipped = (flips >> b) & 1u;
    const int place = kPowersOf3[pos[b]];
    weight[2 * b] = static_cast<std::uint16_t>((flipped ? 2 : 1) * place);
    weight[2 * b + 1] = static_cast<std::uint16_t>((flipped ? 1 : 2) * place);
  }
  return weight;
}

// The canonical key. Invariants of a
// column j: the histogram of its intersections with the columns of the
// other boxes (round 1), then those intersections paired with the other
// columns' round-1 invariants, and its box partner's (round 2). Boxes are
// ordered by the unordered pair of their columns' invariants, and a box's
// first column is the one of smaller invariant; boxes whose pairs tie are
// tried in every order, and boxes whose two columns tie in both ways.
LayerKey canonical_key(const LayerState& state) {
  const int r = state.boxes, n = state.n();
  int inter[kMaxLayerColumns][kMaxLayerColumns];
  for (int j = 0; j < n; ++j)
    for (int k = j + 1; k < n; ++k) inter[j][k] = inter[k][j] = popcount(state.columns[j] & state.columns[k]);
  std::uint64_t first[kMaxLayerColumns], second[kMaxLayerColumns];
  for (int j = 0; j < n; ++j) {
    std::uint64_t histogram = 0;
    for (int k = 0; k < n; ++k)
      if ((k >> 1) != (j >> 1)) histogram += std::uint64_t{1} << (5 * inter[j][k]);
    first[j] = histogram;
  }
  for (int j = 0; j < n; ++j) {
    std::uint64_t sum = mix(first[j]) ^ (mix(first[j ^ 1] + 0x51ed27) << 1);
    for (int k = 0; k < n; ++k)
      if ((k >> 1) != (j >> 1)) sum += mix(first[k] * 8 + static_cast<std::uint64_t>(inter[j][k]));
    second[j] = sum;
  }
  struct Box {
    std::uint64_t low, high;
    int index;
  };
  Box boxes[kMaxLayerBoxes];
  unsigned flips = 0, ambiguous = 0;
  for (int b = 0; b < r; ++b) {
    const std::uint64_t a = second[2 * b], c = second[2 * b + 1];
    boxes[b] = Box{std::min(a, c), std::max(a, c), b};
    if (a > c) flips |= 1u << b;
    if (a == c) ambiguous |= 1u << b;
  }
  // Insertion sort by (low, high, index): at most 6 boxes.
  auto before = [](const Box& x, const Box& y) {
    return x.low != y.low ? x.low < y.low : x.high != y.high ? x.high < y.high : x.index < y.index;
  };
  for (int i = 1; i < r; ++i) {
    const Box box = boxes[i];
    int j = i - 1;
    for (; j >= 0 && before(box, boxes[j]); --j) boxes[j + 1] = boxes[j];
    boxes[j + 1] = box;
  }
  // Tie groups: [group_start[g], group_start[g + 1]).
  int group_start[kMaxLayerBoxes + 1], groups = 0;
  for (int i = 0; i < r; ++i)
    if (i == 0 || boxes[i].low != boxes[i - 1].low || boxes[i].high != boxes[i - 1].high) group_start[groups++] = i;
  group_start[groups] = r;
  int order[kMaxLayerBoxes];
  for (int i = 0; i < r; ++i) order[i] = boxes[i].index;

  LayerKey best{~std::uint64_t{0}, ~std::uint64_t{0}};
  int pos[kMaxLayerBoxes];
  while (true) {
    for (int i = 0; i < r; ++i) pos[order[i]] = i;
    // Every subset of the ambiguous boxes flipped on top of the chosen flips.
    for (unsigned sub = ambiguous;; sub = (sub - 1) & ambiguous) {
      const LayerKey key = key_with_weights(state, weights_of(r, pos, flips ^ sub));
      if (key < best) best = key;
      if (sub == 0) break;
    }
    // Next ordering: the odometer of the tie groups' permutations.
    int g = groups - 1;
    for (; g >= 0; --g)
      if (std::next_permutation(order + group_start[g], order + group_start[g + 1])) break;
    if (g < 0) break;
  }
  return best;
}

}  // namespace

LayerKey layer_types_key(const LayerState& state) {
  int pos[kMaxLayerBoxes];
  for (int b = 0; b < state.boxes; ++b) pos[b] = b;
  return key_with_weights(state, weights_of(state.boxes, pos, 0));
}

LayerState layer_state_of_key(const LayerKey& key, int boxes, int rows) {
  LayerState state;
  state.boxes = boxes;
  state.rows = rows;
  for (int s = 0; s < state.n(); ++s) {
    const std::uint64_t word = s < kTypesPerWord ? key.hi : key.lo;
    int type = static_cast<int>((word >> (kTypeBits * (kTypesPerWord - 1 - s % kTypesPerWord))) & kTypeMask);
    for (int b = 0; b < boxes; ++b, type /= 3)
      if (type % 3 != 0) state.columns[2 * b + type % 3 - 1] |= Mask{1} << s;
  }
  return state;
}

LayerKey layer_key(const LayerState& state) { return canonical_key(state); }

LayerState apply_box_symmetry(const LayerState& state, const std::array<int, kMaxLayerBoxes>& perm, unsigned flips) {
  LayerState moved = state;
  for (int b = 0; b < state.boxes; ++b) {
    const bool flipped = (flips >> b) & 1u;
    moved.columns[2 * perm[b]] = state.columns[2 * b + (flipped ? 1 : 0)];
    moved.columns[2 * perm[b] + 1] = state.columns[2 * b + (flipped ? 0 : 1)];
  }
  return moved;
}

bool is_layer_state(const LayerState& state) {
  if (state.boxes < 1 || state.boxes > kMaxLayerBoxes || state.rows < 0 || state.rows > state.boxes) return false;
  const int n = state.n();
  int occurrences[kMaxLayerColumns] = {};
  for (int j = 0; j < n; ++j) {
    const Mask set = state.columns[j];
    if ((set & ~low_bits(n)) != 0 || popcount(set) != state.rows) return false;
    if ((j & 1) == 0 && (set & state.columns[j + 1]) != 0) return false;
    for (Mask m = set; m; m = clear_low_bit(m)) ++occurrences[low_bit_index(m)];
  }
  for (int j = n; j < kMaxLayerColumns; ++j)
    if (state.columns[j] != 0) return false;
  return std::all_of(occurrences, occurrences + n, [&](int k) { return k == state.rows; });
}

RootEdge root_edge(const LayerState& state) {
  const int n = state.n();
  Mask adjacent[kMaxLayerColumns] = {};
  for (int j = 0; j < n; ++j)
    for (Mask set = state.columns[j]; set; set = clear_low_bit(set)) adjacent[low_bit_index(set)] |= Mask{1} << j;
  if (state.rows <= 1 || n == 1) return RootEdge{0, low_bit_index(adjacent[0])};
  // ways[mask]: matchings of symbols 1..|mask| onto the columns of mask.
  std::vector<std::uint64_t> ways(std::size_t{1} << n, 0);
  ways[0] = 1;
  for (std::size_t mask = 0; mask < ways.size(); ++mask) {
    const int placed = popcount(mask);
    if (ways[mask] == 0 || placed >= n - 1) continue;
    for (Mask open = adjacent[placed + 1] & ~mask; open; open = clear_low_bit(open)) ways[mask | low_bit(open)] += ways[mask];
  }
  RootEdge best{0, -1};
  std::uint64_t fewest = ~std::uint64_t{0};
  for (Mask open = adjacent[0]; open; open = clear_low_bit(open)) {
    const int column = low_bit_index(open);
    const std::uint64_t through = ways[low_bits(n) & ~(Mask{1} << column)];
    if (through < fewest) fewest = through, best.column = column;
  }
  return best;
}

namespace {

// Depth-first over the symbols, the one of fewest open columns first.
struct MatchingWalk {
  Mask adjacent[kMaxLayerColumns];
  LayerState child;
  const std::function<void(const LayerState&)>* visit;

  void walk(Mask unmatched, Mask used) {
    if (unmatched == 0) {
      (*visit)(child);
      return;
    }
    int symbol = -1, fewest = kMaxLayerColumns + 1;
    Mask options = 0;
    for (Mask u = unmatched; u; u = clear_low_bit(u)) {
      const int s = low_bit_index(u);
      const Mask open = adjacent[s] & ~used;
      const int count = popcount(open);
      if (count < fewest) {
        fewest = count, symbol = s, options = open;
        if (count <= 1) break;
      }
    }
    for (; options; options = clear_low_bit(options)) {
      const int column = low_bit_index(options);
      child.columns[column] &= ~(Mask{1} << symbol);
      walk(unmatched & ~(Mask{1} << symbol), used | (Mask{1} << column));
      child.columns[column] |= Mask{1} << symbol;
    }
  }
};

}  // namespace

void for_each_rooted_child(const LayerState& state, RootEdge root,
                           const std::function<void(const LayerState&)>& visit) {
  const int n = state.n();
  MatchingWalk w;
  for (int s = 0; s < kMaxLayerColumns; ++s) w.adjacent[s] = 0;
  for (int j = 0; j < n; ++j)
    for (Mask set = state.columns[j]; set; set = clear_low_bit(set)) w.adjacent[low_bit_index(set)] |= Mask{1} << j;
  w.child = state;
  w.child.rows = state.rows - 1;
  w.visit = &visit;
  if ((state.columns[root.column] >> root.symbol & 1) == 0) return;  // not an edge: no matching holds it
  w.child.columns[root.column] &= ~(Mask{1} << root.symbol);
  w.walk(low_bits(n) & ~(Mask{1} << root.symbol), Mask{1} << root.column);
}

LayerState random_layer_state(int boxes, int rows, Rng& rng) {
  const int n = 2 * boxes;
  LayerState state;
  state.boxes = boxes;
  state.rows = rows;
  Mask in_box[kMaxLayerBoxes] = {};
  for (int r = 0; r < rows; ++r) {
    int order[kMaxLayerColumns], row[kMaxLayerColumns];
    std::iota(order, order + n, 0);
    for (int i = n - 1; i > 0; --i) std::swap(order[i], order[uniform_below(rng, static_cast<std::uint64_t>(i) + 1)]);
    // Columns in random order, each given a random open symbol; back up on
    // a dead end (the graph has a perfect matching, so the search ends).
    Mask open[kMaxLayerColumns];  // open[k]: symbols still to try at the k-th column
    Mask used = 0;
    int k = 0;
    open[0] = low_bits(n) & ~in_box[order[0] / 2];
    while (k < n) {
      Mask& options = open[k];
      if (options == 0) {  // back up
        --k;
        used &= ~(Mask{1} << row[order[k]]);
        continue;
      }
      const int pick = nth_bit_index(options, static_cast<int>(uniform_below(rng, popcount(options))));
      options &= ~(Mask{1} << pick);
      row[order[k]] = pick;
      used |= Mask{1} << pick;
      if (++k < n) open[k] = low_bits(n) & ~used & ~in_box[order[k] / 2];
    }
    for (int j = 0; j < n; ++j) {
      state.columns[j] |= Mask{1} << row[j];
      in_box[j / 2] |= Mask{1} << row[j];
    }
  }
  return state;
}

BigInt labelled_layer_states(int boxes, int rows) {
  const int n = 2 * boxes;
  // ways[c]: column sets of the boxes so far with c[d] symbols in d of them.
  std::map<std::vector<int>, BigInt> ways;
  std::vector<int> start(rows + 1, 0);
  start[0] = n;
  ways[start] = 1;
  auto binomial = [](int top, int k) {
    BigInt b = 1;
    for (int i = 1; i <= k; ++i) b = b * (top - k + i) / i;
    return b;
  };
  const BigInt split = binomial(2 * rows, rows);  // the 2L symbols of a box into its two columns
  for (int b = 0; b < boxes; ++b) {
    std::map<std::vector<int>, BigInt> next;
    for (const auto& entry : ways) {
      // Named, not bound: a lambda may not capture a structured binding
      // before C++20 (clang 14 refuses it).
      const std::vector<int>& counts = entry.first;
      const BigInt& w = entry.second;
      // take[d] symbols seen in d boxes enter this one (d < L), 2L in all.
      std::vector<int> take(rows + 1, 0);
      auto choose = [&](auto&& self, int d, int left, BigInt product) -> void {
        if (d == rows) {
          if (left != 0) return;
          std::vector<int> after = counts;
          for (int e = 0; e < rows; ++e) after[e] -= take[e], after[e + 1] += take[e];
          next[after] += w * product * split;
          return;
        }
        for (int t = 0; t <= std::min(left, counts[d]); ++t) {
          take[d] = t;
          self(self, d + 1, left - t, product * binomial(counts[d], t));
        }
        take[d] = 0;
      };
      choose(choose, 0, 2 * rows, BigInt(1));
    }
    ways.swap(next);
  }
  std::vector<int> done(rows + 1, 0);
  done[rows] = n;
  const auto it = ways.find(done);
  return it == ways.end() ? BigInt(0) : it->second;
}

}  // namespace sudoku_count::detail
