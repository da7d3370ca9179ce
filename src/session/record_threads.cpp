// The items of a record job on this process's threads (record_job.hpp).
#include <omp.h>

#include "core/threads.hpp"
#include "sudoku_count/record_job.hpp"

namespace sudoku_count {
namespace {

class RecordThreads : public RecordRunner {
 public:
  RecordThreads(const RecordJob& job, int threads) : job_(job), threads_(detail::thread_count(threads)) {}
  int width() const override { return threads_; }

  std::vector<std::optional<std::string>> run(const std::vector<std::uint64_t>& items, const RecordCut& cut) override {
    std::vector<std::optional<std::string>> records(items.size());
#pragma omp parallel num_threads(threads_)
    {
      // A workspace per thread, reused from item to item.
      const std::unique_ptr<RecordJob::Worker> worker = job_.worker();
#pragma omp for schedule(dynamic, 1)
      for (long long i = 0; i < static_cast<long long>(items.size()); ++i) {
        if (cut.cut && cut.cut()) continue;
        records[i] = worker->compute(items[i]);
      }
    }
    return records;
  }

 private:
  const RecordJob& job_;
  int threads_;
};

}  // namespace

std::unique_ptr<RecordRunner> make_record_thread_runner(const RecordJob& job, int threads) {
  return std::make_unique<RecordThreads>(job, threads);
}

}  // namespace sudoku_count
