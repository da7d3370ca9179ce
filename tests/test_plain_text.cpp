// The plain-text check every parsed input file goes through first
// (core/plain_text.hpp): UTF-8 without control bytes but line whitespace.
#include <gtest/gtest.h>

#include <string>

#include "core/plain_text.hpp"
#include "sudoku_count/error.hpp"

using sudoku_count::InputError;
using sudoku_count::detail::find_non_text_byte;
using sudoku_count::detail::require_input_text;

namespace {

// "offset:line:why" of the first byte that is not plain text, "" for text.
std::string first_bad(const std::string& text) {
  const auto check = find_non_text_byte(text);
  if (!check.found) return "";
  return std::to_string(check.byte.offset) + ":" + std::to_string(check.byte.line) + ":" + check.byte.why;
}

std::string bytes(std::initializer_list<unsigned char> list) { return std::string(list.begin(), list.end()); }

}  // namespace

TEST(PlainText, AcceptsUtf8AndLineWhitespace) {
  EXPECT_EQ(first_bad(""), "");
  EXPECT_EQ(first_bad("AABB\r\nA B\tC D\f\v\n# r\xC3\xA9gions: \xE2\x96\xA0 \xF0\x9F\x98\x80\n"), "");
  EXPECT_EQ(first_bad("\xEF\xBF\xBF \xF4\x8F\xBF\xBF \xED\x9F\xBF"), "");  // U+FFFF, U+10FFFF, U+D7FF
}

TEST(PlainText, NamesTheFirstBadByteAndItsLine) {
  EXPECT_EQ(first_bad(std::string("a\0\n\0a\n", 6)), "1:1:a NUL byte (0x00)");
  EXPECT_EQ(first_bad("ok\nok\n..\x1B[31m"), "8:3:control byte 0x1B");
  EXPECT_EQ(first_bad("\x7F"), "0:1:control byte 0x7F");
  EXPECT_EQ(first_bad("\x89PNG\r\n\x1A\n"), "0:1:byte 0x89, which does not start a UTF-8 character");
  EXPECT_EQ(first_bad("x \xC2\x85"), "2:1:control character U+0085");
}

TEST(PlainText, RefusesWhatUtf8Forbids) {
  EXPECT_EQ(first_bad("\x80"), "0:1:byte 0x80, which does not start a UTF-8 character");  // a lone continuation
  EXPECT_EQ(first_bad("\xC0\xAF"), "0:1:byte 0xC0, which does not start a UTF-8 character");  // overlong '/'
  EXPECT_EQ(first_bad(bytes({0xE0, 0x80, 0xAF})), "0:1:byte 0xE0, which starts an invalid UTF-8 sequence");
  EXPECT_EQ(first_bad(bytes({0xED, 0xA0, 0x80})), "0:1:byte 0xED, which starts an invalid UTF-8 sequence");
  EXPECT_EQ(first_bad(bytes({0xF4, 0x90, 0x80, 0x80})), "0:1:byte 0xF4, which starts an invalid UTF-8 sequence");
  EXPECT_EQ(first_bad("\xF5\x80\x80\x80"), "0:1:byte 0xF5, which does not start a UTF-8 character");
  EXPECT_EQ(first_bad("ab\xE2\x82"), "2:1:byte 0xE2, which starts an invalid UTF-8 sequence");  // cut at the end
  EXPECT_EQ(first_bad("\xC3(\n"), "0:1:byte 0xC3, which starts an invalid UTF-8 sequence");
}

TEST(PlainText, TheMessageSaysWhatAndWhere) {
  try {
    require_input_text(std::string("AB\nB\0A\n", 7), "the file", "N lines of N region labels");
    FAIL() << "a NUL byte was accepted";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "the file is not text: a NUL byte (0x00) at byte offset 4 (line 2); it should hold N lines "
                           "of N region labels");
  }
  try {
    require_input_text("sudoku-count exact job\r\nformat 1\n", "the file", "puzzles, one a line");
    FAIL() << "a checkpoint was accepted";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(),
                 "the file is a file saved by sudoku-count (its first line is 'sudoku-count exact job'), not puzzles, "
                 "one a line");
  }
  EXPECT_NO_THROW(require_input_text("# sudoku-count sample: layout 3x3\n", "the file", "puzzles, one a line"));
}
