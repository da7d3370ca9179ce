#include "checkpoint/saved_file.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <optional>
#include <sstream>
#include <system_error>
#include <tuple>

#include "core/checksum.hpp"
#include "sudoku_count/checkpoint.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/exact_job.hpp"
#include "sudoku_count/puzzle_session.hpp"

namespace sudoku_count::detail {

const SavedKind kEstimateRunKind{
    .magic = "sudoku-count checkpoint",
    .what = "checkpoint",
    .description = "an estimate run's checkpoint",
    .oldest_format = kOldestCheckpointFormat,
    .format = kCheckpointFormat,
    .too_old = "written before the random streams were re-keyed and tail diagnostics added: its samples cannot be "
               "continued or merged with this sudoku-count's",
    // At most kTailCapacity log-weights: about 250 kB.
    .max_bytes = 1 << 22,
    .keys = {"box", "variants", "region", "layout", "puzzle", "method", "method_version", "samples_per_block", "range",
             "samples", "zeros", "shift", "mean", "m2", "max", "log_mean", "log_m2", "groups", "largest", "seconds"},
    .repeated = {"range", "region"},
};

const SavedKind kExactJobKind{
    .magic = "sudoku-count exact job",
    .what = "job checkpoint",
    .description = "an exact job's checkpoint",
    .oldest_format = kOldestExactJobFormat,
    .format = kVariantExactJobFormat,
    .too_old = "",
    // 2^14 chunks of census and done ranges that alternate: well under 1 MB.
    .max_bytes = 1 << 22,
    .keys = {"box", "variants", "route", "method_version", "chunks", "census", "done", "classes", "sum", "seconds"},
    .repeated = {},
};

const SavedKind kPuzzleRunKind{
    .magic = "sudoku-count puzzle run",
    .what = "puzzle run",
    .description = "a puzzle-count run's saved state",
    .oldest_format = kPuzzleRunFormat,
    .format = kPuzzleRunFormat,
    .too_old = "",
    // A slot per clue count (at most 4097) and merged ranges: a few MB at most.
    .max_bytes = 1 << 23,
    .keys = {"box", "variants", "region", "layout", "kind", "method", "method_version", "subset_size",
             "subsets_per_grid", "clues", "grids", "weights", "range", "tests", "slot", "seconds"},
    .repeated = {"range", "region", "slot"},
};

namespace {

const SavedKind* const kKinds[] = {&kEstimateRunKind, &kExactJobKind, &kPuzzleRunKind};

std::string hex64(std::uint64_t value) {
  char buffer[24];
  std::snprintf(buffer, sizeof buffer, "%016" PRIx64, value);
  return buffer;
}

bool listed(const std::vector<const char*>& keys, const std::string& key) {
  return std::any_of(keys.begin(), keys.end(), [&](const char* k) { return key == k; });
}

// Text is printable ASCII or UTF-8 in lines: no NUL and no control
// characters other than the line ends and tabs.
std::optional<std::size_t> first_binary_byte(const std::string& text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const unsigned char byte = static_cast<unsigned char>(text[i]);
    if ((byte < 0x20 && byte != '\n' && byte != '\t' && byte != '\r') || byte == 0x7f) return i;
  }
  return std::nullopt;
}

// Removes the temporary file (the old file stays as it was) and throws.
[[noreturn]] void write_failed(const std::string& temporary, const std::string& path, const std::string& what,
                               int error, const std::string& step) {
  ::unlink(temporary.c_str());
  throw std::system_error(error, std::generic_category(), "cannot write " + what + " '" + path + "'" + step);
}

}  // namespace

std::string saved_header(const SavedKind& kind, const std::string& tool_version, int format) {
  return std::string(kind.magic) + "\nformat " + std::to_string(format > 0 ? format : kind.format) + "\nversion " +
         tool_version + "\n";
}

std::string with_checksum(const std::string& text) { return text + "checksum " + hex64(fnv1a64(text)) + "\n"; }

void SavedLines::refuse(const std::string& why) const {
  throw InputError(std::string(kind_->what) + " '" + origin_ + "' " + why + "; the file was left as it is");
}

