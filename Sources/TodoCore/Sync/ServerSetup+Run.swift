import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// `todo-tui sync setup` (SPEC 10): a vdirsyncer configuration of our own
/// for a CalDAV server, or one the user already has, recorded for the daemon.
public enum ServerSetup {
  /// A list the server holds: its name (as our lists read it) and its folder here.
  public struct FoundList: Equatable, Sendable {
    public var name: String
    public var folder: String
  }

  /// Writes our vdirsyncer configuration for the server at `url`, runs its
  /// discovery (which makes a folder under `vdirRoot` for each calendar of
  /// the server, and a calendar on the server for each folder made here:
  /// each is a list, SPEC 9) and its metasync (the lists' names), and
  /// records the set-up for `dataFile`. The configuration is put in place only once
  /// discovery succeeded: on any failure, and when `cancel` becomes readable
  /// (Ctrl-C: the run of vdirsyncer is ended with its group, ``Cancelled`` thrown),
  /// nothing is left behind (the folders and files this call made are
  /// removed, an earlier set-up stays as it was).
  ///
  /// Set up again for another server or user, vdirsyncer starts from a status
  /// of its own (the old one went with the other account): the lists here keep
  /// their names (with no status, `a wins` gives them to the new calendars)
  /// and nothing is taken for emptied.
  /// - Parameters:
  ///   - resolve: our command for vdirsyncer's conflicts (`todo-tui sync resolve --file DATA`).
  ///   - dataFile: the data file the set-up belongs to; another file's set-up is refused.
  ///   - progress: told what runs, before each wait on the server.
  public static func caldav(
    url: String, user: String, passwordCommand: String?, vdirRoot: String, resolve: [String],
    paths: ServerPaths, environment: [String: String], timeout: TimeInterval = 60, dataFile: String? = nil,
    pollInterval: Double? = nil, cancel: Int32? = nil, progress: (String) -> Void = { _ in }
  ) throws -> (ServerRecord, [FoundList]) {
    try VdirsyncerConfig.checkURL(url)
    if user.isEmpty { throw ServerError("--user is empty: give the name you log in to the server with") }
    guard let passwordCommand, !passwordCommand.isEmpty else {
      throw ServerError(
        "no password command: add --password-command 'CMD', a command that prints the password "
          + "(e.g. 'pass show caldav' or 'secret-tool lookup service caldav'); todo-tui never stores it")
    }
    try ServerSetUpFor.refuseAnother(paths, dataFile: dataFile, environment: environment)
    guard let program = Vdirsyncer.find(environment: environment) else {
      throw ServerError(Vdirsyncer.missing)
    }
    let root = VdirSync.absolute(vdirRoot)
    var made: [String] = []  // folders this call made, removed again on failure
    func make(_ dir: String) throws {
      var missing: [String] = []  // the folder and those above it that do not exist yet
      var d = dir
      while !d.isEmpty, d != "/", !FileManager.default.fileExists(atPath: d) {
        missing.append(d)
        d = (d as NSString).deletingLastPathComponent
      }
      try Store.makeFolders(dir)
      made += missing.reversed()
    }
    var placed = false
    let temporary = AtomicFile.temporaryPath(for: paths.vdirsyncerConfig, tag: "setup")
    defer {
      if !placed {
        unlink(temporary)
        for dir in made.reversed() { try? FileManager.default.removeItem(atPath: dir) }
      }
    }
    try make(paths.folder)
    removeLeftovers(paths)
    // The same account keeps vdirsyncer's status; another starts from none.
    let sameAccount = Self.account(paths) == Self.Account(url: url, user: user)
    let status = sameAccount ? paths.vdirsyncerStatus : paths.folder + "/\(statusTag)\(getpid())"
    try make(root)
    try make(status)
    func config(status: String) -> VdirsyncerConfig {
      VdirsyncerConfig(
        url: url, user: user, passwordCommand: passwordCommand, vdirRoot: root, statusPath: status,
        resolveCommand: resolve)
    }
    func write(_ text: String) throws {
      do {
        try AtomicFile.replace(temporary, with: Array(text.utf8))
      } catch let e as SystemError {
        throw AtomicFile.failure(e, path: temporary)
      }
    }
    try write(config(status: status).text)
    let engine = Vdirsyncer(
      executable: program, config: temporary, timeout: timeout, environment: environment, cancel: cancel)
    let pairs = [VdirsyncerConfig.pair, VdirsyncerConfig.namesPair]
    progress("reaching \(url) (vdirsyncer discover; at most \(Int(timeout)) s, Ctrl-C stops it)…")
    let result = try engine.discover(pairs: pairs)
    guard result.succeeded else {
      throw ServerError("cannot reach the lists at \(url): \(result.problem); nothing was set up")
    }
    if ServerRecord.collectionFolders(root).isEmpty {
      // A server with no list yet: one is made here, and discovery makes it there.
      try make(root + "/tasks")
      try VdirCollections.writeMetadata(root + "/tasks", NamedList(id: "tasks", name: "Tasks", color: nil))
      let again = try engine.discover(pairs: pairs)
      guard again.succeeded else {
        throw ServerError("cannot make a list at \(url): \(again.problem); nothing was set up")
      }
    }
    // The lists' names and colours, both ways: each folder's `displayname`
    // and `color` are then what the server holds, as our lists read them.
    let names = try engine.metasync(pair: VdirsyncerConfig.namesPair)
    guard names.succeeded else {
      throw ServerError("cannot read the lists' names at \(url): \(names.problem); nothing was set up")
    }
    if status != paths.vdirsyncerStatus {
      // The new account's status in place of the old one's, then the configuration that names it.
      try write(config(status: paths.vdirsyncerStatus).text)
      try? FileManager.default.removeItem(atPath: paths.vdirsyncerStatus)
      guard rename(status, paths.vdirsyncerStatus) == 0 else {
        throw TodoError.io(path: paths.vdirsyncerStatus, detail: "cannot write: " + Syscall.text(errno))
      }
      made.removeAll { $0 == status }
    }
    guard rename(temporary, paths.vdirsyncerConfig) == 0 else {
      throw TodoError.io(path: paths.vdirsyncerConfig, detail: "cannot write: " + Syscall.text(errno))
    }
    placed = true
    let record = ServerRecord(
      config: paths.vdirsyncerConfig, pair: VdirsyncerConfig.pair, vdirRoot: root, collections: true,
      own: true, namesPair: VdirsyncerConfig.namesPair, dataFile: dataFile.map(ServerRecord.canonical),
      pollInterval: pollInterval)
    try record.save(paths)
    let found = (VdirCollections(path: root, emptyIsRoot: { true })?.collections() ?? []).map {
      FoundList(name: $0.list.name, folder: root + "/" + $0.folder)
    }
    return (record, found)
  }

