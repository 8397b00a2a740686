import ArgumentParser
import TodoCore

/// What swift-argument-parser does not do by itself, done to argv before it
/// parses: `--file PATH` before the command name moves after it (SPEC 2:
/// "before or after the command name"), and a mistyped command name is
/// refused with "did you mean". After the parser fails on an unknown option,
/// ``unknownOption(_:args:)`` adds the same suggestion.
enum Prepass {
  /// The command names a user may type, in the order of `--help`.
  static var commands: [String] {
    TodoTUI.configuration.subcommands.filter { $0.configuration.shouldDisplay && $0 != App.self }.map {
      $0._commandName
    }
  }

  /// Every command name the parser knows (with the hidden ones, the aliases and `help`).
  static var allCommands: [String] {
    TodoTUI.configuration.subcommands.flatMap { [$0._commandName] + $0.configuration.aliases } + ["help"]
  }

  /// argv (without the program name) as the parser should see it.
  /// - Throws: ``CLIError`` (exit 64) for an unknown command name.
  static func rewrite(_ args: [String]) throws -> [String] {
    // The completion scripts' call-backs and the help dump go to the parser untouched.
    if let first = args.first,
      first.hasPrefix("---") || first == "--generate-completion-script"
        || first == "--experimental-dump-help"
    {
      return args
    }
    var rest = try values(args)
    var moved: [String] = []
    var i = 0
    while i < rest.count, rest[i].hasPrefix("-"), rest[i] != "--" {
      if rest[i] == "--file", i + 1 < rest.count {
        moved += rest[i...i + 1]
        rest.removeSubrange(i...i + 1)
      } else if rest[i].hasPrefix("--file=") {
        moved.append(rest.remove(at: i))
      } else {
        // A typo of an option before the command would make its value look like the command.
        let name = String(rest[i].prefix { $0 != "=" })
        let root = ["--file", "--help", "--version"]
        if name.hasPrefix("--"), !root.contains(name), let s = suggestion(for: name, among: root) {
          throw CLIError(message: "unknown option '\(name)'; did you mean '\(s)'?", code: 64)
        }
        i += 1
      }
    }
    if i < rest.count, rest[i] != "--" {
      let name = rest[i]
      guard allCommands.contains(name) else { throw unknownCommand(name) }
      // `help nope`: the parser would print the root help and exit 0.
      if name == "help", let topic = rest.dropFirst(i + 1).first(where: { !$0.hasPrefix("-") }),
        !allCommands.contains(topic)
      {
        throw unknownCommand(topic)
      }
      rest.insert(contentsOf: moved, at: i + 1)
    } else {
      rest.insert(contentsOf: moved, at: i)  // no command: the full-screen app
    }
    return rest
  }

  /// The options that take one value: given twice, the parser would keep the last in silence.
  static let single: Set<String> = [
    "--due", "--title", "--start", "--repeat", "--warn", "--priority", "--note", "--url", "--location",
    "--list",
    "--parent", "--progress", "--in", "--vdir", "--format", "--sort", "--color", "--file", "--days",
  ]

  /// The options whose value may start with `-`: edit's `--tag -home` removes the tag `home`.
  /// Given apart, the parser takes the value (its parsing is `.unconditionalSingleValue`) but,
  /// once anything else fails, reads it again as flags (`-h -o -m -e`) and prints the help with
  /// status 0 instead of the error: joined (`--tag=-home`), it is a value only.
  static let dashValues: Set<String> = ["--tag"]

