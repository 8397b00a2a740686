import ArgumentParser
import Foundation
import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// `todo-tui sync setup`: a CalDAV server through a vdirsyncer configuration
/// of our own, or a vdirsyncer set-up the user has (SPEC 10).
struct SyncSetup: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "setup",
    abstract: "Set up sync with a CalDAV server (through vdirsyncer), or name a vdirsyncer set-up.",
    discussion: """
      With --caldav, writes a vdirsyncer configuration under $XDG_CONFIG_HOME/todo-tui/, \
      runs vdirsyncer's discovery and says which lists it found: every calendar on the \
      server is a list here, and every list made here becomes a calendar there. The password is never \
      stored: --password-command prints it each time it is needed (pass, secret-tool…). \
      With --vdirsyncer-config and --pair, the daemon runs that set-up instead, as it runs ours: \
      discover when a list is made here (and every 10 minutes), metasync when the pair keeps metadata; \
      the file is only read. \
      The daemon (todo-tui daemon) then syncs with the server.
      """)
  @OptionGroup var options: FileOption
  @Option(help: ArgumentHelp("The server's CalDAV address (https://…).", valueName: "url"))
  var caldav: String?
  @Option(help: ArgumentHelp("The name you log in to the server with.", valueName: "name"))
  var user: String?
  @Option(
    help: ArgumentHelp("A shell command that prints the password (run at each sync).", valueName: "cmd"))
  var passwordCommand: String?
  @Option(
    help: ArgumentHelp(
      "The folder of lists (one subfolder each) kept in step with the server (default: $XDG_DATA_HOME/todo-tui/calendars).",
      valueName: "dir"))
  var vdir: String?
  @Option(help: ArgumentHelp("A vdirsyncer configuration you already have.", valueName: "file"))
  var vdirsyncerConfig: String?
  @Option(help: ArgumentHelp("The pair of --vdirsyncer-config to run.", valueName: "name"))
  var pair: String?

  func validate() throws {
    if caldav != nil && vdirsyncerConfig != nil {
      throw ValidationError("give either --caldav or --vdirsyncer-config, not both")
    }
    if caldav == nil && vdirsyncerConfig == nil {
      throw ValidationError(
        "give --caldav URL --user NAME --password-command CMD, or --vdirsyncer-config FILE --pair NAME")
    }
    if caldav != nil && user == nil { throw ValidationError("--caldav needs --user NAME") }
    if vdirsyncerConfig != nil && pair == nil {
      throw ValidationError("--vdirsyncer-config needs --pair NAME")
    }
    if vdirsyncerConfig == nil && pair != nil {
      throw ValidationError("--pair goes with --vdirsyncer-config")
    }
  }

  func run() throws {
    let env = ProcessInfo.processInfo.environment
    let paths = ServerPaths(environment: env)
    try ServerCLI.told {
      if let config = vdirsyncerConfig, let pair {
        let record = try ServerSetup.existing(config: config, pair: pair, vdir: vdir, paths: paths)
        CLI.out(
          "set up: the daemon runs vdirsyncer's pair \(pair) of \(record.config), syncing \(record.vdirRoot)\n"
            + "(for vdirsyncer's own conflicts to be merged field by field, set in [pair \(pair)]: "
            + "conflict_resolution = [\"command\", \"\(ServerCLI.program)\", \"sync\", \"resolve\"])\n")
        return
      }
      let data = try options.store.resolvedPath()
      let root =
        vdir
        ?? ((Store.defaultPath(environment: [
          "XDG_DATA_HOME": env["XDG_DATA_HOME"] ?? "", "HOME": env["HOME"] ?? "",
        ])
          as NSString).deletingLastPathComponent + "/calendars")
      let (record, found) = try ServerSetup.caldav(
        url: caldav!, user: user!, passwordCommand: passwordCommand, vdirRoot: root,
        resolve: [
          ServerCLI.program, "sync", "resolve", "--file",
          data.hasPrefix("/") ? data : FileManager.default.currentDirectoryPath + "/" + data,
        ], paths: paths,
        environment: env)
      let names = found.map(\.name)
      var out =
        names.isEmpty
        ? "no lists found on the server yet"
        : "found \(names.count) list\(names.count == 1 ? "" : "s"): \(names.joined(separator: ", "))"
      out += "\nset up: \(record.config); the daemon (todo-tui daemon) syncs with the server\n"
      CLI.out(out)
    }
  }
}

/// `todo-tui sync status`: the last run of vdirsyncer and the last error.
struct SyncStatusCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "When the last sync with the server ran, how it went, and the last error.")

  func run() throws {
    let paths = ServerPaths(environment: ProcessInfo.processInfo.environment)
    guard let record = try ServerRecord.load(paths) else {
      throw CLIError(
        message: "no server set up (todo-tui sync setup --caldav URL --user NAME --password-command CMD)")
    }
    let f = ISO8601DateFormatter()
    f.timeZone = CLI.environment.calendar.timeZone
    func t(_ d: Date?) -> String { d.map { f.string(from: $0) } ?? "never" }
    var out = "server: pair \(record.pair) of \(record.config)\n"
    let s = ServerStatus.load(paths) ?? ServerStatus()
    if let last = s.lastRun {
      out += "last sync: \(t(last)), \(s.ok ? "ok" : "failed")\n"
      if !s.ok { out += "failing since: \(t(s.failingSince)); last success: \(t(s.lastSuccess))\n" }
    } else {
      out += "last sync: never (is the daemon running?)\n"
    }
    out += "last error: " + (s.lastError.map { "\(t(s.lastErrorAt)): \($0)" } ?? "none") + "\n"
    CLI.out(out)
  }
}

