// Uniform grids from the band decomposition (docs/method.md, section 11).
//
// The classes of band-1 column sets (band_classes.hpp) are the orbits of the
// group H that keeps band 1 a band (relabelling, column permutations inside
// stacks, stack permutations). The grids whose band-1 column sets lie in a
// class K number |K| f(X_K) G(X_K), X_K its representative. So a uniform
// grid is: a class drawn with that weight; a grid drawn uniformly among
// those whose band-1 column sets are exactly X_K (band 1 filled uniformly,
// the other bands' column sets in proportion to their completions, each
// band filled uniformly); then a uniform element h of H applied. The last
// step makes every grid of the class equally likely: a grid Y is reached
// from exactly |Stab_H(X_K)| elements h, each with the same probability
// 1 / (|H| f(X_K) G(X_K)).
#include <omp.h>

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "bands/band_classes.hpp"
#include "bands/band_fillings.hpp"
#include "core/random_integer.hpp"
#include "sample/grid_sampler.hpp"

namespace sudoku_count::detail {
namespace {

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

// The f table of 9x9 holds 78,400 entries; the cap only guards the build.
constexpr std::size_t kMaxFillingEntries = std::size_t{1} << 28;

// Running sums of the classes' weights, for drawing a class.
class ClassDraw {
 public:
  void add(const BigInt& weight) {
    total_ += weight;
    cumulative_.push_back(total_);
  }
  std::size_t draw(Rng& rng) const { return bucket_of(cumulative_, uniform_big_below(rng, total_)); }

 private:
  BigInt total_ = 0;
  std::vector<BigInt> cumulative_;
};

// ---- three bands: 9x9 ------------------------------------------------------

class BandSampler final : public GridSampler {
 public:
  BandSampler(const Shape& shape, int threads)
      : shape_(shape), classes_(band_classes(shape, threads)), fillings_(shape, kMaxFillingEntries, threads) {
    const int n = shape.n(), r = shape.box_rows, c = shape.box_cols;
    if (c != 3 || !fillings_.tabulated()) throw std::logic_error("BandSampler: three bands and an f table");
    // Per class, band 2's column sets: one option per box (mixed radix,
    // box 0 most significant), weighted by f(X2) f(X3). G of the class is
    // their total.
    per_class_.resize(classes_.size());
    std::vector<Wide> band_one_fillings(classes_.size()), completions(classes_.size());
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
    for (std::size_t k = 0; k < classes_.size(); ++k) {
      PerClass& entry = per_class_[k];
      entry.sets.resize(n);
      band_class_column_sets(classes_[k], shape, entry.sets.data());
      band_one_fillings[k] = fillings_.count(entry.sets.data());
      std::vector<Mask> avail(n);
      for (int j = 0; j < n; ++j) avail[j] = low_bits(n) & ~entry.sets[j];
      entry.box_options.resize(r);
      std::size_t tuples = 1;
      for (int b = 0; b < r; ++b) {
        box_options(avail.data() + b * c, c, r, entry.box_options[b]);
        tuples *= entry.box_options[b].size() / c;
      }
      entry.cumulative.resize(tuples);
      // The tuples in decode's order (box 0 slowest), the f-table keys of
      // X2 and X3 built box by box: box 0 fixes the relabelling, each later
      // box adds its term, so the innermost loop ranks one box per set.
      std::vector<Mask> x2(n), x3(n);
      BandFillings::Relabel relabel2, relabel3;
      Wide total = 0;
      std::size_t t = 0;
      auto walk = [&](auto&& self, int b, std::size_t key2, std::size_t key3) -> void {
        if (b == r) {
          total += static_cast<Wide>(fillings_.at_key(key2)) * fillings_.at_key(key3);
          entry.cumulative[t++] = total;
          return;
        }
        const std::vector<Mask>& options = entry.box_options[b];
        for (std::size_t i = 0; i * c < options.size(); ++i) {
          for (int k2 = 0; k2 < c; ++k2) {
            x2[b * c + k2] = options[i * c + k2];
            x3[b * c + k2] = avail[b * c + k2] & ~x2[b * c + k2];
          }
          if (b == 0) {
            relabel2 = fillings_.canonical_relabel(x2.data());
            relabel3 = fillings_.canonical_relabel(x3.data());
            self(self, 1, 0, 0);
          } else {
            self(self, b + 1, key2 + fillings_.key_contribution(b, x2.data() + b * c, relabel2),
                 key3 + fillings_.key_contribution(b, x3.data() + b * c, relabel3));
          }
        }
      };
      walk(walk, 0, 0, 0);
      completions[k] = total;
    }
    for (std::size_t k = 0; k < classes_.size(); ++k)
      class_draw_.add(classes_[k].column_sets * to_big(band_one_fillings[k]) * to_big(completions[k]));
  }

