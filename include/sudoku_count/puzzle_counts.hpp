#pragma once
// Counting puzzles: sets of givens with exactly one completion (proper), and
// those of them from which no given can be removed without losing that
// (minimal), by the number of givens.
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "sudoku_count/bignum.hpp"
#include "sudoku_count/checkpoint.hpp"
#include "sudoku_count/layout.hpp"

namespace sudoku_count {

enum class PuzzleKind { Minimal, Proper };
// "minimal", "proper"; puzzle_kind() reads them (InputError otherwise).
const char* puzzle_kind_name(PuzzleKind kind);
PuzzleKind puzzle_kind(const std::string& name);

struct PuzzleCounts {
  Layout layout;
  std::uint64_t grids = 0;              // completed grids of the layout
  std::uint64_t classes = 0;            // exact_puzzle_counts_by_classes: classes of grids under the symmetries
  std::vector<std::uint64_t> proper;    // proper[c]: proper puzzles with c givens, c = 0..cells
  std::vector<std::uint64_t> minimal;   // minimal[c]: minimal puzzles with c givens
  double seconds = 0;
};

// The most cells exact_puzzle_counts takes: every set of givens of every grid
// is looked at, 2^cells of them a grid.
inline constexpr int kExactPuzzleCountsMaxCells = 16;

// Exact counts by listing every grid and every set of cells of it. A set S of
// cells of grid g is proper unless another grid agrees with g on all of S:
// the sets within some agreement set of g and another grid are marked, down
// to their subsets, and the rest are proper; S is minimal when it is proper
// and no S minus one cell is. Throws InputError for a layout of more than
// kExactPuzzleCountsMaxCells cells.
PuzzleCounts exact_puzzle_counts(const Layout& layout);

// The largest N x N grid exact_puzzle_counts_by_classes takes: its grids
// with the first row fixed are listed (6x6: 39,168).
inline constexpr int kExactPuzzleCountsByClassesMaxN = 6;

// Exact counts of minimal or proper puzzles (the other kind left empty) for
// the classic rules of a shape up to 6x6: the grids are grouped into
// classes under the shape's symmetries (relabelling; rows within bands,
// bands, columns within stacks, stacks; transposition for square boxes),
// which map the puzzles of a grid one to one onto those of its images, with
// the same clue count. For one grid of each class, its minimal unavoidable
// sets (the cells where it differs from another grid, minimal under
// inclusion) are found against every grid; its proper puzzles are the sets
// of cells that hit them all, its minimal puzzles the minimal such sets.
// Throws InputError for a shape beyond 6x6. `progress` gets the fraction of
// the classes done (6x6: 49 classes, minutes on 2 cores).
PuzzleCounts exact_puzzle_counts_by_classes(const Shape& shape, PuzzleKind kind, int threads = 0,
                                            const std::function<void(double)>& progress = {});

// The exact count a front end asks for (puzzles --exact): layouts of at
// most 16 cells by listing (both kinds), the classic rules up to 6x6 by
// hitting sets (the kind asked for). Throws RequestError naming {exact} or {kind}
// for what neither reaches. `method` says which: "listing" or "hitting-sets".
PuzzleCounts count_puzzles_exactly(const Layout& layout, PuzzleKind kind, int threads, std::string* method = nullptr,
                                   const std::function<void(double)>& progress = {});

// ---- estimates (docs/method.md, section 17) ---------------------------------

// The methods: "subsets" (a uniform grid, uniform s-cell subsets of it, every
// proper, or minimal, puzzle within each subset listed and weighted by its
// inclusion probability: every clue count up to s at once), "supersets"
// (minimal only: every minimal puzzle containing a uniform s-cell set,
// weighted by C(cells, s) / C(c, s): every clue count from s up at once, the
// high tail) and "coin" (each
// cell of a uniform grid kept with probability 1/2, the set weighted by
// 2^cells when proper: proper puzzles of every clue count at once). "auto":
// subsets for minimal puzzles, coin for proper ones.
//
// The request and the session that runs them: puzzle_session.hpp.

// The default s of the subsets method: 35% of the cells (9x9: 28, about the
// mode of minimal puzzles plus four), at least the largest clue count asked
// (max_clues; -1 = none), at most max_subset_size.
int default_subset_size(const Layout& layout, int max_clues = -1);
// The default s of the supersets method: 30% of the cells (9x9: 24), or,
// with a lowest clue count asked (min_clues; -1 = none), four below it but
// not below 30% of the cells, and never above it.
int default_superset_start(const Layout& layout, int min_clues = -1);
// The largest s the subsets method takes: the proper subsets of a set are
// listed, and beyond 40% of the cells (or 16 cells) they are too many.
int max_subset_size(const Layout& layout);

// One clue count's estimate. Each hit (a puzzle found) carries the same
// weight, so the hits give a Poisson interval where they are few.
struct PuzzleCountRow {
  int clues = 0;                 // -1 for the total over the clue counts reported
  BigFloat estimate = 0;         // puzzles of the layout with this many clues
  BigFloat std_error = 0;        // clustered by grid (the grid-to-grid variance is in it)
  BigFloat low = 0, high = 0;    // 95% interval
  std::uint64_t hits = 0;        // puzzles found in all the sets drawn
  double between_grid_cv = -1;   // sd over grids of the grid's own count / mean; -1 when not estimable (one set a grid, under 50 hits)
  double largest_grid_share = 0; // the largest share of the estimate one grid gave
  std::string interval;          // "normal" (>= 50 hits), "poisson" (1-49 hits: exact Poisson), "none" (no hit: upper bound only)
};

// How the grids of a layout that is not drawn exactly uniformly are drawn
// for puzzle counts: row-by-row proposals with importance weights
// (WeightedGrids, sample.hpp), up to kMaxWeightedPuzzleN x kMaxWeightedPuzzleN.
inline constexpr const char* kWeightedGridMethod = "weighted-rows";
inline constexpr int kMaxWeightedPuzzleN = 16;

struct PuzzleEstimate {
  Layout layout;
  PuzzleKind kind = PuzzleKind::Minimal;
  std::string method;            // "subsets", "supersets" or "coin"
  int subset_size = 0;           // subsets and supersets
  int subsets_per_grid = 0;
  std::uint64_t grids = 0;       // grids drawn
  std::uint64_t sets = 0;        // sets drawn in all (grids x subsets_per_grid)
  std::uint64_t uniqueness_tests = 0;
  BigInt grid_count = 0;         // the layout's grids, exact (0 with weighted grids)
  std::string grid_method;       // how grids are drawn (sample_method, or kWeightedGridMethod)
  // Weighted grids (layouts not drawn exactly uniformly): the grids' mean
  // weight, an unbiased estimate of the number of grids, and the effective
  // number of grids (sum w)^2 / sum w^2, out of `grids`.
  bool weighted_grids = false;
  BigFloat grid_estimate = 0;
  double weight_effective_grids = 0;
  std::uint64_t seed = 0;        // of the first range
  std::vector<BlockRange> ranges;  // the grids drawn, by seed (several when merged)
  int threads = 1;               // per process
  int processes = 1;             // of an MPI run
  double seconds = 0;            // wall time, set-up included
  double setup_seconds = 0;      // grid count and sampler tables
  std::string stopped_by;        // "grids", "time", "interrupt"; "merged" for merged runs
  std::string checkpoint;        // the file the run saved to ("": none)
  bool saved = true;             // whether its last save succeeded (true with none)
  std::vector<PuzzleCountRow> rows;  // by clue count, the reported range
  PuzzleCountRow total;          // over the reported range
};

}  // namespace sudoku_count
