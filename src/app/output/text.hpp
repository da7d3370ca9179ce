#pragma once
// Text serialisers, one per result, for people reading a terminal; and the
// lines a long computation redraws on a terminal's stderr.
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "sudoku_count/reports.hpp"
#include "sudoku_count/exact_job.hpp"
#include "sudoku_count/layer_calibration.hpp"
#include "sudoku_count/puzzle_counts.hpp"
#include "sudoku_count/run.hpp"
#include "sudoku_count/sample.hpp"
#include "sudoku_count/solve.hpp"
#include "sudoku_count/symmetry.hpp"
#include "sudoku_count/tables.hpp"

namespace sudoku_count::cli {

void exact_text(std::ostream& out, const ExactReport& report);
void essentially_different_text(std::ostream& out, const EssentiallyDifferentResult& result);
// exact --calibrate: a table of the stages and the projected totals.
void layer_calibration_text(std::ostream& out, const LayerCalibration& calibration);
// Comment lines ("# ...": shape, seed, method, uniformity) and the grids,
// one a line in the compact form solve --puzzle-file reads.
void sample_text(std::ostream& out, const SampleResult& result);
// An exact job stopped before its end: how far it got and how to go on.
void exact_job_stopped_text(std::ostream& out, const ExactJobState& state, const std::string& checkpoint, bool saved);
// One puzzle given by --puzzle, with its header and time.
void solve_text(std::ostream& out, const SolveResult& result, const Layout& layout, bool explain);
// The puzzles of a file, in input order, and a summary of the batch.
void batch_text(std::ostream& out, const BatchResult& batch, const std::vector<ListedPuzzle>& listed,
                const Layout& layout, bool explain);

// An estimate: its header (`resumed` and `resume_path` when continuing a
// checkpoint), a line per report while it runs, and the final summary.
void estimate_header_text(std::ostream& out, const EstimateRun& run, const std::optional<Checkpoint>& resumed,
                          const std::string& resume_path);
void estimate_report_text(std::ostream& out, const Progress& progress);
void estimate_summary_text(std::ostream& out, const Progress& result, const EstimateRun& run, bool checkpoint_saved);

void merge_text(std::ostream& out, const MergeReport& report);
void tables_text(std::ostream& out, const BandTablesReport& report);
// A puzzle-count estimate: what was drawn, then a row per clue count and the total.
void puzzle_estimate_text(std::ostream& out, const PuzzleEstimate& estimate);
// puzzles --exact: a row per clue count with puzzles, and the total.
void puzzle_counts_text(std::ostream& out, const PuzzleCounts& counts, PuzzleKind kind, const std::string& method);
// Its status line: grids, sets, time, the total so far.
std::string puzzle_progress_line(const PuzzleEstimate& estimate);

// Lines redrawn in place on a terminal: erase the line, then the progress
// of an exact count, or of an estimate towards its error target.
inline constexpr const char* kEraseLine = "\r\033[K";
std::string exact_progress_line(double fraction);
// The census (chunks counted) or the classes done of all, elapsed, and the
// remaining time projected from the classes this run computed.
std::string exact_job_progress_line(const ExactJobState& state, std::uint64_t classes_this_run, double seconds);
// An estimate's status: value, relative error, interval status, samples,
// time, and the ETA of the nearest stopping rule that will stop the run
// (none for a rule that cannot: --forever, an error target not yet in
// reach). `session_*`: this session's time and samples, for the rate.
std::string estimate_progress_line(const Progress& progress, const StopRule& stop, double session_seconds,
                                   std::uint64_t session_samples);

}  // namespace sudoku_count::cli