SavedLines::SavedLines(const SavedKind& kind, const std::string& text, const std::string& origin)
    : SavedLines(kind, origin) {
  const std::string name = std::string("sudoku-count ") + kind.what;
  if (text.empty()) refuse("is empty: not a " + name);
  const std::string magic_line = std::string(kind.magic) + "\n";
  if (text.compare(0, magic_line.size(), magic_line) != 0) {
    for (const SavedKind* other : kKinds)
      if (other != &kind && text.compare(0, std::strlen(other->magic) + 1, std::string(other->magic) + "\n") == 0)
        refuse("is not a " + name + ": it is " + other->description + " (it starts with '" + other->magic + "')");
    if (const auto at = first_binary_byte(text))
      refuse("is not a " + name + ": it is not text (byte " + std::to_string(*at) + " is a control character)");
    refuse("is not a " + name + " (it does not start with '" + kind.magic + "')");
  }

  // The last line is the checksum of all that precedes it.
  const std::size_t last = text.size() >= 2 ? text.rfind('\n', text.size() - 2) : std::string::npos;
  const std::string checksum_line = last == std::string::npos ? "" : text.substr(last + 1);
  if (text.back() != '\n' || checksum_line.compare(0, 9, "checksum ") != 0)
    refuse("is truncated: its closing checksum line is missing");
  const std::string stored = checksum_line.substr(9, checksum_line.size() - 10);
  const std::string checked = text.substr(0, last + 1);
  const std::string computed = hex64(fnv1a64(checked));
  if (stored != computed)
    refuse("is corrupt: its checksum does not match its content (stored " + stored + ", computed " + computed + ")");
  if (const auto at = first_binary_byte(checked))
    refuse("is corrupt: it is not text (byte " + std::to_string(*at) + " is a control character)");

  read_lines(checked.substr(magic_line.size()), true);
  const std::uint64_t format = u64("format");
  const std::string writer = has("version") ? fields_.at("version") : std::string("version unknown");
  if (format < static_cast<std::uint64_t>(kind.oldest_format) && *kind.too_old)
    refuse("has format " + std::to_string(format) + ", " + kind.too_old + " (format " + std::to_string(kind.format) +
           "); start a new run");
  if (format < static_cast<std::uint64_t>(kind.oldest_format))
    refuse("has format " + std::to_string(format) + ", which no sudoku-count reads (this one reads formats " +
           std::to_string(kind.oldest_format) + " to " + std::to_string(kind.format) + ")");
  if (format > static_cast<std::uint64_t>(kind.format))
    refuse("has format " + std::to_string(format) + ", written by a newer sudoku-count (" + writer +
           "); this one reads formats " + std::to_string(kind.oldest_format) + " to " + std::to_string(kind.format) +
           ": resume it with that version or a later one");
  format_ = static_cast<int>(format);
  // Unknown fields after the format: a newer file says it is newer.
  for (const auto& entry : fields_)
    if (entry.first != "format" && entry.first != "version" && !listed(kind.keys, entry.first))
      refuse("has an unknown field '" + entry.first + "'");
  field("version");
}

SavedLines SavedLines::fields_only(const SavedKind& kind, const std::string& text, const std::string& origin) {
  SavedLines lines(kind, origin);
  lines.read_lines(text, false);
  return lines;
}

void SavedLines::read_lines(const std::string& lines, bool check_keys) {
  std::istringstream in(lines);
  for (std::string line; std::getline(in, line);) {
    const std::size_t space = line.find(' ');
    const std::string key = line.substr(0, space);
    const std::string value = space == std::string::npos ? "" : line.substr(space + 1);
    if (check_keys && listed(kind_->repeated, key)) {
      repeated_.emplace_back(key, value);
    } else if (!fields_.emplace(key, value).second) {
      if (check_keys) refuse("has the field '" + key + "' twice");
      fields_[key] = value;
    }
  }
}

const std::string& SavedLines::field(const std::string& key) const {
  const auto it = fields_.find(key);
  if (it == fields_.end()) refuse("lacks the field '" + key + "'");
  return it->second;
}

std::string SavedLines::optional_field(const std::string& key) const {
  const auto it = fields_.find(key);
  return it == fields_.end() ? std::string() : it->second;
}