  /// The name of the status a set-up for another account makes, before the pid.
  static let statusTag = ".vdirsyncer-status.setup-"

  /// Removes what a set-up killed with SIGKILL left (nothing else can stop
  /// it before it cleans up): its temporary configuration and new status, by
  /// the pid in their names, when that process is gone.
  static func removeLeftovers(_ paths: ServerPaths) {
    let config = AtomicFile.temporaryName(of: "vdirsyncer.conf", tag: "setup").prefix { !$0.isNumber }
    for name in (try? FileManager.default.contentsOfDirectory(atPath: paths.folder)) ?? [] {
      guard let tag = [String(config), statusTag].first(where: name.hasPrefix),
        let pid = Int32(name.dropFirst(tag.count).prefix { $0.isNumber }),
        kill(pid, 0) != 0 && errno == ESRCH
      else { continue }
      try? FileManager.default.removeItem(atPath: paths.folder + "/" + name)
    }
  }

  /// The server and user of a configuration of ours.
  struct Account: Equatable {
    var url: String
    var user: String
  }

  /// The account the configuration in `paths` syncs with, if there is one of ours.
  static func account(_ paths: ServerPaths) -> Account? {
    guard let data = FileManager.default.contents(atPath: paths.vdirsyncerConfig),
      let remote = sections(String(decoding: data, as: UTF8.self))["storage \(VdirsyncerConfig.pair)_remote"],
      let url = remote["url"].flatMap(string), let user = remote["username"].flatMap(string)
    else { return nil }
    return Account(url: url, user: user)
  }

  /// Records a vdirsyncer set-up the user already has: `pair` of the
  /// configuration `config`, its filesystem side (or `vdir`) as our folder.
  public static func existing(
    config: String, pair: String, vdir: String?, paths: ServerPaths, dataFile: String? = nil,
    pollInterval: Double? = nil, environment: [String: String] = [:]
  ) throws -> ServerRecord {
    try ServerSetUpFor.refuseAnother(paths, dataFile: dataFile, environment: environment)
    let file = VdirSync.absolute(config)
    guard let data = FileManager.default.contents(atPath: file) else {
      throw ServerError("--vdirsyncer-config \(config): no such file")
    }
    let sections = Self.sections(String(decoding: data, as: UTF8.self))
    guard let p = sections["pair " + pair] else {
      let pairs = sections.keys.filter { $0.hasPrefix("pair ") }.map { String($0.dropFirst(5)) }.sorted()
      throw ServerError(
        "\(config) has no pair \(pair)" + (pairs.isEmpty ? "" : " (it has: \(pairs.joined(separator: ", ")))")
      )
    }
    let collections = (p["collections"] ?? "null") != "null"
    var folder = vdir.map(VdirSync.absolute)
    if folder == nil {
      for side in ["a", "b"] {
        guard let name = p[side].flatMap(Self.string), let s = sections["storage " + name],
          s["type"].flatMap(Self.string) == "filesystem", let path = s["path"].flatMap(Self.string)
        else { continue }
        folder = VdirSync.absolute((path as NSString).expandingTildeInPath)
        break
      }
    }
    guard let folder else {
      throw ServerError(
        "pair \(pair) of \(config) has no filesystem side; name the folder of .ics files with --vdir DIR")
    }
    let record = ServerRecord(
      config: file, pair: pair, vdirRoot: folder, collections: collections, own: false,
      dataFile: dataFile.map(ServerRecord.canonical), pollInterval: pollInterval)
    try Store.makeFolders(paths.folder)
    try record.save(paths)
    return record
  }

  /// The sections of an INI file as vdirsyncer writes them: name → key → value (raw JSON text).
  static func sections(_ text: String) -> [String: [String: String]] {
    var out: [String: [String: String]] = [:]
    var current: String?
    for raw in text.split(whereSeparator: \.isNewline) {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
      if line.hasPrefix("["), line.hasSuffix("]") {
        current = line.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
        out[current!, default: [:]] = out[current!] ?? [:]
        continue
      }
      guard let c = current, let eq = line.firstIndex(of: "=") else { continue }
      let key = line[..<eq].trimmingCharacters(in: .whitespaces)
      out[c]![key] = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
    }
    return out
  }

  static func string(_ json: String) -> String? {
    (try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)) as? String
  }
}
