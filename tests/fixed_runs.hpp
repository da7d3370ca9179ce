#pragma once
// Runs of an estimator for the tests: a fixed number of samples from a fixed
// seed on 2 threads, no progress shown.
#include <cstdint>

#include "sudoku_count/estimator.hpp"
#include "sudoku_count/run.hpp"

namespace sudoku_count::testing_runs {

inline Summary run_samples(const Estimator& estimator, std::uint64_t samples, std::uint64_t seed) {
  RunOptions options;
  options.seed = seed;
  options.threads = 2;
  options.stop.samples = samples;
  return run_estimate(estimator, options, [](const Progress&) {}).summary;
}

}  // namespace sudoku_count::testing_runs
