#include <gtest/gtest.h>
#include <sys/resource.h>
#include <unistd.h>

#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <fstream>
#include <sstream>
#include <system_error>

#include "sudoku_count/checkpoint.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact_job.hpp"
#include "sudoku_count/run.hpp"
#include "sudoku_count/estimator.hpp"
#include "sudoku_count/version.hpp"

using namespace sudoku_count;
namespace fs = std::filesystem;

namespace {

// A folder of its own per test, removed afterwards.
class TempDir {
 public:
  TempDir() {
    path_ = fs::temp_directory_path() /
            ("sudoku_count_test_" + std::to_string(::getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  std::size_t entries() const { return static_cast<std::size_t>(std::distance(fs::directory_iterator(path_), {})); }

 private:
  fs::path path_;
};

std::string read_all(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void write_all(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// FNV-1a 64, written out again here so that tests can forge well-sealed files.
std::string seal(const std::string& body) {
  std::uint64_t hash = 14695981039346656037ull;
  for (const unsigned char byte : body) hash = (hash ^ byte) * 1099511628211ull;
  char buffer[24];
  std::snprintf(buffer, sizeof buffer, "%016llx", static_cast<unsigned long long>(hash));
  return body + "checksum " + buffer + "\n";
}

std::string without_checksum(const std::string& text) { return text.substr(0, text.rfind("checksum ")); }

Checkpoint sample_checkpoint() {
  Checkpoint cp;
  cp.tool_version = kVersion;
  cp.layout = Shape{2, 3};
  cp.method = "bands";
  cp.samples_per_block = 4;
  cp.ranges = {{7, 10, 13}};
  for (int i = 0; i < 12; ++i) cp.accumulator.add_log(i == 5 ? kLogZero : 900.0L + std::sin(i * 1.7L) * 3);
  cp.seconds = 1.0 / 3;
  return cp;
}

void expect_same_state(const WeightAccumulator& a, const WeightAccumulator& b) {
  EXPECT_EQ(a.count(), b.count());
  EXPECT_EQ(a.zero_count(), b.zero_count());
  EXPECT_EQ(a.shift(), b.shift());
  EXPECT_EQ(a.scaled_mean(), b.scaled_mean());
  EXPECT_EQ(a.scaled_m2(), b.scaled_m2());
  EXPECT_EQ(a.scaled_max(), b.scaled_max());
  const WeightAccumulator::State sa = a.state(), sb = b.state();
  EXPECT_EQ(sa.log_mean, sb.log_mean);
  EXPECT_EQ(sa.log_m2, sb.log_m2);
  EXPECT_EQ(sa.largest_logs, sb.largest_logs);
  for (int g = 0; g < WeightAccumulator::kReplicates; ++g) {
    EXPECT_EQ(sa.group_counts[g], sb.group_counts[g]);
    EXPECT_EQ(sa.group_sums[g], sb.group_sums[g]);
  }
}

// The tail diagnostics of two accumulators of the same samples merged in
// another grouping: the same kept log-weights and groups, moments to rounding.
void expect_same_diagnostics(const WeightAccumulator& a, const WeightAccumulator& b) {
  const WeightAccumulator::State sa = a.state(), sb = b.state();
  EXPECT_EQ(sa.largest_logs, sb.largest_logs);
  EXPECT_NEAR(static_cast<double>(sa.log_mean), static_cast<double>(sb.log_mean), 1e-12);
  EXPECT_NEAR(static_cast<double>(sa.log_m2 / sb.log_m2), 1.0, 1e-12);
  for (int g = 0; g < WeightAccumulator::kReplicates; ++g) {
    EXPECT_EQ(sa.group_counts[g], sb.group_counts[g]);
    EXPECT_NEAR(static_cast<double>(sa.group_sums[g] / sb.group_sums[g]), 1.0, 1e-14);
  }
  const Summary x = summarize(a), y = summarize(b);
  EXPECT_EQ(x.pareto_k, y.pareto_k);
  EXPECT_EQ(x.interval, y.interval);
  EXPECT_NEAR(static_cast<double>(x.lower_bound / y.lower_bound), 1.0, 1e-14);
}

std::string load_error(const std::string& path) {
  try {
    load_checkpoint(path);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(loaded without error)";
}

// The state of a run as its checkpoint hook saw it last.
struct Recorded {
  Progress last;
  std::vector<Progress> all;
};

Progress run_blocks_to(const Estimator& estimator, std::uint64_t seed, std::uint64_t blocks, int threads,
                       const RunStart& start = {}, Recorded* recorded = nullptr, std::uint64_t samples = 0) {
  RunOptions options;
  options.seed = seed;
  options.threads = threads;
  options.stop.blocks = blocks;
  options.stop.samples = samples;
  options.start = start;
  RunHooks hooks;
  if (recorded) {
    options.checkpoint_every = 1e-9;  // a checkpoint after every batch
    hooks.checkpoint = [&](const Progress& p) { recorded->all.push_back(p); };
  }
  return run_estimate(estimator, options, hooks);
}

Checkpoint to_checkpoint(const Estimator& estimator, std::uint64_t seed, const Progress& p) {
  Checkpoint cp;
  cp.tool_version = kVersion;
  cp.layout = estimator.layout();
  cp.method = estimator.variant();
  cp.samples_per_block = estimator.samples_per_block();
  cp.ranges = {{seed, p.first_block, p.first_block + p.blocks}};
  cp.accumulator = p.accumulator;
  cp.seconds = p.seconds;
  return cp;
}

RunStart from_checkpoint(const Checkpoint& cp) {
  return {cp.ranges.at(0).first, cp.ranges.at(0).blocks(), cp.accumulator, cp.seconds};
}

}  // namespace

TEST(Checkpoint, RoundTripIsExact) {
  TempDir dir;
  const Checkpoint cp = sample_checkpoint();
  save_checkpoint(dir.file("a.ckpt"), cp);
  const Checkpoint back = load_checkpoint(dir.file("a.ckpt"));
  EXPECT_EQ(back.format, kCheckpointFormat);
  EXPECT_EQ(back.tool_version, kVersion);
  EXPECT_EQ(back.layout, cp.layout);
  EXPECT_EQ(back.method, "bands");
  EXPECT_EQ(back.samples_per_block, 4u);
  EXPECT_EQ(back.ranges, cp.ranges);
  EXPECT_EQ(back.seconds, cp.seconds);
  expect_same_state(back.accumulator, cp.accumulator);
  EXPECT_TRUE(back.resumable());
  EXPECT_EQ(format_checkpoint(back), read_all(dir.file("a.ckpt")));
  EXPECT_EQ(dir.entries(), 1u);  // no temporary file left behind
}

// A layout is saved with the run: variants by name, a jigsaw's regions in
// full (so a run resumes without its file), and a checkpoint written before
// layouts existed (a box only) reads as the classic rules.
TEST(Checkpoint, LayoutsRoundTrip) {
  using sudoku_count::Layout;
  using sudoku_count::Variant;
  for (const Layout& layout : {Layout::with_variants(Shape{3, 3}, {Variant::X, Variant::Windows}),
                               Layout::parse_regions("AAB\nABB\nCCC\n", {Variant::X})}) {
    Checkpoint cp = sample_checkpoint();
    cp.layout = layout;
    const Checkpoint back = parse_checkpoint(format_checkpoint(cp), "layout");
    EXPECT_TRUE(back.layout == layout) << back.layout.name();
    EXPECT_EQ(back.layout.name(), layout.name());
  }
  const std::string classic = format_checkpoint(sample_checkpoint());
  const std::string body = without_checksum(classic);
  ASSERT_NE(body.find("layout 2x3\n"), std::string::npos);
  std::string before_layouts = body;
  before_layouts.erase(before_layouts.find("layout 2x3\n"), std::string("layout 2x3\n").size());
  EXPECT_EQ(parse_checkpoint(seal(before_layouts), "old").layout, Layout(Shape{2, 3}));
  // A name that its fields do not give is refused.
  std::string renamed = body;
  renamed.replace(renamed.find("layout 2x3\n"), std::string("layout 2x3\n").size(), "layout 2x3+x\n");
  EXPECT_THROW(parse_checkpoint(seal(renamed), "renamed"), InputError);
}

TEST(Checkpoint, EmptyRunRoundTrips) {
  Checkpoint cp = sample_checkpoint();
  cp.accumulator = WeightAccumulator{};
  cp.ranges = {{1, 0, 0}};
  const Checkpoint back = parse_checkpoint(format_checkpoint(cp), "empty");
  EXPECT_EQ(back.accumulator.count(), 0u);
  EXPECT_EQ(back.accumulator.shift(), kLogZero);
  EXPECT_TRUE(back.resumable());
}

TEST(Checkpoint, DamagedFilesAreRefusedByNameAndLeftUntouched) {
  TempDir dir;
  const std::string good = format_checkpoint(sample_checkpoint());
  struct Case {
    std::string name, text, message;
  };
  std::string flipped = good;
  flipped[flipped.find("samples 12") + 8] = '3';  // "samples 13": the checksum no longer matches
  std::string edited = without_checksum(good);
  edited.replace(edited.find("format 3"), 8, "format 9");
  std::string old_format = without_checksum(good);
  old_format.replace(old_format.find("format 3"), 8, "format 1");
  std::string missing = without_checksum(good);
  missing.erase(missing.find("zeros"), missing.find('\n', missing.find("zeros")) - missing.find("zeros") + 1);
  std::string inconsistent = without_checksum(good);
  inconsistent.replace(inconsistent.find("range 7 10 13"), 13, "range 7 10 20");
  std::string unknown = without_checksum(good) + "colour blue\n";
  std::string nan_mean = without_checksum(good);
  const std::size_t mean_at = nan_mean.find("mean ");
  nan_mean.replace(mean_at, nan_mean.find('\n', mean_at) - mean_at, "mean nan");
  const Case cases[] = {
      {"empty", "", "is empty"},
      {"other", "P3\n1 1\n255\n0 0 0\n", "is not a sudoku-count checkpoint"},
      {"truncated", good.substr(0, good.size() / 2), "is truncated"},
      {"no-final-newline", good.substr(0, good.size() - 1), "is truncated"},
      {"flipped", flipped, "checksum does not match"},
      {"format", seal(edited), "has format 9"},
      {"old-format", seal(old_format), "has format 1, written before the random streams were re-keyed"},
      {"missing", seal(missing), "lacks the field 'zeros'"},
      {"inconsistent", seal(inconsistent), "is inconsistent"},
      {"unknown", seal(unknown), "unknown field 'colour'"},
      {"nan", seal(nan_mean), "bad value for mean"},
  };
  for (const Case& c : cases) {
    const std::string path = dir.file(c.name + ".ckpt");
    write_all(path, c.text);
    const auto before = fs::last_write_time(path);
    const std::string message = load_error(path);
    EXPECT_NE(message.find(c.message), std::string::npos) << c.name << ": " << message;
    EXPECT_NE(message.find(path), std::string::npos) << c.name << ": the message names the file";
    EXPECT_EQ(read_all(path), c.text) << c.name;
    EXPECT_EQ(fs::last_write_time(path), before) << c.name;
  }
  EXPECT_NE(load_error(dir.file("absent.ckpt")).find("No such file"), std::string::npos);
  EXPECT_NE(load_error(dir.file("")).find("directory"), std::string::npos);
}

TEST(Checkpoint, FailedSaveLeavesTheOldFile) {
  TempDir dir;
  const std::string path = dir.file("run.ckpt");
  Checkpoint cp = sample_checkpoint();
  save_checkpoint(path, cp);
  const std::string old_text = read_all(path);

  // A folder that does not exist, and a path through a regular file.
  EXPECT_THROW(save_checkpoint(dir.file("no/such/folder/run.ckpt"), cp), std::system_error);
  try {
    save_checkpoint(path + "/inside", cp);
    ADD_FAILURE() << "saved below a regular file";
  } catch (const std::system_error& e) {
    EXPECT_NE(std::string(e.what()).find(path + "/inside"), std::string::npos) << e.what();
  }

  // A full disk, simulated by a file size limit: the write stops part way.
  cp.ranges = {{7, 10, 14}};
  for (int i = 0; i < 4; ++i) cp.accumulator.add_log(901);
  struct rlimit saved {};
  ASSERT_EQ(getrlimit(RLIMIT_FSIZE, &saved), 0);
  const auto old_handler = std::signal(SIGXFSZ, SIG_IGN);
  struct rlimit small = saved;
  small.rlim_cur = 64;
  ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
  bool threw = false;
  try {
    save_checkpoint(path, cp);
  } catch (const std::system_error& e) {
    threw = true;
    EXPECT_NE(std::string(e.what()).find("cannot write checkpoint"), std::string::npos) << e.what();
  }
  setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, old_handler);
  EXPECT_TRUE(threw);
  EXPECT_EQ(read_all(path), old_text);
  EXPECT_EQ(dir.entries(), 1u);  // the partial temporary file was removed
  EXPECT_NO_THROW(load_checkpoint(path));
}

// The central promise: stopping and resuming any number of times, on any
// thread counts, gives bit for bit the estimate of one uninterrupted run.
class Resume : public ::testing::TestWithParam<std::string> {};

TEST_P(Resume, StopsAndResumptionsReproduceTheUninterruptedRun) {
  TempDir dir;
  const auto estimator = make_estimator(GetParam(), Shape{2, 3});
  const std::uint64_t seed = 11, total = 45;
  const Progress whole = run_blocks_to(*estimator, seed, total, 2);
  ASSERT_EQ(whole.blocks, total);

  RunStart start;
  int threads = 1;
  for (const std::uint64_t stop_at : {3u, 4u, 17u, 30u, 45u}) {
    const Progress part = run_blocks_to(*estimator, seed, stop_at, threads, start);
    EXPECT_EQ(part.blocks, stop_at);
    const std::string path = dir.file("run.ckpt");
    save_checkpoint(path, to_checkpoint(*estimator, seed, part));
    start = from_checkpoint(load_checkpoint(path));
    threads = 3 - threads;
  }
  EXPECT_EQ(start.blocks_done, total);
  expect_same_state(start.accumulator, whole.accumulator);
  EXPECT_EQ(format_scientific(summarize(start.accumulator).estimate), format_scientific(whole.summary.estimate));
}

// A crash leaves the last periodic checkpoint: resuming from any of them
// ends where the uninterrupted run ends.
TEST_P(Resume, AnyPeriodicCheckpointResumesExactly) {
  const auto estimator = make_estimator(GetParam(), Shape{2, 3});
  const std::uint64_t seed = 5, total = 40;
  Recorded recorded;
  const Progress whole = run_blocks_to(*estimator, seed, total, 2, {}, &recorded);
  ASSERT_GE(recorded.all.size(), 3u);  // the start, some batches, the end
  EXPECT_EQ(recorded.all.front().blocks, 0u);
  expect_same_state(recorded.all.back().accumulator, whole.accumulator);
  for (const Progress& snapshot : recorded.all) {
    const Checkpoint cp =
        parse_checkpoint(format_checkpoint(to_checkpoint(*estimator, seed, snapshot)), "snapshot");
    EXPECT_EQ(cp.accumulator.count(), snapshot.blocks * estimator->samples_per_block());
    const Progress resumed = run_blocks_to(*estimator, seed, total, 1, from_checkpoint(cp));
    expect_same_state(resumed.accumulator, whole.accumulator);
  }
}

TEST_P(Resume, SampleBudgetCountsTheWholeRun) {
  const auto estimator = make_estimator(GetParam(), Shape{2, 3});
  const std::uint64_t per_block = estimator->samples_per_block();
  const std::uint64_t budget = 5 * per_block + per_block / 2;  // ends inside block 5
  const Progress whole = run_blocks_to(*estimator, 9, 0, 2, {}, nullptr, budget);
  EXPECT_EQ(whole.accumulator.count(), budget);
  EXPECT_EQ(whole.stop_reason, "samples");
  const Progress part = run_blocks_to(*estimator, 9, 2, 2);
  const Progress rest = run_blocks_to(*estimator, 9, 0, 1, {0, part.blocks, part.accumulator, 0}, nullptr, budget);
  expect_same_state(rest.accumulator, whole.accumulator);
  // The cut block cannot be continued; resuming with the budget met runs nothing.
  const Checkpoint cp = to_checkpoint(*estimator, 9, whole);
  EXPECT_FALSE(cp.resumable());
  const Progress again = run_blocks_to(*estimator, 9, 0, 2, from_checkpoint(cp), nullptr, budget);
  EXPECT_EQ(again.stop_reason, "samples");
  expect_same_state(again.accumulator, whole.accumulator);
}

INSTANTIATE_TEST_SUITE_P(Methods, Resume, ::testing::Values("bands", "sets"));

TEST(Merge, DisjointBlockRangesOfOneSeedEqualOneRun) {
  const auto estimator = make_estimator("bands", Shape{2, 3});
  const Progress whole = run_blocks_to(*estimator, 3, 70, 2);
  RunStart later;
  later.first_block = 25;
  const Progress first = run_blocks_to(*estimator, 3, 25, 2);
  const Progress second = run_blocks_to(*estimator, 3, 45, 1, later);
  EXPECT_EQ(second.first_block, 25u);
  const Checkpoint a = to_checkpoint(*estimator, 3, first), b = to_checkpoint(*estimator, 3, second);
  const Checkpoint merged = merge_checkpoints({b, a}, {"b", "a"});
  EXPECT_EQ(merged.blocks(), 70u);
  EXPECT_EQ(merged.ranges.size(), 2u);
  EXPECT_EQ(merged.ranges[0].first, 0u);
  // Merged in a different grouping the sums agree up to rounding.
  const WeightAccumulator& m = merged.accumulator;
  EXPECT_EQ(m.count(), whole.accumulator.count());
  EXPECT_EQ(m.zero_count(), whole.accumulator.zero_count());
  EXPECT_NEAR(static_cast<double>(m.scaled_mean() / whole.accumulator.scaled_mean()), 1.0, 1e-14);
  EXPECT_NEAR(static_cast<double>(m.scaled_m2() / whole.accumulator.scaled_m2()), 1.0, 1e-12);
  expect_same_diagnostics(m, whole.accumulator);
  // The file order does not matter.
  expect_same_state(merge_checkpoints({a, b}, {"a", "b"}).accumulator, m);
  // A merged checkpoint is a checkpoint: saved, loaded and merged further, but not resumed.
  const Checkpoint reloaded = parse_checkpoint(format_checkpoint(merged), "merged");
  expect_same_state(reloaded.accumulator, m);
  EXPECT_FALSE(reloaded.resumable());
}

TEST(Merge, IndependentSeedsPoolTheirSamples) {
  const auto estimator = make_estimator("bands", Shape{2, 2});
  const Progress a = run_blocks_to(*estimator, 1, 20, 2), b = run_blocks_to(*estimator, 2, 30, 2);
  const Checkpoint merged =
      merge_checkpoints({to_checkpoint(*estimator, 1, a), to_checkpoint(*estimator, 2, b)}, {"a", "b"});
  WeightAccumulator pooled = a.accumulator;
  pooled.merge(b.accumulator);
  expect_same_state(merged.accumulator, pooled);
  EXPECT_EQ(merged.ranges.size(), 2u);
  EXPECT_DOUBLE_EQ(merged.seconds, a.seconds + b.seconds);
}

TEST(Merge, RefusesOverlapsAndMismatches) {
  const Checkpoint base = sample_checkpoint();  // seed 7, blocks 10..12
  auto merge_error = [](const Checkpoint& a, const Checkpoint& b) -> std::string {
    try {
      merge_checkpoints({a, b}, {"'a'", "'b'"});
    } catch (const InputError& e) {
      return e.what();
    }
    return "(merged without error)";
  };
  Checkpoint overlap = base;
  overlap.ranges = {{7, 12, 15}};
  EXPECT_NE(merge_error(base, overlap).find("both hold blocks 12..12 of seed 7"), std::string::npos)
      << merge_error(base, overlap);
  EXPECT_NE(merge_error(base, base).find("twice"), std::string::npos);
  Checkpoint other_seed = overlap;
  other_seed.ranges = {{8, 10, 13}};
  EXPECT_NO_THROW(merge_checkpoints({base, other_seed}, {"a", "b"}));
  Checkpoint adjacent = base;
  adjacent.ranges = {{7, 13, 16}};
  EXPECT_NO_THROW(merge_checkpoints({base, adjacent}, {"a", "b"}));

  Checkpoint shape = base;
  shape.layout = Shape{3, 2};
  EXPECT_NE(merge_error(base, shape).find("differ in layout (2x3 vs 3x2)"), std::string::npos);
  // One box shape, other rules: refused by the layouts' names.
  Checkpoint diagonals = base;
  diagonals.layout = sudoku_count::Layout::with_variants(Shape{2, 3}, {sudoku_count::Variant::X});
  EXPECT_NE(merge_error(base, diagonals).find("differ in layout (2x3 vs 2x3+x)"), std::string::npos);
  Checkpoint method = base;
  method.method = "sets";
  EXPECT_NE(merge_error(base, method).find("differ in method"), std::string::npos);
  // Another release of the tool merges; another version of the method does not, by name.
  Checkpoint release = base;
  release.tool_version = "0.0.1";
  release.ranges = {{8, 10, 13}};  // another seed: no block shared
  EXPECT_EQ(merge_error(base, release), "(merged without error)");
  Checkpoint changed = base;
  changed.method_version = base.method_version + 1;
  EXPECT_NE(merge_error(base, changed).find("differ in the version of method " + base.method), std::string::npos);
  Checkpoint block_size = base;
  block_size.samples_per_block = 8;
  EXPECT_NE(merge_error(base, block_size).find("samples per block"), std::string::npos);
  EXPECT_THROW(merge_checkpoints({}, {}), InputError);
}

// An estimator's variant tells orientations apart: a transposed run cannot
// be resumed or merged as an untransposed one.
TEST(Merge, VariantNamesTheOrientation) {
  EXPECT_NE(make_estimator("auto", Shape{2, 8})->variant().find("/transposed"), std::string::npos);
  EXPECT_EQ(make_estimator("sets", Shape{2, 8}, {.orientation = EstimatorOptions::Orientation::Given})->variant(),
            "sets");
  EXPECT_EQ(make_estimator("bands", Shape{2, 2})->variant(), "bands");
}

// A checkpoint of sudoku-count 0.1.0 (format 2, before method versions)
// reads as version 1 of its method, and is written back in today's format.
TEST(Checkpoint, ReadsThePreviousReleasesFormat) {
  const std::string path = std::string(SUDOKU_COUNT_TEST_DATA_DIR) + "/checkpoints/est_bands_2x3_v2.ckpt";
  const Checkpoint old = load_checkpoint(path);
  EXPECT_EQ(old.format, 2);
  EXPECT_EQ(old.method, "bands");
  EXPECT_EQ(old.method_version, 1);
  EXPECT_EQ(old.tool_version, "0.1.0");
  EXPECT_EQ(old.accumulator.count(), 1024u);
  const std::string again = format_checkpoint(old);
  EXPECT_NE(again.find("\nformat " + std::to_string(kCheckpointFormat) + "\n"), std::string::npos);
  EXPECT_NE(again.find("\nmethod_version 1\n"), std::string::npos);
  const Checkpoint back = parse_checkpoint(again, "again");
  EXPECT_EQ(back.method_version, 1);
  EXPECT_EQ(back.accumulator.count(), old.accumulator.count());
}

// flock locks belong to an open file, so a second lock of one path fails
// even inside one process; once the first is released the path locks again.
TEST(CheckpointLock, ASecondLockOfOnePathIsRefused) {
  TempDir dir;
  const std::string path = dir.file("run.ckpt");
  {
    const CheckpointLock first(path);
    try {
      const CheckpointLock second(path);
      ADD_FAILURE() << "a second lock of one checkpoint was granted";
    } catch (const InputError& e) {
      EXPECT_NE(std::string(e.what()).find("is in use by another run (process " + std::to_string(getpid()) + ")"),
                std::string::npos)
          << e.what();
    }
    const CheckpointLock other(dir.file("other.ckpt"));  // another file: its own lock
  }
  const CheckpointLock again(path);
}

// ---- Files written by earlier builds --------------------------------------
//
// tests/data/checkpoints holds files of every format this build reads, as the
// builds that wrote them left them: *_v2 of sudoku-count 0.1.0 (format 2),
// *_v3 written by the command line before the checkpoint formats of both
// kinds were read by one parser (format 3: `estimate --box 2 --samples 2000
// --checkpoint`, `--box 3 --variant x --method rows --particles 8 --samples
// 40`, `--box 2x3 --method smc --particles 16 --samples 100`), and
// *.upgraded, what that build wrote back for an older file. Each must read,
// resume with the estimator its variant names, and be written back byte for
// byte as that build wrote it.

namespace {

std::string fixture(const std::string& name) {
  return std::string(SUDOKU_COUNT_TEST_DATA_DIR) + "/checkpoints/" + name;
}

// The checkpoint a fresh run of the saved method would start from: the one
// a resume or a merge checks the file against.
Checkpoint fresh_run_of(const Checkpoint& saved) {
  const auto estimator = make_estimator_for_variant(saved.method, saved.layout);
  EXPECT_EQ(estimator->variant(), saved.method);
  Checkpoint fresh;
  fresh.layout = estimator->layout();
  fresh.method = estimator->variant();
  fresh.method_version = estimator->method_version();
  fresh.samples_per_block = estimator->samples_per_block();
  return fresh;
}

void expect_resumes(const Checkpoint& saved, const std::string& name) {
  EXPECT_NO_THROW(require_compatible(saved, name, fresh_run_of(saved), "this run")) << name;
}

}  // namespace

TEST(CheckpointFiles, CurrentFormatReadsResumesAndWritesBackByteForByte) {
  for (const std::string name : {"est_bands_2x2_v3.ckpt", "est_rows_x_v3.ckpt", "est_smc_2x3_v3.ckpt"}) {
    const std::string text = read_all(fixture(name));
    ASSERT_FALSE(text.empty()) << name;
    const Checkpoint cp = load_checkpoint(fixture(name));
    EXPECT_EQ(cp.format, kCheckpointFormat) << name;
    EXPECT_EQ(format_checkpoint(cp), text) << name;
    expect_resumes(cp, name);
  }
  // The 2000 samples of the first stop inside a block: it merges, it does not go on.
  EXPECT_FALSE(load_checkpoint(fixture("est_bands_2x2_v3.ckpt")).resumable());
  const Checkpoint rows = load_checkpoint(fixture("est_rows_x_v3.ckpt"));
  EXPECT_EQ(rows.layout.name(), "3x3+x");
  EXPECT_EQ(rows.method, "rows/P=8/K=1");
  EXPECT_TRUE(rows.resumable());
  const Checkpoint smc = load_checkpoint(fixture("est_smc_2x3_v3.ckpt"));
  EXPECT_EQ(smc.method_version, 2);
  EXPECT_TRUE(smc.resumable());
}

TEST(CheckpointFiles, PreviousReleaseReadsResumesAndUpgradesAsBefore) {
  for (const std::string name : {"est_bands_2x3_v2", "est_smc_2x3_v2"}) {
    const Checkpoint cp = load_checkpoint(fixture(name + ".ckpt"));
    EXPECT_EQ(cp.format, 2) << name;
    EXPECT_EQ(cp.method_version, 1) << name;
    EXPECT_EQ(format_checkpoint(cp), read_all(fixture(name + ".upgraded"))) << name;
  }
  const Checkpoint bands = load_checkpoint(fixture("est_bands_2x3_v2.ckpt"));
  EXPECT_TRUE(bands.resumable());
  expect_resumes(bands, "est_bands_2x3_v2");
  // SMC's samples changed since (method version 2): refused, by name.
  const Checkpoint smc = load_checkpoint(fixture("est_smc_2x3_v2.ckpt"));
  try {
    require_compatible(smc, "est_smc_2x3_v2", fresh_run_of(smc), "this run");
    ADD_FAILURE() << "a run of an older version of smc resumed";
  } catch (const InputError& e) {
    EXPECT_NE(std::string(e.what()).find("differ in the version of method smc/P=16 (1, sudoku-count 0.1.0 vs 2"),
              std::string::npos)
        << e.what();
  }
}

// Both kinds of saved file go through one reader: every damaged file is
// refused with an InputError that names the file and the problem.
TEST(CheckpointFiles, DamagedFilesOfBothKindsAreRefusedByName) {
  struct Kind {
    std::string file, name;
    std::function<void(const std::string&)> load;
  };
  const Kind kinds[] = {
      {"est_bands_2x2_v3.ckpt", "checkpoint", [](const std::string& p) { load_checkpoint(p); }},
      {"job_2x3_v2.ckpt", "job checkpoint", [](const std::string& p) { load_exact_job(p); }},
  };
  TempDir dir;
  for (const Kind& kind : kinds) {
    const std::string good = read_all(fixture(kind.file));
    const std::string other = read_all(fixture(&kind == &kinds[0] ? kinds[1].file : kinds[0].file));
    std::string flipped = good;
    flipped[flipped.find("\nbox ") + 5] = '7';
    std::string binary = without_checksum(good);
    binary[binary.find("\nbox ") + 1] = '\0';
    std::string gzip = "\x1f\x8b\x08";
    gzip += std::string(40, '\0');
    const std::pair<std::string, std::string> cases[] = {
        {"", "is empty: not a sudoku-count " + kind.name},
        {good.substr(0, good.size() / 2), "is truncated"},
        {good.substr(0, good.size() - 1), "is truncated"},
        {flipped, "is corrupt: its checksum does not match"},
        {seal(binary), "is corrupt: it is not text"},
        {gzip, "is not a sudoku-count " + kind.name + ": it is not text"},
        {other, "is not a sudoku-count " + kind.name + ": it is an "},
        {"P3\n1 1\n255\n0 0 0\n", "is not a sudoku-count " + kind.name + " (it does not start with"},
        {seal(without_checksum(good) + "colour blue\n"), "has an unknown field 'colour'"},
        {seal(without_checksum(good) + "box 3\n"), "has the field 'box' twice"},
    };
    int index = 0;
    for (const auto& [text, expected] : cases) {
      const std::string path = dir.file(kind.name + std::to_string(index++));
      write_all(path, text);
      try {
        kind.load(path);
        ADD_FAILURE() << kind.name << " " << expected << ": read without error";
      } catch (const InputError& e) {
        const std::string message = e.what();
        EXPECT_EQ(message.rfind(kind.name + " '" + path + "' ", 0), 0u) << message;
        EXPECT_NE(message.find(expected), std::string::npos) << expected << ": " << message;
      }
      EXPECT_EQ(read_all(path), text);
    }
  }
}
