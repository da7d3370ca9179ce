#include "estimate/sets_method.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "bands/band_fillings.hpp"
#include "sudoku_count/error.hpp"
#include "bands/row_matchings.hpp"

namespace sudoku_count::detail {
namespace {

// The ways to give one box's C columns R symbols each, from the symbols still
// free in each column, every symbol to exactly one column. Dynamic
// programme over the symbols with the columns' remaining capacities as state
// (mixed radix R+1): ways[s][state] counts the assignments of symbols s..N-1.
class BoxChoices {
 public:
  BoxChoices(int r, int c, int n) : r_(r), c_(c), n_(n) {
    states_ = 1;
    for (int k = 0; k < c; ++k) states_ *= static_cast<std::size_t>(r + 1);
    place_.resize(c);
    std::size_t place = 1;
    for (int k = 0; k < c; ++k, place *= static_cast<std::size_t>(r + 1)) place_[k] = place;
    ways_.assign((n + 1) * states_, 0);
    // Before symbol s is placed, the capacities left add up to N - s: only
    // those states are ever reached.
    by_level_.assign(n + 1, {});
    for (std::size_t state = 0; state < states_; ++state) {
      int left = 0;
      for (std::size_t rest = state; rest; rest /= static_cast<std::size_t>(r + 1)) left += static_cast<int>(rest % (r + 1));
      by_level_[n - left].push_back(state);
    }
  }

  // Number of choices for a box whose columns have the free sets `free`.
  long double count(const Mask* free) {
    ways_[static_cast<std::size_t>(n_) * states_] = 1;  // all symbols placed, all capacities used
    for (int s = n_ - 1; s >= 0; --s) {
      long double* here = &ways_[static_cast<std::size_t>(s) * states_];
      const long double* next = &ways_[static_cast<std::size_t>(s + 1) * states_];
      for (const std::size_t state : by_level_[s]) {
        long double total = 0;
        std::size_t rest = state;
        for (int k = 0; k < c_; ++k, rest /= static_cast<std::size_t>(r_ + 1))
          if (rest % (r_ + 1) && (free[k] >> s & 1)) total += next[state - place_[k]];
        here[state] = total;
      }
    }
    return ways_[full_state()];
  }

  // A uniform choice (after count() > 0): the symbols each column gets.
  void sample(Rng& rng, const Mask* free, Mask* chosen) const {
    std::fill(chosen, chosen + c_, Mask{0});
    std::size_t state = full_state();
    for (int s = 0; s < n_; ++s) {
      const long double* next = &ways_[static_cast<std::size_t>(s + 1) * states_];
      long double target = std::ldexp(static_cast<long double>(rng() >> 11), -53) *
                           ways_[static_cast<std::size_t>(s) * states_ + state];
      int pick = -1;
      std::size_t rest = state;
      for (int k = 0; k < c_; ++k, rest /= static_cast<std::size_t>(r_ + 1)) {
        if (!(rest % (r_ + 1)) || !(free[k] >> s & 1)) continue;
        const long double ways = next[state - place_[k]];
        if (ways <= 0) continue;
        pick = k;
        if (target < ways) break;
        target -= ways;
      }
      chosen[pick] |= Mask{1} << s;
      state -= place_[pick];
    }
  }

