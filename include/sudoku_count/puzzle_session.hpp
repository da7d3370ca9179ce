#pragma once
// The puzzle-count session: estimates of the numbers of proper and minimal
// puzzles by clue count (puzzle_counts.hpp, docs/method.md section 17) run,
// saved, resumed and merged by the library, as estimate runs are
// (session.hpp).
//
// A run's state is a plan (layout, kind, method, set size, sets per grid,
// clue counts) and tallies that are sums over its grids. Grid i of a run
// with seed S, and its sets, come from block_stream(S, i), so grids
// [first, end) of a seed are one piece of work: resuming a run continues
// with its next grid and gives what an uninterrupted run gives, and runs of
// other seeds (or of disjoint grid ranges of one seed) merge by adding their
// tallies.
//
// Its saved file is text in the format of every saved file of the tool
// (header, checked lines, FNV-1a 64 checksum; reals as hexadecimal floats):
//
//   sudoku-count puzzle run
//   format 1
//   version 0.1.0              (of the sudoku-count that wrote it: for people; not checked)
//   box 3x3
//   layout 3x3                 (with "variants ..." and "region ..." lines where the layout has them)
//   kind minimal
//   method subsets
//   method_version 1
//   subset_size 28             (subsets and supersets: s; 0 for coin)
//   subsets_per_grid 128
//   clues 19 28                (the clue counts tallied, first and last)
//   grids weighted             (only where grids carry importance weights: layouts not drawn exactly uniformly)
//   weights SUM SQUARES        (with "grids weighted" only: the grids' weights summed, and their squares)
//   range 2026 0 51200         (seed, first grid, end grid), one line per merged range
//   tests 812345678
//   slot 19 SUM SQUARES WITHIN LARGEST HITS   (one per clue count, then "slot total ...")
//   seconds 0x1.c2p+11
//   checksum 0123456789abcdef
#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "sudoku_count/checkpoint.hpp"
#include "sudoku_count/layout.hpp"
#include "sudoku_count/puzzle_counts.hpp"
#include "sudoku_count/session.hpp"

namespace sudoku_count {

inline constexpr int kPuzzleRunFormat = 1;
inline constexpr int kDefaultSubsetsPerGrid = 32;
inline constexpr std::uint64_t kDefaultPuzzleSeed = 0;

// What is summed over a run's grids, per slot: one slot per clue count
// tallied, then the total over them. For each grid its value v (the mean
// over its sets of the weighted count of puzzles found: an unbiased
// estimate of the grid's own count; times the grid's weight for weighted
// grids) gives sum v, sum v^2, the within-grid sum of squares of its sets,
// the largest v; and the puzzles found (hits).
struct PuzzleTally {
  std::uint64_t tests = 0;  // uniqueness tests
  std::vector<long double> sum, sum_squared, within, largest;
  std::vector<std::uint64_t> hits;
  // Weighted grids only: the sum of the grids' weights and of their squares.
  long double weight_sum = 0, weight_sum_squared = 0;
};

struct PuzzleRunState {
  int format = kPuzzleRunFormat;
  std::string tool_version;
  Layout layout;
  PuzzleKind kind = PuzzleKind::Minimal;
  std::string method;        // "subsets", "supersets" or "coin" (never "auto")
  int method_version = 1;    // raised whenever a change makes a grid's tally differ
  int subset_size = 0;       // subsets and supersets: s; coin: 0
  int subsets_per_grid = 1;
  int min_clues = 0, max_clues = 0;  // the clue counts tallied
  // Grids drawn with importance weights (WeightedGrids, sample.hpp), for a
  // layout whose grids are not drawn exactly uniformly: a grid's values
  // are multiplied by its weight, and the estimate is their mean (with
  // uniform grids: the number of grids times their mean).
  bool weighted_grids = false;
  std::vector<BlockRange> ranges;    // the grids: sorted, disjoint (several only when merged)
  PuzzleTally tally;
  double seconds = 0;                // time spent drawing (summed over merged runs)

