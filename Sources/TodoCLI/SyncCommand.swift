import ArgumentParser
import Foundation
import TodoCore

/// `--vdir DIR`, else `TODO_TUI_VDIR`: the vdir to sync with (sync, daemon).
struct VdirOption: ParsableArguments {
  @Option(
    name: .long,
    help:
      "The vdir: a folder of .ics files, one to-do each, as vdirsyncer keeps it (one list); or a folder of such folders (one list each) (default: $TODO_TUI_VDIR)."
  )
  var vdir: String?

  /// The vdir given, if any.
  var path: String? {
    if let v = vdir { return v }
    let env = ProcessInfo.processInfo.environment["TODO_TUI_VDIR"] ?? ""
    return env.isEmpty ? nil : env
  }

  /// The sync of `store` with the vdir given, or nil when none is.
  func engine(store: Store) throws -> VdirSync? {
    guard let path else { return nil }
    if path.isEmpty { throw CLIError(message: "--vdir is empty") }
    let env = TodoEnvironment.live
    return VdirSync(store: store, vdirPath: path, codec: .iCalendar(env: env), env: env)
  }

  /// The daemon's live sync, or nil without a vdir (issue 16); `root`: the
  /// vdir is a root of collections even while empty (the server set-up's).
  func live(store: Store, root: Bool = false, say: @escaping (String) -> Void) throws -> LiveSync? {
    guard let engine = try engine(store: store) else { return nil }
    engine.isRoot = root
    do {
      let live = try LiveSync(sync: engine, report: say)
      say("syncing live with \(engine.vdir.path)")
      return live
    } catch {
      // The notifier matters more: it runs on, without live sync.
      say("no live sync with \(engine.vdir.path): \(error)")
      return nil
    }
  }
}

struct Sync: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Sync the data file with a vdir (a folder of .ics files), both ways.",
    discussion: """
      An item new on either side is created on the other; a change on one side \
      reaches the other, merged field by field (the later LAST-MODIFIED wins a \
      field changed on both); a deletion crosses unless the other side changed \
      the item since the last sync. vdirsyncer syncs the vdir with a CalDAV server \
      (sync setup; the daemon, or the app while it is open, then drives it). A folder with no .ics file and sub-folders is a vdir root: each sub-folder \
      (vdirsyncer's collections = ["from a", "from b"]) is a list, named by its \
      displayname file, coloured by its color file; a list made here becomes a \
      sub-folder; moving an item between lists moves its file.
      """,
    subcommands: [SyncSetup.self, SyncStatusCommand.self, SyncConflictsCommand.self, SyncResolve.self])
  @OptionGroup var options: FileOption
  @OptionGroup var sync: VdirOption
  @Flag(help: "Create the vdir when it does not exist (else a missing one, a typo maybe, is an error).")
  var create = false

  func run() throws {
    // Without a vdir given, the folder of the server set-up, and the round with the server.
    var option = sync
    // Held until the set-up is known (a server set up for another file, or vdirsyncer
    // missing), then told as they come: the round's conflicts among them.
    let said = Said()
    let server =
      option.path == nil
      ? try ServerCLI.server(store: options.store, poll: nil, say: said.say) : nil
    let elsewhere = server == nil ? said.held.first : nil
    if let server {
      option.vdir = server.record.vdirRoot
      said.tell()
    }
    guard let engine = try option.engine(store: options.store) else {
      throw CLIError(
        message: "no vdir: give --vdir DIR or set TODO_TUI_VDIR "
          + (elsewhere.map { "(\($0))" } ?? "(or set up a server: sync setup)"))
    }
    if server == nil, let elsewhere { CLI.warn(elsewhere) }
    var isDir: ObjCBool = false
    if server == nil, !create, !FileManager.default.fileExists(atPath: engine.vdir.path, isDirectory: &isDir)
    {
      throw CLIError(
        message: "no vdir at \(engine.vdir.path) (a typo?); to start a new one there, add --create")
    }
    engine.isRoot = server?.record.collections ?? false
    show(try engine.run())
    guard let server = server?.sync else { return }
    server.dataFile = try options.store.resolvedPath()
    switch server.runOnce() {
    case .changed:
      // What vdirsyncer brought; after a calendar deleted on the server, our
      // sync removes its list here: one more round takes what moved across.
      let dissolving = server.marksGone
      show(try engine.run())
      if server.followNames() { show(try engine.run()) }
      if dissolving, server.runOnce() == .changed { show(try engine.run()) }
      ConflictResolve.keepBase(of: engine, syncedBefore: server.runStarted)
    case .unchanged: ConflictResolve.keepBase(of: engine, syncedBefore: server.runStarted)
    case .busy: CLI.warn("another sync with the server runs now; it takes this change along")
    case .stopped: break
    case .failed(let why):
      // What the lists that did sync brought is taken in before the failure is told.
      if server.changedDespiteFailure { show(try engine.run()) }
      throw CLIError(message: "\(ServerSync.told(why)) (the data file and \(engine.vdir.path) are in step)")
    }
  }

  /// What the set-up and the round with the server say: held until told to tell, then told at once.
  final class Said {
    private(set) var held: [String] = []
    private var telling = false
    func say(_ line: String) { if telling { Sync.say(line) } else { held.append(line) } }
    func tell() {
      telling = true
      for line in held { Sync.say(line) }
    }
  }

  /// What the round with the server tells: a conflict as a conflict (SPEC 10), the rest as a warning.
  static func say(_ line: String) {
    if line.hasPrefix(SyncConflicts.linePrefix) {
      FileHandle.standardError.write(Data((line + "\n").utf8))
    } else {
      CLI.warn(line)
    }
  }

  /// What one sync did: the conflicts and warnings on stderr, the lines on stdout.
  func show(_ report: SyncReport) {
    for w in report.warnings { CLI.warn(w) }
    for c in report.conflicts {
      FileHandle.standardError.write(Data((SyncConflicts.linePrefix + c.line + "\n").utf8))
    }
    var out = ""
    for line in report.lines { out += LiveSync.describe(line) + "\n" }
    func n(_ side: SyncReport.Side) -> String {
      let c = report.count(side, .created) + report.count(side, .kept)
      return "\(c) created, \(report.count(side, .updated)) updated, \(report.count(side, .deleted)) deleted"
    }
    out += report.lines.isEmpty ? "nothing to do\n" : "list: \(n(.list)); vdir: \(n(.vdir))\n"
    CLI.out(out)
  }
}
