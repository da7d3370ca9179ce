// This process alone: the processes of a run in a build without MPI, and the
// default of every session.
#include "sudoku_count/session.hpp"

namespace sudoku_count {

std::unique_ptr<BlockRunner> Processes::block_runner(const Estimator& estimator, int threads) const {
  return make_thread_runner(estimator, threads);
}

std::unique_ptr<UnitRunner> Processes::unit_runner(const ExactJob& job, int threads, std::function<bool()> stop) const {
  return make_unit_thread_runner(job, threads, std::move(stop));
}

std::unique_ptr<RecordRunner> Processes::record_runner(const RecordJob& job, int threads) const {
  return make_record_thread_runner(job, threads);
}

const Processes& this_process() {
  static const Processes alone;
  return alone;
}

}  // namespace sudoku_count
