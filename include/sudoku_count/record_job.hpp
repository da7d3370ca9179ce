#pragma once
// Work cut into numbered items, each computed on its own into a record of
// bytes: the grids of a puzzle-count run (puzzle_session.hpp), grid i and
// its sets drawn from the stream of block i. An item gives the same record
// wherever and whenever it is computed, so a run's result does not depend on
// the threads or processes that computed it; the driver merges the records
// in item order.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sudoku_count {

class RecordJob {
 public:
  virtual ~RecordJob() = default;
  // A thread's workspace: computes items one after another.
  class Worker {
   public:
    virtual ~Worker() = default;
    virtual std::string compute(std::uint64_t item) = 0;
  };
  // One per thread; safe to call from several threads at once.
  virtual std::unique_ptr<Worker> worker() const = 0;
};

// When items stop being started: `cut` is polled before each item of this
// process (an interrupt, the clock); `seconds_left` (to a time budget's end,
// +inf for none) reaches runners whose items run in other processes, where
// each process cuts by its own clock. Either may be empty.
struct RecordCut {
  std::function<bool()> cut;
  std::function<double()> seconds_left;
};

// Computes items wherever they run: this process's threads, or spread over
// several processes.
class RecordRunner {
 public:
  virtual ~RecordRunner() = default;
  // Items computed at once (threads, over all processes).
  virtual int width() const = 0;
  virtual int processes() const { return 1; }
  // One record per item of `items`, in their order; an item not started
  // because of the cut has none.
  virtual std::vector<std::optional<std::string>> run(const std::vector<std::uint64_t>& items, const RecordCut& cut) = 0;
};

// Runs items on `threads` OpenMP threads of this process (0: all cores).
std::unique_ptr<RecordRunner> make_record_thread_runner(const RecordJob& job, int threads);

}  // namespace sudoku_count
