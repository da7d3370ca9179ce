#include "sudoku_count/checkpoint.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <sstream>
#include <tuple>

#include "checkpoint/saved_file.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/grid.hpp"

namespace sudoku_count {
using detail::kEstimateRunKind;
using detail::SavedLines;
namespace {

// The accumulator's fields (see encode_accumulator), checked.
WeightAccumulator accumulator_from_fields(const SavedLines& lines) {
  WeightAccumulator::State st;
  st.count = lines.u64("samples");
  st.zeros = lines.u64("zeros");
  st.shift = lines.real("shift", lines.field("shift"));
  st.mean = lines.real("mean", lines.field("mean"));
  st.m2 = lines.real("m2", lines.field("m2"));
  st.max = lines.real("max", lines.field("max"));
  st.log_mean = lines.real("log_mean", lines.field("log_mean"));
  st.log_m2 = lines.real("log_m2", lines.field("log_m2"));
  // 16 groups (8 in format 2, none where runs of both were merged).
  std::istringstream groups(lines.field("groups"));
  std::vector<std::string> words;
  for (std::string word; groups >> word;) words.push_back(word);
  const std::size_t pairs = words.size() / 2;
  if (words.size() % 2 != 0 ||
      (pairs != WeightAccumulator::kReplicates && pairs != WeightAccumulator::kOldReplicates && pairs != 0))
    lines.refuse("has a bad groups line");
  st.groups = static_cast<int>(pairs);
  for (std::size_t g = 0; g < pairs; ++g) {
    st.group_counts[g] = lines.u64("groups", words[2 * g]);
    st.group_sums[g] = lines.real("groups", words[2 * g + 1]);
  }
  std::istringstream largest(lines.field("largest"));
  for (std::string word; largest >> word;) {
    if (st.largest_logs.size() == WeightAccumulator::kTailCapacity) lines.refuse("keeps too many log-weights");
    st.largest_logs.push_back(lines.real("largest", word));
  }
  try {
    return WeightAccumulator::from_state(st);
  } catch (const std::invalid_argument& e) {
    lines.refuse("holds an " + std::string(e.what()));
  }
}

}  // namespace

std::string encode_accumulator(const WeightAccumulator& acc) {
  const WeightAccumulator::State st = acc.state();
  std::ostringstream out;
  out << "samples " << st.count << "\n"
      << "zeros " << st.zeros << "\n"
      << "shift " << detail::hex_real(st.shift) << "\n"
      << "mean " << detail::hex_real(st.mean) << "\n"
      << "m2 " << detail::hex_real(st.m2) << "\n"
      << "max " << detail::hex_real(st.max) << "\n"
      << "log_mean " << detail::hex_real(st.log_mean) << "\n"
      << "log_m2 " << detail::hex_real(st.log_m2) << "\n"
      << "groups";
  for (int g = 0; g < st.groups; ++g)
    out << " " << st.group_counts[g] << " " << detail::hex_real(st.group_sums[g]);
  out << "\nlargest";
  for (const long double lw : st.largest_logs) out << " " << detail::hex_real(lw);
  out << "\n";
  return out.str();
}

WeightAccumulator decode_accumulator(const std::string& text) {
  return accumulator_from_fields(SavedLines::fields_only(kEstimateRunKind, text, "accumulator message"));
}

std::uint64_t Checkpoint::blocks() const {
  std::uint64_t total = 0;
  for (const auto& range : ranges) total += range.blocks();
  return total;
}

bool Checkpoint::resumable() const {
  return ranges.size() == 1 && accumulator.count() == ranges[0].blocks() * samples_per_block;
}

std::string format_checkpoint(const Checkpoint& cp) {
  std::ostringstream out;
  out << detail::saved_header(kEstimateRunKind, cp.tool_version)
      << "box " << cp.layout.shape().name() << "\n"
      << detail::layout_lines(cp.layout);
  if (!cp.givens.empty()) out << "puzzle " << format_line(Grid{cp.layout, cp.givens}) << "\n";
  out << "method " << cp.method << "\n"
      << "method_version " << cp.method_version << "\n"
      << "samples_per_block " << cp.samples_per_block << "\n";
  for (const auto& range : cp.ranges) out << "range " << range.seed << " " << range.first << " " << range.end << "\n";
  out << encode_accumulator(cp.accumulator) << "seconds " << detail::hex_real(cp.seconds) << "\n";
  return detail::with_checksum(out.str());
}

// The body of an estimate run's checkpoint (the header and checksum are
// checked by SavedLines).
Checkpoint parse_checkpoint(const std::string& text, const std::string& origin) {
  const SavedLines lines(kEstimateRunKind, text, origin);
  Checkpoint cp;
  cp.format = lines.format();
  cp.tool_version = lines.field("version");
  cp.ranges = detail::saved_ranges(lines);
  // Checkpoints written before layouts have a box only: the classic rules.
  cp.layout = detail::saved_layout(lines, detail::saved_box(lines, lines.field("box")),
                                   lines.optional_field("variants"), lines.all("region"),
                                   lines.optional_field("layout"));
  const std::string puzzle = lines.optional_field("puzzle");
  if (!puzzle.empty()) {
    try {
      cp.givens = parse_puzzle(puzzle, cp.layout).cells;
    } catch (const InputError& e) {
      lines.refuse(std::string("has a bad puzzle: ") + e.what());
    }
  }
  cp.method = lines.field("method");
  if (cp.method.empty()) lines.refuse("has an empty method");
  // Format 2 predates method versions: its methods are their version 1.
  cp.method_version = lines.method_version(3);
  cp.samples_per_block = lines.u64("samples_per_block");
  if (cp.samples_per_block == 0) lines.refuse("has samples_per_block 0");
  const long double seconds = lines.real("seconds", lines.field("seconds"));
  if (!std::isfinite(seconds) || seconds < 0) lines.refuse("holds an impossible sampling time");
  cp.accumulator = accumulator_from_fields(lines);
  const std::uint64_t samples = cp.accumulator.count();
  cp.seconds = static_cast<double>(seconds);

  // The blocks must account for the samples: each holds samples_per_block,
  // except that the last block of a range may have been cut short.
  std::uint64_t most = 0, least = 0;
  for (const auto& range : cp.ranges) {
    const std::uint64_t blocks = range.blocks();
    if (blocks > std::numeric_limits<std::uint64_t>::max() / cp.samples_per_block / (cp.ranges.size() + 1))
      lines.refuse("has a range too large to be real");
    most += blocks * cp.samples_per_block;
    if (blocks > 0) least += (blocks - 1) * cp.samples_per_block + 1;
  }
  if (samples < least || samples > most)
    lines.refuse("is inconsistent: " + std::to_string(samples) + " samples cannot fill its " +
                 std::to_string(cp.blocks()) + " blocks of " + std::to_string(cp.samples_per_block));
  return cp;
}

void save_checkpoint(const std::string& path, const Checkpoint& checkpoint) {
  detail::save_file(kEstimateRunKind, path, format_checkpoint(checkpoint));
}

Checkpoint load_checkpoint(const std::string& path) {
  return parse_checkpoint(detail::read_file(kEstimateRunKind, path), path);
}

void require_compatible(const Checkpoint& a, const std::string& what_a, const Checkpoint& b,
                        const std::string& what_b) {
  auto refuse = [&](const std::string& what, const std::string& va, const std::string& vb) {
    throw InputError(what_a + " and " + what_b + " differ in " + what + " (" + va + " vs " + vb + ")");
  };
  if (!(a.layout == b.layout)) refuse("layout", a.layout.name(), b.layout.name());
  if (a.givens != b.givens) {
    const auto text = [](const Checkpoint& c) {
      return c.givens.empty() ? std::string("the empty grid") : "puzzle " + format_line(Grid{c.layout, c.givens});
    };
    refuse("what they count", text(a), text(b));
  }
  if (a.method != b.method) refuse("method", a.method, b.method);
  // The samples of two versions of one method are not the same draws: name
  // the method and both builds, so the user knows which one finishes the run.
  if (a.method_version != b.method_version)
    throw InputError(what_a + " and " + what_b + " differ in the version of method " + a.method + " (" +
                     std::to_string(a.method_version) + (a.tool_version.empty() ? "" : ", sudoku-count " + a.tool_version) +
                     " vs " + std::to_string(b.method_version) +
                     (b.tool_version.empty() ? "" : ", sudoku-count " + b.tool_version) +
                     "): the method changed and its samples cannot be combined; continue the run with the build "
                     "that wrote it, or start a new one");
  if (a.samples_per_block != b.samples_per_block)
    refuse("samples per block", std::to_string(a.samples_per_block), std::to_string(b.samples_per_block));
}

Checkpoint merge_checkpoints(const std::vector<Checkpoint>& runs, const std::vector<std::string>& names) {
  if (runs.empty()) throw InputError("nothing to merge");
  for (std::size_t i = 1; i < runs.size(); ++i) require_compatible(runs[0], names[0], runs[i], names[i]);
  std::vector<std::vector<BlockRange>> ranges;
  for (const Checkpoint& run : runs) ranges.push_back(run.ranges);
  const std::vector<std::size_t> order = detail::merge_order(
      ranges, names, "blocks",
      "samples twice (give each run its own {seed} or its own {first_block} range)");

  Checkpoint merged;
  merged.tool_version = runs[0].tool_version;
  merged.layout = runs[0].layout;
  merged.givens = runs[0].givens;
  merged.method = runs[0].method;
  merged.method_version = runs[0].method_version;
  merged.samples_per_block = runs[0].samples_per_block;
  for (const std::size_t i : order) {
    merged.accumulator.merge(runs[i].accumulator);
    merged.seconds += runs[i].seconds;
  }
  merged.ranges = detail::merged_ranges(ranges);
  return merged;
}

}  // namespace sudoku_count
