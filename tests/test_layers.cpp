// The reverse row layers of two-band counts: states, their orbit keys,
// rooted matchings, the layered fillings and the gates of the route
// (docs/method.md, section 8).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <numeric>
#include <random>
#include <set>

#include "bands/band_classes.hpp"
#include "bands/band_fillings.hpp"
#include "exact/layer_states.hpp"
#include "exact/layered_fillings.hpp"
#include "known_answers.hpp"
#include "sudoku_count/exact_job.hpp"

using namespace sudoku_count;
using namespace sudoku_count::detail;
namespace known = sudoku_count::known;

namespace {

// A random L-row state (layer_states.hpp), seeded from the test's generator.
LayerState random_state(int boxes, int rows, std::mt19937_64& rng) {
  Rng stream = block_stream(rng(), 0);
  return random_layer_state(boxes, rows, stream);
}

LayerState relabelled(const LayerState& state, std::mt19937_64& rng) {
  std::vector<int> image(state.n());
  std::iota(image.begin(), image.end(), 0);
  std::shuffle(image.begin(), image.end(), rng);
  LayerState moved = state;
  for (int j = 0; j < state.n(); ++j) {
    moved.columns[j] = 0;
    for (Mask m = state.columns[j]; m; m = clear_low_bit(m)) moved.columns[j] |= Mask{1} << image[low_bit_index(m)];
  }
  return moved;
}

// Every element of B_R as (perm, flips).
template <class Visit>
void for_each_box_symmetry(int boxes, Visit&& visit) {
  std::array<int, kMaxLayerBoxes> perm{};
  std::iota(perm.begin(), perm.begin() + boxes, 0);
  do
    for (unsigned flips = 0; flips < (1u << boxes); ++flips) visit(perm, flips);
  while (std::next_permutation(perm.begin(), perm.begin() + boxes));
}

std::array<int, kMaxLayerBoxes> random_perm(int boxes, std::mt19937_64& rng) {
  std::array<int, kMaxLayerBoxes> perm{};
  std::iota(perm.begin(), perm.begin() + boxes, 0);
  std::shuffle(perm.begin(), perm.begin() + boxes, rng);
  return perm;
}

// Brute force: the fillings of a state, every ordering of its rows
// enumerated (each row a perfect matching of what is left).
std::uint64_t fillings_by_enumeration(const LayerState& state) {
  if (state.rows == 0) return 1;
  std::uint64_t total = 0;
  // All perfect matchings: rooted at each edge of symbol 0 in turn.
  for (int j = 0; j < state.n(); ++j)
    if (state.columns[j] & 1)
      for_each_rooted_child(state, RootEdge{0, j}, [&](const LayerState& child) { total += fillings_by_enumeration(child); });
  return total;
}

}  // namespace

// Random states of every size are states; a key decodes to a state, and the
// plain type key of a state decodes back to it up to relabelling.
TEST(LayerStates, RandomStatesAndKeysRoundTrip) {
  std::mt19937_64 rng(11);
  for (int boxes = 1; boxes <= kMaxLayerBoxes; ++boxes)
    for (int rows = 0; rows <= boxes; ++rows)
      for (int trial = 0; trial < 5; ++trial) {
        const LayerState state = random_state(boxes, rows, rng);
        ASSERT_TRUE(is_layer_state(state)) << boxes << " boxes, " << rows << " rows";
        const LayerKey key = layer_key(state);
        const LayerState decoded = layer_state_of_key(key, boxes, rows);
        EXPECT_TRUE(is_layer_state(decoded));
        EXPECT_EQ(layer_key(decoded), key);
        EXPECT_EQ(layer_types_key(layer_state_of_key(layer_types_key(state), boxes, rows)), layer_types_key(state));
      }
}

