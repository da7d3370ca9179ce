#include "sudoku_count/checkpoint.hpp"

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <limits>
#include <map>
#include <sstream>
#include <system_error>
#include <tuple>

#include "core/saved_file.hpp"
#include "sudoku_count/error.hpp"

namespace sudoku_count {
using detail::checked_body;
using detail::read_saved_file;
using detail::with_checksum;
using detail::write_file_atomically;
namespace {

constexpr const char* kMagic = "sudoku-count checkpoint";
constexpr std::size_t kMaxFileBytes = 1 << 22;  // a checkpoint holds at most kTailCapacity log-weights: about 250 kB

// Hexadecimal floats round-trip exactly (and "-inf" for an empty scale).
std::string exact_text(long double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%La", value);
  return buffer;
}

constexpr const char* kWhat = "checkpoint";

[[noreturn]] void bad_file(const std::string& origin, const std::string& why) {
  detail::bad_saved_file(kWhat, origin, why);
}

std::uint64_t parse_u64(const std::string& origin, const std::string& key, const std::string& text) {
  return detail::saved_u64(kWhat, origin, key, text);
}

long double parse_real(const std::string& origin, const std::string& key, const std::string& text) {
  char* end = nullptr;
  const long double value = std::strtold(text.c_str(), &end);
  if (text.empty() || *end != '\0' || std::isnan(value))
    bad_file(origin, "has a bad value for " + key + ": '" + text + "'");
  return value;
}

// The accumulator's fields (see encode_accumulator), checked.
WeightAccumulator accumulator_from_fields(const std::map<std::string, std::string>& fields, const std::string& origin) {
  auto field = [&](const std::string& key) -> const std::string& {
    const auto it = fields.find(key);
    if (it == fields.end()) bad_file(origin, "lacks the field '" + key + "'");
    return it->second;
  };
  WeightAccumulator::State st;
  st.count = parse_u64(origin, "samples", field("samples"));
  st.zeros = parse_u64(origin, "zeros", field("zeros"));
  st.shift = parse_real(origin, "shift", field("shift"));
  st.mean = parse_real(origin, "mean", field("mean"));
  st.m2 = parse_real(origin, "m2", field("m2"));
  st.max = parse_real(origin, "max", field("max"));
  st.log_mean = parse_real(origin, "log_mean", field("log_mean"));
  st.log_m2 = parse_real(origin, "log_m2", field("log_m2"));
  // 16 groups (8 in format 2, none where runs of both were merged).
  std::istringstream groups(field("groups"));
  std::vector<std::string> words;
  for (std::string word; groups >> word;) words.push_back(word);
  const std::size_t pairs = words.size() / 2;
  if (words.size() % 2 != 0 ||
      (pairs != WeightAccumulator::kReplicates && pairs != WeightAccumulator::kOldReplicates && pairs != 0))
    bad_file(origin, "has a bad groups line");
  st.groups = static_cast<int>(pairs);
  for (std::size_t g = 0; g < pairs; ++g) {
    st.group_counts[g] = parse_u64(origin, "groups", words[2 * g]);
    st.group_sums[g] = parse_real(origin, "groups", words[2 * g + 1]);
  }
  std::istringstream largest(field("largest"));
  for (std::string word; largest >> word;) {
    if (st.largest_logs.size() == WeightAccumulator::kTailCapacity) bad_file(origin, "keeps too many log-weights");
    st.largest_logs.push_back(parse_real(origin, "largest", word));
  }
  try {
    return WeightAccumulator::from_state(st);
  } catch (const std::invalid_argument& e) {
    bad_file(origin, "holds an " + std::string(e.what()));
  }
}

}  // namespace

std::string encode_accumulator(const WeightAccumulator& acc) {
  const WeightAccumulator::State st = acc.state();
  std::ostringstream out;
  out << "samples " << st.count << "\n"
      << "zeros " << st.zeros << "\n"
      << "shift " << exact_text(st.shift) << "\n"
      << "mean " << exact_text(st.mean) << "\n"
      << "m2 " << exact_text(st.m2) << "\n"
      << "max " << exact_text(st.max) << "\n"
      << "log_mean " << exact_text(st.log_mean) << "\n"
      << "log_m2 " << exact_text(st.log_m2) << "\n"
      << "groups";
  for (int g = 0; g < st.groups; ++g)
    out << " " << st.group_counts[g] << " " << exact_text(st.group_sums[g]);
  out << "\nlargest";
  for (const long double lw : st.largest_logs) out << " " << exact_text(lw);
  out << "\n";
  return out.str();
}

WeightAccumulator decode_accumulator(const std::string& text) {
  std::map<std::string, std::string> fields;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t space = line.find(' ');
    fields[line.substr(0, space)] = space == std::string::npos ? "" : line.substr(space + 1);
  }
  return accumulator_from_fields(fields, "accumulator message");
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
  out << kMagic << "\n"
      << "format " << kCheckpointFormat << "\n"
      << "version " << cp.tool_version << "\n"
      << "box " << cp.layout.shape().name() << "\n"
      << detail::layout_lines(cp.layout)
      << "method " << cp.method << "\n"
      << "method_version " << cp.method_version << "\n"
      << "samples_per_block " << cp.samples_per_block << "\n";
  for (const auto& range : cp.ranges) out << "range " << range.seed << " " << range.first << " " << range.end << "\n";
  out << encode_accumulator(cp.accumulator) << "seconds " << exact_text(cp.seconds) << "\n";
  return with_checksum(out.str());
}

