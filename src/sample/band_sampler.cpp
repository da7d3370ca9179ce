// Uniform grids from the band decomposition (docs/method.md, section 10).
//
// The grids whose band-1 column sets lie in one orbit O of the group H that
// keeps band 1 a band (relabelling, column permutations inside stacks,
// stack permutations) number |O| f(X_O) G(X_O), X_O any member of O. So a
// uniform grid is: an orbit drawn with that weight; a grid drawn uniformly
// among those whose band-1 column sets are exactly X_O (band 1 filled
// uniformly, the other bands' column sets in proportion to their
// completions, each band filled uniformly); then a uniform element h of H
// applied. The last step makes every grid of the orbit equally likely: a
// grid Y is reached from exactly |Stab_H(X_O)| elements h, each with the
// same probability 1 / (|H| f(X_O) G(X_O)).
#include <omp.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "bands/band_fillings.hpp"
#include "bands/band_one_orbits.hpp"
#include "bands/band_tables.hpp"
#include "bands/two_band_classes.hpp"
#include "core/random_integer.hpp"
#include "sample/grid_sampler.hpp"

namespace sudoku_count::detail {
namespace {

BigInt to_big(Wide value) {
  BigInt result = static_cast<std::uint64_t>(value >> 64);
  result <<= 64;
  result += static_cast<std::uint64_t>(value);
  return result;
}

// Index k with cumulative[k-1] <= pick < cumulative[k].
template <class Number>
std::size_t bucket_of(const std::vector<Number>& cumulative, const Number& pick) {
  return static_cast<std::size_t>(std::upper_bound(cumulative.begin(), cumulative.end(), pick) - cumulative.begin());
}

void shuffle(std::vector<int>& items, Rng& rng) {
  for (std::size_t i = items.size(); i > 1; --i)
    std::swap(items[i - 1], items[sudoku_count::uniform_below(rng, static_cast<std::uint64_t>(i))]);
}

// A uniform element of H applied to the grid (symbols 0..N-1 in `symbols`):
// relabelling, stacks permuted, columns permuted inside each stack.
Grid apply_random_band_symmetry(const Shape& shape, const std::vector<int>& symbols, Rng& rng) {
  const int n = shape.n(), c = shape.box_cols, stacks = shape.stacks();
  std::vector<int> relabel(n), stack_order(stacks), inside(c);
  std::iota(relabel.begin(), relabel.end(), 0);
  std::iota(stack_order.begin(), stack_order.end(), 0);
  shuffle(relabel, rng);
  shuffle(stack_order, rng);
  std::vector<int> column_to(n);
  for (int s = 0; s < stacks; ++s) {
    std::iota(inside.begin(), inside.end(), 0);
    shuffle(inside, rng);
    for (int k = 0; k < c; ++k) column_to[s * c + k] = stack_order[s] * c + inside[k];
  }
  Grid grid = empty_grid(shape);
  for (int r = 0; r < n; ++r)
    for (int j = 0; j < n; ++j) grid.at(r, column_to[j]) = relabel[symbols[r * n + j]] + 1;
  return grid;
}

// ---- three bands: 9x9 ------------------------------------------------------

class BandSampler final : public GridSampler {
 public:
  BandSampler(const Shape& shape, int threads) : shape_(shape), tables_(BandTables::build_fillings(shape)) {
    const int n = shape.n(), r = shape.box_rows, c = shape.box_cols;
    if (c != 3 || !tables_.fillings->tabulated()) throw std::logic_error("BandSampler: three bands and an f table");
    const BandFillings& fillings = *tables_.fillings;
    // G of each orbit is the total of its band-2 weights, summed below.
    orbits_ = band_one_orbits(tables_, threads, {}, nullptr, false);
    // Per orbit, band 2's column sets: one option per box (mixed radix,
    // box 0 most significant), weighted by f(X2) f(X3).
    per_orbit_.resize(orbits_.size());
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
    for (std::size_t o = 0; o < orbits_.size(); ++o) {
      Orbit& orbit = per_orbit_[o];
      orbit.sets.resize(n);
      fillings.key_sets(orbits_[o].key, orbit.sets.data());
      std::vector<Mask> avail(n);
      for (int j = 0; j < n; ++j) avail[j] = low_bits(n) & ~orbit.sets[j];
      orbit.box_options.resize(r);
      std::size_t tuples = 1;
      for (int b = 0; b < r; ++b) {
        box_options(avail.data() + b * c, c, r, orbit.box_options[b]);
        tuples *= orbit.box_options[b].size() / c;
      }
      orbit.cumulative.resize(tuples);
      // The tuples in decode's order (box 0 slowest), the f-table keys of
      // X2 and X3 built box by box: box 0 fixes the relabelling, each later
      // box adds its term, so the innermost loop ranks one box per set.
      std::vector<Mask> x2(n), x3(n);
      BandFillings::Relabel relabel2, relabel3;
      Wide total = 0;
      std::size_t t = 0;
      auto walk = [&](auto&& self, int b, std::size_t key2, std::size_t key3) -> void {
        if (b == r) {
          total += static_cast<Wide>(fillings.at_key(key2)) * fillings.at_key(key3);
          orbit.cumulative[t++] = total;
          return;
        }
        const std::vector<Mask>& options = orbit.box_options[b];
        for (std::size_t i = 0; i * c < options.size(); ++i) {
          for (int k = 0; k < c; ++k) {
            x2[b * c + k] = options[i * c + k];
            x3[b * c + k] = avail[b * c + k] & ~x2[b * c + k];
          }
          if (b == 0) {
            relabel2 = fillings.canonical_relabel(x2.data());
            relabel3 = fillings.canonical_relabel(x3.data());
            self(self, 1, 0, 0);
          } else {
            self(self, b + 1, key2 + fillings.key_contribution(b, x2.data() + b * c, relabel2),
                 key3 + fillings.key_contribution(b, x3.data() + b * c, relabel3));
          }
        }
      };
      walk(walk, 0, 0, 0);
      orbits_[o].completions = total;
    }
    BigInt sum = 0;
    for (const BandOneOrbit& orbit : orbits_) {
      sum += BigInt(orbit.weight) * to_big(orbit.completions);
      orbit_cumulative_.push_back(sum);
    }
  }

