import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where the server set-up lives (SPEC 10): `$XDG_CONFIG_HOME/todo-tui/`
/// (else `~/.config/todo-tui/`) holds the vdirsyncer configuration we write,
/// vdirsyncer's status, the record of the set-up (ours or one named), the
/// last sync's outcome and the lock that keeps two runs apart.
public struct ServerPaths: Equatable, Sendable {
  public let folder: String

  public init(folder: String) { self.folder = folder }

  public init(environment: [String: String]) {
    let base =
      environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
    folder = base + "/todo-tui"
  }

  /// The vdirsyncer configuration `sync setup --caldav` writes.
  public var vdirsyncerConfig: String { folder + "/vdirsyncer.conf" }
  /// vdirsyncer's `status_path` for it.
  public var vdirsyncerStatus: String { folder + "/vdirsyncer-status" }
  /// Which configuration and pair the daemon runs (``ServerRecord``).
  public var record: String { folder + "/server.json" }
  /// The last run's outcome (``ServerStatus``).
  public var status: String { folder + "/server-status.json" }
  /// Held while vdirsyncer runs: one run at a time, whoever starts it.
  public var lock: String { folder + "/server.lock" }
}

/// The set-up the daemon drives: a vdirsyncer configuration, the pair in it,
/// and the folder it keeps in step with the server on our side.
public struct ServerRecord: Codable, Equatable, Sendable {
  /// The vdirsyncer configuration file.
  public var config: String
  public var pair: String
  /// Our side of the pair: a folder of collections, one list each (SPEC 9),
  /// or, for a pair of `collections = null`, one collection.
  public var vdirRoot: String
  /// Whether `vdirRoot` holds collections as subfolders.
  public var collections: Bool
  /// Whether we wrote the configuration (else it is the user's own).
  public var own: Bool
  /// The pair of our configuration that keeps the lists' names and colours
  /// (``VdirsyncerConfig/namesPair``); nil for a set-up of the user's own.
  public var namesPair: String?
  /// The data file the set-up belongs to (absolute); nil in a set-up recorded
  /// before it was written (``owner(environment:)`` then tells it).
  public var dataFile: String?
  /// Seconds between rounds for changes made elsewhere (`sync setup --poll-interval`); nil: 60.
  public var pollInterval: Double?

  public init(
    config: String, pair: String, vdirRoot: String, collections: Bool, own: Bool, namesPair: String? = nil,
    dataFile: String? = nil, pollInterval: Double? = nil
  ) {
    self.config = config
    self.pair = pair
    self.vdirRoot = vdirRoot
    self.collections = collections
    self.own = own
    self.namesPair = namesPair
    self.dataFile = dataFile
    self.pollInterval = pollInterval
  }

  /// The record in `paths`, or nil when no server is set up.
  public static func load(_ paths: ServerPaths) throws -> ServerRecord? {
    guard let data = FileManager.default.contents(atPath: paths.record) else { return nil }
    do {
      return try JSONDecoder().decode(ServerRecord.self, from: data)
    } catch {
      throw TodoError.badFile(path: paths.record, detail: "not a server set-up todo-tui wrote: \(error)")
    }
  }

  /// Writes the record atomically.
  public func save(_ paths: ServerPaths) throws {
    let enc = JSONEncoder()
    enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    try Store.makeFolders(paths.folder)
    do {
      try AtomicFile.replace(paths.record, with: Array(try enc.encode(self)) + [10])
    } catch let e as SystemError {
      throw AtomicFile.failure(e, path: paths.record)
    }
  }

  /// The subfolders of `root` (collections), in name order, hidden ones left out.
  public static func collectionFolders(_ root: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    return names.filter { name in
      var isDir: ObjCBool = false
      return !name.hasPrefix(".")
        && FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isDir) && isDir.boolValue
    }.sorted()
  }
}

