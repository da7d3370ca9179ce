#pragma once
// The engine of a puzzle-count run (puzzle_session.hpp): the plan of a new
// run, and grids drawn and tallied from where a run stands. The session
// (src/session/puzzle_session.cpp) adds the lock, the resume and the saves.
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "sudoku_count/puzzle_session.hpp"
#include "sudoku_count/record_job.hpp"
#include "sudoku_count/sample.hpp"

namespace sudoku_count::detail {

// The plan of a new run of `layout` (a state with no grid): the request's
// fields, its defaults where not given, checked; RequestError naming the
// field at fault. Also refuses a layout whose grids are not drawn exactly.
PuzzleRunState plan_puzzle_run(const PuzzleEstimateRequest& request, const Layout& layout);

struct PuzzleDraw {
  std::uint64_t grids = 0;   // stop once the run has this many (0: no such limit)
  double seconds = 0;        // stop after this many seconds of this session (0: no such limit)
  const std::atomic<bool>* interrupt = nullptr;
  double elapsed_before = 0; // seconds this session spent before the first grid (set-up)
  // About once a second with the state so far (the grids merged in order).
  std::function<void(const PuzzleRunState&)> progress;
  // After each round of grids, with the state so far: the session saves when due.
  std::function<void(const PuzzleRunState&)> round_done;
};

// The grids of the state's seed as a record job: item i is grid i and its
// sets, from block_stream(seed, i), as its tally; the grids drawn exactly
// uniformly, or with importance weights where the state says so (the
// sampler's tables built on `threads` threads).
std::unique_ptr<RecordJob> make_puzzle_grid_job(const PuzzleRunState& state, int threads);

// Draws grids from the end of the state's single range, in rounds on the
// runner (of the state's grid job) merged in grid order, until the stop;
// adds them to the state and returns what stopped it: "grids", "time" or
// "interrupt".
std::string draw_puzzle_grids(PuzzleRunState& state, RecordRunner& runner, const PuzzleDraw& draw);

}  // namespace sudoku_count::detail
