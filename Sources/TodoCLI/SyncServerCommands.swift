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
      The set-up belongs to the data file it is made for: the file's notifier (todo-tui daemon, \
      or the app while it is open and no daemon runs) then syncs it with the server, every \
      --poll-interval seconds and after each change here. Set up again for another account, \
      the lists keep their names. Ctrl-C leaves nothing behind.
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
  @Option(
    help: ArgumentHelp(
      "Seconds between syncs with the server for changes made elsewhere, by the daemon or the open app (default 60).",
      valueName: "seconds"))
  var pollInterval: Double?

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
    if let p = pollInterval, !(p >= 1) { throw ValidationError("--poll-interval must be at least 1 second") }
  }

  func run() throws {
    let env = ProcessInfo.processInfo.environment
    let paths = ServerPaths(environment: env)
    let data = ServerRecord.canonical(try options.store.resolvedPath())
    // Ctrl-C or SIGTERM while vdirsyncer runs: its group is ended, nothing is left behind.
    let signals = try TerminationSignals([SIGINT, SIGTERM])
    try ServerCLI.told {
      if let config = vdirsyncerConfig, let pair {
        let record = try ServerSetup.existing(
          config: config, pair: pair, vdir: vdir, paths: paths, dataFile: data, pollInterval: pollInterval,
          environment: env)
        CLI.out(
          "set up for \(data): the daemon (or the open app) runs vdirsyncer's pair \(pair) of \(record.config), syncing \(record.vdirRoot)\n"
            + "(for vdirsyncer's own conflicts to be merged field by field, set in [pair \(pair)]: "
            + "conflict_resolution = [\"command\", \"\(ServerCLI.program)\", \"sync\", \"resolve\"])\n")
        return
      }
      let root =
        vdir
        ?? ((Store.defaultPath(environment: [
          "XDG_DATA_HOME": env["XDG_DATA_HOME"] ?? "", "HOME": env["HOME"] ?? "",
        ])
          as NSString).deletingLastPathComponent + "/calendars")
      let (record, found) = try ServerSetup.caldav(
        url: caldav!, user: user!, passwordCommand: passwordCommand, vdirRoot: root,
        resolve: [ServerCLI.program, "sync", "resolve", "--file", data], paths: paths, environment: env,
        dataFile: data, pollInterval: pollInterval, cancel: signals.fd,
        progress: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
      let names = found.map(\.name)
      var out =
        names.isEmpty
        ? "no lists found on the server yet"
        : "found \(names.count) list\(names.count == 1 ? "" : "s"): \(names.joined(separator: ", "))"
      out +=
        "\nset up for \(data): \(record.config); the daemon (todo-tui daemon), or the app while it is open, "
        + "syncs with the server\n"
      CLI.out(out)
    }
  }
}

/// `todo-tui sync status`: the last run of vdirsyncer and the last error.
struct SyncStatusCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "When the last sync with the server ran, how it went, and the last error.")
  @OptionGroup var options: FileOption

  func run() throws {
    let env = ProcessInfo.processInfo.environment
    let paths = ServerPaths(environment: env)
    let found = try ServerSetUpFor.lookup(paths, dataFile: try options.store.resolvedPath(), environment: env)
    if let line = found.notHere { throw CLIError(message: line) }
    guard let record = found.record else {
      throw CLIError(
        message: "no server set up (todo-tui sync setup --caldav URL --user NAME --password-command CMD)")
    }
    let f = ISO8601DateFormatter()
    f.timeZone = CLI.environment.calendar.timeZone
    func t(_ d: Date?) -> String { d.map { f.string(from: $0) } ?? "never" }
    var out = "server: pair \(record.pair) of \(record.config), for \(record.owner(environment: env))\n"
    let s = ServerStatus.load(paths) ?? ServerStatus()
    if let last = s.lastRun {
      out += "last sync: \(t(last)), \(s.ok ? "ok" : "failed")\n"
      if !s.ok { out += "failing since: \(t(s.failingSince)); last success: \(t(s.lastSuccess))\n" }
    } else {
      out += "last sync: never (is the daemon or the app running?)\n"
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

package enum ServerCLI {
  /// The live sync a notifier runs (the daemon, or the open app when no
  /// daemon runs): with the vdir given, or else the folder of the server
  /// set-up of this data file; with a server set up, the round with it
  /// (SPEC 10). `poll`: the daemon's `--poll-interval`, else the set-up's.
  static func live(store: Store, sync: VdirOption, poll: Double?, say: @escaping (String) -> Void) throws
    -> LiveSync?
  {
    guard let server = try server(store: store, poll: poll, say: say) else {
      return try sync.live(store: store, say: say)
    }
    var option = sync
    // The whole vdir root: every calendar of the server is a list here (SPEC 9, 10).
    let root = option.path == nil && server.record.collections
    if option.path == nil { option.vdir = server.record.vdirRoot }
    guard let live = try option.live(store: store, root: root, say: say) else { return nil }
    guard let sync = server.sync else { return live }
    live.server = sync
    live.stopper = server.stopper
    say(
      "syncing with the server every \(Int(sync.schedule.poll)) s and after each change here (vdirsyncer pair \(server.record.pair))"
    )
    return live
  }

  /// The notifier's live sync for the full-screen app, as the daemon's
  /// (`TODO_TUI_VDIR`, else the server set-up of the file); nil when there is none.
  package static func notifierLive(store: Store, say: @escaping (String) -> Void) -> LiveSync? {
    do {
      return try live(store: store, sync: try VdirOption.parse([]), poll: nil, say: say)
    } catch {
      say("no sync: \(error)")
      return nil
    }
  }

  /// The server set-up of the file, if any, and its driver (nil, said,
  /// without vdirsyncer); another file's set-up is said in one line and not used.
  static func server(store: Store, poll: Double?, say: @escaping (String) -> Void) throws -> (
    record: ServerRecord, sync: ServerSync?, stopper: StopPipe
  )? {
    let env = ProcessInfo.processInfo.environment
    let paths = ServerPaths(environment: env)
    let found: ServerSetUpFor
    do {
      found = try ServerSetUpFor.lookup(paths, dataFile: try store.resolvedPath(), environment: env)
    } catch {
      say("no sync with the server: \(error)")
      return nil
    }
    if let line = found.notHere { say(line) }
    guard let record = found.record else { return nil }
    let stopper = StopPipe()
    guard let program = Vdirsyncer.find(environment: env) else {
      say(Vdirsyncer.missing + "; syncing with the vdir only")
      return (record, nil, stopper)
    }
    let poll = poll ?? record.pollInterval ?? CLI.settings.pollInterval  // settings' default: 60
    let engine = Vdirsyncer(
      executable: program, config: record.config, timeout: 120, environment: env, cancel: stopper.fd)
    let runs = record.extraRuns
    let sync = try ServerSync(
      engine: engine, pair: record.pair, discover: runs.discover, metasync: runs.metasync, paths: paths,
      local: record.vdirRoot, schedule: RetrySchedule(first: min(5, poll), poll: poll), report: say)
    return (record, sync, stopper)
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
    } catch is Cancelled {
      throw CLIError(message: "interrupted; nothing was set up", code: 130)
    }
  }
}