  /// `--due -1w` as `--due=-1w` (the parser takes `-1w` for an option and says the value is
  /// missing; no option's name starts with a digit), `--tag -home` as `--tag=-home`
  /// (``dashValues``); an option of one value given twice refused.
  /// After `--` nothing is touched.
  static func values(_ args: [String]) throws -> [String] {
    var out: [String] = []
    var given: [String: String] = [:]
    var i = 0
    while i < args.count {
      let a = args[i]
      if a == "--" {
        out += args[i...]
        break
      }
      var (name, value): (String, String?) = (a, nil)
      if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
        (name, value) = (String(a[..<eq]), String(a[a.index(after: eq)...]))
      } else if a.hasPrefix("--"), i + 1 < args.count {
        let next = args[i + 1]
        if next.count > 1, next.hasPrefix("-"),
          next.dropFirst().first?.isNumber == true || dashValues.contains(a) && !next.hasPrefix("--")
        {
          out.append(a + "=" + next)
          (name, value) = (a, next)
          i += 2
          if let before = given.updateValue(next, forKey: name), single.contains(name) {
            throw twice(name, before, next)
          }
          continue
        }
        value = next.hasPrefix("--") ? nil : next
      }
      if single.contains(name), let v = value, let before = given.updateValue(v, forKey: name) {
        throw twice(name, before, v)
      }
      out.append(a)
      i += 1
    }
    return out
  }

  static func twice(_ name: String, _ first: String, _ second: String) -> CLIError {
    CLIError(message: "\(name) given twice ('\(first)', then '\(second)'): give it once", code: 64)
  }

  static func unknownCommand(_ name: String) -> CLIError {
    // `ui` (the full-screen app, also run with no command) is one too.
    let all = commands + [App._commandName]
    if let s = suggestion(for: name, among: all) {
      return CLIError(message: "unknown command '\(name)'; did you mean '\(s)'?", code: 64)
    }
    return CLIError(message: "unknown command '\(name)' (commands: \(all.joined(separator: ", ")))", code: 64)
  }

  /// The command named in argv as rewritten, if any.
  static func command(in args: [String]) -> ParsableCommand.Type? {
    guard let name = args.first(where: { !$0.hasPrefix("-") }) else { return nil }
    return TodoTUI.configuration.subcommands.first {
      $0._commandName == name || $0.configuration.aliases.contains(name)
    }
  }

  /// The error for a parser's "Unknown option" message, with a suggestion from
  /// the options the command's help lists; nil when `message` is something else.
  static func unknownOption(_ message: String, args: [String]) -> CLIError? {
    let prefix = "Unknown option '"
    guard message.hasPrefix(prefix), let end = message.dropFirst(prefix.count).firstIndex(of: "'") else {
      return nil
    }
    let option = String(message[message.index(message.startIndex, offsetBy: prefix.count)..<end])
    let command = command(in: args)
    let help = TodoTUI.helpMessage(for: command ?? TodoTUI.self)
    let names = optionNames(inHelp: help)
    // `-d`: the long option of that initial (`--due`), when only one has it.
    let initial =
      option.count == 2 && !option.hasPrefix("--")
      ? names.filter { $0.dropFirst(2).first == option.last } : []
    if initial.count == 1 {
      return CLIError(message: "unknown option '\(option)'; did you mean '\(initial[0])'?", code: 64)
    }
    if let s = suggestion(for: option, among: names) {
      return CLIError(message: "unknown option '\(option)'; did you mean '\(s)'?", code: 64)
    }
    let hint = command == Add.self ? " (put -- before a title that starts with -)" : ""
    return CLIError(message: "unknown option '\(option)'\(hint)", code: 64)
  }

  /// The error for a parser's "Unexpected argument" message naming a mistyped
  /// subcommand (`sync conflict`): "did you mean" with the closest one; nil when
  /// the command has no subcommands or none is close.
  static func unknownSubcommand(_ message: String, args: [String]) -> CLIError? {
    let prefix = "Unexpected argument '"
    guard message.hasPrefix(prefix), let command = command(in: args) else { return nil }
    let typed = String(message.dropFirst(prefix.count).prefix { $0 != "'" })
    let names = command.configuration.subcommands.filter { $0.configuration.shouldDisplay }.map {
      $0._commandName
    }
    guard let s = suggestion(for: typed, among: names) else { return nil }
    let name = command._commandName
    return CLIError(message: "unknown command '\(name) \(typed)'; did you mean '\(name) \(s)'?", code: 64)
  }

  /// The long options (`--json`) a help text lists.
  static func optionNames(inHelp help: String) -> [String] {
    var names: [String] = []
    var word = ""
    for ch in help + " " {
      if ch.isLetter || ch.isNumber || ch == "-" {
        word.append(ch)
      } else {
        if word.hasPrefix("--"), word.count > 2, word.dropFirst(2).first?.isLetter == true,
          !names.contains(word)
        {
          names.append(word)
        }
        word = ""
      }
    }
    return names
  }

  static func suggestion(for typed: String, among candidates: [String]) -> String? {
    Typo.suggestion(for: typed, among: candidates)
  }
}