// The key is the same on every member of an orbit (random relabellings and
// box-group elements), and is the type list of a member of the orbit (found
// by a scan of the whole group): it never merges two orbits.
TEST(LayerStates, KeyNamesTheOrbitAgainstAFullGroupScan) {
  std::mt19937_64 rng(12);
  for (int boxes = 2; boxes <= kMaxLayerBoxes; ++boxes)
    for (int rows = 1; rows <= boxes; ++rows) {
      const int trials = boxes == kMaxLayerBoxes ? 3 : 10;
      for (int trial = 0; trial < trials; ++trial) {
        const LayerState state = random_state(boxes, rows, rng);
        const LayerKey key = layer_key(state);
        for (int k = 0; k < 20; ++k) {
          const LayerState moved =
              relabelled(apply_box_symmetry(state, random_perm(boxes, rng), static_cast<unsigned>(rng())), rng);
          ASSERT_EQ(layer_key(moved), key) << boxes << " boxes, " << rows << " rows";
        }
        bool member = false;
        for_each_box_symmetry(boxes, [&](const std::array<int, kMaxLayerBoxes>& perm, unsigned flips) {
          member = member || layer_types_key(apply_box_symmetry(state, perm, flips)) == key;
        });
        EXPECT_TRUE(member) << boxes << " boxes, " << rows << " rows";
      }
    }
}

// Breaking the key's invariants (a key that ignored the flips of tied
// boxes, say) shows here: the layer inventories of 2 x 2 .. 2 x 4, every
// state up to relabelling enumerated, against Burnside's count of the
// orbits, sum over the states of |stabiliser| / |B_R|, the stabilisers found
// by a scan of the group; and the mass (the states up to relabelling).
TEST(LayerStates, InventoriesMatchBurnside) {
  for (int boxes = 2; boxes <= 4; ++boxes)
    for (int rows = 1; rows <= boxes; ++rows) {
      const int n = 2 * boxes;
      // The types with `rows` digits set, and multisets of n of them whose
      // columns hold `rows` symbols each.
      std::vector<std::array<int, kMaxLayerBoxes>> types;
      for (int t = 0, top = static_cast<int>(std::pow(3, boxes)); t < top; ++t) {
        std::array<int, kMaxLayerBoxes> digits{};
        int set = 0;
        for (int b = 0, v = t; b < boxes; ++b, v /= 3) set += (digits[b] = v % 3) != 0;
        if (set == rows) types.push_back(digits);
      }
      long long mass = 0;
      long long group = 0;
      for_each_box_symmetry(boxes, [&](const std::array<int, kMaxLayerBoxes>&, unsigned) { ++group; });
      long long stabiliser_sum = 0;
      std::set<LayerKey> keys;
      BigInt labelled = 0;  // sum over the multisets of N! / prod of the types' multiplicities!
      std::vector<std::size_t> chosen;
      LayerState state;
      state.boxes = boxes;
      state.rows = rows;
      std::vector<int> load(n, 0);
      std::function<void(std::size_t, int)> walk = [&](std::size_t first, int symbol) {
        if (symbol == n) {
          if (!std::all_of(load.begin(), load.end(), [&](int k) { return k == rows; })) return;
          ++mass;
          BigInt arrangements = factorial(n);
          for (std::size_t i = 0, run = 1; i < chosen.size(); ++i, ++run) {
            if (i > 0 && chosen[i] != chosen[i - 1]) run = 1;
            arrangements /= run;
          }
          labelled += arrangements;
          keys.insert(layer_key(state));
          const LayerKey own = layer_types_key(state);
          for_each_box_symmetry(boxes, [&](const std::array<int, kMaxLayerBoxes>& perm, unsigned flips) {
            stabiliser_sum += layer_types_key(apply_box_symmetry(state, perm, flips)) == own;
          });
          return;
        }
        for (std::size_t t = first; t < types.size(); ++t) {
          bool fits = true;
          for (int b = 0; b < boxes; ++b)
            if (types[t][b] && load[2 * b + types[t][b] - 1] == rows) fits = false;
          if (!fits) continue;
          for (int b = 0; b < boxes; ++b)
            if (types[t][b]) ++load[2 * b + types[t][b] - 1], state.columns[2 * b + types[t][b] - 1] |= Mask{1} << symbol;
          chosen.push_back(t);
          walk(t, symbol + 1);
          chosen.pop_back();
          for (int b = 0; b < boxes; ++b)
            if (types[t][b]) --load[2 * b + types[t][b] - 1], state.columns[2 * b + types[t][b] - 1] &= ~(Mask{1} << symbol);
        }
      };
      walk(0, 0);
      ASSERT_EQ(stabiliser_sum % group, 0);
      EXPECT_EQ(static_cast<long long>(keys.size()), stabiliser_sum / group)
          << boxes << " boxes, " << rows << " rows, mass " << mass;
      EXPECT_EQ(labelled_layer_states(boxes, rows), labelled) << boxes << " boxes, " << rows << " rows";
    }
}

