#include "core/threads.hpp"

#include <omp.h>

#include <string>

#include "sudoku_count/error.hpp"

namespace sudoku_count::detail {

int thread_count(int requested) {
  if (requested < 0)
    throw InputError("the thread count must be 0 (all cores) or positive, not " + std::to_string(requested));
  return requested == 0 ? omp_get_max_threads() : requested;
}

}  // namespace sudoku_count::detail
