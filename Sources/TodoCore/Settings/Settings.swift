import Foundation

/// The user's settings (SPEC 4): `$XDG_CONFIG_HOME/todo-tui/config.toml`,
/// under the environment variables that name the same things. Each value
/// knows where it came from, for `todo-tui config`. Settings change how the
/// program behaves and looks, never what the data file holds.
public struct Settings: Equatable, Sendable {
  /// Where a value in force came from.
  public enum Source: Equatable, Sendable, CustomStringConvertible {
    case byDefault
    /// The settings file, at this line.
    case file(line: Int)
    /// An environment variable, which wins over the file.
    case environment(String)

    public var description: String {
      switch self {
      case .byDefault: return "default"
      case .file(let line): return "file, line \(line)"
      case .environment(let name): return "environment, \(name)"
      }
    }
  }

  /// The list `add` (and the app's a) puts an item in; nil: the first list.
  public var defaultList: String?
  /// The bubble command (`TODO_TUI_NOTIFY`'s meaning); nil: notify-send.
  public var notifyCommand: String?
  /// Seconds between the daemon's syncs with the server (`daemon --poll-interval`'s default).
  public var pollInterval: Double = 60
  /// The early warning new items get, in seconds before the deadline; nil: none.
  public var earlyWarning: Int?
  /// The first day of the week, 1 Sunday … 7 Saturday; nil: the locale's.
  public var firstWeekday: Int?
  /// Whether the app takes the mouse.
  public var mouse = true
  /// The app's keys: for each action, the keys the file gives it (the others keep their defaults).
  public var keys = KeyBindings()
  /// The app's colours, by role.
  public var theme = Theme()

  /// Where each setting in force came from, by its name in the file (`keys.add`, `colors.overdue`).
  public var sources: [String: Source] = [:]
  /// The bad lines, each one message: "FILE:LINE: what is wrong".
  public var errors: [String] = []
  /// The file read (it may not exist).
  public var path = ""

  public init() {}

  /// The names of the plain settings, in the order `config` prints them.
  public static let names = [
    "default_list", "notify_command", "poll_interval", "early_warning", "first_day_of_week", "mouse",
  ]

  /// The settings file for an environment: `$XDG_CONFIG_HOME/todo-tui/config.toml`,
  /// `~/.config` when that is unset or not an absolute path (the XDG rule).
  public static func path(environment env: [String: String]) -> String {
    if let x = env["XDG_CONFIG_HOME"], x.hasPrefix("/") { return x + "/todo-tui/config.toml" }
    let home = env["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return home + "/.config/todo-tui/config.toml"
  }

  /// The settings in force: the file's (when it exists), then the environment's over them.
  public static func load(environment env: [String: String]) -> Settings {
    let path = Self.path(environment: env)
    var s = Settings()
    s.path = path
    if let data = FileManager.default.contents(atPath: path) {
      s.read(String(decoding: data, as: UTF8.self))
    }
    s.overlay(environment: env)
    return s
  }

  /// The environment variables that name the same things win over the file.
  mutating func overlay(environment env: [String: String]) {
    if let v = env["TODO_TUI_LIST"], !v.isEmpty {
      defaultList = v
      sources["default_list"] = .environment("TODO_TUI_LIST")
    }
    if let v = env["TODO_TUI_NOTIFY"], !v.isEmpty {
      notifyCommand = v
      sources["notify_command"] = .environment("TODO_TUI_NOTIFY")
    }
  }

  /// Where a setting came from.
  public func source(_ name: String) -> Source { sources[name] ?? .byDefault }

  /// A plain setting's value as `config` prints it.
  public func text(_ name: String) -> String {
    switch name {
    case "default_list": return defaultList ?? "(the first list)"
    case "notify_command": return notifyCommand ?? "notify-send"
    case "poll_interval": return Self.seconds(pollInterval)
    case "early_warning": return earlyWarning.map(EarlyWarning.text) ?? "none"
    case "first_day_of_week":
      return firstWeekday.map { Self.weekdayNames[$0 - 1] } ?? "(the locale's)"
    case "mouse": return mouse ? "on" : "off"
    default: return ""
    }
  }

  static func seconds(_ v: Double) -> String {
    v == v.rounded() ? "\(Int(v))s" : "\(v)s"
  }

  static let weekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

  /// Every setting in force, one a line: its name, its value and where it came from (`todo-tui config`).
  public var report: String {
    var rows: [(String, String, String)] = []
    for name in Self.names { rows.append((name, text(name), source(name).description)) }
    for action in KeyBindings.Action.allCases {
      let name = "keys." + action.rawValue
      rows.append(
        (name, keys.keys(for: action).map(KeyBindings.name).joined(separator: " "), source(name).description))
    }
    for role in Theme.Role.allCases {
      let name = "colors." + role.rawValue
      rows.append((name, theme.colour(role).description, source(name).description))
    }
    let w0 = rows.map { $0.0.count }.max() ?? 0
    let w1 = rows.map { CellWidth.of($0.1) }.max() ?? 0
    var out =
      "# " + path + (FileManager.default.fileExists(atPath: path) ? "" : " (no such file: all defaults)")
      + "\n"
    for (n, v, s) in rows {
      out +=
        n + String(repeating: " ", count: w0 - n.count + 2) + v
        + String(repeating: " ", count: w1 - CellWidth.of(v) + 2) + s + "\n"
    }
    return out
  }
}
