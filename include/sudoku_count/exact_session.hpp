#pragma once
// The exact session: the number of grids of a layout, or of completions of a
// puzzle, counted by the library's choice of method. A count of all grids
// of a two-band shape (R x 2 or 2 x R boxes) runs as a job of units that can
// stop, save, resume and spread over processes (exact_job.hpp); every other
// count runs at once. The library decides which (session.hpp).
#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>

#include "sudoku_count/exact.hpp"
#include "sudoku_count/exact_job.hpp"
#include "sudoku_count/layer_calibration.hpp"
#include "sudoku_count/session.hpp"

namespace sudoku_count {

// An exact count as a front end asks for it; each member is a field of that
// name (RequestError::field()).
struct ExactCountRequest {
  LayoutRequest layout;          // none given when resuming a job: the saved job's
  std::optional<std::string> puzzle;       // a puzzle's text
  std::optional<std::string> puzzle_file;  // a file holding one puzzle ("-": standard input)
  bool fix_first_row = false;
  std::string method = "auto";   // exact_methods()
  int threads = 0;               // 0: all cores
  // The job's fields, refused for a count that runs at once:
  std::optional<std::string> checkpoint;   // the file the job saves to (none: the resume file, or none)
  std::optional<double> checkpoint_every;   // seconds between saves (60 by default; needs a checkpoint)
  std::optional<std::string> resume;       // a saved job to continue
  std::optional<std::uint64_t> max_units;  // stop after this many units of this run
  std::optional<double> time;    // start no unit after this many seconds
  std::optional<std::string> route;        // how the job computes a class (ExactJob's routes; none: the shape's default)
};

// What the count will be, once the request is read: the layout, the puzzle,
// and whether it runs as a job.
struct ExactPlan {
  ExactRequest count;            // layout, puzzle, fix_first_row, method, threads
  std::string method;            // the method that counts: "dlx" or "bands"
  bool job = false;              // a two-band job of units
  std::string checkpoint;        // the file a job saves to ("": none)
};

struct ExactHooks {
  // On every process, once the count is known to run as a job, before its
  // units start: where a front end arms what stops it (signal handlers).
  std::function<void()> job_begins;
  // Before the count starts (a job: with its state as resumed or fresh).
  std::function<void(const ExactPlan&, const ExactJobState* job_state)> started;
  // The fraction of the work done, now and then (a count at once: the band
  // method only).
  ProgressFn progress;
  // A job, after each unit: the state so far and the wall seconds of this run.
  std::function<void(const ExactJobState&, double seconds)> job_progress;
  SaveNoticeFn save_notice;
  // Set by the front end: a job starts no further unit (those under way
  // finish) and saves.
  const std::atomic<bool>* interrupt = nullptr;
  std::mutex* save_mutex = nullptr;  // taken around each save
};

struct ExactOutcome {
  ExactPlan plan;
  bool finished = true;          // false: a job stopped before its end (no count)
  ExactResult result;            // the count, once finished
  ExactJobState job_state;       // a job's state reached
  std::uint64_t classes_before = 0;  // a resumed job's classes counted before this run
  bool saved = true;             // whether the job's last save succeeded
  bool leader = true;            // false on the processes that only served units
};

// Reads and checks the request (the puzzle, the layout or the resumed job's),
// chooses the method and whether it runs as a job, and refuses the job's
// fields for a count that runs at once. RequestError for a bad request.
// Called by run_exact_session; for a front end that wants the plan first.
ExactPlan plan_exact_count(const ExactCountRequest& request, const std::optional<ExactJobState>& resumed = {});

// Counts: takes the checkpoint's lock, resumes a saved job, refuses to
// overwrite any other existing file, runs the job's units until all are done
// or a limit or the interrupt stops it (saving at the start, every
// checkpoint_every seconds and at the end), or counts at once.
ExactOutcome run_exact_session(const ExactCountRequest& request, const ExactHooks& hooks = {},
                               const Processes& processes = this_process());

// The projected cost of the layers route (layer_calibration.hpp) for the
// layout asked for: the classic rules of a two-band shape (RequestError
// otherwise).
LayerCalibration calibrate_layers(const LayoutRequest& layout, int threads = 0);

}  // namespace sudoku_count
