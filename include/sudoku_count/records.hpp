#pragma once
// The JSON record of each result: what the command line prints with --json
// and what the Python module's result objects hold, one serialiser per kind
// of result, so that the two front ends cannot drift apart. One object per
// line (JSON Lines), fields in a fixed order, big numbers as decimal
// strings, doubles to 10 significant digits and null where JSON has no
// number (inf, nan) or a value is undefined. The records are described by
// docs/schema/sudoku-count.schema.json.
#include <nlohmann/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sudoku_count/checkpoint.hpp"
#include "sudoku_count/reports.hpp"
#include "sudoku_count/estimate_session.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/exact_job.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/layer_calibration.hpp"
#include "sudoku_count/puzzle_counts.hpp"
#include "sudoku_count/run.hpp"
#include "sudoku_count/sample.hpp"
#include "sudoku_count/solve.hpp"
#include "sudoku_count/stats.hpp"
#include "sudoku_count/symmetry.hpp"
#include "sudoku_count/tables.hpp"

namespace sudoku_count {

// ---- the records

using Json = nlohmann::ordered_json;

Json exact_json(const ExactReport& report);
Json essentially_different_json(const EssentiallyDifferentResult& result);
// The calibration (exact, calibrate): the projection of the layers route, stage by stage.
Json layer_calibration_json(const LayerCalibration& calibration);
// JSON Lines: a header record (layout, seed, method, ...), then one record
// per grid, so that no line grows with the count.
std::vector<Json> sample_json_lines(const SampleResult& result);
// An exact job stopped before its end ("finished": false, no count).
Json exact_job_json(const ExactJobState& state, const std::string& checkpoint);
// One puzzle; `line`: its line in a puzzle file (none for --puzzle).
Json solve_json(const SolveResult& result, const Layout& layout, bool explain, std::optional<int> line = {});
Json estimate_json(const Progress& progress, const EstimateRun& run, bool checkpoint_saved);
Json merge_json(const MergeReport& report);
Json tables_json(const BandTablesReport& report);
// puzzles (and merge of puzzle runs, with `merge` filled in).
Json puzzle_estimate_json(const PuzzleEstimate& estimate, const PuzzleMergeNote& merge = {});
// puzzles --exact: the exact counts of one kind, by clue count.
Json puzzle_counts_json(const PuzzleCounts& counts, PuzzleKind kind, const std::string& method);

// One line of JSON (invalid UTF-8 in user text, such as a file name, is replaced).
std::string json_line(const Json& json);

}  // namespace sudoku_count
