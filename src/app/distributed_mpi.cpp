// The MPI build: one process per rank, each running OpenMP threads.
//
// Before each batch the leader broadcasts a command (the block plan and the
// batch's block range); block first + i goes to the rank owning thread slot
// i mod (threads over all ranks), so a rank gets blocks in proportion to its
// threads. Every rank runs its blocks, and the leader gathers each block's
// accumulator state and hands them back in block order. Which rank ran a
// block never changes its samples (the stream is keyed by the block), so
// the estimate does not depend on the number of ranks. Under a time budget
// the command carries the seconds left, and each rank cuts its blocks at
// its own clock's reading of that deadline (the broadcast takes far less
// than a sample); the leader also cuts on an interrupt. Cut blocks come
// back short and the driver drops them; every finished one counts.
//
// Block states travel as raw bytes: the ranks must share one binary layout
// of long double (one architecture, as on any ordinary cluster).
#include <mpi.h>
#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <functional>
#include <numeric>
#include <sstream>
#include <type_traits>

#include "distributed.hpp"
#include "sudoku_count/checkpoint.hpp"
#include "sudoku_count/error.hpp"

namespace sudoku_count::cli {
namespace {

// Every rank's thread count, gathered: thread slot -> rank owning it, so
// that a rank gets work in proportion to its threads.
std::vector<int> thread_slot_owners(int threads, int size) {
  std::vector<int> all(size), owners;
  MPI_Allgather(&threads, 1, MPI_INT, all.data(), 1, MPI_INT, MPI_COMM_WORLD);
  for (int r = 0; r < size; ++r) owners.insert(owners.end(), all[r], r);
  return owners;
}

// The places i < count of a batch that go to `rank`: those whose thread slot
// i mod (slots over all ranks) it owns.
std::vector<std::size_t> places_of(int rank, std::size_t count, const std::vector<int>& slot_owner) {
  std::vector<std::size_t> places;
  for (std::size_t i = 0; i < count; ++i)
    if (slot_owner[i % slot_owner.size()] == rank) places.push_back(i);
  return places;
}

// Collective: every rank sends its records (any bytes); the leader gets all
// of them, rank by rank, each rank's in its order; the others an empty list.
// Each record travels after its length (8 bytes).
std::vector<std::string> gather_records(const std::vector<std::string>& records, int rank, int size) {
  std::string joined;
  for (const std::string& record : records) {
    const std::uint64_t length = record.size();
    joined.append(reinterpret_cast<const char*>(&length), sizeof length);
    joined += record;
  }
  const int length = static_cast<int>(joined.size());
  std::vector<int> lengths(size), offsets(size);
  MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  if (rank == 0)
    for (int r = 1; r < size; ++r) offsets[r] = offsets[r - 1] + lengths[r - 1];
  std::string gathered(rank == 0 ? static_cast<std::size_t>(offsets[size - 1] + lengths[size - 1]) : 0, '\0');
  MPI_Gatherv(joined.data(), length, MPI_CHAR, gathered.data(), lengths.data(), offsets.data(), MPI_CHAR, 0,
              MPI_COMM_WORLD);
  std::vector<std::string> out;
  for (std::size_t at = 0; at < gathered.size();) {
    std::uint64_t record_length = 0;
    std::memcpy(&record_length, gathered.data() + at, sizeof record_length);
    at += sizeof record_length;
    out.push_back(gathered.substr(at, record_length));
    at += record_length;
  }
  return out;
}

struct Command {
  std::uint64_t stop = 0;  // 1: the run is over, workers return from serve()
  std::uint64_t seed = 0, run_first_block = 0, samples_per_block = 0, sample_budget = 0;
  std::uint64_t first = 0, count = 0;
  double seconds_left = std::numeric_limits<double>::infinity();  // to the time budget's end
};
static_assert(std::is_trivially_copyable_v<Command>);

// A rank's cut for a command: its clock past the deadline the command gives.
std::function<bool()> deadline_cut(double seconds_left) {
  using Clock = std::chrono::steady_clock;
  if (!std::isfinite(seconds_left)) return {};
  const auto deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(std::max(0.0, seconds_left)));
  return [deadline] { return Clock::now() >= deadline; };
}

class MpiRunner : public DistributedRunner {
 public:
  MpiRunner(const Estimator& estimator, int threads, int rank, int size)
      : estimator_(estimator),
        rank_(rank),
        size_(size),
        threads_(threads > 0 ? threads : omp_get_max_threads()),
        slot_owner_(thread_slot_owners(threads_, size_)) {}
  ~MpiRunner() override {
    if (rank_ == 0) {
      Command stop;
      stop.stop = 1;
      MPI_Bcast(&stop, sizeof stop, MPI_BYTE, 0, MPI_COMM_WORLD);
    }
  }
  int width() const override { return static_cast<int>(slot_owner_.size()); }
  int threads() const override { return threads_; }
  int processes() const override { return size_; }

