import ArgumentParser
import Foundation
import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// The commands that scripts and status bars run often, started without
/// swift-argument-parser's reflection: it builds every command's argument
/// set from its property wrappers before it looks at argv, which was most of
/// `--version` (19 M of 23 M instructions) and 9 M instructions of every
/// `list`, `add` and `complete`. Only the plainest shapes are taken here
/// (known flags, `--file PATH`, words that do not start with `-`); anything
/// else, and every error, goes to the parser, so help and messages read
/// exactly as before. It only builds the command the parser would build
/// (``CLIMain/parse(_:)`` runs it; `ArgvTests` compares both ways).
enum FastPath {
  static let version = "0.1.0"

  /// The command for argv (without the program name), or nil for the parser.
  static func command(_ argv: [String]) -> ParsableCommand? {
    guard let first = argv.first, let words = Words(argv.dropFirst()) else { return nil }
    // An alias is its command (ls, done); a `case a, b where` would test only b.
    let name = first == "ls" ? "list" : first == "done" ? "complete" : first
    switch name {
    case "list"
    where words.flags.isSubset(of: ["--json", "--all", "--completed"]) && words.plain.isEmpty
      && !(words.flags.contains("--all") && words.flags.contains("--completed")):
      return FastList(
        file: words.file, json: words.flags.contains("--json"), all: words.flags.contains("--all"),
        completed: words.flags.contains("--completed"))
    case "badge" where words.flags.isEmpty && words.plain.isEmpty:
      var c = Badge()
      c.options = words.fileOption
      return settled(c, ["options"])
    case "add" where words.flags.isEmpty && !words.plain.isEmpty:
      var c = Add()
      c.options = words.fileOption
      c.title = words.plain
      c.due = words.due
      c.repeat = nil
      c.warn = nil
      c.fields = .none
      c.parent = .none
      return settled(c, ["options", "title", "due", "repeat", "warn", "fields", "parent"])
    case "complete" where words.flags.isEmpty && !words.plain.isEmpty && words.due == nil:
      var c = Complete()
      c.options = words.fileOption
      var t = IDArguments()
      t.ids = words.plain
      c.targets = t
      c.withChildren = false
      return settled(c, ["options", "targets", "withChildren"])
    default:
      return nil
    }
  }

  /// `command` when `set` names every one of its stored properties (and the
  /// option groups', `options` and `targets`, theirs): one added later and not
  /// set here would stop the program when read, so such a command goes to the
  /// parser until this file learns it.
  static func settled(_ command: ParsableCommand, _ set: Set<String>) -> ParsableCommand? {
    only(command, set) && only(FileOption(), ["file", "waitSeconds"]) && only(IDArguments(), ["ids"])
      ? command : nil
  }

  static func only(_ value: Any, _ set: Set<String>) -> Bool {
    Mirror(reflecting: value).children.allSatisfy { child in
      guard let label = child.label else { return false }
      return set.contains(label.hasPrefix("_") ? String(label.dropFirst()) : label)
    }
  }

  /// The arguments after the command: `--file PATH`, `--due WHEN`, flags, plain words.
  struct Words {
    var file: String?
    var due: String?
    var flags: Set<String> = []
    var plain: [String] = []

    /// nil when an argument is anything but these shapes, or one is given twice.
    init?(_ args: ArraySlice<String>) {
      var it = args.makeIterator()
      while let a = it.next() {
        if a == "--file" || a == "--due" {
          guard let v = it.next(), !v.isEmpty, !v.hasPrefix("-") else { return nil }
          if a == "--file" {
            guard file == nil else { return nil }
            file = v
          } else {
            guard due == nil else { return nil }
            due = v
          }
        } else if a == "--json" || a == "--all" || a == "--completed" {
          guard flags.insert(a).inserted else { return nil }
        } else if a.isEmpty || a.hasPrefix("-") {
          return nil
        } else {
          plain.append(a)
        }
      }
      if due != nil && !plain.isEmpty && flags.isEmpty { return }  // add
      if due != nil { return nil }
    }

    var fileOption: FileOption {
      var o = FileOption()
      (o.file, o.waitSeconds) = (file, nil)
      return o
    }
  }
}

/// `list` as the fast path takes it: ``ListFast`` when it can, else `List`'s
/// general path (built only then: its property wrappers cost time too).
struct FastList: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "list", shouldDisplay: false)
  var file: String?
  var json = false
  var all = false
  var completed = false

  func run() throws {
    if ListFast.run(file: file, json: json, shown: all ? .all : completed ? .completed : .pending) { return }
    try list.run()
  }

  /// The same command, for the general path.
  var list: List {
    var c = List()
    var o = FileOption()  // set whole: reading an unset option group stops the program
    (o.file, o.waitSeconds) = (file, nil)
    c.options = o
    (c.json, c.all, c.completed) = (json, all, completed)
    c.filters = .none
    return c
  }
}

/// `list` from the records of ``PlistScan`` when the file is as our writer lays
/// it out, with the environment read by `getenv` (Foundation's `ProcessInfo`
/// builds a dictionary of all of it): no argument parser, no items, no
/// Foundation time zone or locale when `TZ` names UTC and the locale is C or
/// POSIX. Anything else, and every error, is the general path's (`List.run`).
enum ListFast {
  /// True when the list was written.
  static func run(file: String?, json: Bool, shown: ScanOutput.Shown) -> Bool {
    // Store.defaultPath's rule, without building a dictionary of the environment
    // (hashing is a fixed cost that was a tenth of `list` at 1,000 items).
    let path: String
    if let f = file {
      path = f
    } else if let f = env("TODO_TUI_FILE"), !f.isEmpty {
      path = f
    } else if let x = env("XDG_DATA_HOME"), x.hasPrefix("/") {
      path = x + "/todo-tui/todos.plist"
    } else if let h = env("HOME") {
      path = h + "/.local/share/todo-tui/todos.plist"
    } else {
      path = Store.defaultPath(environment: [:])
    }
    // The rows show only that there is a note: its text is kept for the JSON alone.
    guard let scan = (try? PlistScan.scan(store: Store(path: path), notes: json)) ?? nil else { return false }
    let now: Date = (env("TODO_TUI_NOW") ?? "").isEmpty ? Date() : CLI.now
    let f = ScanOutput.formatter(now: now, env)
    // A file of before SPEC 8 whose kept text `Store.load` moves into fields: the general path's.
    if scan.entries.contains(where: \.keepsAdoptable) { return false }
    // Rows of several lists each say their list, as the general path writes it.
    var names: [[UInt8]]? = nil
    if !json {
      guard let n = scan.rowListNames(path: (try? Store(path: path).resolvedPath()) ?? path) else {
        return false
      }
      names = n
    }
    if json {
      ScanOutput.json(scan, shown: shown, now: now, formatter: f) { ListOutput.writeAll(1, $0) }
    } else {
      let lines = ScanOutput.lines(
        scan, shown: shown, now: now, formatter: f, colour: colour, listNames: names
      ) {
        ListOutput.writeAll(1, $0)
      }
      if lines == 0 { ListOutput.sayEmpty(shown) }
    }
    return true
  }

  static func env(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

  /// ``CLI/colour`` from `getenv`.
  static var colour: Bool {
    isatty(1) == 1 && (env("NO_COLOR") ?? "").isEmpty && env("TERM") != "dumb"
  }
}