  Grid draw(Rng& rng, Workspace&) const override {
    const int n = shape_.n(), r = shape_.box_rows;
    const std::size_t o = bucket_of(orbit_cumulative_, uniform_big_below(rng, orbit_cumulative_.back()));
    const Orbit& orbit = per_orbit_[o];
    std::vector<int> symbols(static_cast<std::size_t>(n) * n);
    std::vector<Mask> avail(n), x2(n), x3(n);
    for (int j = 0; j < n; ++j) avail[j] = low_bits(n) & ~orbit.sets[j];
    const std::size_t t = bucket_of(orbit.cumulative, uniform_below_wide(rng, orbit.cumulative.back()));
    decode(orbit, t, avail.data(), x2.data(), x3.data());
    draw_band_filling(orbit.sets.data(), r, n, rng, symbols.data());
    draw_band_filling(x2.data(), r, n, rng, symbols.data() + r * n);
    draw_band_filling(x3.data(), r, n, rng, symbols.data() + 2 * r * n);
    return apply_random_band_symmetry(shape_, symbols, rng);
  }

 private:
  struct Orbit {
    std::vector<Mask> sets;                     // band 1's column sets
    std::vector<std::vector<Mask>> box_options;  // per box of band 2, C masks per option
    std::vector<Wide> cumulative;               // running sums of f(X2) f(X3) over the tuples
  };

  void decode(const Orbit& orbit, std::size_t tuple, const Mask* avail, Mask* x2, Mask* x3) const {
    const int r = shape_.box_rows, c = shape_.box_cols;
    for (int b = r - 1; b >= 0; --b) {
      const std::size_t options = orbit.box_options[b].size() / c;
      const std::size_t pick = tuple % options;
      tuple /= options;
      for (int k = 0; k < c; ++k) {
        x2[b * c + k] = orbit.box_options[b][pick * c + k];
        x3[b * c + k] = avail[b * c + k] & ~x2[b * c + k];
      }
    }
  }

  Shape shape_;
  BandTables tables_;
  std::vector<BandOneOrbit> orbits_;
  std::vector<BigInt> orbit_cumulative_;
  std::vector<Orbit> per_orbit_;
};

// ---- two bands: R x 2 boxes, and 2 x R by transposing ----------------------

class TwoBandSampler final : public GridSampler {
 public:
  TwoBandSampler(const Shape& shape, int threads)
      : shape_(shape), transpose_(shape.box_cols != 2), rows_(transpose_ ? shape.box_cols : shape.box_rows) {
    if (rows_ > kMaxSampledTwoBandRows) throw std::logic_error("TwoBandSampler: too many rows");
    classes_ = two_band_classes(rows_, threads);
    std::vector<std::uint64_t> f(classes_.size());
    for (std::size_t k = 0; k < classes_.size(); ++k) {
      Mask sets[kMaxGridSize];
      two_band_column_sets(classes_[k], rows_, sets);
      f[k] = count_band_fillings(sets, rows_, 2 * rows_);
    }
    BigInt sum = 0;
    for (std::size_t k = 0; k < classes_.size(); ++k) {
      sum += classes_[k].column_sets * f[k] * f[k];
      cumulative_.push_back(sum);
    }
  }

