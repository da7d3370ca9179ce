// The cost of the sum of squares over two bands of R rows (docs/method.md,
// section 8), projected from a sample: for random band-1 column sets X (a
// random class, weighted by class size), f splits the rows into a = R/2 and
// R - a (band_fillings.cpp) and sums over the a-factors W of X that hold
// column 0's a smallest symbols. Their number is estimated by Knuth's random
// paths through the same column-by-column walk (the product of the choices
// met is an unbiased estimate of the number of leaves), and the work per W
// is timed on random leaves: g_a(W) and g_(R-a)(X - W), each counted as the
// band fillings of W and X - W. The number of classes is at least the number
// of type multisets divided by the group order 2^R R! (Burnside), which this
// program counts exactly. Used for the 2x6 projection in docs/benchmarks.md;
// on R = 5 it can be checked against the measured `exact --box 2x5`.
//
// usage: two_band_cost ROWS [SAMPLES [PATHS [SEED]]]
//
// With --job, the classes are the exact job's own (exact_job.hpp): its
// census is run in full (timed; the class sizes are checked to add up to
// C(2R, R)^R), and f is costed on SAMPLES classes spread evenly over the
// class list: timed in full for R <= 5, projected by the random paths above
// for R = 6 (a full f takes hours there) or whenever PATHS is given.
//
// usage: two_band_cost ROWS --job SAMPLES [PATHS]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>
#include <vector>

#include "bands/band_classes.hpp"
#include "bands/band_fillings.hpp"
#include <cmath>
#include "sudoku_count/rng.hpp"

using namespace sudoku_count;
using namespace sudoku_count::detail;
using sudoku_count::detail::BandClass;

