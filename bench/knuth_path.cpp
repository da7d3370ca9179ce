// knuth_path: the benchmark reference, the plain estimator a newcomer would
// write first. The project's estimators are set against it in the same go,
// on the same shape and threads (scripts/bench.sh, docs/benchmarks.md).
//
// usage: knuth_path SHAPE SEED BUDGET [THREADS]
//   SHAPE    "3" or "RxC" (box rows x box columns), as the tool reads it
//   SEED     the seed; block b of samples draws from block_stream(SEED, b)
//   BUDGET   a number of samples ("100000"), or seconds ("60s"): whole
//            blocks run until the time is up
//   THREADS  OpenMP threads (default: OpenMP's own choice)
// prints one JSON line: estimate, std_error, rel_std_error, log10_estimate,
// samples, dead_ends, seconds, time_normalized_variance (rse^2 x seconds).
//
// The estimator is Knuth's random path ("Estimating the efficiency of
// backtrack programs", Math. Comp. 29, 1975) down the cell-by-cell
// backtracking tree: from the empty grid, take the empty cell with the
// fewest candidates (the first such cell in row-major order), multiply the
// weight by that number and place one of them uniformly at random. A path
// that reaches a cell without candidates weighs 0. The weight of a path is
// 1 / (probability of the path), so its mean over paths is the number of
// leaves of the tree at full depth: the number of completed grids.
//
// Weights of large grids pass any double (25x25 grids number about 1e308),
// so each is kept as a log and summed as exp(log - shift) in long double,
// with shift = N log N! >= the log of any weight.
#include <omp.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "sudoku_count/error.hpp"
#include "sudoku_count/rng.hpp"
#include "sudoku_count/shape.hpp"

namespace sc = sudoku_count;

