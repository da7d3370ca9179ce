#pragma once
// What a parsed command line asks of the library: its options turned into
// the library's typed requests (session.hpp), and nothing more. The library
// checks them, runs them and words its refusals in the request's field
// names, which main() spells as options.
#include "options.hpp"
#include "sudoku_count/estimate_session.hpp"
#include "sudoku_count/exact_session.hpp"
#include "sudoku_count/layer_calibration.hpp"
#include "sudoku_count/puzzle_counts.hpp"
#include "sudoku_count/puzzle_session.hpp"

namespace sudoku_count::cli {

// --box, --variant and --regions.
LayoutRequest layout_request(const ParsedOptions& options);
// The layout they give (the table requires --box or --regions wherever this is called).
Layout command_layout(const ParsedOptions& options);

// estimate's options as a request; report_every is the front end's to set.
EstimateRequest estimate_request(const ParsedOptions& options);

// exact's options (but --essentially-different and --calibrate) as a request.
ExactCountRequest exact_count_request(const ParsedOptions& options);

// puzzles' options as a request.
PuzzleEstimateRequest puzzle_estimate_request(const ParsedOptions& options);

// exact --calibrate: the projection of the layers route for the options'
// layout (the classic rules of a two-band shape; InputError otherwise).
LayerCalibration requested_calibration(const ParsedOptions& options);

}  // namespace sudoku_count::cli
