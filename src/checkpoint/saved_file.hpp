#pragma once
// The one format of the files a run saves (estimate checkpoints, exact job
// checkpoints): line-based text that starts with a header and ends with a
// checksum line,
//
//   <magic line of the kind>        "sudoku-count checkpoint", "sudoku-count exact job"
//   format <F>                      of the kind's body: read from oldest_format to format
//   version <V>                     of the sudoku-count that wrote it: for people; not checked
//   <key value lines of the kind>   its body
//   checksum <FNV-1a 64 of all the lines above, 16 hex digits>
//
// written atomically and read with a size limit. Each kind says what it is
// (SavedKind) and reads its body from the checked lines (SavedLines); the
// header, the checksum, the refusals of damaged files and the formats a
// build reads are handled here once for every kind.
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "sudoku_count/checkpoint.hpp"
#include "sudoku_count/layout.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count::detail {

struct SavedKind {
  const char* magic;        // the first line
  const char* what;         // its name in messages: "checkpoint", "job checkpoint"
  const char* description;  // what a file of this kind holds, for a file given as another kind
  int oldest_format;        // the formats this build reads
  int format;               // and writes
  // Why a format below oldest_format is refused (after "has format F, "); "" for the plain refusal.
  const char* too_old;
  std::size_t max_bytes;      // larger files are refused unread
  std::vector<const char*> keys;      // the fields of the body (a file with another is refused)
  std::vector<const char*> repeated;  // those of them that may be given more than once
};

// The kinds a build reads: each file is recognised by its magic line, so
// that one given as the other is refused as such.
extern const SavedKind kEstimateRunKind;
extern const SavedKind kExactJobKind;
extern const SavedKind kPuzzleRunKind;

// The header lines of a file of `kind` (magic, format, tool version): the
// newest format of the kind unless `format` names an older one it writes.
std::string saved_header(const SavedKind& kind, const std::string& tool_version, int format = 0);
// `text` (the header and the body) followed by its checksum line.
std::string with_checksum(const std::string& text);

// The fields of a saved file, checked, for its kind's body reader. Every
// refusal is an InputError "<what> '<origin>' <why>; the file was left as
// it is".
class SavedLines {
 public:
  // Refuses (InputError, naming the problem) an empty file, one that is not
  // text, one of another kind, a truncated one, one whose checksum does not
  // match, an unknown or repeated field, a missing or unreadable format, a
  // format this build does not read.
  SavedLines(const SavedKind& kind, const std::string& text, const std::string& origin);
  // The key-value lines of `text` alone (no header, no checksum), keys
  // unchecked, the last of a repeated key kept: a message between processes.
  static SavedLines fields_only(const SavedKind& kind, const std::string& text, const std::string& origin);

  int format() const { return format_; }
  const std::string& origin() const { return origin_; }
  bool has(const std::string& key) const { return fields_.count(key) != 0; }
  // The value of `key`; refuses the file when it lacks the field.
  const std::string& field(const std::string& key) const;
  // The value of `key`, or "" when the file has no such field.
  std::string optional_field(const std::string& key) const;
  // Every value of a repeated key, in the file's order.
  std::vector<std::string> all(const std::string& key) const;
  // An unsigned decimal value within 64 bits, the field `key`'s or `text`.
  std::uint64_t u64(const std::string& key) const { return u64(key, field(key)); }
  std::uint64_t u64(const std::string& key, const std::string& text) const;
  // A real value (decimal or hexadecimal, "-inf" too; never nan).
  long double real(const std::string& key, const std::string& text) const;
  // The method version of the body: the field "method_version" from
  // `first_format` on, 1 in the formats before it (which predate it).
  int method_version(int first_format) const;
  [[noreturn]] void refuse(const std::string& why) const;

 private:
  SavedLines(const SavedKind& kind, const std::string& origin) : kind_(&kind), origin_(origin) {}
  void read_lines(const std::string& lines, bool check_keys);

  const SavedKind* kind_;
  std::string origin_;
  int format_ = 0;
  std::map<std::string, std::string> fields_;
  std::vector<std::pair<std::string, std::string>> repeated_;
};

// Writes atomically: a temporary file in the same folder, flushed to disk,
// renamed over `path`, and the folder flushed, so a crash at any instant
// leaves the old file or the new one, never a torn one. On failure the old
// file is untouched and std::system_error says why ("cannot write <what>
// '<path>'" and the OS error).
void save_file(const SavedKind& kind, const std::string& path, const std::string& text);

// The whole file; InputError ("cannot read <what> '<path>': ...") when it is
// missing, a directory or unreadable, or longer than the kind's max_bytes.
std::string read_file(const SavedKind& kind, const std::string& path);

// The box field, or a refusal saying why it is bad.
Shape saved_box(const SavedLines& lines, const std::string& text);
// The layout of a saved run: its box, its variants ("" for none) and its
// jigsaw regions (the lines of Layout::regions_text, none for boxes); the
// name it was saved under must be the one they rebuild. Refuses the file
// otherwise.
Layout saved_layout(const SavedLines& lines, const Shape& box, const std::string& variants,
                    const std::vector<std::string>& region_lines, const std::string& name);
// The lines that saved_layout reads back: "variants ..." when there are
// variants, one "region ..." line per row for a jigsaw, and "layout NAME".
std::string layout_lines(const Layout& layout);

// A real as a saved file holds it: a hexadecimal float, read back exactly
// ("-inf" too).
std::string hex_real(long double value);

// The "range SEED FIRST END" lines of a saved run (work blocks, or grids, of
// a seed), checked: each ends at or after its start, and no two of one seed
// overlap.
std::vector<BlockRange> saved_ranges(const SavedLines& lines);

// Merging saved runs: refuses (InputError naming the two runs by `names`)
// two that hold one block of one seed (`blocks`: what a block is, "blocks"
// or "grids"), which would count `twice` (what would be counted twice, and
// how to avoid it); returns the order to merge
// them in, by their first range, so that the result does not depend on the
// order the runs were given in.
std::vector<std::size_t> merge_order(const std::vector<std::vector<BlockRange>>& ranges,
                                     const std::vector<std::string>& names, const std::string& blocks,
                                     const std::string& twice);
// The non-empty ranges of all runs, sorted by seed and first block.
std::vector<BlockRange> merged_ranges(const std::vector<std::vector<BlockRange>>& ranges);

}  // namespace sudoku_count::detail
