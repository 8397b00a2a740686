import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The notify command (SPEC 5): `notify-send`, or the executable that
/// `TODO_TUI_NOTIFY` names (`none`: no bubbles at all), run without a shell.
/// This says which it is and where; the ``Notifier`` runs it.
public struct NotifyCommand: Sendable {
  /// The command as named: a path, or a name looked up in `PATH`.
  public let name: String
  /// The environment the command inherits, without any `TODO_*` variable (the bubble adds its own).
  public let baseEnvironment: [String: String]

  /// - Parameter environment: `TODO_TUI_NOTIFY` names the command (default
  ///   `notify-send`, `none` for no bubbles); `PATH` finds it.
  public init(environment: [String: String]) {
    let named = environment["TODO_TUI_NOTIFY"] ?? ""
    name = named.isEmpty ? "notify-send" : named
    baseEnvironment = environment.filter { !$0.key.hasPrefix("TODO_") }
  }

  /// `TODO_TUI_NOTIFY=none`: no bubbles; notifications count as shown.
  public var isNone: Bool { name == "none" }

  /// The executable to run, or why there is none.
  public func resolve() -> Result<String, NotifyProblem> {
    if isNone { return .failure(.disabled) }
    return which(name).map { .success($0) } ?? .failure(.missing(name))
  }

  /// The path of `program` (a path, or a name looked up in `PATH`), if it is an executable file.
  public func which(_ program: String) -> String? {
    if program.contains("/") { return Self.isExecutableFile(program) ? program : nil }
    let path = baseEnvironment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for dir in path.split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = (dir.isEmpty ? "." : String(dir)) + "/" + program
      if Self.isExecutableFile(candidate) { return candidate }
    }
    return nil
  }

  static func isExecutableFile(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
  }

  /// The command line that closes bubble `id` on the session bus
  /// (`CloseNotification`, through `gdbus` from libglib2.0-bin), or nil without gdbus.
  func closeCommand(_ id: Int) -> (path: String, arguments: [String])? {
    guard let gdbus = which("gdbus") else { return nil }
    return (
      gdbus,
      [
        "call", "--session", "--dest", "org.freedesktop.Notifications",
        "--object-path", "/org/freedesktop/Notifications",
        "--method", "org.freedesktop.Notifications.CloseNotification", String(id),
      ]
    )
  }
}

extension NotifyCommand {
  /// What the notifier says, once, when no notification server answers on the
  /// session bus (no D-Bus, or a bus without a desktop's server): one sentence
  /// that fits the app's status line at 80 columns.
  public static let noServer = "No notification server is running; bubbles will show once one is."

  /// What notify-send (libnotify) and gdbus write when there is no server to show a bubble.
  static let noServerSigns = [
    "Failed to connect to proxy", "org.freedesktop.Notifications", "ServiceUnknown",
    "Cannot autolaunch D-Bus", "Could not connect", "DBUS_SESSION_BUS_ADDRESS", "dbus-launch",
    "Error spawning command line",
  ]

  /// The sentence for a command (the notify command, or gdbus closing a bubble)
  /// that exited with `status` and wrote `stderr`: ``noServer`` when there is
  /// no server; else its status and what it wrote, without the process id and
  /// time a GLib warning carries, so that the same failure reads the same at
  /// every retry (and is told once).
  public static func failure(_ what: String, status: Int32, stderr: String?) -> String {
    guard let err = stderr, !err.isEmpty else { return "\(what) failed with status \(status)" }
    if noServerSigns.contains(where: err.contains) { return noServer }
    var plain = err
    for pattern in [#"\([^()\s]+:\d+\): "#, #"\d{2}:\d{2}:\d{2}\.\d+: "#] {
      plain = plain.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
    }
    return "\(what) failed with status \(status): \(plain)"
  }
}

/// Why a bubble could not be shown.
public enum NotifyProblem: Error, Equatable, Sendable, CustomStringConvertible {
  case missing(String)
  /// `TODO_TUI_NOTIFY=none`.
  case disabled

  public var description: String {
    switch self {
    case .missing(let name) where name.contains(" "):
      // One executable, no arguments: it gets nine of its own (SPEC 5), and no shell splits it.
      return
        "TODO_TUI_NOTIFY='\(name)' names one executable, without arguments: put '\(name) \"$@\"'"
        + " in a script and name the script; reminders show only in the app (retrying)"
    case .missing(let name):
      return name.contains("/")
        ? "the notify command \(name) is missing or not executable; reminders show only in the app (retrying)"
        : "\(name) is not installed (no executable \(name) in PATH; on Debian: apt-get install libnotify-bin, or set TODO_TUI_NOTIFY); reminders show only in the app (retrying)"
    case .disabled:
      return "no desktop bubbles (TODO_TUI_NOTIFY=none); notifications count as shown"
    }
  }
}
