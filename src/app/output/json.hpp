#pragma once
// JSON serialisers, one per result: one object per line (JSON Lines), fields
// in a fixed order, big numbers as decimal strings, doubles to 10
// significant digits and null where JSON has no number (inf, nan) or a
// value is undefined.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "output/reports.hpp"
#include "sudoku_count/exact_job.hpp"
#include "sudoku_count/layer_calibration.hpp"
#include "sudoku_count/run.hpp"
#include "sudoku_count/sample.hpp"
#include "sudoku_count/solve.hpp"
#include "sudoku_count/symmetry.hpp"
#include "sudoku_count/tables.hpp"

namespace sudoku_count::cli {

using Json = nlohmann::ordered_json;

Json exact_json(const ExactReport& report);
Json essentially_different_json(const EssentiallyDifferentResult& result);
// exact --calibrate: the projection of the layers route, stage by stage.
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

// One line of JSON (invalid UTF-8 in user text, such as a file name, is replaced).
std::string dump(const Json& json);

}  // namespace sudoku_count::cli