 private:
  std::size_t full_state() const {
    std::size_t state = 0;
    for (int k = 0; k < c_; ++k) state += static_cast<std::size_t>(r_) * place_[k];
    return state;
  }
  int r_, c_, n_;
  std::size_t states_ = 1;
  std::vector<std::size_t> place_;
  std::vector<long double> ways_;
  std::vector<std::vector<std::size_t>> by_level_;  // states by the symbol about to be placed
};

// Above this many symbols a row's perfect matchings are not counted exactly
// (the counter's table grows like 2^N) but sampled; see below. Measured:
// exact counting is 2x better in rse^2*s on 8x8 and 10x10, sampling 1.8x
// better on 16x16 (docs/benchmarks.md); 16 to 64 draws do equally well.
constexpr int kExactMatchingMaxSymbols = 12;
static_assert(kExactMatchingMaxSymbols <= MatchingCounter::kMaxSymbols);
// Sequential draws per row when sampling.
constexpr int kMatchingDraws = 32;
// The last three rows are counted exactly up to this many symbols; beyond,
// their perfect matchings are too many to enumerate (about (4/3)^N), so the
// third-last row is sampled too and only the last two are exact.
constexpr int kExactThreeRowsMaxSymbols = 36;

struct RowScratch {
  MatchingCounter counter;
  std::vector<int> draws;       // kMatchingDraws matchings of n columns
  std::vector<double> weights;  // their inverse probabilities
};

// log of an unbiased estimate of f(X). While more than three rows remain,
// the next row M is chosen and the estimate multiplied by an unbiased
// estimate of the number of choices:
//  - up to 12 symbols: M uniform among the perfect matchings, times their
//    exact number (E = sum_M f_{R-1}(X - M) = f_R(X));
//  - beyond: K matchings drawn sequentially with inverse probabilities w_k,
//    M one of them picked with probability w_k / sum w, times the mean of
//    the w_k. E[mean(w) f_{R-1}(X - M)] = E[(1/K) sum_k w_k f_{R-1}(X - M_k)]
//    = sum_M f_{R-1}(X - M): unbiased for every K (sampling-importance-
//    resampling; docs/method.md).
// The last three rows (two beyond 36 symbols) are counted exactly.
long double log_fillings_estimate(Mask* sets, int r, int n, RowScratch& scratch, Rng& rng) {
  long double log_f = 0;
  int symbol_of[kMaxGridSize];
  const int exact_rows = n <= kExactThreeRowsMaxSymbols ? 3 : 2;
  for (int rows = r; rows > exact_rows; --rows) {
    if (n <= kExactMatchingMaxSymbols) {
      const double ways = scratch.counter.count(sets, n);
      if (ways <= 0) return kLogZero;  // cannot happen: regular bipartite graphs have perfect matchings
      log_f += std::log(static_cast<long double>(ways));
      scratch.counter.sample(rng, symbol_of);
    } else {
      scratch.draws.resize(static_cast<std::size_t>(kMatchingDraws) * n);
      scratch.weights.resize(kMatchingDraws);
      double total = 0;
      for (int k = 0; k < kMatchingDraws; ++k)
        total += scratch.weights[k] = sequential_matching(sets, n, rng, &scratch.draws[static_cast<std::size_t>(k) * n]);
      if (total <= 0) return kLogZero;
      log_f += std::log(static_cast<long double>(total / kMatchingDraws));
      double target = std::ldexp(static_cast<double>(rng() >> 11), -53) * total;
      int pick = 0;
      while (pick + 1 < kMatchingDraws && (scratch.weights[pick] <= 0 || target >= scratch.weights[pick]))
        target -= scratch.weights[pick++];
      while (scratch.weights[pick] <= 0) --pick;  // rounding ran past the last positive weight
      std::copy_n(&scratch.draws[static_cast<std::size_t>(pick) * n], n, symbol_of);
    }
    for (int j = 0; j < n; ++j) sets[j] &= ~(Mask{1} << symbol_of[j]);
  }
  const std::uint64_t exact = count_band_fillings(sets, std::min(r, exact_rows), n);
  return exact == 0 ? kLogZero : log_f + std::log(static_cast<long double>(exact));
}

}  // namespace

SetsEstimator::SetsEstimator(const Shape& given, bool transpose)
    : counted_(given), shape_(transpose ? Shape{given.box_cols, given.box_rows} : given) {
  const Shape& shape = shape_;
  const int r = shape.box_rows, c = shape.box_cols, n = shape.n();
  long double states = 1;
  for (int k = 0; k < c; ++k) states *= r + 1;
  if (states > static_cast<long double>(kMaxBoxStates))
    throw InputError("method sets needs (R+1)^C <= " + std::to_string(kMaxBoxStates) + " box states; box " +
                     shape.name() + " has " + format_scientific(BigFloat(states), 3));
  box_states_ = static_cast<std::size_t>(states);
  const long double log_partitions = std::lgamma(n + 1.0L) - c * std::lgamma(r + 1.0L);
  log_first_band_ = r * log_partitions;
  samples_per_block_ = n <= 12 ? 64 : n <= 16 ? 8 : 1;
}

struct SetsWorkspace : Estimator::Workspace {
  SetsWorkspace(int r, int c, int n) : choices(r, c, n), symbols(n) {}
  BoxChoices choices;
  RowScratch rows;
  std::vector<int> symbols;
};

std::string SetsEstimator::note() const {
  if (counted_ == shape_) return "";
  return "sampled on the transposed " + shape_.name() + " shape, which has the same number of grids";
}

std::unique_ptr<Estimator::Workspace> SetsEstimator::make_workspace() const {
  return std::make_unique<SetsWorkspace>(shape_.box_rows, shape_.box_cols, shape_.n());
}

long double SetsEstimator::sample_log(Rng& rng, Workspace& workspace) const {
  const int r = shape_.box_rows, c = shape_.box_cols, n = shape_.n();
  auto& ws = static_cast<SetsWorkspace&>(workspace);
  BoxChoices& choices = ws.choices;
  std::vector<int>& symbols = ws.symbols;
  Mask free[kMaxGridSize], sets[kMaxGridSize];
  std::fill(free, free + n, low_bits(n));
  long double log_weight = 0;
  for (int band = 1; band <= c; ++band) {
    if (band == c) {
      std::copy(free, free + n, sets);  // the last band takes what is left
    } else if (band == 1) {
      // No band above: each box's column sets are a uniform ordered partition.
      for (int b = 0; b < r; ++b) {
        std::iota(symbols.begin(), symbols.end(), 0);
        for (int i = n - 1; i > 0; --i) std::swap(symbols[i], symbols[uniform_below(rng, i + 1)]);
        for (int k = 0; k < c; ++k) {
          sets[b * c + k] = 0;
          for (int i = 0; i < r; ++i) sets[b * c + k] |= Mask{1} << symbols[k * r + i];
        }
      }
      log_weight += log_first_band_;
    } else {
      for (int b = 0; b < r; ++b) {
        const long double ways = choices.count(free + b * c);
        if (ways <= 0) return kLogZero;
        choices.sample(rng, free + b * c, sets + b * c);
        log_weight += std::log(ways);
      }
    }
    for (int j = 0; j < n; ++j) free[j] &= ~sets[j];
    const long double log_f = log_fillings_estimate(sets, r, n, ws.rows, rng);
    if (log_f == kLogZero) return kLogZero;
    log_weight += log_f;
  }
  return log_weight;
}

}  // namespace sudoku_count::detail