  std::vector<WeightAccumulator> run(const BlockPlan& plan, std::uint64_t first, std::uint64_t count) override {
    Command command;
    command.seed = plan.seed;
    command.run_first_block = plan.first_block;
    command.samples_per_block = plan.samples_per_block;
    command.sample_budget = plan.sample_budget;
    command.first = first;
    command.count = count;
    if (plan.seconds_left) command.seconds_left = plan.seconds_left();
    MPI_Bcast(&command, sizeof command, MPI_BYTE, 0, MPI_COMM_WORLD);
    return compute_and_gather(command, plan.cut);
  }

  void serve() override {
    for (;;) {
      Command command;
      MPI_Bcast(&command, sizeof command, MPI_BYTE, 0, MPI_COMM_WORLD);
      if (command.stop) return;
      compute_and_gather(command, deadline_cut(command.seconds_left));
    }
  }

 private:
  std::vector<std::uint64_t> blocks_of(int rank, const Command& command) const {
    std::vector<std::uint64_t> blocks;
    for (const std::size_t i : places_of(rank, command.count, slot_owner_)) blocks.push_back(command.first + i);
    return blocks;
  }

  // `cut`: this rank's (the leader's own: interrupt and clock).
  std::vector<WeightAccumulator> compute_and_gather(const Command& command, std::function<bool()> cut) {
    BlockPlan plan;
    plan.seed = command.seed;
    plan.first_block = command.run_first_block;
    plan.samples_per_block = command.samples_per_block;
    plan.sample_budget = command.sample_budget;
    plan.cut = std::move(cut);
    const std::vector<std::uint64_t> mine = blocks_of(rank_, command);
    const std::vector<WeightAccumulator> results = run_blocks(estimator_, plan, mine, threads_);
    // Each block's accumulator travels as its checkpoint text (exact).
    std::vector<std::string> records;
    for (const WeightAccumulator& result : results) records.push_back(encode_accumulator(result));
    const std::vector<std::string> gathered = gather_records(records, rank_, size_);
    std::vector<WeightAccumulator> in_order;
    if (rank_ != 0) return in_order;
    in_order.resize(command.count);
    std::size_t at = 0;
    for (int r = 0; r < size_; ++r)
      for (const std::uint64_t block : blocks_of(r, command)) in_order[block - command.first] = decode_accumulator(gathered[at++]);
    return in_order;
  }

  const Estimator& estimator_;
  int rank_, size_, threads_;
  std::vector<int> slot_owner_;  // thread slot -> rank
};

// Units of an exact job, in batches of a few units per thread slot: before
// each batch the leader broadcasts its unit list; unit i of the batch goes to
// the rank owning thread slot i mod (threads over all ranks); each rank
// computes its units on its threads and the leader gathers the results (sums
// as decimal text: exact). The leader polls `stop` between batches (and its
// own threads before each unit); the other ranks finish their batch.
class MpiUnitRunner : public DistributedUnitRunner {
 public:
  MpiUnitRunner(const ExactJob& job, int threads, int rank, int size, std::function<bool()> stop)
      : rank_(rank),
        size_(size),
        threads_(threads > 0 ? threads : omp_get_max_threads()),
        slot_owner_(thread_slot_owners(threads_, size_)),
        stop_(stop),
        local_(make_unit_thread_runner(job, threads_, std::move(stop))) {}
  ~MpiUnitRunner() override {
    if (rank_ == 0) broadcast_units({std::numeric_limits<std::uint64_t>::max()});
  }
  int width() const override { return static_cast<int>(slot_owner_.size()); }