  Grid draw(Rng& rng, Workspace&) const override {
    const int n = shape_.n(), r = shape_.box_rows;
    const PerClass& entry = per_class_[class_draw_.draw(rng)];
    std::vector<int> symbols(static_cast<std::size_t>(n) * n);
    std::vector<Mask> avail(n), x2(n), x3(n);
    for (int j = 0; j < n; ++j) avail[j] = low_bits(n) & ~entry.sets[j];
    const std::size_t t = bucket_of(entry.cumulative, uniform_below_wide(rng, entry.cumulative.back()));
    decode(entry, t, avail.data(), x2.data(), x3.data());
    draw_band_filling(entry.sets.data(), r, n, rng, symbols.data());
    draw_band_filling(x2.data(), r, n, rng, symbols.data() + r * n);
    draw_band_filling(x3.data(), r, n, rng, symbols.data() + 2 * r * n);
    return apply_random_band_symmetry(shape_, symbols, rng);
  }

 private:
  struct PerClass {
    std::vector<Mask> sets;                      // band 1's column sets, the class's representative
    std::vector<std::vector<Mask>> box_options;  // per box of band 2, C masks per option
    std::vector<Wide> cumulative;                // running sums of f(X2) f(X3) over the tuples
  };

  void decode(const PerClass& entry, std::size_t tuple, const Mask* avail, Mask* x2, Mask* x3) const {
    const int r = shape_.box_rows, c = shape_.box_cols;
    for (int b = r - 1; b >= 0; --b) {
      const std::size_t options = entry.box_options[b].size() / c;
      const std::size_t pick = tuple % options;
      tuple /= options;
      for (int k = 0; k < c; ++k) {
        x2[b * c + k] = entry.box_options[b][pick * c + k];
        x3[b * c + k] = avail[b * c + k] & ~x2[b * c + k];
      }
    }
  }

  Shape shape_;
  std::vector<BandClass> classes_;
  BandFillings fillings_;
  std::vector<PerClass> per_class_;
  ClassDraw class_draw_;
};

// ---- two bands: R x 2 boxes, and 2 x R by transposing ----------------------

class TwoBandSampler final : public GridSampler {
 public:
  TwoBandSampler(const Shape& shape, int threads)
      : shape_(shape),
        transpose_(shape.box_cols != 2),
        worked_{transpose_ ? shape.box_cols : shape.box_rows, 2},
        classes_(band_classes(worked_, threads)) {
    const int rows = worked_.box_rows;
    if (rows > kMaxSampledTwoBandRows) throw std::logic_error("TwoBandSampler: too many rows");
    std::vector<std::uint64_t> f(classes_.size());
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
    for (std::size_t k = 0; k < classes_.size(); ++k) {
      Mask sets[kMaxGridSize];
      band_class_column_sets(classes_[k], worked_, sets);
      // At most 2^39 for 5 rows of 10 (filling_count_bound_bits): 64 bits hold it.
      f[k] = static_cast<std::uint64_t>(count_band_fillings(sets, rows, 2 * rows));
    }
    for (std::size_t k = 0; k < classes_.size(); ++k) class_draw_.add(classes_[k].column_sets * f[k] * f[k]);
  }