// The rooted sum: F_L = L * sum over the matchings through any edge, equal
// to the orderings counted by brute force and to the half split.
TEST(LayerStates, RootedSumIsTheFillings) {
  std::mt19937_64 rng(13);
  for (int boxes = 2; boxes <= 4; ++boxes)
    for (int rows = 1; rows <= boxes; ++rows)
      for (int trial = 0; trial < 4; ++trial) {
        const LayerState state = random_state(boxes, rows, rng);
        const std::uint64_t brute = fillings_by_enumeration(state);
        EXPECT_EQ(static_cast<std::uint64_t>(count_band_fillings(state.columns.data(), rows, state.n())), brute);
        for (int j = 0; j < state.n(); ++j)
          for (Mask m = state.columns[j]; m; m = clear_low_bit(m)) {
            std::uint64_t sum = 0;
            for_each_rooted_child(state, RootEdge{low_bit_index(m), j},
                                  [&](const LayerState& child) { sum += fillings_by_enumeration(child); });
            EXPECT_EQ(rows * sum, brute);
          }
        const RootEdge root = root_edge(state);
        EXPECT_TRUE(state.columns[root.column] >> root.symbol & 1);
      }
}

// The layered fillings equal the half split on random bands of 2 x 3 .. 2 x
// 5 (base layers 3 and 4, so that every layer's table is used), and every
// value stored at layer L is a multiple of L! (the rows of a filling
// permuted give fillings).
TEST(LayeredFillings, EqualTheHalfSplitAndAreMultiplesOfLFactorial) {
  std::mt19937_64 rng(14);
  for (int boxes = 3; boxes <= 5; ++boxes)
    for (int base = 3; base <= 4; ++base) {
      const LayeredFillings layers(boxes, base);
      for (int trial = 0; trial < (boxes == 5 ? 3 : 10); ++trial) {
        const LayerState band = random_state(boxes, boxes, rng);
        EXPECT_EQ(layers.count(band), count_band_fillings(band.columns.data(), boxes, band.n()))
            << boxes << " boxes, base " << base;
      }
      for (const auto& figures : layers.figures()) EXPECT_GT(figures.entries, 0u) << boxes << " boxes, base " << base;
    }
  const LayeredFillings layers(5, 3);
  std::mt19937_64 more(15);
  for (int trial = 0; trial < 3; ++trial) layers.count(random_state(5, 5, more));
  for (int rows = 3; rows <= 4; ++rows) {
    std::uint64_t factorial = 1;
    for (int k = 2; k <= rows; ++k) factorial *= k;
    const std::vector<std::uint64_t> values = layers.values(rows);
    EXPECT_GT(values.size(), 100u);
    for (const std::uint64_t value : values) ASSERT_EQ(value % factorial, 0u) << rows << " rows";
  }
}

