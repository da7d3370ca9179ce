#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "options.hpp"
#include "sudoku_count/error.hpp"
#include "sudoku_count/estimator.hpp"
#include "sudoku_count/exact.hpp"
#include "sudoku_count/run.hpp"

namespace cli = sudoku_count::cli;
using sudoku_count::InputError;

namespace {

// The message of the InputError that parsing `args` for `command` throws,
// or "" if it parses.
std::string refusal(const cli::CommandSpec& command, const std::vector<std::string>& args) {
  bool help = false;
  try {
    cli::parse_command_line(command, args, help);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

bool zero_is_valid(const cli::OptionSpec& spec) {
  return spec.min == spec.max || (spec.min <= 0 && !spec.min_exclusive);
}

}  // namespace

// Every number option of every command, from the option table: each bad
// value is refused with a message that names the option.
TEST(Options, EveryNumberOptionRefusesBadValues) {
  const std::vector<std::string> always_bad = {"-1",  "abc", "1e999", "99999999999999999999999", "", "nan", "inf",
                                               "0x10", " 5", "5 ",   "5x",    "--",                     "1e-400"};
  int checked = 0;
  for (const cli::CommandSpec& command : cli::command_table()) {
    for (const cli::OptionSpec& spec : command.options) {
      if (spec.kind != cli::Kind::Integer && spec.kind != cli::Kind::Real) continue;
      std::vector<std::string> bad = always_bad;
      if (spec.kind == cli::Kind::Integer) bad.insert(bad.end(), {"1.5", "1e3", "+5", "18446744073709551616"});
      if (!zero_is_valid(spec)) bad.push_back("0");
      for (const std::string& value : bad) {
        const std::string message = refusal(command, {"--" + spec.name, value});
        EXPECT_TRUE(contains(message, "--" + spec.name)) << command.name << " --" << spec.name << " '" << value
                                                         << "': " << (message.empty() ? "accepted" : message);
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 100);
}

TEST(Options, EveryOptionAcceptsItsDefaultAndZeroWhereValid) {
  for (const cli::CommandSpec& command : cli::command_table()) {
    for (const cli::OptionSpec& spec : command.options) {
      if (!spec.default_value.empty() && spec.kind != cli::Kind::Flag) {
        EXPECT_EQ(refusal(command, {"--" + spec.name, spec.default_value}), "") << command.name << " --" << spec.name;
      }
      if ((spec.kind == cli::Kind::Integer || spec.kind == cli::Kind::Real) && zero_is_valid(spec)) {
        EXPECT_EQ(refusal(command, {"--" + spec.name, "0"}), "") << command.name << " --" << spec.name;
      }
    }
  }
}

TEST(Options, RefusesUnknownRepeatedAndMalformedOptions) {
  const cli::CommandSpec& estimate = *cli::find_command("estimate");
  EXPECT_TRUE(contains(refusal(estimate, {"--frobnicate"}), "frobnicate"));
  EXPECT_TRUE(contains(refusal(estimate, {"--bo", "3"}), "bo"));  // no guessing from prefixes
  EXPECT_TRUE(contains(refusal(estimate, {"--box", "3", "--box", "2"}), "box"));
  EXPECT_TRUE(contains(refusal(estimate, {"--json=1"}), "json"));
  EXPECT_TRUE(contains(refusal(estimate, {"--box"}), "box"));  // value missing
  EXPECT_NE(refusal(estimate, {"stray"}), "");
  EXPECT_NE(refusal(estimate, {"-"}), "");
  EXPECT_NE(refusal(estimate, {"--", "3"}), "");  // "--" ends the options, and words are refused
  EXPECT_NE(refusal(estimate, {"---box", "3"}), "");
  EXPECT_NE(refusal(*cli::find_command("tables"), {"--samples", "5"}), "");  // another command's option
  EXPECT_EQ(cli::find_command("frobnicate"), nullptr);
  EXPECT_EQ(cli::find_command(""), nullptr);
}

// Boost's message templates hold %placeholders%; arguments that contain
// them once made its message formatting loop forever (found by fuzzing).
// Messages quote the argument as typed, on one line.
TEST(Options, ArgumentsThatLookLikeMessagePlaceholders) {
  const cli::CommandSpec& estimate = *cli::find_command("estimate");
  for (const std::string word : {"--%original_token%", "-%prefix%", "--%canonical_option%", "--%option%x%value%"}) {
    const std::string message = refusal(estimate, {word});
    EXPECT_TRUE(contains(message, "'" + word + "'")) << message;
  }
  EXPECT_TRUE(contains(refusal(estimate, {"--%original_token%=1"}), "%original_token%"));
  EXPECT_TRUE(contains(refusal(estimate, {"--box", "3", "--box", "%original_token%"}), "'--box' is given more than once"));
  EXPECT_TRUE(contains(refusal(estimate, {"--samples", "%original_token%"}), "'%original_token%'"));
  EXPECT_TRUE(contains(refusal(estimate, {"--json=%original_token%"}), "'--json' takes no value"));
}

TEST(Options, MessagesStayOnOneLineAndShort) {
  const cli::CommandSpec& estimate = *cli::find_command("estimate");
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--samples", "1\n2"}, {"--fro\nbnicate"}, {"--samples", std::string(100000, '7')},
        {std::string(100000, 'x')}, {"--" + std::string(100000, 'x')}}) {
    const std::string message = refusal(estimate, args);
    EXPECT_NE(message, "");
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_LT(message.size(), 300u);
  }
}

TEST(Options, ParsesGoodValues) {
  const cli::CommandSpec& estimate = *cli::find_command("estimate");
  bool help = false;
  const cli::ParsedOptions options = cli::parse_command_line(
      estimate, {"--box=2x3", "--samples", "18", "--seed", "18446744073709551615", "--time", "1.5", "--json"}, help);
  EXPECT_FALSE(help);
  EXPECT_EQ(options.text("box"), "2x3");
  EXPECT_EQ(options.integer("samples"), 18u);
  EXPECT_EQ(options.integer("seed"), 18446744073709551615u);
  EXPECT_EQ(options.real("time"), 1.5);
  EXPECT_TRUE(options.flag("json"));
  EXPECT_EQ(options.text("method"), "auto");  // default
  EXPECT_FALSE(options.has("rel-error"));
}

TEST(Options, HelpIsRecognisedBeforeValuesAreChecked) {
  bool help = false;
  cli::parse_command_line(*cli::find_command("estimate"), {"--samples", "abc", "--help"}, help);
  EXPECT_TRUE(help);
  for (const cli::CommandSpec& command : cli::command_table())
    EXPECT_TRUE(contains(cli::command_help(command), "usage: sudoku-count " + command.name));
}

namespace {

cli::ParsedOptions parsed(const std::string& command, const std::vector<std::string>& args) {
  bool help = false;
  return cli::parse_command_line(*cli::find_command(command), args, help);
}

// The message of the InputError check_requirements throws, or "".
std::string missing(const std::string& command, const std::vector<std::string>& args) {
  try {
    cli::check_requirements(*cli::find_command(command), parsed(command, args));
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

// Help text with its line wrapping undone.
std::string unwrapped(const std::string& text) {
  std::string flat;
  for (const char ch : text) {
    const bool space = ch == ' ' || ch == '\n';
    if (!space) flat += ch;
    else if (!flat.empty() && flat.back() != ' ') flat += ' ';
  }
  return flat;
}

template <typename Methods>
std::vector<std::string> names_of(const Methods& methods) {
  std::vector<std::string> names;
  for (const auto& method : methods) names.push_back(method.name);
  return names;
}

}  // namespace

TEST(Options, ReadingAnOptionOutsideTheTableIsAProgrammingError) {
  const cli::ParsedOptions options = parsed("estimate", {"--box", "3"});
  EXPECT_THROW(options.text("puzzle"), std::logic_error);  // an option of another command
  EXPECT_THROW(options.has("no-such-option"), std::logic_error);
  EXPECT_THROW(options.given("no-such-option"), std::logic_error);
  EXPECT_THROW(options.flag("nosuch"), std::logic_error);
  EXPECT_THROW(options.integer("box"), std::logic_error);   // a text read as a number
  EXPECT_THROW(options.real("rel-error"), std::logic_error);  // neither given nor defaulted
  EXPECT_FALSE(options.flag("json"));
  EXPECT_EQ(options.integer("seed"), 1u);  // its default
  for (const cli::CommandSpec& command : cli::command_table()) EXPECT_NE(command.handler, nullptr) << command.name;
}

TEST(Options, ConflictsAreRefusedWhileParsing) {
  const cli::CommandSpec& exact = *cli::find_command("exact");
  EXPECT_TRUE(contains(refusal(exact, {"--puzzle", "1", "--puzzle-file", "p.txt"}), "not both"));
  EXPECT_TRUE(contains(refusal(exact, {"--puzzle", "1", "--fix-first-row"}), "empty grid only"));
  EXPECT_TRUE(contains(refusal(*cli::find_command("solve"), {"--puzzle", "1", "--puzzle-file", "p.txt"}), "not both"));
  const cli::CommandSpec& estimate = *cli::find_command("estimate");
  for (const std::string stop : {"--rel-error", "--time", "--samples", "--blocks"})
    EXPECT_TRUE(contains(refusal(estimate, {"--forever", stop, "1"}), "--forever runs until interrupted")) << stop;
  EXPECT_TRUE(contains(refusal(estimate, {"--resume", "r.ckpt", "--first-block", "3"}), "--first-block is fixed"));
  EXPECT_EQ(refusal(estimate, {"--resume", "r.ckpt", "--first-block", "3", "--help"}), "");
}

TEST(Options, RequirementsAreCheckedAfterParsing) {
  EXPECT_TRUE(contains(missing("estimate", {}), "missing --box"));
  EXPECT_TRUE(contains(missing("estimate", {"--box", "3", "--checkpoint-every", "5"}), "needs a checkpoint"));
  EXPECT_EQ(missing("estimate", {"--resume", "r.ckpt", "--checkpoint-every", "5"}), "");
  EXPECT_EQ(missing("estimate", {"--box", "3"}), "");  // --checkpoint-every's default needs nothing
  EXPECT_TRUE(contains(missing("exact", {"--puzzle", "1"}), "missing --box"));
  EXPECT_TRUE(contains(missing("solve", {"--box", "3"}), "missing puzzle"));
  EXPECT_TRUE(contains(missing("tables", {}), "missing --box"));
  EXPECT_TRUE(contains(missing("merge", {"--json"}), "checkpoint files"));
  EXPECT_EQ(missing("merge", {"a.ckpt"}), "");
}

TEST(Options, ChoicesAndDefaultsComeFromTheLibrary) {
  const cli::OptionSpec& estimate_method = *cli::find_command("estimate")->find_option("method");
  const cli::OptionSpec& exact_method = *cli::find_command("exact")->find_option("method");
  EXPECT_EQ(estimate_method.choices, names_of(sudoku_count::estimator_methods()));
  EXPECT_EQ(exact_method.choices, names_of(sudoku_count::exact_methods()));
  EXPECT_TRUE(contains(refusal(*cli::find_command("exact"), {"--method", "sets"}), "unknown exact method 'sets'"));
  EXPECT_TRUE(contains(refusal(*cli::find_command("estimate"), {"--method", "dlx"}), "unknown method 'dlx'"));
  EXPECT_TRUE(contains(refusal(*cli::find_command("estimate"), {"--box", "9x9"}), "9x9"));
  EXPECT_EQ(cli::find_command("estimate")->find_option("min-samples")->default_value,
            std::to_string(sudoku_count::StopRule{}.min_samples));
  const std::string exact_help = unwrapped(cli::command_help(*cli::find_command("exact")));
  EXPECT_TRUE(contains(exact_help, "[choices: auto, dlx, bands, slices, sets-x]"));
  EXPECT_TRUE(contains(exact_help, "[not with --puzzle-file"));
  for (const auto& method : sudoku_count::exact_methods())
    EXPECT_TRUE(contains(exact_help, "reaches " + method.reach)) << method.name;
  const std::string estimate_help = unwrapped(cli::command_help(*cli::find_command("estimate")));
  for (const auto& method : sudoku_count::estimator_methods())
    EXPECT_TRUE(contains(estimate_help, "reaches " + method.reach)) << method.name;
  EXPECT_TRUE(contains(estimate_help, "[needs --checkpoint or --resume]"));
  EXPECT_TRUE(contains(estimate_help, "[required unless --regions or --resume]"));
  EXPECT_TRUE(contains(estimate_help, "relative standard error 1e-4 or after 60 s"));
}