/// `todo-tui sync conflicts [--restore N]`: the values syncs set aside.
struct SyncConflictsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "conflicts",
    abstract: "List the values syncs set aside (a field changed on both sides), or put one back.",
    discussion: """
      The list keeps what was set aside in the last \(SyncConflicts.keptDays) days, at most the \
      newest \(SyncConflicts.keptCount); a value put back leaves it, and the others keep their numbers.
      """)
  @OptionGroup var options: FileOption
  @Option(
    help: ArgumentHelp("Put back the value set aside by conflict N (it wins the next sync).", valueName: "n"))
  var restore: Int?

  func run() throws {
    let conflicts = SyncConflicts(dataFile: try options.store.resolvedPath())
    if let n = restore {
      let c = try ServerCLI.told { try conflicts.restore(n, store: options.store, env: CLI.environment) }
      CLI.out("restored \(c.field) of “\(c.title)”: \(SyncConflict.show(c.setAside))\n")
      return
    }
    let list = try conflicts.numbered(now: CLI.environment.now())
    if list.isEmpty {
      CLI.out("no conflicts set aside\n")
      return
    }
    var out = ""
    for c in list { out += "\(c.number). \(c.conflict.line)\n" }
    CLI.out(out)
  }
}

/// `todo-tui sync resolve A B`: vdirsyncer's conflict command (both sides
/// changed one file): our field-by-field merge decides, the result goes to both files.
struct SyncResolve: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "resolve",
    abstract: "Merge two versions of one .ics file field by field (vdirsyncer's conflict_resolution).",
    shouldDisplay: false)
  @OptionGroup var options: FileOption
  @Argument(help: "The two files vdirsyncer gives: the result is written to both.")
  var files: [String] = []

  func validate() throws {
    if files.count != 2 { throw ValidationError("expected two files, as vdirsyncer gives them") }
  }

  func run() throws {
    let settled = try ServerCLI.told {
      try ConflictResolve.resolve(
        files[0], files[1], dataFile: try options.store.resolvedPath(), env: CLI.environment)
    }
    for c in settled {
      FileHandle.standardError.write(Data((SyncConflicts.linePrefix + c.line + "\n").utf8))
    }
  }
}

enum ServerCLI {
  /// The daemon's live sync: with the vdir given, or else the folder of the
  /// server set-up; with a server set up, vdirsyncer runs after it (SPEC 10).
  static func live(store: Store, sync: VdirOption, poll: Double, say: @escaping (String) -> Void) throws
    -> LiveSync?
  {
    guard let server = try server(poll: poll, say: say) else { return try sync.live(store: store, say: say) }
    var option = sync
    // The whole vdir root: every calendar of the server is a list here (SPEC 9, 10).
    let root = option.path == nil && server.record.collections
    if option.path == nil { option.vdir = server.record.vdirRoot }
    guard let live = try option.live(store: store, root: root, say: say) else { return nil }
    guard let sync = server.sync else { return live }
    live.server = sync
    say(
      "syncing with the server every \(Int(poll)) s and after each change here (vdirsyncer pair \(server.record.pair))"
    )
    return live
  }

  /// The server set-up, if any, and its driver (nil, said, without vdirsyncer).
  static func server(poll: Double, say: @escaping (String) -> Void) throws -> (
    record: ServerRecord, sync: ServerSync?
  )? {
    let env = ProcessInfo.processInfo.environment
    let paths = ServerPaths(environment: env)
    let record: ServerRecord?
    do {
      record = try ServerRecord.load(paths)
    } catch {
      say("no sync with the server: \(error)")
      record = nil
    }
    guard let record else { return nil }
    guard let program = Vdirsyncer.find(environment: env) else {
      say(Vdirsyncer.missing + "; syncing with the vdir only")
      return (record, nil)
    }
    let engine = Vdirsyncer(executable: program, config: record.config, timeout: 120, environment: env)
    let runs = record.extraRuns
    let sync = try ServerSync(
      engine: engine, pair: record.pair, discover: runs.discover, metasync: runs.metasync, paths: paths,
      local: record.vdirRoot, schedule: RetrySchedule(first: min(5, poll), poll: poll), report: say)
    return (record, sync)
  }

  /// This program, as an absolute path (what vdirsyncer calls back).
  static var program: String {
    var buf = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buf, buf.count - 1)
    if n > 0 { return String(decoding: buf[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) }
    return CommandLine.arguments[0]
  }

  /// `body`, a ``ServerError`` turned into the one error line.
  static func told<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let e as ServerError {
      throw CLIError(message: e.description)
    }
  }
}
