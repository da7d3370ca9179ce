#pragma once
// The public API of sudoku-count, in one header: shapes and grids, exact
// counting with its method registry, the cost of its layers route,
// essentially different grids, uniform random grids, solving, exact puzzle
// counts of the smallest layouts, the estimator
// interface with its method registry, the run driver, checkpoints, the run
// sessions every front end runs through (session.hpp), the JSON records of
// the results, the band tables' sizes and the version. Every header of include/sudoku_count/ is
// included here (tests/umbrella_header_test.cmake checks it).
#include "sudoku_count/bignum.hpp"
#include "sudoku_count/checkpoint.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/estimate_session.hpp"
#include "sudoku_count/estimator.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/exact_job.hpp"
#include "sudoku_count/exact_session.hpp"
#include "sudoku_count/grid.hpp"
#include "sudoku_count/layer_calibration.hpp"
#include "sudoku_count/layout.hpp"
#include "sudoku_count/puzzle_counts.hpp"
#include "sudoku_count/puzzle_session.hpp"
#include "sudoku_count/record_job.hpp"
#include "sudoku_count/records.hpp"
#include "sudoku_count/reports.hpp"
#include "sudoku_count/rng.hpp"
#include "sudoku_count/run.hpp"
#include "sudoku_count/sample.hpp"
#include "sudoku_count/session.hpp"
#include "sudoku_count/shape.hpp"
#include "sudoku_count/solve.hpp"
#include "sudoku_count/stats.hpp"
#include "sudoku_count/symmetry.hpp"
#include "sudoku_count/tables.hpp"
#include "sudoku_count/version.hpp"
