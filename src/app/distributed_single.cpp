// The plain build: one process, all work on its threads.
#include "distributed.hpp"

namespace sudoku_count::cli {
namespace {

class ThreadsOnly : public DistributedRunner {
 public:
  ThreadsOnly(const Estimator& estimator, int threads) : threads_(make_thread_runner(estimator, threads)) {}
  int width() const override { return threads_->width(); }
  int threads() const override { return threads_->threads(); }
  std::vector<WeightAccumulator> run(const BlockPlan& plan, std::uint64_t first, std::uint64_t count) override {
    return threads_->run(plan, first, count);
  }
  void serve() override {}

 private:
  std::unique_ptr<BlockRunner> threads_;
};

class UnitsOnThreads : public DistributedUnitRunner {
 public:
  UnitsOnThreads(const ExactJob& job, int threads, std::function<bool()> stop)
      : threads_(make_unit_thread_runner(job, threads, std::move(stop))) {}
  int width() const override { return threads_->width(); }
  void run(const std::vector<std::uint64_t>& units, const std::function<void(const UnitResult&)>& finished) override {
    threads_->run(units, finished);
  }
  void serve() override {}

 private:
  std::unique_ptr<UnitRunner> threads_;
};

}  // namespace

ProcessGroup::ProcessGroup(int&, char**&) {}
ProcessGroup::~ProcessGroup() = default;

void ProcessGroup::abort(int) const {}

std::string ProcessGroup::share(const std::function<std::string()>& make) const { return make(); }

std::unique_ptr<DistributedRunner> ProcessGroup::make_runner(const Estimator& estimator, int threads) const {
  return std::make_unique<ThreadsOnly>(estimator, threads);
}

}  // namespace sudoku_count::cli

namespace sudoku_count::cli {

std::unique_ptr<DistributedUnitRunner> ProcessGroup::make_unit_runner(const ExactJob& job, int threads,
                                                                      std::function<bool()> stop) const {
  return std::make_unique<UnitsOnThreads>(job, threads, std::move(stop));
}

}  // namespace sudoku_count::cli

namespace sudoku_count::cli {

std::unique_ptr<RecordRunner> ProcessGroup::record_runner(const RecordJob& job, int threads) const {
  return make_record_thread_runner(job, threads);
}

void ProcessGroup::serve(RecordRunner&) const {}

}  // namespace sudoku_count::cli