Checkpoint parse_checkpoint(const std::string& text, const std::string& origin) {
  if (text.empty()) bad_file(origin, "is empty: not a sudoku-count checkpoint");
  const std::string magic_line = std::string(kMagic) + "\n";
  if (text.compare(0, magic_line.size(), magic_line) != 0)
    bad_file(origin, "is not a sudoku-count checkpoint (it does not start with '" + std::string(kMagic) + "')");
  std::string why;
  const std::string body = checked_body(text, why);
  if (!why.empty()) bad_file(origin, why);

  std::map<std::string, std::string> fields;
  std::vector<std::string> region_lines;
  Checkpoint cp;
  std::istringstream lines(body.substr(magic_line.size()));
  for (std::string line; std::getline(lines, line);) {
    const std::size_t space = line.find(' ');
    const std::string key = line.substr(0, space);
    const std::string value = space == std::string::npos ? "" : line.substr(space + 1);
    if (key == "range") {
      std::istringstream words(value);
      std::string seed, first, end, extra;
      if (!(words >> seed >> first >> end) || (words >> extra)) bad_file(origin, "has a bad range line: '" + line + "'");
      BlockRange range{parse_u64(origin, "range", seed), parse_u64(origin, "range", first),
                       parse_u64(origin, "range", end)};
      if (range.end < range.first) bad_file(origin, "has a range that ends before it starts: '" + line + "'");
      cp.ranges.push_back(range);
    } else if (key == "region") {
      region_lines.push_back(value);
    } else if (!fields.emplace(key, value).second) {
      bad_file(origin, "has the field '" + key + "' twice");
    }
  }
  auto field = [&](const std::string& key) -> const std::string& {
    const auto it = fields.find(key);
    if (it == fields.end()) bad_file(origin, "lacks the field '" + key + "'");
    return it->second;
  };
  const std::uint64_t format = parse_u64(origin, "format", field("format"));
  if (format == 1)
    bad_file(origin, "has format 1, written before the random streams were re-keyed and tail diagnostics added: "
                     "its samples cannot be continued or merged with this sudoku-count's (format " +
                         std::to_string(kCheckpointFormat) + "); start a new run");
  if (format < kOldestCheckpointFormat || format > kCheckpointFormat)
    bad_file(origin, "has format " + std::to_string(format) + ", written by a newer sudoku-count (" +
                         (fields.count("version") ? fields.at("version") : std::string("version unknown")) +
                         "); this one reads formats " + std::to_string(kOldestCheckpointFormat) + " to " +
                         std::to_string(kCheckpointFormat) + ": resume it with that version or a later one");
  cp.format = static_cast<int>(format);
  for (const auto& entry : fields) {
    const std::string& key = entry.first;  // not a structured binding: Clang 14 cannot capture one in a lambda
    static const char* const known[] = {"format", "version",  "box",    "method",  "samples_per_block", "samples",
                                        "zeros",  "shift",    "mean",   "m2",      "max",               "log_mean",
                                        "log_m2", "groups",   "largest", "seconds", "variants",         "layout",
                                        "method_version"};
    if (std::find_if(std::begin(known), std::end(known), [&](const char* k) { return key == k; }) == std::end(known))
      bad_file(origin, "has an unknown field '" + key + "'");
  }
  cp.tool_version = field("version");
  // Checkpoints written before layouts have a box only: the classic rules.
  const auto optional_field = [&](const std::string& key) {
    const auto it = fields.find(key);
    return it == fields.end() ? std::string() : it->second;
  };
  cp.layout = detail::saved_layout(kWhat, origin, detail::saved_box(kWhat, origin, field("box")),
                                   optional_field("variants"), region_lines, optional_field("layout"));
  cp.method = field("method");
  if (cp.method.empty()) bad_file(origin, "has an empty method");
  // Format 2 predates method versions: its methods are their version 1.
  if (format >= 3) {
    const std::uint64_t version = parse_u64(origin, "method_version", field("method_version"));
    if (version == 0 || version > 1000000) bad_file(origin, "has an impossible method_version");
    cp.method_version = static_cast<int>(version);
  }
  cp.samples_per_block = parse_u64(origin, "samples_per_block", field("samples_per_block"));
  if (cp.samples_per_block == 0) bad_file(origin, "has samples_per_block 0");
  const long double seconds = parse_real(origin, "seconds", field("seconds"));
  if (!std::isfinite(seconds) || seconds < 0) bad_file(origin, "holds an impossible sampling time");
  cp.accumulator = accumulator_from_fields(fields, origin);
  const std::uint64_t samples = cp.accumulator.count();
  cp.seconds = static_cast<double>(seconds);

  // The blocks must account for the samples: each holds samples_per_block,
  // except that the last block of a range may have been cut short.
  std::uint64_t most = 0, least = 0;
  for (const auto& range : cp.ranges) {
    const std::uint64_t blocks = range.blocks();
    if (blocks > std::numeric_limits<std::uint64_t>::max() / cp.samples_per_block / (cp.ranges.size() + 1))
      bad_file(origin, "has a range too large to be real");
    most += blocks * cp.samples_per_block;
    if (blocks > 0) least += (blocks - 1) * cp.samples_per_block + 1;
  }
  if (samples < least || samples > most)
    bad_file(origin, "is inconsistent: " + std::to_string(samples) + " samples cannot fill its " +
                         std::to_string(cp.blocks()) + " blocks of " + std::to_string(cp.samples_per_block));
  std::vector<BlockRange> sorted = cp.ranges;
  std::sort(sorted.begin(), sorted.end(),
            [](const BlockRange& a, const BlockRange& b) { return std::tie(a.seed, a.first) < std::tie(b.seed, b.first); });
  for (std::size_t i = 1; i < sorted.size(); ++i)
    if (sorted[i].seed == sorted[i - 1].seed && sorted[i].first < sorted[i - 1].end && sorted[i].blocks() > 0)
      bad_file(origin, "has overlapping block ranges");
  return cp;
}