  std::uint64_t grids() const;
  int slots() const { return max_clues - min_clues + 2; }
};

// The file's text (checksum line included), and back. parse throws
// InputError naming what is wrong; `origin` (a path) starts the message.
std::string format_puzzle_run(const PuzzleRunState& state);
PuzzleRunState parse_puzzle_run(const std::string& text, const std::string& origin);
// Atomic write (as save_checkpoint); std::system_error on failure, the old file untouched.
void save_puzzle_run(const std::string& path, const PuzzleRunState& state);
// InputError naming the problem (missing, not a puzzle run, damaged). Never modifies the file.
PuzzleRunState load_puzzle_run(const std::string& path);

// Whether the file at `path` is a puzzle run by its first line (false when
// it cannot be read: the reader then says why).
bool is_puzzle_run_file(const std::string& path);

// One state holding the grids of independent runs of one plan (layout, kind,
// method and its version, set size, sets per grid, clue counts): ranges of
// one seed must not overlap. The result does not depend on the order of
// `runs`. InputError on a mismatch or an overlap, naming the runs by `names`.
PuzzleRunState merge_puzzle_runs(const std::vector<PuzzleRunState>& runs, const std::vector<std::string>& names);

// The estimate a state gives (rows over its clue counts, the total, the
// intervals). grid_count: the layout's grids (count_exact), 0 to count them
// (not used for weighted grids).
PuzzleEstimate puzzle_estimate_of(const PuzzleRunState& state, const BigInt& grid_count = 0);

// A puzzle-count estimate as a front end asks for it. A field not given
// takes the library's default, or, resuming, the saved run's own (a field
// given must then equal it).
struct PuzzleEstimateRequest {
  std::optional<Layout> layout;               // none when resuming: the saved run's
  std::optional<PuzzleKind> kind;             // minimal
  std::optional<std::string> method;          // auto: subsets for minimal, coin for proper
  std::optional<int> subset_size;             // subsets: s (default_subset_size)
  std::optional<int> subsets_per_grid;        // kDefaultSubsetsPerGrid; the sets of one grid are the cluster of the standard error
  std::optional<std::string> clues;           // the clue counts: "A-B" or "A" (all the method reaches)
  std::optional<std::uint64_t> seed;          // kDefaultPuzzleSeed
  // Grids with importance weights (WeightedGrids) even where they are drawn
  // exactly uniformly, to check the weighted route against exact counts;
  // layouts not drawn exactly uniformly always have them.
  std::optional<bool> weighted_grids;
  // The stop: at least one of grids (grids of the whole run, resumed ones
  // included) and time (seconds of this session).
  std::optional<std::uint64_t> grids;
  std::optional<double> time;
  int threads = 0;                            // 0: all cores
  std::optional<std::string> checkpoint;      // the file the run saves to (none: the resume file, or none)
  std::optional<double> checkpoint_every;     // seconds between saves (60; needs a checkpoint)
  std::optional<std::string> resume;          // a saved run to continue
};

using PuzzleProgressFn = std::function<void(const PuzzleEstimate& so_far)>;

struct PuzzleHooks {
  PuzzleProgressFn progress;                  // about once a second
  SaveNoticeFn save_notice;
  const std::atomic<bool>* interrupt = nullptr;  // set: stop after the grids under way
  std::mutex* save_mutex = nullptr;           // taken around each save
};

// Checks the request (RequestError naming its field), takes the lock of the
// checkpoint file, reads and checks the run it resumes, refuses to overwrite
// any other file, then draws grids until the stop, saving at the start,
// every checkpoint_every seconds and at the end. A seed and a number of
// grids give one estimate for any thread count, resumed or not.
// Every process of `processes` calls it (collective); the leader runs the
// session and returns the estimate, the others compute the grids it hands
// out and return an empty estimate when it finishes.
PuzzleEstimate estimate_puzzle_counts(const PuzzleEstimateRequest& request, const PuzzleHooks& hooks = {},
                                      const Processes& processes = this_process());

}  // namespace sudoku_count
