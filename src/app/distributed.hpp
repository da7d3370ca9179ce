#pragma once
// The processes of one run. A plain build has one; an MPI build
// (-DSUDOKU_COUNT_MPI=ON) has one per MPI rank. Rank 0, the leader, reads
// input, drives the run, prints and checkpoints; the other ranks compute the
// blocks it hands out. The core library knows nothing of this: it sees the
// processes of a run through its Processes interface (sudoku_count/session.hpp).
#include <functional>
#include <memory>
#include <string>

#include "sudoku_count/run.hpp"
#include "sudoku_count/estimator.hpp"
#include "sudoku_count/exact_job.hpp"
#include "sudoku_count/record_job.hpp"
#include "sudoku_count/session.hpp"

namespace sudoku_count::cli {

// Spreads each batch of blocks over all processes and their threads; the
// leader receives every block's accumulator and merges them in block order,
// so the estimate is the same for any number of processes and threads.
class DistributedRunner : public BlockRunner {
 public:
  // Non-leaders: compute the blocks the leader hands out until it finishes
  // (when the leader's runner is destroyed).
  virtual void serve() = 0;
};

// Spreads each batch of units of an exact job over all processes and their
// threads; the leader receives every unit's result.
class DistributedUnitRunner : public UnitRunner {
 public:
  // Non-leaders: compute the units the leader hands out until it finishes
  // (when the leader's runner is destroyed).
  virtual void serve() = 0;
};

class ProcessGroup : public Processes {
 public:
  ProcessGroup(int& argc, char**& argv);  // MPI_Init in an MPI build
  ~ProcessGroup();                        // MPI_Finalize
  ProcessGroup(const ProcessGroup&) = delete;
  ProcessGroup& operator=(const ProcessGroup&) = delete;

  int rank() const { return rank_; }
  int size() const { return size_; }
  bool leader() const override { return rank_ == 0; }

  // Runs `make` on the leader only (reading a file, checking a path) and
  // returns its result on every process; an InputError it throws is thrown
  // on every process, so all of them stop with the same status.
  std::string share(const std::function<std::string()>& make) const override;

  // After an internal error: ends every process of the group at once (the
  // others may be waiting for this one), so the launcher does not hang.
  void abort(int status) const;

  // Collective: every process calls it with its own thread count (0: all cores).
  std::unique_ptr<DistributedRunner> make_runner(const Estimator& estimator, int threads) const;
  // Collective, as make_runner. On the leader, `stop` is polled before each
  // unit of its own threads (the other ranks finish the batch they were given).
  std::unique_ptr<DistributedUnitRunner> make_unit_runner(const ExactJob& job, int threads,
                                                          std::function<bool()> stop) const;

  // The library's view of the same (session.hpp).
  std::unique_ptr<BlockRunner> block_runner(const Estimator& estimator, int threads) const override {
    return make_runner(estimator, threads);
  }
  std::unique_ptr<UnitRunner> unit_runner(const ExactJob& job, int threads, std::function<bool()> stop) const override {
    return make_unit_runner(job, threads, std::move(stop));
  }
  void serve(BlockRunner& runner) const override { static_cast<DistributedRunner&>(runner).serve(); }
  void serve(UnitRunner& runner) const override { static_cast<DistributedUnitRunner&>(runner).serve(); }
  // Collective, as make_runner: the items of a record job (a puzzle-count
  // run's grids) over all processes; serve: non-leaders compute the items
  // the leader hands out until it finishes.
  std::unique_ptr<RecordRunner> record_runner(const RecordJob& job, int threads) const override;
  void serve(RecordRunner& runner) const override;

 private:
  int rank_ = 0;
  int size_ = 1;
};

}  // namespace sudoku_count::cli