namespace {

// Multisets of N = 2R words of R bits, each bit set in exactly R words: a
// count over the words in order, the state being the symbols left and how
// many still need each bit.
double count_type_multisets(int rows) {
  const int n = 2 * rows, types = 1 << rows, radix = rows + 1;
  std::size_t states = static_cast<std::size_t>(n + 1);
  for (int b = 0; b < rows; ++b) states *= static_cast<std::size_t>(radix);
  auto index = [&](int left, const int* need) {
    std::size_t s = static_cast<std::size_t>(left);
    for (int b = 0; b < rows; ++b) s = s * radix + static_cast<std::size_t>(need[b]);
    return s;
  };
  std::vector<double> ways(states, 0), next(states, 0);
  std::vector<int> need(rows, rows), after(rows);
  ways[index(n, need.data())] = 1;
  for (int t = 0; t < types; ++t) {
    std::fill(next.begin(), next.end(), 0.0);
    for (std::size_t s = 0; s < states; ++s) {
      if (ways[s] == 0) continue;
      std::size_t rest = s;
      for (int b = rows - 1; b >= 0; --b, rest /= radix) need[b] = static_cast<int>(rest % radix);
      const int left = static_cast<int>(rest);
      for (int m = 0; m <= left; ++m) {
        bool fits = true;
        for (int b = 0; b < rows; ++b) {
          const bool set = t >> b & 1;
          after[b] = set ? need[b] - m : need[b];
          fits = fits && after[b] >= 0 && (set || (left - need[b]) - m >= 0);
        }
        if (!fits) break;
        next[index(left - m, after.data())] += ways[s];
      }
    }
    std::swap(ways, next);
  }
  std::fill(need.begin(), need.end(), 0);
  return ways[index(0, need.data())];
}

struct Leaf {
  double weight = 0;  // product of the choices met: 0 at a dead end
  std::vector<Mask> factor, rest;
};

// One random path of the walk over a-factors (each column keeps a of its
// symbols, each symbol is kept by a columns, column 0 keeps its a smallest).
Leaf random_factor(const std::vector<Mask>& sets, int rows, Rng& rng) {
  const int n = static_cast<int>(sets.size()), a = rows / 2;
  std::vector<int> need(n, a), left(n, rows);
  Leaf leaf;
  leaf.weight = 1;
  leaf.factor.assign(n, 0);
  leaf.rest.assign(n, 0);
  for (int j = 0; j < n; ++j) {
    std::vector<Mask> choices;
    if (j == 0) {
      Mask kept = 0, column = sets[0];
      for (int i = 0; i < a; ++i, column = clear_low_bit(column)) kept |= low_bit(column);
      choices.push_back(kept);
    } else {
      Mask forced = 0, open = 0;
      for (Mask set = sets[j]; set; set = clear_low_bit(set)) {
        const int s = low_bit_index(set);
        if (need[s] == 0) continue;
        (need[s] == left[s] ? forced : open) |= low_bit(set);
      }
      const int more = a - popcount(forced);
      for (Mask subset = open;; subset = (subset - 1) & open) {
        if (more >= 0 && popcount(subset) == more) choices.push_back(forced | subset);
        if (subset == 0) break;
      }
    }
    if (choices.empty()) {
      leaf.weight = 0;
      return leaf;
    }
    leaf.weight *= static_cast<double>(choices.size());
    const Mask kept = choices[uniform_below(rng, choices.size())];
    leaf.factor[j] = kept;
    leaf.rest[j] = sets[j] & ~kept;
    for (Mask set = sets[j]; set; set = clear_low_bit(set)) {
      const int s = low_bit_index(set);
      --left[s];
      if (kept & low_bit(set)) --need[s];
    }
  }
  return leaf;
}

double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

// The CPU seconds of f on column sets: timed in full, or projected as the
// number of a-factors W (random paths) times the time per W (on leaves).
double f_cost(const std::vector<Mask>& sets, int rows, bool full, int paths, Rng& rng) {
  const int n = 2 * rows, a = rows / 2;
  std::uint64_t sink = 0;
  if (full) {
    const double start = cpu_seconds();
    sink += count_band_fillings(sets.data(), rows, n);
    const double seconds = cpu_seconds() - start;
    if (sink == 0) std::printf("(no fillings?)\n");
    return seconds;
  }
  double factors = 0;
  std::vector<Leaf> leaves;
  for (int p = 0; p < paths; ++p) {
    Leaf leaf = random_factor(sets, rows, rng);
    factors += leaf.weight;
    if (leaf.weight > 0 && leaves.size() < 200) leaves.push_back(std::move(leaf));
  }
  factors /= paths;
  const double start = cpu_seconds();
  for (const Leaf& leaf : leaves)
    sink += count_band_fillings(leaf.factor.data(), a, n) * count_band_fillings(leaf.rest.data(), rows - a, n);
  const double per_factor = leaves.empty() ? 0 : (cpu_seconds() - start) / static_cast<double>(leaves.size());
  if (sink == 0 && !leaves.empty()) std::printf("(no fillings?)\n");
  return factors * per_factor;
}

int job_sample(int rows, int samples, int paths, bool project) {
  const double start = cpu_seconds();
  const TwoBandClassChunks chunks(rows);
  const double setup = cpu_seconds() - start;
  const std::uint64_t total_chunks = chunks.chunks();
  // The census, as the job's census units do it, with the class sizes
  // added up: they must make every choice of band-1 column sets, C(2R, R)^R.
  std::vector<std::uint64_t> first_class(total_chunks + 1, 0);
  double sizes = 0;
  const double census_start = cpu_seconds();
  for (std::uint64_t c = 0; c < total_chunks; ++c) {
    std::uint64_t found = 0;
    chunks.for_each_class(c, [&](const BandClass& k) {
      ++found;
      sizes += static_cast<double>(k.column_sets);
    });
    first_class[c + 1] = first_class[c] + found;
  }
  const double census = cpu_seconds() - census_start;
  const std::uint64_t classes = first_class[total_chunks];
  double all_choices = 1, binomial = 1;
  for (int i = 1; i <= rows; ++i) binomial = binomial * (rows + i) / i;
  for (int b = 0; b < rows; ++b) all_choices *= binomial;
  std::printf("R = %d: %llu chunks (set-up %.2f s CPU), census %.1f s CPU: %llu classes, sizes add up to %.6g "
              "(C(2R,R)^R = %.6g)\n",
              rows, static_cast<unsigned long long>(total_chunks), setup, census,
              static_cast<unsigned long long>(classes), sizes, all_choices);
  const bool full = !project;
  std::printf("f %s on %d classes spread evenly over the class list\n",
              full ? "timed in full" : "projected by random paths", samples);
  Rng rng = block_stream(1, 0);
  double f_sum = 0, f_sq = 0;
  for (int s = 0; s < samples; ++s) {
    const std::uint64_t index = (2 * static_cast<std::uint64_t>(s) + 1) * classes / (2 * static_cast<std::uint64_t>(samples));
    const std::uint64_t chunk =
        static_cast<std::uint64_t>(std::upper_bound(first_class.begin(), first_class.end(), index) - first_class.begin()) - 1;
    std::uint64_t k = first_class[chunk];
    std::vector<Mask> sets(2 * rows);
    double size = 0;
    chunks.for_each_class(chunk, [&](const BandClass& c) {
      if (k++ != index) return;
      band_class_column_sets(c, Shape{rows, 2}, sets.data());
      size = static_cast<double>(c.column_sets);
    });
    const double cost = f_cost(sets, rows, full, paths, rng);
    f_sum += cost;
    f_sq += cost * cost;
    std::printf("class %llu (chunk %llu, |K| = %.4g): f %.4g s of CPU\n", static_cast<unsigned long long>(index),
                static_cast<unsigned long long>(chunk), size, cost);
    std::fflush(stdout);
  }
  const double mean = f_sum / samples;
  const double se = samples > 1 ? std::sqrt(std::max(0.0, (f_sq / samples - mean * mean) / (samples - 1))) : 0;
  const double total = static_cast<double>(classes) * mean + census + setup;
  std::printf("f: mean %.4g s of CPU per class (standard error %.2g)\n", mean, se);
  std::printf("projected total %.4g s of CPU (%.3g CPU-years): %.4g h on 2 cores, %.4g h on 64 cores\n", total,
              total / 3.156e7, total / 2 / 3600, total / 64 / 3600);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: two_band_cost ROWS [SAMPLES [PATHS [SEED]]]\n");
    return 2;
  }
  const int rows = std::atoi(argv[1]);
  if (argc > 3 && std::string(argv[2]) == "--job") {
    if (rows < 1 || rows > 6) {
      std::fprintf(stderr, "ROWS must be 1..6 with --job\n");
      return 2;
    }
    // Given PATHS, f is projected whatever R (for R <= 5, to check the projection against the timing).
    return job_sample(rows, std::atoi(argv[3]), argc > 4 ? std::atoi(argv[4]) : 20000, rows > 5 || argc > 4);
  }
  const int samples = argc > 2 ? std::atoi(argv[2]) : 4;
  const int paths = argc > 3 ? std::atoi(argv[3]) : 20000;
  const std::uint64_t seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
  if (rows < 4 || rows > 8) {
    std::fprintf(stderr, "ROWS must be 4..8\n");
    return 2;
  }
  const int n = 2 * rows, a = rows / 2;
  double group = 1;
  for (int k = 2; k <= rows; ++k) group *= k;
  for (int k = 0; k < rows; ++k) group *= 2;
  const double multisets = count_type_multisets(rows);
  std::printf("R = %d: %.0f type multisets, at least %.0f classes (multisets / %.0f); seed %llu\n", rows, multisets,
              multisets / group, group, static_cast<unsigned long long>(seed));
  double total_seconds = 0;
  for (int i = 0; i < samples; ++i) {
    Rng rng = block_stream(seed, static_cast<std::uint64_t>(i));
    std::vector<Mask> sets(n);
    for (int k = 0; k < rows; ++k) {  // stack k: a random half of the symbols in its first column
      Mask first = 0;
      for (int placed = 0; placed < rows;) {
        const Mask bit = Mask{1} << uniform_below(rng, static_cast<std::uint64_t>(n));
        if (!(first & bit)) first |= bit, ++placed;
      }
      sets[2 * k] = first;
      sets[2 * k + 1] = low_bits(n) & ~first;
    }
    double factors = 0;
    std::vector<Leaf> leaves;  // the first 200 reached, to time the work per W
    for (int p = 0; p < paths; ++p) {
      Leaf leaf = random_factor(sets, rows, rng);
      factors += leaf.weight;
      if (leaf.weight > 0 && leaves.size() < 200) leaves.push_back(std::move(leaf));
    }
    factors /= paths;
    std::uint64_t sink = 0;
    const double start = cpu_seconds();
    for (const Leaf& leaf : leaves)
      sink += count_band_fillings(leaf.factor.data(), a, n) * count_band_fillings(leaf.rest.data(), rows - a, n);
    const double per_factor = leaves.empty() ? 0 : (cpu_seconds() - start) / static_cast<double>(leaves.size());
    if (sink == 0 && !leaves.empty()) std::printf("(no fillings?)\n");
    const double per_class = factors * per_factor;
    total_seconds += per_class;
    std::printf("sample %d: about %.3g %d-factors W, %.3g us of CPU per W: %.3g CPU seconds for f\n", i, factors, a,
                per_factor * 1e6, per_class);
    std::fflush(stdout);
  }
  const double mean = total_seconds / samples;
  std::printf("mean %.3g CPU seconds per class; projected total at least %.3g CPU seconds (%.3g CPU hours)\n", mean,
              mean * multisets / group, mean * multisets / group / 3600);
  return 0;
}
