#pragma once
// A minimal writer for flat JSON objects, one per line.
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <sstream>
#include <string>
#include <vector>

namespace sudoku_count::cli {

class JsonObject {
 public:
  JsonObject& add(const std::string& key, const std::string& value) {
    key_(key);
    out_ << '"' << escape(value) << '"';
    return *this;
  }
  JsonObject& add(const std::string& key, const char* value) { return add(key, std::string(value)); }
  JsonObject& add(const std::string& key, bool value) {
    key_(key);
    out_ << (value ? "true" : "false");
    return *this;
  }
  JsonObject& add(const std::string& key, int value) { return add_raw(key, std::to_string(value)); }
  JsonObject& add(const std::string& key, std::uint64_t value) { return add_raw(key, std::to_string(value)); }
  JsonObject& add(const std::string& key, double value) {
    if (!std::isfinite(value)) return add_raw(key, "null");  // JSON has no inf or nan
    std::ostringstream number;
    number.precision(10);
    number << value;
    return add_raw(key, number.str());
  }
  JsonObject& add_raw(const std::string& key, const std::string& json) {
    key_(key);
    out_ << json;
    return *this;
  }
  std::string str() const { return first_ ? "{}" : out_.str() + "}"; }

  // "[a,b,...]" from items already joined by commas.
  static std::string array(const std::string& items) {
    std::string result;
    result.reserve(items.size() + 2);
    result += '[';
    result += items;
    result += ']';
    return result;
  }

  // A JSON array of strings, for add_raw.
  static std::string string_array(const std::vector<std::string>& items) {
    std::string json = "[";
    for (std::size_t i = 0; i < items.size(); ++i) json += (i ? ",\"" : "\"") + escape(items[i]) + "\"";
    return json + "]";
  }

  static std::string escape(const std::string& text) {
    std::string result;
    for (const char ch : text) {
      switch (ch) {
        case '"': result += "\\\""; break;
        case '\\': result += "\\\\"; break;
        case '\n': result += "\\n"; break;
        case '\t': result += "\\t"; break;
        default:
          if (static_cast<unsigned char>(ch) < 0x20) {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\u%04x", ch);
            result += buffer;
          } else {
            result += ch;
          }
      }
    }
    return result;
  }

 private:
  void key_(const std::string& key) {
    out_ << (first_ ? "{" : ",") << '"' << escape(key) << "\":";
    first_ = false;
  }
  std::ostringstream out_;
  bool first_ = true;
};

}  // namespace sudoku_count::cli
