#pragma once
// Checkpoints: the complete state of an estimate run, saved so that a long
// run can stop and resume, and independent runs can be merged.
//
// A checkpoint holds the accumulator of whole blocks merged in block order,
// and which blocks those are (per seed). Resuming one continues with the next
// block and reproduces an uninterrupted run bit for bit; merging several
// combines disjoint sets of independent blocks (docs/method.md, section 5).
//
// The file is line-based text ending in an FNV-1a 64 checksum of everything
// before that line, with the header (first line, format, version) and the
// checksum of every saved file of the tool (exact job checkpoints too,
// exact_job.hpp); floating-point values are written as hexadecimal floats,
// so they are read back exactly:
//
//   sudoku-count checkpoint
//   format 3
//   version 0.1.0             (of the sudoku-count that wrote it: for people; not checked)
//   box 3x3
//   layout 3x3                (with "variants ..." and "region ..." lines where the layout has them)
//   puzzle 1.3..              (a puzzle's givens, one line as format_line writes it; none for the empty grid)
//   method bands
//   method_version 1          (Estimator::method_version; format 2 files have none: version 1)
//   samples_per_block 8
//   range 1 0 1402            (seed, first block, end block: blocks [first, end))
//   samples 11216
//   zeros 0
//   shift 0xc.7fd...p+2       (the accumulator, WeightAccumulator::from_state)
//   mean ... / m2 ... / max ... / log_mean ... / log_m2 ...
//   groups n0 s0 n1 s1 ...    (the replicate groups: samples and scaled sum)
//   largest l1 l2 ...         (the largest log-weights, at most kTailCapacity)
//   seconds 0x1.40...p+3
//   checksum 0123456789abcdef
#include <cstdint>
#include <string>
#include <vector>

#include "sudoku_count/layout.hpp"
#include "sudoku_count/shape.hpp"
#include "sudoku_count/stats.hpp"

namespace sudoku_count {

// Format 2: blocks draw from re-keyed random streams (rng.hpp) and the
// accumulator carries its tail diagnostics. Format 3 adds the method
// version and deals samples to 16 replicate groups (format 2 had 8: such a
// run keeps its 8, see WeightAccumulator::kOldReplicates). Formats 2 and 3 are read; format 1 files are refused. A build
// resumes or merges any checkpoint it reads whose method and method version
// are its own, whatever the tool version that wrote it.
inline constexpr int kCheckpointFormat = 3;
inline constexpr int kOldestCheckpointFormat = 2;

// Blocks [first, end) of the run with this seed.
struct BlockRange {
  std::uint64_t seed = 1;
  std::uint64_t first = 0;
  std::uint64_t end = 0;
  std::uint64_t blocks() const { return end - first; }
  bool operator==(const BlockRange&) const = default;
};

struct Checkpoint {
  int format = kCheckpointFormat;
  std::string tool_version;  // of the sudoku-count that wrote it
  Layout layout;             // the rules counted (a jigsaw's regions are saved with it)
  std::vector<int> givens;   // a puzzle whose completions are counted (N*N cells, 0 blank); empty: the empty grid
  std::string method;        // the estimator's name (never "auto")
  int method_version = 1;    // Estimator::method_version of the method that sampled it
  std::uint64_t samples_per_block = 0;
  std::vector<BlockRange> ranges;  // one for a single run; sorted and disjoint
  WeightAccumulator accumulator;
  double seconds = 0;  // sampling time (summed over merged runs)

  std::uint64_t blocks() const;
  // Whether the run can go on block by block: a single range whose blocks
  // are all full (a --samples budget may cut a run's last block short).
  bool resumable() const;
};

// The file's text (checksum line included), and back. parse throws
// InputError naming what is wrong; `origin` (a path) starts the message.
std::string format_checkpoint(const Checkpoint& checkpoint);

// An accumulator's complete state as the lines of a checkpoint (exact:
// hexadecimal floats), and back; processes of one run send it this way.
// decode_accumulator throws InputError for a damaged or impossible state.
std::string encode_accumulator(const WeightAccumulator& acc);
WeightAccumulator decode_accumulator(const std::string& text);
Checkpoint parse_checkpoint(const std::string& text, const std::string& origin);

// Writes atomically: a temporary file in the same folder, flushed to disk,
// renamed over `path`, and the folder flushed, so a crash at any instant
// leaves the old file or the new one, never a torn one. On failure the old
// file is untouched and std::system_error says why (path and OS error).
void save_checkpoint(const std::string& path, const Checkpoint& checkpoint);

// Holds a lock (flock) on `path` for the life of a run that writes it (an
// estimate run's checkpoint or an exact job's), so that two runs never
// write one file: a second run asking for the same file is refused
// (InputError, naming the process that holds it and the request field
// {checkpoint}). The
// lock is taken on "<path>.lock", which stays beside the file (removing it
// would let a third run lock a fresh one while a second still waits). Where
// the lock file cannot be made (a missing or read-only folder) no lock is
// held: no checkpoint can be written there either, and the run's saves
// report that.
class CheckpointLock {
 public:
  explicit CheckpointLock(const std::string& path);
  ~CheckpointLock();
  CheckpointLock(CheckpointLock&& other) noexcept : fd_(other.fd_) { other.fd_ = -1; }
  CheckpointLock& operator=(CheckpointLock&& other) noexcept;

 private:
  int fd_ = -1;
};

// Throws InputError naming the problem: missing or unreadable file, not a
// checkpoint, truncated, bad checksum, unknown format, bad or inconsistent
// field. Never modifies the file.
Checkpoint load_checkpoint(const std::string& path);

// Refuses (InputError) to combine `b` with `a` unless both count the same
// layout (by name) and puzzle with the same method, method version and block size (the
// tool versions may differ). `what_a` and
// `what_b` name the two in the message.
void require_compatible(const Checkpoint& a, const std::string& what_a, const Checkpoint& b,
                        const std::string& what_b);

// One checkpoint holding all the blocks of independent runs: ranges of the
// same seed must not overlap (that would count blocks twice). The result
// does not depend on the order of `runs`: they are merged sorted by their
// first range. Throws InputError on a mismatch or an overlap.
Checkpoint merge_checkpoints(const std::vector<Checkpoint>& runs, const std::vector<std::string>& names);

}  // namespace sudoku_count