  void run(const std::vector<std::uint64_t>& units, const std::function<void(const UnitResult&)>& finished) override {
    const std::size_t batch = 4 * slot_owner_.size();
    for (std::size_t at = 0; at < units.size() && !(stop_ && stop_()); at += batch) {
      const std::vector<std::uint64_t> part(units.begin() + at, units.begin() + std::min(units.size(), at + batch));
      broadcast_units(part);
      for (const UnitResult& result : compute_and_gather(part)) finished(result);
    }
  }

  void serve() override {
    for (;;) {
      const std::vector<std::uint64_t> units = broadcast_units({});
      if (units.size() == 1 && units[0] == std::numeric_limits<std::uint64_t>::max()) return;
      compute_and_gather(units);
    }
  }

 private:
  // The leader's list to every rank (a single maximal value: the job is over).
  std::vector<std::uint64_t> broadcast_units(std::vector<std::uint64_t> units) const {
    unsigned long long count = units.size();
    MPI_Bcast(&count, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
    units.resize(count);
    MPI_Bcast(units.data(), static_cast<int>(count), MPI_UINT64_T, 0, MPI_COMM_WORLD);
    return units;
  }

  std::vector<UnitResult> compute_and_gather(const std::vector<std::uint64_t>& units) {
    std::vector<std::uint64_t> mine;
    for (const std::size_t i : places_of(rank_, units.size(), slot_owner_)) mine.push_back(units[i]);
    std::vector<std::string> records;
    std::vector<UnitResult> computed;
    local_->run(mine, [&](const UnitResult& result) { computed.push_back(result); });
    for (const UnitResult& result : computed) {
      char seconds[64];
      std::snprintf(seconds, sizeof seconds, "%a", result.seconds);
      records.push_back(std::to_string(result.unit) + " " + std::to_string(result.classes) + " " + seconds + " " +
                        result.sum.str());
    }
    std::vector<UnitResult> results;
    for (const std::string& record : gather_records(records, rank_, size_)) {
      std::istringstream words(record);
      UnitResult result;
      std::string seconds, sum;
      words >> result.unit >> result.classes >> seconds >> sum;
      result.seconds = std::strtod(seconds.c_str(), nullptr);
      result.sum = BigInt(sum);
      results.push_back(std::move(result));
    }
    return results;
  }

  int rank_, size_, threads_;
  std::vector<int> slot_owner_;  // thread slot -> rank
  std::function<bool()> stop_;
  std::unique_ptr<UnitRunner> local_;
};

// The items of a record job (a puzzle-count run's grids), as blocks are
// handed out: before each call the leader broadcasts the item list and the
// seconds left to the time budget; item i of the list goes to the rank
// owning thread slot i mod (threads over all ranks); each rank computes its
// items on its threads, cutting by its own clock at that deadline (the
// leader also on an interrupt), and the leader gathers the records (an item
// cut short: none) and hands them back in list order.
class MpiRecordRunner : public RecordRunner {
 public:
  MpiRecordRunner(const RecordJob& job, int threads, int rank, int size)
      : rank_(rank),
        size_(size),
        threads_(threads > 0 ? threads : omp_get_max_threads()),
        slot_owner_(thread_slot_owners(threads_, size_)),
        local_(make_record_thread_runner(job, threads_)) {}
  ~MpiRecordRunner() override {
    if (rank_ == 0) {
      Header stop;
      stop.stop = 1;
      MPI_Bcast(&stop, sizeof stop, MPI_BYTE, 0, MPI_COMM_WORLD);
    }
  }
  int width() const override { return static_cast<int>(slot_owner_.size()); }
  int processes() const override { return size_; }

  std::vector<std::optional<std::string>> run(const std::vector<std::uint64_t>& items, const RecordCut& cut) override {
    Header header;
    header.count = items.size();
    if (cut.seconds_left) header.seconds_left = cut.seconds_left();
    MPI_Bcast(&header, sizeof header, MPI_BYTE, 0, MPI_COMM_WORLD);
    std::vector<std::uint64_t> list = items;
    MPI_Bcast(list.data(), static_cast<int>(list.size()), MPI_UINT64_T, 0, MPI_COMM_WORLD);
    return compute_and_gather(list, cut.cut);
  }

