#pragma once
// The thread count of a parallel run, as every entry point reads it.

namespace sudoku_count::detail {

// `requested` threads, or all cores (OpenMP's maximum) for 0. Throws
// InputError for a negative count.
int thread_count(int requested);

}  // namespace sudoku_count::detail