namespace {

constexpr std::uint64_t kSamplesPerBlock = 256;

std::uint64_t parse_whole(const std::string& text, const char* what) {
  std::size_t used = 0;
  unsigned long long value = 0;
  try {
    value = std::stoull(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (text.empty() || used != text.size() || text[0] == '-')
    throw sc::InputError(std::string(what) + " must be a whole number, not '" + text + "'");
  return value;
}

// The sums of one block's weights, each scaled by exp(-shift).
struct BlockSums {
  long double sum = 0, sum_of_squares = 0;
  std::uint64_t samples = 0, dead_ends = 0;
};

// One random path; returns the log of its weight, or -infinity at a dead end.
long double random_path_log_weight(const sc::Shape& shape, sc::Rng& rng, std::vector<std::uint64_t>& row_used,
                                   std::vector<std::uint64_t>& col_used, std::vector<std::uint64_t>& box_used,
                                   std::vector<char>& filled) {
  const int n = shape.n();
  const std::uint64_t all_symbols = n == 64 ? ~0ull : (1ull << n) - 1;
  std::fill(row_used.begin(), row_used.end(), 0);
  std::fill(col_used.begin(), col_used.end(), 0);
  std::fill(box_used.begin(), box_used.end(), 0);
  std::fill(filled.begin(), filled.end(), 0);
  // Plain pointers: a store through the char flags may alias a vector's own
  // members, which would make the compiler reload them in the inner loop.
  std::uint64_t* const rows = row_used.data();
  std::uint64_t* const cols = col_used.data();
  std::uint64_t* const boxes = box_used.data();
  char* const done = filled.data();
  long double log_weight = 0;
  for (int placed = 0; placed < n * n; ++placed) {
    int best_cell = -1, best_count = n + 1;
    std::uint64_t best_candidates = 0;
    for (int cell = 0; cell < n * n && best_count > 1; ++cell) {
      if (done[cell]) continue;
      const int row = cell / n, col = cell % n;
      const std::uint64_t candidates =
          all_symbols & ~(rows[row] | cols[col] | boxes[shape.box_of(row, col)]);
      const int count = std::popcount(candidates);
      if (count < best_count) {
        best_count = count;
        best_cell = cell;
        best_candidates = candidates;
      }
    }
    if (best_count == 0) return -INFINITY;
    log_weight += std::log(static_cast<long double>(best_count));
    // The pick-th candidate: clear the pick lowest set bits, keep the next.
    std::uint64_t rest = best_candidates;
    for (std::uint64_t pick = sc::uniform_below(rng, best_count); pick > 0; --pick) rest &= rest - 1;
    const std::uint64_t symbol = rest & (~rest + 1);
    const int row = best_cell / n, col = best_cell % n;
    rows[row] |= symbol;
    cols[col] |= symbol;
    boxes[shape.box_of(row, col)] |= symbol;
    done[best_cell] = 1;
  }
  return log_weight;
}

BlockSums run_block(const sc::Shape& shape, std::uint64_t seed, std::uint64_t block, std::uint64_t samples,
                    long double shift) {
  sc::Rng rng = sc::block_stream(seed, block);
  const int n = shape.n();
  std::vector<std::uint64_t> row_used(n), col_used(n), box_used(n);
  std::vector<char> filled(static_cast<std::size_t>(n) * n);
  BlockSums sums;
  for (std::uint64_t s = 0; s < samples; ++s) {
    const long double log_weight = random_path_log_weight(shape, rng, row_used, col_used, box_used, filled);
    ++sums.samples;
    if (std::isinf(log_weight)) {
      ++sums.dead_ends;
      continue;
    }
    const long double scaled = std::exp(log_weight - shift);
    sums.sum += scaled;
    sums.sum_of_squares += scaled * scaled;
  }
  return sums;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4 || argc > 5) {
    std::cerr << "usage: knuth_path SHAPE SEED BUDGET [THREADS]   (BUDGET: samples, or seconds as '60s')\n";
    return 2;
  }
  try {
    const sc::Shape shape = sc::Shape::parse(argv[1]);
    const std::uint64_t seed = parse_whole(argv[2], "SEED");
    std::string budget = argv[3];
    const bool timed = !budget.empty() && budget.back() == 's';
    if (timed) budget.pop_back();
    const std::uint64_t amount = parse_whole(budget, timed ? "BUDGET (seconds)" : "BUDGET (samples)");
    if (amount == 0) throw sc::InputError("BUDGET must be at least 1");
    if (argc == 5) omp_set_num_threads(static_cast<int>(parse_whole(argv[4], "THREADS")));
    const int threads = omp_get_max_threads();
    const long double shift = shape.n() * std::lgamma(static_cast<long double>(shape.n()) + 1);

    // Blocks are summed in block order once all are done, so that a
    // budget of samples gives the same estimate on any number of threads.
    std::vector<BlockSums> blocks;
    const auto start = std::chrono::steady_clock::now();
    const auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
    const std::uint64_t total_blocks = timed ? 0 : (amount + kSamplesPerBlock - 1) / kSamplesPerBlock;
    // A timed budget runs one round of `threads` blocks at a time and stops
    // after the round in which the time ran out.
    for (std::uint64_t first = 0; timed ? elapsed() < amount : first < total_blocks;) {
      const std::uint64_t round = timed ? threads : total_blocks;
      blocks.resize(first + round);
#pragma omp parallel for schedule(dynamic, 1)
      for (std::int64_t k = 0; k < static_cast<std::int64_t>(round); ++k) {
        const std::uint64_t block = first + k;
        const std::uint64_t in_block =
            timed ? kSamplesPerBlock : std::min(kSamplesPerBlock, amount - block * kSamplesPerBlock);
        blocks[block] = run_block(shape, seed, block, in_block, shift);
      }
      first += round;
    }
    const double seconds = elapsed();

    BlockSums all;
    for (const BlockSums& b : blocks) {
      all.sum += b.sum;
      all.sum_of_squares += b.sum_of_squares;
      all.samples += b.samples;
      all.dead_ends += b.dead_ends;
    }
    const long double n = all.samples;
    const long double mean = all.sum / n;
    // Sample variance; none from one sample, and never below 0 by rounding.
    const long double variance =
        all.samples > 1 ? std::max<long double>(0, (all.sum_of_squares - n * mean * mean) / (n - 1)) : NAN;
    const long double std_error = std::sqrt(variance / n);
    const double rel_std_error = mean > 0 ? static_cast<double>(std_error / mean) : NAN;
    // Back to the real scale through logs: the values may pass a double.
    const long double ln10 = std::log(10.0L);
    const long double log10_estimate = mean > 0 ? (std::log(mean) + shift) / ln10 : -INFINITY;
    const auto scientific = [&](long double log10_value) {
      if (std::isinf(log10_value) || std::isnan(log10_value)) return std::string("0");
      const long double exponent = std::floor(log10_value);
      char text[64];
      std::snprintf(text, sizeof text, "%.6Lfe%+03d", std::pow(10.0L, log10_value - exponent), static_cast<int>(exponent));
      return std::string(text);
    };
    const long double log10_std_error = std_error > 0 ? (std::log(std_error) + shift) / ln10 : -INFINITY;
    // JSON numbers, or null where there is none (one sample, or no path
    // reached the end).
    const auto number_or_null = [](double value) {
      if (std::isnan(value)) return std::string("null");
      char text[32];
      std::snprintf(text, sizeof text, "%.6e", value);
      return std::string(text);
    };
    std::string log10_text = "null";
    if (mean > 0) {
      char text[32];
      std::snprintf(text, sizeof text, "%.10Lf", log10_estimate);
      log10_text = text;
    }
    std::string std_error_text = "null";
    if (!std::isnan(static_cast<double>(std_error))) std_error_text = '"' + scientific(log10_std_error) + '"';
    std::printf(
        "{\"method\":\"knuth_path\",\"box\":\"%s\",\"seed\":%llu,\"threads\":%d,\"estimate\":\"%s\","
        "\"std_error\":%s,\"rel_std_error\":%s,\"log10_estimate\":%s,\"samples\":%llu,\"dead_ends\":%llu,"
        "\"seconds\":%.3f,\"time_normalized_variance\":%s}\n",
        shape.name().c_str(), static_cast<unsigned long long>(seed), threads, scientific(log10_estimate).c_str(),
        std_error_text.c_str(), number_or_null(rel_std_error).c_str(), log10_text.c_str(),
        static_cast<unsigned long long>(all.samples), static_cast<unsigned long long>(all.dead_ends), seconds,
        number_or_null(rel_std_error * rel_std_error * seconds).c_str());
  } catch (const sc::InputError& e) {
    std::cerr << "knuth_path: error: " << e.what() << "\n";
    return 2;
  }
  return 0;
}