void save_checkpoint(const std::string& path, const Checkpoint& checkpoint) {
  write_file_atomically(path, format_checkpoint(checkpoint), "checkpoint");
}

Checkpoint load_checkpoint(const std::string& path) {
  const std::string text = read_saved_file(path, kMaxFileBytes, "checkpoint");
  return parse_checkpoint(text, path);
}

void require_compatible(const Checkpoint& a, const std::string& what_a, const Checkpoint& b,
                        const std::string& what_b) {
  auto refuse = [&](const std::string& what, const std::string& va, const std::string& vb) {
    throw InputError(what_a + " and " + what_b + " differ in " + what + " (" + va + " vs " + vb + ")");
  };
  if (!(a.layout == b.layout)) refuse("layout", a.layout.name(), b.layout.name());
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
  // Every block may be counted once: no two runs may hold a block of the same seed.
  struct Owned {
    BlockRange range;
    std::size_t run;
  };
  std::vector<Owned> owned;
  for (std::size_t i = 0; i < runs.size(); ++i)
    for (const auto& range : runs[i].ranges)
      if (range.blocks() > 0) owned.push_back({range, i});
  std::sort(owned.begin(), owned.end(), [](const Owned& a, const Owned& b) {
    return std::tie(a.range.seed, a.range.first) < std::tie(b.range.seed, b.range.first);
  });
  for (std::size_t i = 1; i < owned.size(); ++i) {
    const BlockRange& p = owned[i - 1].range;
    const BlockRange& q = owned[i].range;
    if (p.seed == q.seed && q.first < p.end)
      throw InputError(names[owned[i - 1].run] + " and " + names[owned[i].run] + " both hold blocks " +
                       std::to_string(q.first) + ".." + std::to_string(std::min(p.end, q.end) - 1) + " of seed " +
                       std::to_string(q.seed) +
                       ": merging them would count those samples twice (give each run its own --seed or its own "
                       "--first-block range)");
  }
  // A fixed order (by first range) so the merged accumulator does not
  // depend on the order the files were named in.
  std::vector<std::size_t> order(runs.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto key = [&](std::size_t i) {
    const auto& r = runs[i].ranges;
    const auto first = std::min_element(r.begin(), r.end(), [](const BlockRange& a, const BlockRange& b) {
      return std::tie(a.seed, a.first) < std::tie(b.seed, b.first);
    });
    return first == r.end() ? std::make_tuple(1, std::uint64_t{0}, std::uint64_t{0})
                            : std::make_tuple(0, first->seed, first->first);
  };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });

  Checkpoint merged;
  merged.tool_version = runs[0].tool_version;
  merged.layout = runs[0].layout;
  merged.method = runs[0].method;
  merged.method_version = runs[0].method_version;
  merged.samples_per_block = runs[0].samples_per_block;
  for (const std::size_t i : order) {
    merged.accumulator.merge(runs[i].accumulator);
    merged.seconds += runs[i].seconds;
    for (const auto& range : runs[i].ranges)
      if (range.blocks() > 0) merged.ranges.push_back(range);
  }
  std::sort(merged.ranges.begin(), merged.ranges.end(), [](const BlockRange& a, const BlockRange& b) {
    return std::tie(a.seed, a.first) < std::tie(b.seed, b.first);
  });
  return merged;
}

}  // namespace sudoku_count
