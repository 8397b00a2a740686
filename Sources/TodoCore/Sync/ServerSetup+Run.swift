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
  /// records the set-up. The configuration is put in place only once
  /// discovery succeeded: on any failure nothing is left behind (the
  /// folders this call made are removed, an earlier set-up stays as it was).
  /// - Parameter resolve: our command for vdirsyncer's conflicts (`todo-tui sync resolve --file DATA`).
  public static func caldav(
    url: String, user: String, passwordCommand: String?, vdirRoot: String, resolve: [String],
    paths: ServerPaths, environment: [String: String], timeout: TimeInterval = 60
  ) throws -> (ServerRecord, [FoundList]) {
    try VdirsyncerConfig.checkURL(url)
    if user.isEmpty { throw ServerError("--user is empty: give the name you log in to the server with") }
    guard let passwordCommand, !passwordCommand.isEmpty else {
      throw ServerError(
        "no password command: add --password-command 'CMD', a command that prints the password "
          + "(e.g. 'pass show caldav' or 'secret-tool lookup service caldav'); todo-tui never stores it")
    }
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
    try make(root)
    try make(paths.vdirsyncerStatus)
    let config = VdirsyncerConfig(
      url: url, user: user, passwordCommand: passwordCommand, vdirRoot: root,
      statusPath: paths.vdirsyncerStatus, resolveCommand: resolve)
    do {
      try AtomicFile.replace(temporary, with: Array(config.text.utf8))
    } catch let e as SystemError {
      throw AtomicFile.failure(e, path: temporary)
    }
    let engine = Vdirsyncer(
      executable: program, config: temporary, timeout: timeout, environment: environment)
    let pairs = [VdirsyncerConfig.pair, VdirsyncerConfig.namesPair]
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
    guard rename(temporary, paths.vdirsyncerConfig) == 0 else {
      throw TodoError.io(path: paths.vdirsyncerConfig, detail: "cannot write: " + Syscall.text(errno))
    }
    placed = true
    let record = ServerRecord(
      config: paths.vdirsyncerConfig, pair: VdirsyncerConfig.pair, vdirRoot: root, collections: true,
      own: true, namesPair: VdirsyncerConfig.namesPair)
    try record.save(paths)
    let found = (VdirCollections(path: root, emptyIsRoot: { true })?.collections() ?? []).map {
      FoundList(name: $0.list.name, folder: root + "/" + $0.folder)
    }
    return (record, found)
  }

  /// Records a vdirsyncer set-up the user already has: `pair` of the
  /// configuration `config`, its filesystem side (or `vdir`) as our folder.
  public static func existing(config: String, pair: String, vdir: String?, paths: ServerPaths) throws
    -> ServerRecord
  {
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
      config: file, pair: pair, vdirRoot: folder, collections: collections, own: false)
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
