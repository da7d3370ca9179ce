// Time-normalised variance of the sets and SMC methods under a given tuning
// of their steps, for choosing the defaults (docs/benchmarks.md, "Tuning").
//
// usage: tune_steps BOX METHOD SAMPLES SEED [particles=P] [draws=K]
//                   [closing=2|3] [exact-rows=N] [boxes=table|sequential]
//                   [band2=table|draw] [threads=T]
// Prints one JSON line: the tuning, samples, wall and CPU seconds, the
// relative standard error, rse^2 x wall seconds and rse^2 x CPU seconds /
// threads, the log-weight variance and the interval status.
#include <sys/resource.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>

#include "estimate/sets_method.hpp"
#include "estimate/smc_method.hpp"
#include "sudoku_count/run.hpp"

using namespace sudoku_count;
using namespace sudoku_count::detail;

namespace {

double cpu_seconds() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
         1e-6 * static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr,
                 "usage: tune_steps BOX METHOD SAMPLES SEED [particles=P] [draws=K] [closing=2|3] [exact-rows=N] "
                 "[boxes=table|sequential] [band2=table|draw] [threads=T]\n");
    return 2;
  }
  try {
    const Shape shape = Shape::parse(argv[1]);
    const std::string method = argv[2];
    SetsTuning tuning = method == "sets" ? SetsTuning::for_sets(shape) : SetsTuning::for_smc(shape);
    int particles = 0, threads = 2;
    for (int i = 5; i < argc; ++i) {
      const std::string arg = argv[i];
      const auto eq = arg.find('=');
      const std::string key = arg.substr(0, eq), value = eq == std::string::npos ? "" : arg.substr(eq + 1);
      if (key == "particles") particles = std::stoi(value);
      else if (key == "draws") tuning.matching_draws = std::stoi(value);
      else if (key == "closing") tuning.exact_closing_rows = std::stoi(value);
      else if (key == "exact-rows") tuning.exact_matching_max_symbols = std::stoi(value);
      else if (key == "boxes") tuning.middle_bands = value == "table" ? BoxDraw::Table : BoxDraw::Sequential;
      else if (key == "band2") tuning.band2_table = value == "table";
      else if (key == "threads") threads = std::stoi(value);
      else throw std::invalid_argument("unknown setting " + arg);
    }
    const auto steps = std::make_shared<const SetsSteps>(shape, tuning);
    std::unique_ptr<Estimator> estimator;
    if (method == "sets") estimator = std::make_unique<SetsEstimator>(shape, steps);
    else estimator = std::make_unique<SmcEstimator>(shape, steps, particles);
    RunOptions options;
    options.seed = std::strtoull(argv[4], nullptr, 10);
    options.threads = threads;
    options.stop.samples = std::strtoull(argv[3], nullptr, 10);
    const double cpu_start = cpu_seconds();
    const Progress p = run_estimate(*estimator, options, [](const Progress&) {});
    const double cpu = cpu_seconds() - cpu_start;
    const Summary& s = p.summary;
    const double rse2 = s.rel_std_error * s.rel_std_error;
    std::printf("{\"box\":\"%s\",\"method\":\"%s\",\"variant\":\"%s\",\"steps\":\"%s\",\"samples\":%llu,"
                "\"estimate\":\"%s\",\"rel_std_error\":%.4e,\"seconds\":%.2f,\"cpu_seconds\":%.2f,"
                "\"tnv_wall\":%.4e,\"tnv_cpu\":%.4e,\"log_weight_var\":%.4f,\"pareto_k\":%s,\"interval\":\"%s\"}\n",
                shape.name().c_str(), method.c_str(), estimator->variant().c_str(), steps->describe().c_str(),
                static_cast<unsigned long long>(s.samples), format_scientific(s.estimate, 10).c_str(),
                s.rel_std_error, p.seconds, cpu, rse2 * p.seconds, rse2 * cpu / threads, s.log_weight_var,
                std::isnan(s.pareto_k) ? "null" : std::to_string(s.pareto_k).c_str(), interval_name(s.interval));
    return 0;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tune_steps: %s\n", e.what());
    return 2;
  }
}