namespace {

// Sum over the classes of the job's stream of |K| f(K) (the first moment:
// every band once) and of |K| f(K)^2 (the grids), f by `fillings`.
template <class Fillings>
std::pair<BigInt, BigInt> moments(int boxes, Fillings&& fillings) {
  const TwoBandClassChunks chunks(boxes);
  const Shape shape{boxes, 2};
  BigInt first = 0, second = 0;
  for (std::uint64_t c = 0; c < chunks.chunks(); ++c)
    chunks.for_each_class(c, [&](const BandClass& band_class) {
      Mask sets[kMaxGridSize];
      band_class_column_sets(band_class, shape, sets);
      const BigInt f = fillings(sets);
      first += band_class.column_sets * f;
      second += band_class.column_sets * f * f;
    });
  return {first, second};
}

// Bands of R x 2 boxes by brute force: rows as perfect matchings of the
// moves still open, row 1 fixed (times N!).
BigInt bands_by_enumeration(int boxes) {
  const int n = 2 * boxes;
  LayerState open;  // the moves still open: symbol s may enter column j
  open.boxes = boxes;
  open.rows = n;
  for (int j = 0; j < n; ++j) open.columns[j] = low_bits(n) & ~(Mask{3} << (j & ~1));  // row 1 = 0..n-1
  std::function<std::uint64_t(const LayerState&, int)> rows_after = [&](const LayerState& state, int left) {
    if (left == 0) return std::uint64_t{1};
    std::uint64_t total = 0;
    std::vector<Mask> adjacent(n, 0);
    // Every perfect matching of `state`, then the moves of its boxes closed.
    std::function<void(int, Mask, std::array<int, kMaxLayerColumns>&)> match = [&](int column, Mask used,
                                                                                   std::array<int, kMaxLayerColumns>& row) {
      if (column == n) {
        LayerState next = state;
        for (int j = 0; j < n; ++j) next.columns[j] &= ~((Mask{1} << row[j]) | (Mask{1} << row[j ^ 1]));
        total += rows_after(next, left - 1);
        return;
      }
      for (Mask m = state.columns[column] & ~used; m; m = clear_low_bit(m)) {
        row[column] = low_bit_index(m);
        match(column + 1, used | low_bit(m), row);
      }
    };
    std::array<int, kMaxLayerColumns> row{};
    match(0, 0, row);
    return total;
  };
  BigInt factorial = 1;
  for (int k = 2; k <= n; ++k) factorial *= k;
  return factorial * BigInt(rows_after(open, boxes - 1));
}

}  // namespace

// The gates of the route on 2 x 2 .. 2 x 5 (R x 2 boxes): the totals, the
// first moment equal to the number of bands (by brute force, to 2 x 4), and
// the grid counts through the job's layers route equal to the published
// counts.
TEST(LayeredFillings, GatesOnTwoByTwoToTwoByFive) {
  for (int boxes = 2; boxes <= 5; ++boxes) {
    const LayeredFillings layers(boxes);
    const auto [bands, grids] = moments(boxes, [&](const Mask* sets) { return BigInt(layers.count(sets)); });
    if (boxes <= 4) {
      EXPECT_EQ(bands, bands_by_enumeration(boxes)) << boxes;
    }
    // The full states with labelled symbols are the column-set choices, C(2R, R)^R.
    BigInt choices = 1, column = 1;
    for (int i = 1; i <= boxes; ++i) column = column * (boxes + i) / i;
    for (int b = 0; b < boxes; ++b) choices *= column;
    EXPECT_EQ(labelled_layer_states(boxes, boxes), choices) << boxes;
    EXPECT_EQ(grids, known::grid_count(Shape{2, boxes})) << boxes;
    const ExactJob job(Shape{2, boxes}, kLayersRoute);
    EXPECT_EQ(run_exact_job(job, start_state(job), {}, {}).sum, known::grid_count(Shape{2, boxes}));
  }
}

// 2 x 5 class by class: all 355 classes by the layers (the layers of 3 and
// 4 rows tabled) against the half split of each class on its own, and the
// first moments of the two equal (slow: the half split takes 0.15 s a
// class).
TEST(LayeredFillings, TwoByFiveClassByClass) {
  const LayeredFillings layers(5);
  const TwoBandClassChunks chunks(5);
  const Shape shape{5, 2};
  int classes = 0;
  BigInt first = 0;
  for (std::uint64_t c = 0; c < chunks.chunks(); ++c)
    chunks.for_each_class(c, [&](const BandClass& band_class) {
      Mask sets[kMaxGridSize];
      band_class_column_sets(band_class, shape, sets);
      const FillingCount f = count_band_fillings(sets, 5, 10);
      EXPECT_EQ(layers.count(sets), f) << "class " << classes;
      first += band_class.column_sets * BigInt(f);
      ++classes;
    });
  EXPECT_EQ(classes, 355);
  EXPECT_EQ(moments(5, [&](const Mask* sets) { return BigInt(layers.count(sets)); }).first, first);
}