/// The vdirsyncer configuration `sync setup --caldav` writes: the vdir
/// root (collections as subfolders, filesystem storage of `.ics` files) as
/// side a, the CalDAV server as side b, to-dos only; every calendar of the
/// server is a folder here (a list, SPEC 9) and every folder here a calendar
/// there; the password fetched by a command at each run, never written;
/// vdirsyncer's own conflicts handed to our field-by-field merge
/// (`todo-tui sync resolve`).
///
/// The lists' names and colours (`displayname`, `color`) go through a
/// second pair over the same two sides, run with `vdirsyncer metasync`:
/// vdirsyncer's metasync cannot hand a conflict to a command ("Custom
/// commands don't work on metasync": it stops with a conflict), and it meets
/// one each time it makes a calendar: the name given here against the one
/// the server reports for a calendar without a name (Radicale: its path).
/// `conflict_resolution = "a wins"` settles it as our own lists sync does
/// (SPEC 9: when both sides renamed a list since the last sync, this side's
/// name wins), while the items keep the field-by-field merge.
public struct VdirsyncerConfig: Equatable, Sendable {
  public static let pair = "todo_tui"
  /// The pair for the lists' names and colours.
  public static let namesPair = "todo_tui_names"
  public var url: String
  public var user: String
  public var passwordCommand: String
  public var vdirRoot: String
  public var statusPath: String
  /// The command vdirsyncer runs on a conflict (it adds the two files' paths).
  public var resolveCommand: [String]

  public init(
    url: String, user: String, passwordCommand: String, vdirRoot: String, statusPath: String,
    resolveCommand: [String]
  ) {
    self.url = url
    self.user = user
    self.passwordCommand = passwordCommand
    self.vdirRoot = vdirRoot
    self.statusPath = statusPath
    self.resolveCommand = resolveCommand
  }

  /// The file's text. Values are JSON, as vdirsyncer reads them.
  public var text: String {
    let p = Self.pair
    return """
      # Written by `todo-tui sync setup`; the daemon runs `vdirsyncer -c THIS sync \(p)`,
      # `discover` when a list is made here, and `metasync \(Self.namesPair)` for the lists' names.
      # The password is not here: vdirsyncer runs the command below each time it needs it.

      [general]
      status_path = \(Self.quoted(statusPath + "/"))

      [pair \(p)]
      a = "\(p)_local"
      b = "\(p)_remote"
      collections = ["from a", "from b"]
      conflict_resolution = \(Self.list(["command"] + resolveCommand))

      [storage \(p)_local]
      type = "filesystem"
      path = \(Self.quoted(vdirRoot + "/"))
      fileext = ".ics"

      [storage \(p)_remote]
      type = "caldav"
      url = \(Self.quoted(url))
      username = \(Self.quoted(user))
      password.fetch = \(Self.list(["shell", passwordCommand]))
      item_types = ["VTODO"]

      # The lists' names and colours: `vdirsyncer -c THIS metasync \(Self.namesPair)`.
      [pair \(Self.namesPair)]
      a = "\(p)_local"
      b = "\(p)_remote"
      collections = ["from a", "from b"]
      metadata = ["displayname", "color"]
      conflict_resolution = "a wins"

      """
  }

  /// A JSON string.
  static func quoted(_ s: String) -> String {
    let enc = JSONEncoder()
    enc.outputFormatting = [.withoutEscapingSlashes]
    return String(decoding: (try? enc.encode(s)) ?? Data("\"\"".utf8), as: UTF8.self)
  }

  static func list(_ items: [String]) -> String { "[" + items.map(quoted).joined(separator: ", ") + "]" }

  /// Checks a server address: http or https, with a host. Throws the line to show.
  public static func checkURL(_ url: String) throws {
    guard let u = URLComponents(string: url), let scheme = u.scheme?.lowercased(),
      scheme == "https" || scheme == "http", let host = u.host, !host.isEmpty
    else {
      throw ServerError("--caldav \(url): not a server address (give https://HOST/PATH)")
    }
  }
}

/// Something about the server set-up that went wrong: the line to show.
public struct ServerError: Error, Equatable, CustomStringConvertible {
  public let description: String
  public init(_ message: String) { description = message }
}