  void serve() {
    for (;;) {
      Header header;
      MPI_Bcast(&header, sizeof header, MPI_BYTE, 0, MPI_COMM_WORLD);
      if (header.stop) return;
      std::vector<std::uint64_t> list(header.count);
      MPI_Bcast(list.data(), static_cast<int>(list.size()), MPI_UINT64_T, 0, MPI_COMM_WORLD);
      compute_and_gather(list, deadline_cut(header.seconds_left));
    }
  }

 private:
  struct Header {
    std::uint64_t stop = 0;  // 1: the run is over, workers return from serve()
    std::uint64_t count = 0;
    double seconds_left = std::numeric_limits<double>::infinity();
  };
  static_assert(std::is_trivially_copyable_v<Header>);

  // `cut`: this rank's (the leader's own: interrupt and clock).
  std::vector<std::optional<std::string>> compute_and_gather(const std::vector<std::uint64_t>& list,
                                                             std::function<bool()> cut) {
    std::vector<std::uint64_t> items;
    for (const std::size_t i : places_of(rank_, list.size(), slot_owner_)) items.push_back(list[i]);
    RecordCut own;
    own.cut = std::move(cut);
    // A record travels with a first byte saying whether the item was computed.
    std::vector<std::string> records;
    for (const std::optional<std::string>& record : local_->run(items, own))
      records.push_back(record ? "1" + *record : std::string("0"));
    const std::vector<std::string> gathered = gather_records(records, rank_, size_);
    std::vector<std::optional<std::string>> in_order;
    if (rank_ != 0) return in_order;
    in_order.resize(list.size());
    std::size_t at = 0;
    for (int r = 0; r < size_; ++r)
      for (const std::size_t i : places_of(r, list.size(), slot_owner_)) {
        const std::string& record = gathered[at++];
        if (record[0] == '1') in_order[i] = record.substr(1);
      }
    return in_order;
  }

  int rank_, size_, threads_;
  std::vector<int> slot_owner_;  // thread slot -> rank
  std::unique_ptr<RecordRunner> local_;
};

}  // namespace

ProcessGroup::ProcessGroup(int& argc, char**& argv) {
  int provided = 0;
  // Only the main thread of each process calls MPI (OpenMP threads only sample).
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
  MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

ProcessGroup::~ProcessGroup() {
  // Every process leaves together: a worker that quits on an input error
  // would otherwise make the launcher end the job before the leader has
  // printed the message.
  MPI_Barrier(MPI_COMM_WORLD);
  MPI_Finalize();
}

void ProcessGroup::abort(int status) const {
  if (size_ > 1) MPI_Abort(MPI_COMM_WORLD, status);
}

std::string ProcessGroup::share(const std::function<std::string()>& make) const {
  std::string text;
  int failed = 0;
  if (leader()) {
    try {
      text = make();
    } catch (const InputError& e) {
      text = e.what();
      failed = 1;
    }
  }
  unsigned long long size = text.size();
  MPI_Bcast(&failed, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Bcast(&size, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  text.resize(size);
  MPI_Bcast(text.data(), static_cast<int>(size), MPI_CHAR, 0, MPI_COMM_WORLD);
  if (failed) throw InputError(text);
  return text;
}

std::unique_ptr<DistributedRunner> ProcessGroup::make_runner(const Estimator& estimator, int threads) const {
  return std::make_unique<MpiRunner>(estimator, threads, rank_, size_);
}

}  // namespace sudoku_count::cli

namespace sudoku_count::cli {

std::unique_ptr<DistributedUnitRunner> ProcessGroup::make_unit_runner(const ExactJob& job, int threads,
                                                                      std::function<bool()> stop) const {
  return std::make_unique<MpiUnitRunner>(job, threads, rank_, size_, std::move(stop));
}

}  // namespace sudoku_count::cli

namespace sudoku_count::cli {

std::unique_ptr<RecordRunner> ProcessGroup::record_runner(const RecordJob& job, int threads) const {
  return std::make_unique<MpiRecordRunner>(job, threads, rank_, size_);
}

void ProcessGroup::serve(RecordRunner& runner) const { static_cast<MpiRecordRunner&>(runner).serve(); }

}  // namespace sudoku_count::cli