std::vector<std::string> SavedLines::all(const std::string& key) const {
  std::vector<std::string> values;
  for (const auto& [k, value] : repeated_)
    if (k == key) values.push_back(value);
  return values;
}

std::uint64_t SavedLines::u64(const std::string& key, const std::string& text) const {
  const auto bad = [&] { refuse("has a bad value for " + key + ": '" + text + "'"); };
  if (text.empty() || text[0] < '0' || text[0] > '9') bad();
  errno = 0;
  char* end = nullptr;
  const unsigned long long value = std::strtoull(text.c_str(), &end, 10);
  if (errno == ERANGE || *end != '\0') bad();
  return value;
}

long double SavedLines::real(const std::string& key, const std::string& text) const {
  char* end = nullptr;
  const long double value = std::strtold(text.c_str(), &end);
  if (text.empty() || *end != '\0' || std::isnan(value)) refuse("has a bad value for " + key + ": '" + text + "'");
  return value;
}

int SavedLines::method_version(int first_format) const {
  if (format_ < first_format) return 1;
  const std::uint64_t version = u64("method_version");
  if (version == 0 || version > 1000000) refuse("has an impossible method_version");
  return static_cast<int>(version);
}

void save_file(const SavedKind& kind, const std::string& path, const std::string& text) {
  const std::string what = kind.what;
  const std::filesystem::path target(path);
  const std::filesystem::path folder = target.has_parent_path() ? target.parent_path() : ".";
  const std::string temporary = path + ".tmp." + std::to_string(::getpid());
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) throw std::system_error(errno, std::generic_category(), "cannot write " + what + " '" + path + "'");
  for (std::size_t done = 0; done < text.size();) {
    const ssize_t wrote = ::write(fd, text.data() + done, text.size() - done);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote < 0) {
      const int error = errno;
      ::close(fd);
      write_failed(temporary, path, what, error, "");
    }
    done += static_cast<std::size_t>(wrote);
  }
  if (::fsync(fd) != 0) {
    const int error = errno;
    ::close(fd);
    write_failed(temporary, path, what, error, " (flushing to disk)");
  }
  if (::close(fd) != 0) write_failed(temporary, path, what, errno, "");
  if (::rename(temporary.c_str(), path.c_str()) != 0)
    write_failed(temporary, path, what, errno, " (renaming the new file into place)");
  // The rename itself is durable only once the folder is flushed.
  const int dir = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir >= 0) {
    const int status = ::fsync(dir);
    const int error = errno;
    ::close(dir);
    if (status != 0 && error != EINVAL)
      throw std::system_error(error, std::generic_category(), "cannot flush the folder of " + what + " '" + path + "'");
  }
}

std::string read_file(const SavedKind& kind, const std::string& path) {
  const std::string what = kind.what;
  std::error_code error;
  if (std::filesystem::is_directory(path, error))
    throw InputError("cannot read " + what + " '" + path + "': it is a directory");
  std::FILE* file = std::fopen(path.c_str(), "rb");
  if (!file) throw InputError("cannot read " + what + " '" + path + "': " + std::strerror(errno));
  std::string text(kind.max_bytes + 1, '\0');
  const std::size_t size = std::fread(text.data(), 1, text.size(), file);
  const bool failed = std::ferror(file) != 0;
  std::fclose(file);
  if (failed) throw InputError("cannot read " + what + " '" + path + "'");
  if (size > kind.max_bytes)
    throw InputError(what + " '" + path + "' is far too large to be a sudoku-count " + what +
                     "; the file was left as it is");
  text.resize(size);
  return text;
}

Shape saved_box(const SavedLines& lines, const std::string& text) {
  try {
    return Shape::parse(text);
  } catch (const InputError& e) {
    lines.refuse(std::string("has a bad box: ") + e.what());
  }
}