  Grid draw(Rng& rng, Workspace&) const override {
    const int n = 2 * rows_;
    const Shape worked{rows_, 2};
    const std::size_t k = bucket_of(cumulative_, uniform_big_below(rng, cumulative_.back()));
    Mask x1[kMaxGridSize], x2[kMaxGridSize];
    two_band_column_sets(classes_[k], rows_, x1);
    // Band 2's column sets are band 1's with the columns of each stack swapped.
    for (int j = 0; j < n; ++j) x2[j] = x1[j ^ 1];
    std::vector<int> symbols(static_cast<std::size_t>(n) * n);
    draw_band_filling(x1, rows_, n, rng, symbols.data());
    draw_band_filling(x2, rows_, n, rng, symbols.data() + rows_ * n);
    Grid grid = apply_random_band_symmetry(worked, symbols, rng);
    if (!transpose_) return grid;
    Grid transposed = empty_grid(shape_);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) transposed.at(c, r) = grid.at(r, c);
    return transposed;
  }

 private:
  Shape shape_;
  bool transpose_;
  int rows_;
  std::vector<TwoBandClass> classes_;
  std::vector<BigInt> cumulative_;  // running sums of |class| f^2
};

// Perfect matchings of columns to symbols, column j taking a symbol of
// allowed[j]: each as n symbols, appended to `out`.
void all_matchings(const Mask* allowed, int n, std::vector<int>& out) {
  std::vector<int> chosen(n);
  auto extend = [&](auto&& self, int column, Mask used) -> void {
    if (column == n) {
      out.insert(out.end(), chosen.begin(), chosen.end());
      return;
    }
    for (Mask free = allowed[column] & ~used; free != 0; free = clear_low_bit(free)) {
      chosen[column] = low_bit_index(free);
      self(self, column + 1, used | low_bit(free));
    }
  };
  extend(extend, 0, 0);
}

}  // namespace

Wide uniform_below_wide(Rng& rng, Wide bound) {
  if (bound >> 64 == 0) return sudoku_count::uniform_below(rng, static_cast<std::uint64_t>(bound));
  const BigInt pick = uniform_big_below(rng, to_big(bound));
  return (static_cast<Wide>(static_cast<std::uint64_t>(pick >> 64)) << 64) |
         static_cast<std::uint64_t>(pick & BigInt(~std::uint64_t{0}));
}

void draw_band_filling(const Mask* sets, int rows, int n, Rng& rng, int* symbol_at) {
  std::vector<Mask> left(sets, sets + n), rest(n);
  std::vector<int> matchings;
  std::vector<std::uint64_t> cumulative;
  for (int row = 0; row < rows; ++row) {
    matchings.clear();
    cumulative.clear();
    all_matchings(left.data(), n, matchings);
    // Each matching weighted by the fillings of the rows below it.
    std::uint64_t total = 0;
    for (std::size_t m = 0; m * n < matchings.size(); ++m) {
      for (int j = 0; j < n; ++j) rest[j] = left[j] & ~(Mask{1} << matchings[m * n + j]);
      total += count_band_fillings(rest.data(), rows - row - 1, n);
      cumulative.push_back(total);
    }
    if (total == 0) throw std::logic_error("draw_band_filling: column sets with no filling");
    const std::size_t m = bucket_of(cumulative, sudoku_count::uniform_below(rng, total));
    for (int j = 0; j < n; ++j) {
      symbol_at[row * n + j] = matchings[m * n + j];
      left[j] &= ~(Mask{1} << matchings[m * n + j]);
    }
  }
}

std::unique_ptr<GridSampler> make_band_sampler(const Shape& shape, int threads) {
  return std::make_unique<BandSampler>(shape, threads);
}

std::unique_ptr<GridSampler> make_two_band_sampler(const Shape& shape, int threads) {
  return std::make_unique<TwoBandSampler>(shape, threads);
}

}  // namespace sudoku_count::detail
