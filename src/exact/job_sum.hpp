#pragma once
// An exact job run to its end on this process's threads, for the counts
// that return at once (count_exact): the two-band sum and the slices.
#include <string>

#include "sudoku_count/exact.hpp"
#include "sudoku_count/exact_job.hpp"

namespace sudoku_count::detail {

// The job's sum; `detail` says what it summed (exact_job_detail).
BigInt sum_of_job(const ExactJob& job, int threads, const ProgressFn& progress, std::string& detail);

}  // namespace sudoku_count::detail
