#pragma once
// Saved files (estimate checkpoints, exact job checkpoints): line-based text
// closed by a checksum line, written atomically and read with a size limit.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "sudoku_count/layout.hpp"
#include "sudoku_count/shape.hpp"

namespace sudoku_count::detail {

// FNV-1a, 64-bit (Fowler, Noll, Vo): enough to catch torn or edited files.
std::uint64_t fnv1a64(const std::string& bytes);
std::string hex64(std::uint64_t value);

// `body` followed by its line "checksum <FNV-1a 64 of body, 16 hex digits>".
std::string with_checksum(const std::string& body);

// The body of `text` (all but its checksum line) when the checksum matches;
// otherwise "" and `why` says what is wrong ("is truncated: ...", "is corrupt: ...").
std::string checked_body(const std::string& text, std::string& why);

// A field's unsigned decimal value: digits only, within 64 bits; none otherwise.
std::optional<std::uint64_t> parse_decimal(const std::string& text);

// Writes atomically: a temporary file in the same folder, flushed to disk,
// renamed over `path`, and the folder flushed, so a crash at any instant
// leaves the old file or the new one, never a torn one. On failure the old
// file is untouched and std::system_error says why ("cannot write <what>
// '<path>'" and the OS error).
void write_file_atomically(const std::string& path, const std::string& text, const std::string& what);

// The whole file; InputError ("cannot read <what> '<path>': ...") when it is
// missing, a directory or unreadable, or longer than max_bytes.
std::string read_saved_file(const std::string& path, std::size_t max_bytes, const std::string& what);

// Errors in the fields of a saved file, phrased alike for every kind:
// "<what> '<origin>' <why>; the file was left as it is" (InputError).
[[noreturn]] void bad_saved_file(const std::string& what, const std::string& origin, const std::string& why);
// A decimal field, or bad_saved_file naming `key`.
std::uint64_t saved_u64(const std::string& what, const std::string& origin, const std::string& key,
                        const std::string& text);
// The box field, or bad_saved_file saying why it is bad.
Shape saved_box(const std::string& what, const std::string& origin, const std::string& text);
// The layout of a saved run: its box, its variants ("" for none) and its
// jigsaw regions (the lines of Layout::regions_text, none for boxes); the
// name it was saved under must be the one they rebuild. Refuses the file
// (bad_saved_file) otherwise.
Layout saved_layout(const std::string& what, const std::string& origin, const Shape& box, const std::string& variants,
                    const std::vector<std::string>& region_lines, const std::string& name);
// The lines that saved_layout reads back: "variants ..." when there are
// variants, one "region ..." line per row for a jigsaw, and "layout NAME".
std::string layout_lines(const Layout& layout);

}  // namespace sudoku_count::detail
