#pragma once
// What a result's report holds beyond the library's result: what the run
// knows around it (the layout, the completions printed, the merged runs).
// The JSON records (records.hpp) and the command line's text are written
// from these; kept apart from records.hpp so that a printer of text does not
// parse the JSON library.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sudoku_count/bignum.hpp"
#include "sudoku_count/checkpoint.hpp"
#include "sudoku_count/estimate_session.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/stats.hpp"

namespace sudoku_count {

struct ExactReport {
  ExactResult result;
  Layout layout;
  bool puzzle = false;                 // completions of a given puzzle, not all grids of the shape
  std::optional<std::uint64_t> print{};  // print K (exact)
  std::vector<Grid> printed{};           // the first completions in search order (at most K)
};

struct MergeReport {
  Checkpoint merged;
  std::vector<Checkpoint> runs;
  std::vector<std::string> names;  // of the runs, as quoted in messages
  Summary summary;
  BigInt group_order;
  std::optional<std::string> output;  // the merged checkpoint written (merge's output)
  bool output_saved = false;
};

// What merge adds to the estimate of merged puzzle runs.
struct PuzzleMergeNote {
  std::size_t runs = 0;               // 0: not a merge
  std::optional<std::string> output;  // the merged state written (merge's output)
  bool output_saved = false;
};

}  // namespace sudoku_count
