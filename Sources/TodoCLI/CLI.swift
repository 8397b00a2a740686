import ArgumentParser
import Foundation
import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// An error of the command line itself, with its exit status.
package struct CLIError: Error {
  package var message: String
  package var code: Int32 = 1

  package init(message: String, code: Int32 = 1) {
    self.message = message
    self.code = code
  }
}

/// Helpers shared by the commands: output, the store, the environment.
package enum CLI {
  static func fail(_ message: String, code: Int32) -> Never {
    let first = message.isEmpty ? message : message.prefix(1).lowercased() + message.dropFirst()
    FileHandle.standardError.write(Data(("error: " + first + "\n").utf8))
    exit(code)
  }

  /// A line for the person at the terminal, on stderr: stdout stays for scripts.
  /// The folders a write made for the data file, said once the command is done.
  nonisolated(unsafe) static var madeFolders: [String] = []

  /// "note: made the folder ~/.local/share/todo-tui for the data file", for each.
  static func sayMadeFolders() {
    let home = ProcessInfo.processInfo.environment["HOME"] ?? ""
    for f in madeFolders {
      let shown = !home.isEmpty && home != "/" && f.hasPrefix(home + "/") ? "~" + f.dropFirst(home.count) : f
      note("note: made the folder \(shown) for the data file")
    }
    madeFolders = []
  }

  static func note(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }

  static func warn(_ message: String) {
    FileHandle.standardError.write(Data(("warning: " + message + "\n").utf8))
  }

  /// Says on stderr, once, what a change notes (a notification that waits for a slot).
  static func note(_ change: Change) {
    if let note = change.note { FileHandle.standardError.write(Data(("note: " + note + "\n").utf8)) }
  }

  /// Writes all of `text` to stdout at once.
  package static func out(_ text: String) {
    var t = text
    t.withUTF8 { out($0) }
  }

  /// Writes all of `bytes` to stdout.
  static func out(_ bytes: UnsafeBufferPointer<UInt8>) {
    _ = Syscall.writeAll(1, UnsafeRawBufferPointer(bytes))
  }

  /// Whether stdout gets colour: a terminal that is not `TERM=dumb`, and
  /// `NO_COLOR` unset or empty (no-color.org).
  static var colour: Bool {
    let env = ProcessInfo.processInfo.environment
    return isatty(1) == 1 && (env["NO_COLOR"] ?? "").isEmpty && env["TERM"] != "dumb"
  }

  /// The current instant for the commands. A test hook: `TODO_TUI_NOW`
  /// (ISO 8601 with offset, or seconds since 1970) fixes the clock of the
  /// command-line commands only (not the app, not the daemon).
  static let now: Date = {
    guard let text = ProcessInfo.processInfo.environment["TODO_TUI_NOW"], !text.isEmpty else { return Date() }
    if let secs = Double(text) { return Date(timeIntervalSince1970: secs) }
    if let d = ISO8601DateFormatter().date(from: text) { return d }
    fail("TODO_TUI_NOW='\(text)' is neither ISO 8601 with an offset nor seconds since 1970", code: 1)
  }()

  /// Formats dates in the local time zone and the locale's clock (12- or 24-hour).
  static func formatter(now: Date) -> DueFormatter {
    DueFormatter(
      timeZone: SystemTimeZone.current, now: now,
      hourCycle: HourCycle.from(environment: ProcessInfo.processInfo.environment))
  }

  /// The live environment, with the clock of ``now``.
  /// ``environment`` without the locale's calendar, for the commands that
  /// read no date (complete, reopen, delete, import): making the locale cost
  /// `complete` 3% of its instructions at 10,000 items.
  static var clock: TodoEnvironment { .at(CLI.now) }

  static var environment: TodoEnvironment {
    var env = TodoEnvironment.live
    let now = CLI.now
    env.now = { now }
    return env
  }
}

/// `--file PATH`, shared by every command.
struct FileOption: ParsableArguments {
  @Option(
    name: .long,
    help: "The data file (default: $TODO_TUI_FILE or $XDG_DATA_HOME/todo-tui/todos.plist).")
  var file: String?

  @Option(
    name: .customLong("wait"),
    help: ArgumentHelp(
      "Seconds to wait for another process's lock on the file before giving up (default 10).",
      valueName: "seconds"))
  var waitSeconds: Double?

  /// The data file; a change waits for another process's lock up to `--wait`
  /// seconds, saying for whom after one.
  var store: Store {
    let store = Store(path: file ?? Store.defaultPath(environment: ProcessInfo.processInfo.environment))
    // A write that makes the file's folders says so (a mistyped --file makes no silent tree).
    store.madeFolder = { CLI.madeFolders.append($0) }
    store.patience = LockPatience(limit: max(0, waitSeconds ?? LockPatience.defaultLimit)) { line in
      FileHandle.standardError.write(Data((line + "\n").utf8))
    }
    return store
  }

  /// A file named by --file or TODO_TUI_FILE in a folder that is not there is a typo more
  /// often than an empty list: reading it is refused (a write makes the folder, and says so).
  func checkFolder() throws {
    let environment = ProcessInfo.processInfo.environment
    let path = file ?? Store.defaultPath(environment: environment)
    guard !Store.folderExists(of: path) else { return }
    let fromEnvironment = !(environment["TODO_TUI_FILE"] ?? "").isEmpty
    guard file != nil || fromEnvironment else { return }  // the default location: nothing yet
    let named = file != nil ? "--file" : "TODO_TUI_FILE"
    let dir = (path as NSString).deletingLastPathComponent
    throw CLIError(
      message: "the folder \(dir) of \(named) \(path) does not exist (a typo?); nothing was read")
  }

  /// The file's document; a file of a newer format is still shown, with a warning.
  func load() throws -> TodoDocument {
    try checkFolder()
    let doc = try store.load()
    for w in doc.warnings { CLI.warn(w) }
    return doc
  }
}

/// The IDs of `complete`, `reopen` and `delete`: one or more.
struct IDArguments: ParsableArguments {
  @Argument(
    help: "Full UUIDs, iCalendar UIDs or unique prefixes of at least 4 characters.",
    completion: IDCompletion.kind)
  var ids: [String] = []

  func validate() throws {
    if ids.isEmpty { throw ValidationError("expected at least one ID") }
  }
}

struct TodoTUI: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "todo-tui",
    abstract: "A to-do list with deadlines and reminders, in the terminal.",
    discussion: CLI.rootHelp,
    version: FastPath.version,
    subcommands: [
      App.self, Add.self, List.self, Complete.self, Reopen.self, Remind.self, Edit.self, Delete.self,
      Show.self, Lists.self, AgendaCommand.self, Badge.self, Pending.self, Daemon.self, Import.self,
      Export.self, Sync.self, Config.self,
    ],
    defaultSubcommand: App.self
  )
}