  Grid draw(Rng& rng, Workspace&) const override {
    const int rows = worked_.box_rows, n = worked_.n();
    Mask x1[kMaxGridSize], x2[kMaxGridSize];
    band_class_column_sets(classes_[class_draw_.draw(rng)], worked_, x1);
    // Band 2's column sets are band 1's with the columns of each stack swapped.
    for (int j = 0; j < n; ++j) x2[j] = x1[j ^ 1];
    std::vector<int> symbols(static_cast<std::size_t>(n) * n);
    draw_band_filling(x1, rows, n, rng, symbols.data());
    draw_band_filling(x2, rows, n, rng, symbols.data() + rows * n);
    Grid grid = apply_random_band_symmetry(worked_, symbols, rng);
    if (!transpose_) return grid;
    Grid transposed = empty_grid(shape_);
    for (int r = 0; r < n; ++r)
      for (int c = 0; c < n; ++c) transposed.at(c, r) = grid.at(r, c);
    return transposed;
  }

 private:
  Shape shape_;
  bool transpose_;
  Shape worked_;  // R x 2, the shape drawn on
  std::vector<BandClass> classes_;
  ClassDraw class_draw_;  // weights |K| f(K)^2
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

// Permuting the rows maps fillings one to one onto fillings, and exactly
// one of the R! orders puts column 0's symbols, smallest first, into rows
// 1..R (as f's recursion uses it, band_fillings.hpp). So a uniform filling
// is a uniform one of those, its rows then put in a uniform random order:
// each filling has probability (1 / (f / R!)) (1 / R!) = 1 / f. Row by row,
// column 0 takes its smallest symbol left, which cuts the matchings to
// weigh by about the number of rows left.
void draw_band_filling(const Mask* sets, int rows, int n, Rng& rng, int* symbol_at) {
  std::vector<Mask> left(sets, sets + n), allowed(n), rest(n);
  std::vector<int> matchings, ordered(static_cast<std::size_t>(rows) * n);
  std::vector<std::uint64_t> cumulative;
  for (int row = 0; row < rows; ++row) {
    matchings.clear();
    cumulative.clear();
    allowed = left;
    allowed[0] = low_bit(left[0]);
    all_matchings(allowed.data(), n, matchings);
    // Each matching weighted by the fillings of the rows below it (f of the
    // rest: R'! times the ordered fillings, the same factor for all).
    std::uint64_t total = 0;
    for (std::size_t m = 0; m * n < matchings.size(); ++m) {
      for (int j = 0; j < n; ++j) rest[j] = left[j] & ~(Mask{1} << matchings[m * n + j]);
      total += static_cast<std::uint64_t>(count_band_fillings(rest.data(), rows - row - 1, n));  // <= f: 2^39
      cumulative.push_back(total);
    }
    if (total == 0) throw std::logic_error("draw_band_filling: column sets with no filling");
    const std::size_t m = bucket_of(cumulative, sudoku_count::uniform_below(rng, total));
    for (int j = 0; j < n; ++j) {
      ordered[row * n + j] = matchings[m * n + j];
      left[j] &= ~(Mask{1} << matchings[m * n + j]);
    }
  }
  std::vector<int> row_order(rows);
  std::iota(row_order.begin(), row_order.end(), 0);
  shuffle(row_order, rng);
  for (int row = 0; row < rows; ++row)
    std::copy_n(&ordered[row_order[row] * n], n, &symbol_at[row * n]);
}

std::unique_ptr<GridSampler> make_band_sampler(const Shape& shape, int threads) {
  return std::make_unique<BandSampler>(shape, threads);
}

std::unique_ptr<GridSampler> make_two_band_sampler(const Shape& shape, int threads) {
  return std::make_unique<TwoBandSampler>(shape, threads);
}

}  // namespace sudoku_count::detail
