import ArgumentParser
import Foundation
import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

extension CLI {
  /// The settings in force (SPEC 4), read once; each bad line of the file is
  /// one `error:` line on stderr, and the rest applies.
  nonisolated(unsafe) package static var settings: Settings = {
    let s = Settings.load(environment: ProcessInfo.processInfo.environment)
    for e in s.errors { FileHandle.standardError.write(Data(("error: " + e + "\n").utf8)) }
    return s
  }()

  /// The environment with the settings' notify command where `TODO_TUI_NOTIFY` is not set.
  package static func environmentWithSettings(_ env: [String: String]) -> [String: String] {
    var env = env
    if (env["TODO_TUI_NOTIFY"] ?? "").isEmpty, let c = settings.notifyCommand { env["TODO_TUI_NOTIFY"] = c }
    return env
  }
}

/// `todo-tui config`: the settings in force and where each came from.
struct Config: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "The settings in force and where each comes from: default, file, environment.",
    discussion: """
      The settings file is $XDG_CONFIG_HOME/todo-tui/config.toml (~/.config when unset), TOML: \
      default_list, notify_command, poll_interval, early_warning, first_day_of_week, mouse; \
      [keys] action = "key" (or a list of keys); [colors] role = "red", 208 or "#ff8700". \
      TODO_TUI_LIST and TODO_TUI_NOTIFY win over the file. A bad line is one error: line naming \
      the file and the line (exit status 1); the rest applies. Settings never change the data file.
      """)

  func run() throws {
    let s = CLI.settings
    CLI.out(s.report)
    if !s.errors.isEmpty { Glibc.exit(1) }  // its bad lines are told already, one error: line each
  }
}
