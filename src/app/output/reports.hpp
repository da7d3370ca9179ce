#pragma once
// What the commands print, one value per kind of result: the library's
// result together with what the command knows around it. text.hpp and
// json.hpp hold one serialiser for each.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sudoku_count/checkpoint.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/stats.hpp"

namespace sudoku_count::cli {

struct ExactReport {
  ExactResult result;
  Layout layout;
  bool puzzle = false;                 // completions of a given puzzle, not all grids of the shape
  std::optional<std::uint64_t> print{};  // --print K
  std::vector<Grid> printed{};           // the first completions in search order (at most K)
};

// What every report of one estimate run repeats.
struct EstimateRun {
  Layout layout;
  std::uint64_t seed = 1;
  std::string method;  // the estimator's name
  std::string note;    // the estimator's note
  double setup_seconds = 0;
  BigInt group_order;      // of the shape's symmetry group (classic rules only; 0 otherwise)
  std::string checkpoint;  // the file the run saves to ("": none)
};

struct MergeReport {
  Checkpoint merged;
  std::vector<Checkpoint> runs;
  std::vector<std::string> names;  // of the runs, as quoted in messages
  Summary summary;
  BigInt group_order;
  std::optional<std::string> output;  // --output FILE
  bool output_saved = false;
};

}  // namespace sudoku_count::cli
