#include "core/plain_text.hpp"

#include <cstdio>

#include "sudoku_count/error.hpp"

namespace sudoku_count::detail {
namespace {

std::string hex_byte(unsigned char byte) {
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "0x%02X", byte);
  return buffer;
}

// Whitespace of lines: tab, line feed, vertical tab, form feed, carriage return.
bool is_line_space(unsigned char byte) { return byte >= 0x09 && byte <= 0x0D; }

bool is_continuation(unsigned char byte) { return (byte & 0xC0) == 0x80; }

// The length of the UTF-8 sequence starting at text[i], 0 if it is not one
// (RFC 3629: no overlong forms, no surrogates, nothing beyond U+10FFFF).
std::size_t utf8_length(std::string_view text, std::size_t i) {
  const auto lead = static_cast<unsigned char>(text[i]);
  std::size_t length = 0;
  unsigned char low = 0x80, high = 0xBF;  // the range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) length = 2;
  else if (lead == 0xE0) length = 3, low = 0xA0;
  else if (lead >= 0xE1 && lead <= 0xEC) length = 3;
  else if (lead == 0xED) length = 3, high = 0x9F;
  else if (lead >= 0xEE && lead <= 0xEF) length = 3;
  else if (lead == 0xF0) length = 4, low = 0x90;
  else if (lead >= 0xF1 && lead <= 0xF3) length = 4;
  else if (lead == 0xF4) length = 4, high = 0x8F;
  else return 0;
  if (i + length > text.size()) return 0;
  const auto second = static_cast<unsigned char>(text[i + 1]);
  if (second < low || second > high) return 0;
  for (std::size_t k = 2; k < length; ++k)
    if (!is_continuation(static_cast<unsigned char>(text[i + k]))) return 0;
  return length;
}

}  // namespace

TextCheck find_non_text_byte(std::string_view text) {
  TextCheck check;
  int line = 1;
  for (std::size_t i = 0; i < text.size();) {
    const auto byte = static_cast<unsigned char>(text[i]);
    std::string why;
    std::size_t length = 1;
    if (byte == 0x00) {
      why = "a NUL byte (0x00)";
    } else if ((byte < 0x20 && !is_line_space(byte)) || byte == 0x7F) {
      why = "control byte " + hex_byte(byte);
    } else if (byte >= 0x80) {
      length = utf8_length(text, i);
      if (length == 0) {
        why = is_continuation(byte) || byte == 0xC0 || byte == 0xC1 || byte >= 0xF5
                  ? "byte " + hex_byte(byte) + ", which does not start a UTF-8 character"
                  : "byte " + hex_byte(byte) + ", which starts an invalid UTF-8 sequence";
      } else if (byte == 0xC2 && static_cast<unsigned char>(text[i + 1]) <= 0x9F) {
        // U+0080..U+009F, the C1 control characters.
        char buffer[16];
        std::snprintf(buffer, sizeof buffer, "U+%04X", static_cast<unsigned char>(text[i + 1]));
        why = std::string("control character ") + buffer;
      }
    }
    if (!why.empty()) {
      check.found = true;
      check.byte = {i, line, why};
      return check;
    }
    if (byte == '\n') ++line;
    i += length;
  }
  return check;
}

void require_input_text(std::string_view text, const std::string& what, const std::string& expected) {
  if (const TextCheck check = find_non_text_byte(text); check.found)
    throw InputError(what + " is not text: " + check.byte.why + " at byte offset " + std::to_string(check.byte.offset) +
                     " (line " + std::to_string(check.byte.line) + "); it should hold " + expected);
  constexpr std::string_view kSavedPrefix = "sudoku-count ";
  if (text.substr(0, kSavedPrefix.size()) == kSavedPrefix) {
    std::string first_line(text.substr(0, text.find('\n')));
    if (!first_line.empty() && first_line.back() == '\r') first_line.pop_back();
    throw InputError(what + " is a file saved by sudoku-count (its first line is " + quote_input(first_line) +
                     "), not " + expected);
  }
}

}  // namespace sudoku_count::detail