Layout saved_layout(const SavedLines& lines, const Shape& box, const std::string& variants,
                    const std::vector<std::string>& region_lines, const std::string& name) {
  Layout layout;
  try {
    std::string regions;
    for (const auto& line : region_lines) regions += line + "\n";
    layout = make_layout(box, variants, regions);
  } catch (const InputError& e) {
    lines.refuse(std::string("has a bad layout: ") + e.what());
  }
  if (!name.empty() && layout.name() != name)
    lines.refuse("names layout '" + name + "' but its fields give '" + layout.name() + "'");
  return layout;
}

std::string layout_lines(const Layout& layout) {
  std::string lines;
  std::string variants;
  for (Variant v : layout.variants()) variants += (variants.empty() ? "" : ",") + std::string(variant_name(v));
  if (!variants.empty()) lines += "variants " + variants + "\n";
  std::istringstream regions(layout.regions_text());
  for (std::string line; std::getline(regions, line);) lines += "region " + line + "\n";
  return lines + "layout " + layout.name() + "\n";
}

std::string hex_real(long double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof buffer, "%La", value);
  return buffer;
}

namespace {
bool range_before(const BlockRange& a, const BlockRange& b) {
  return std::tie(a.seed, a.first) < std::tie(b.seed, b.first);
}
}  // namespace

std::vector<BlockRange> saved_ranges(const SavedLines& lines) {
  std::vector<BlockRange> ranges;
  for (const std::string& value : lines.all("range")) {
    std::istringstream words(value);
    std::string seed, first, end, extra;
    if (!(words >> seed >> first >> end) || (words >> extra)) lines.refuse("has a bad range line: 'range " + value + "'");
    const BlockRange range{lines.u64("range", seed), lines.u64("range", first), lines.u64("range", end)};
    if (range.end < range.first) lines.refuse("has a range that ends before it starts: 'range " + value + "'");
    ranges.push_back(range);
  }
  std::vector<BlockRange> sorted = ranges;
  std::sort(sorted.begin(), sorted.end(), range_before);
  for (std::size_t i = 1; i < sorted.size(); ++i)
    if (sorted[i].seed == sorted[i - 1].seed && sorted[i].first < sorted[i - 1].end && sorted[i].blocks() > 0)
      lines.refuse("has overlapping block ranges");
  return ranges;
}

std::vector<std::size_t> merge_order(const std::vector<std::vector<BlockRange>>& ranges,
                                     const std::vector<std::string>& names, const std::string& blocks,
                                     const std::string& twice) {
  // Every block may be counted once: no two runs may hold a block of the same seed.
  struct Owned {
    BlockRange range;
    std::size_t run;
  };
  std::vector<Owned> owned;
  for (std::size_t i = 0; i < ranges.size(); ++i)
    for (const auto& range : ranges[i])
      if (range.blocks() > 0) owned.push_back({range, i});
  std::sort(owned.begin(), owned.end(), [](const Owned& a, const Owned& b) { return range_before(a.range, b.range); });
  for (std::size_t i = 1; i < owned.size(); ++i) {
    const BlockRange& p = owned[i - 1].range;
    const BlockRange& q = owned[i].range;
    if (p.seed == q.seed && q.first < p.end)
      throw InputError(names[owned[i - 1].run] + " and " + names[owned[i].run] + " both hold " + blocks + " " +
                       std::to_string(q.first) + ".." + std::to_string(std::min(p.end, q.end) - 1) + " of seed " +
                       std::to_string(q.seed) + ": merging them would count those " + twice);
  }
  // A fixed order (by first range) so the merged sums do not depend on the
  // order the files were named in.
  std::vector<std::size_t> order(ranges.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  auto key = [&](std::size_t i) {
    const auto& r = ranges[i];
    const auto first = std::min_element(r.begin(), r.end(), range_before);
    return first == r.end() ? std::make_tuple(1, std::uint64_t{0}, std::uint64_t{0})
                            : std::make_tuple(0, first->seed, first->first);
  };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return key(a) < key(b); });
  return order;
}

std::vector<BlockRange> merged_ranges(const std::vector<std::vector<BlockRange>>& ranges) {
  std::vector<BlockRange> merged;
  for (const auto& run : ranges)
    for (const auto& range : run)
      if (range.blocks() > 0) merged.push_back(range);
  std::sort(merged.begin(), merged.end(), range_before);
  return merged;
}

}  // namespace sudoku_count::detail
