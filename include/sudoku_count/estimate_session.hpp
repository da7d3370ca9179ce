#pragma once
// The estimate session: an unbiased Monte Carlo estimate of the number of
// grids of a layout, run, resumed and saved by the library (session.hpp).
#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "sudoku_count/bignum.hpp"
#include "sudoku_count/checkpoint.hpp"
#include "sudoku_count/run.hpp"
#include "sudoku_count/session.hpp"

namespace sudoku_count {

// An estimate as a front end asks for it. Each member is a field of that
// name (RequestError::field()); an empty optional is a field not given,
// which takes the library's default (or, resuming, the saved run's own).
struct EstimateRequest {
  LayoutRequest layout;                     // none given when resuming: the saved run's
  // A puzzle whose completions are counted (none: the grids of the layout;
  // resuming: the saved run's, which a puzzle given must equal).
  std::optional<std::string> puzzle;        // its text (parse_puzzle)
  std::optional<std::string> puzzle_file;   // a file holding it ("-": standard input)
  std::optional<std::string> method;        // "auto" by default
  std::optional<int> particles;             // 0..EstimatorOptions::kMaxParticles; 0: the method's default
  std::optional<std::string> orientation;   // auto, given, transposed
  // The stop rule (StopRule): none of these given is default_stop_rule().
  std::optional<double> rel_error;
  std::optional<double> time;               // seconds of this session
  std::optional<std::uint64_t> samples;
  std::optional<std::uint64_t> blocks;
  bool forever = false;
  std::optional<std::uint64_t> min_samples;
  std::optional<std::uint64_t> seed;        // 1 by default
  int threads = 0;                          // 0: all cores
  std::optional<std::uint64_t> first_block; // 0 by default; fixed by a resumed run
  double confidence = 0.95;
  std::optional<std::string> checkpoint;    // the file the run saves to (none: the resume file, or none)
  std::optional<double> checkpoint_every;   // seconds between saves (60 by default; needs a checkpoint)
  std::optional<std::string> resume;        // a saved run to continue (none: a new run)
  double report_every = 0;                  // seconds between reports (0: final report only)
};

// Checks the fields on their own (ranges, fields that need or exclude
// others): RequestError naming the first one at fault. run_estimate_session
// calls it first.
void check_request(const EstimateRequest& request);

// The stop rule the request asks for: its budgets and target, or
// default_stop_rule() when it gives none.
StopRule requested_stop_rule(const EstimateRequest& request);

// What every report of one estimate run repeats.
struct EstimateRun {
  Layout layout;
  std::vector<int> givens;  // the puzzle counted (N*N cells, 0 blank); empty: the empty grid
  std::uint64_t seed = 1;
  std::string method;  // the estimator's name
  std::string note;    // the estimator's note
  double setup_seconds = 0;
  BigInt group_order;      // of the shape's symmetry group (classic rules of the empty grid only; 0 otherwise)
  std::string checkpoint;  // the file the run saves to ("": none)
};

struct EstimateHooks {
  // Once the estimator is built, before the first sample: the run, and the
  // saved run it continues (none for a new run).
  std::function<void(const EstimateRun&, const std::optional<Checkpoint>& resumed)> started;
  // Every report_every seconds (final = false) and once at the end, with
  // whether the run's last save succeeded (true with no checkpoint).
  std::function<void(const Progress&, bool checkpoint_saved)> report;
  SaveNoticeFn save_notice;
  // Set by the front end to stop the run (a signal, Ctrl-C): it stops within
  // a sample or a few, saves, and reports as usual.
  const std::atomic<bool>* interrupt = nullptr;
  // Taken around each save, so that a front end that must end the process
  // at once (a second signal) can wait for a save under way to finish.
  std::mutex* save_mutex = nullptr;
};

struct EstimateOutcome {
  EstimateRun run;
  Progress progress;           // the final report
  bool saved = true;           // whether the last save succeeded (true with no checkpoint)
  bool leader = true;          // false on the processes that only served blocks
};

// Runs the estimate: takes the lock of the checkpoint file, reads and checks
// the saved run it resumes, refuses to overwrite any other existing file,
// builds the estimator (the saved run's own when resuming without method,
// particles or orientation), runs until the stop rule or the interrupt, and
// saves at the start, every checkpoint_every seconds and at the end.
// RequestError for a bad request.
EstimateOutcome run_estimate_session(const EstimateRequest& request, const EstimateHooks& hooks = {},
                                     const Processes& processes = this_process());

}  // namespace sudoku_count
