// Time-normalised variance of the sets and SMC methods under a given tuning
// of their steps, for choosing the defaults (docs/benchmarks.md, "Tuning").
//
// usage: tune_steps BOX METHOD SAMPLES SEED [particles=P] [draws=K]
//                   [closing=2|3] [exact-rows=N] [boxes=table|sequential]
//                   [band2=table|draw] [averaged=0|1] [threads=T]
// Prints one JSON line: the tuning, samples, wall and CPU seconds, the
// relative standard error, rse^2 x wall seconds and rse^2 x CPU seconds /
// threads, the log-weight variance and the interval status.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <string>

#include "bench_settings.hpp"
#include "estimate/sets_method.hpp"
#include "estimate/smc_method.hpp"
#include "sudoku_count/run.hpp"

using namespace sudoku_count;
using namespace sudoku_count::detail;


int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr,
                 "usage: tune_steps BOX METHOD SAMPLES SEED [particles=P] [draws=K] [closing=2|3] [exact-rows=N] "
                 "[boxes=table|sequential] [band2=table|draw] [averaged=0|1] [threads=T]\n");
    return 2;
  }
  try {
    const Shape shape = Shape::parse(argv[1]);
    const std::string method = argv[2];
    SetsTuning tuning = method == "sets" ? SetsTuning::for_sets(shape) : SetsTuning::for_smc(shape);
    int particles = 0, threads = 2;
    bench::apply_sets_settings(argc, argv, 5, tuning, particles, threads);
    const auto steps = std::make_shared<const SetsSteps>(shape, tuning);
    std::unique_ptr<Estimator> estimator;
    if (method == "sets") estimator = std::make_unique<SetsEstimator>(shape, steps);
    else estimator = std::make_unique<SmcEstimator>(shape, steps, particles);
    RunOptions options;
    options.seed = std::strtoull(argv[4], nullptr, 10);
    options.threads = threads;
    options.stop.samples = std::strtoull(argv[3], nullptr, 10);
    const double cpu_start = bench::cpu_seconds();
    const Progress p = run_estimate(*estimator, options, [](const Progress&) {});
    const double cpu = bench::cpu_seconds() - cpu_start;
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
