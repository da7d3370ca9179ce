// Time-normalised variance of the rows method on any layout under a given
// tuning, for choosing its defaults (docs/benchmarks.md, "Tuning").
//
// usage: tune_rows BOX VARIANTS SAMPLES SEED [particles=P] [draws=K]
//                  [exact-rows=N] [closing=C] [band=0|1] [prune=0|1] [threads=T] [seconds=S]
//                  [puzzle=TEXT]
//   VARIANTS  "none" or a list such as "x,p" (Layout::parse_variants)
// Prints one JSON line: the layout, the variant, samples, wall and CPU
// seconds, the relative standard error, rse^2 x CPU seconds (the time to a
// relative error e on T idle cores is that / e^2 / T), the log-weight
// variance and the interval status.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "bench_settings.hpp"
#include "estimate/rows_method.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/run.hpp"

using namespace sudoku_count;
using namespace sudoku_count::detail;

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr,
                 "usage: tune_rows BOX VARIANTS SAMPLES SEED [particles=P] [draws=K] [exact-rows=N] [closing=C] [band=0|1] [prune=0|1] [threads=T] "
                 "[seconds=S] [puzzle=TEXT]\n");
    return 2;
  }
  try {
    const std::string variants = argv[2];
    const Layout layout = make_layout(Shape::parse(argv[1]), variants == "none" ? "" : variants, "");
    // A puzzle (its completions counted, relabelling off) comes first: the
    // tuning's defaults depend on it.
    std::vector<int> givens;
    for (int i = 5; i < argc; ++i) {
      const auto [key, value] = bench::parse_setting(argv[i]);
      if (key == "puzzle") givens = parse_puzzle(value, layout).cells;
    }
    RowsTuning tuning = RowsTuning::for_layout(layout, !givens.empty());
    int particles = 0, threads = 2;
    double seconds = 0;
    for (int i = 5; i < argc; ++i) {
      const auto [key, value] = bench::parse_setting(argv[i]);
      if (key == "puzzle") continue;
      if (key == "particles") particles = std::stoi(value);
      else if (key == "draws") tuning.matching_draws = std::stoi(value);
      else if (key == "exact-rows") tuning.exact_matching_max_symbols = std::stoi(value);
      else if (key == "prune") tuning.prune = value == "1";
      else if (key == "closing") tuning.exact_closing_rows = std::stoi(value);
      else if (key == "band") tuning.close_band = value == "1";
      else if (key == "threads") threads = std::stoi(value);
      else if (key == "seconds") seconds = std::stod(value);
      else throw std::invalid_argument(std::string("unknown setting ") + argv[i]);
    }
    const RowsEstimator estimator(layout, particles, tuning, givens);
    RunOptions options;
    options.seed = std::strtoull(argv[4], nullptr, 10);
    options.threads = threads;
    options.stop.samples = std::strtoull(argv[3], nullptr, 10);
    if (seconds > 0) options.stop.seconds = seconds;
    const double cpu_start = bench::cpu_seconds();
    const Progress p = run_estimate(estimator, options, [](const Progress&) {});
    const double cpu = bench::cpu_seconds() - cpu_start;
    const Summary& s = p.summary;
    const double rse2 = s.rel_std_error * s.rel_std_error;
    std::printf("{\"layout\":\"%s\",\"variant\":\"%s\",\"exact_rows\":%d,\"closing\":%d,\"samples\":%llu,\"estimate\":\"%s\","
                "\"rel_std_error\":%.4e,\"seconds\":%.2f,\"cpu_seconds\":%.2f,\"rse2_cpu\":%.4e,"
                "\"log_weight_var\":%.5f,\"pareto_k\":%s,\"interval\":\"%s\"}\n",
                layout.name().c_str(), estimator.variant().c_str(), tuning.exact_matching_max_symbols, tuning.exact_closing_rows,
                static_cast<unsigned long long>(s.samples), format_scientific(s.estimate, 10).c_str(),
                s.rel_std_error, p.seconds, cpu, rse2 * cpu, s.log_weight_var,
                std::isnan(s.pareto_k) ? "null" : std::to_string(s.pareto_k).c_str(), interval_name(s.interval));
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tune_rows: %s\n", e.what());
    return 2;
  }
}
