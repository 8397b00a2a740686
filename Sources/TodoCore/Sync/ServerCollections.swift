import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Collections deleted on one side (issue 28). vdirsyncer never deletes a
/// collection: its discovery offers to make a collection missing on one side
/// again (and we answer yes, for the lists made here and the calendars made
/// on the phone), so a calendar deleted on the server came back from its
/// folder here, and a list deleted here came back from the server.
///
/// Before each discovery the collections of both sides are listed without
/// making anything (`vdirsyncer discover --list`, answered no), and set
/// against those vdirsyncer's last discovery found on both sides (its cache,
/// `STATUS/PAIR.collections`):
/// - one known and still here but gone from the server was deleted there:
///   its files in step with the server (as vdirsyncer's status of the
///   collection last saw them) are deleted here, those changed here since are
///   kept, and the folder is marked (``goneMarker``); our vdir sync then removes the list,
///   its kept items moved to the default list, and the folder
///   (``VdirSync/dissolveGone(_:folder:report:)``);
/// - one known and still on the server but gone from here, that our sync
///   removed for a list deleted here (listed in ``deletedFile``), is deleted
///   on the server, through vdirsyncer's own connection to it
///   (``Vdirsyncer/deleteCollection(storage:url:)``).
/// A collection gone from a side by any other way is made again, as vdirsyncer does.
struct ServerCollections: Equatable, Sendable {
  /// Left in a collection folder whose calendar was deleted on the server.
  static let goneMarker = ".todo-tui-gone"
  /// In the root: the folders our sync removed for lists deleted here, one a line.
  static let deletedFile = ".todo-tui-deleted"

  let pair: String
  /// The storages of the pair: the filesystem one (the folder here) and the other.
  let local: String
  let remote: String
  /// vdirsyncer's `status_path`.
  let statusPath: String
  /// Whether the server is side b of the pair.
  let isRemoteB: Bool

  /// The pair's sides as `config` (a vdirsyncer configuration) names them,
  /// or nil when it has no filesystem side or no status path.
  static func read(config: String, pair: String) -> ServerCollections? {
    guard let data = FileManager.default.contents(atPath: config) else { return nil }
    let sections = ServerSetup.sections(String(decoding: data, as: UTF8.self))
    guard let p = sections["pair " + pair], let a = p["a"].flatMap(ServerSetup.string),
      let b = p["b"].flatMap(ServerSetup.string),
      let status = sections["general"]?["status_path"].flatMap(ServerSetup.string)
    else { return nil }
    func isFilesystem(_ name: String) -> Bool {
      sections["storage " + name]?["type"].flatMap(ServerSetup.string) == "filesystem"
    }
    let dir = (config as NSString).deletingLastPathComponent
    var path = (status as NSString).expandingTildeInPath
    if !path.hasPrefix("/") { path = dir + "/" + path }
    if isFilesystem(a) && !isFilesystem(b) {
      return ServerCollections(pair: pair, local: a, remote: b, statusPath: path, isRemoteB: true)
    }
    if isFilesystem(b) && !isFilesystem(a) {
      return ServerCollections(pair: pair, local: b, remote: a, statusPath: path, isRemoteB: false)
    }
    return nil
  }

  /// The collections vdirsyncer's last discovery found (on both sides, as it
  /// made the missing ones), each with the server side's address when it says it.
  func known() -> [String: String?] {
    let file = statusPath + "/" + pair + ".collections"
    guard let data = FileManager.default.contents(atPath: file),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let list = object["collections"] as? [Any]
    else { return [:] }
    var out: [String: String?] = [:]
    for case let entry as [Any] in list {
      guard entry.count == 2, let name = entry[0] as? String else { continue }
      let sides = entry[1] as? [Any]
      let remote = (sides?.count == 2 ? sides?[isRemoteB ? 1 : 0] : nil) as? [String: Any]
      out[name] = remote?["url"] as? String
    }
    return out
  }

  /// What each side holds, from `vdirsyncer discover --list`'s output:
  /// after a line `STORAGE:`, a line `  - "NAME"` (or `  - "NAME" ("DISPLAY")`) each.
  /// Nil when a side's list is missing (the server did not answer).
  func listing(_ output: String) -> (local: Set<String>, remote: Set<String>)? {
    var sides: [String: Set<String>] = [:]
    var current: String?
    for raw in output.split(whereSeparator: \.isNewline) {
      let line = String(raw)
      if line == local + ":" || line == remote + ":" {
        current = String(line.dropLast())
        sides[current!] = []
        continue
      }
      guard let c = current, line.hasPrefix("  - \"") else {
        if !line.hasPrefix("  ") { current = nil }
        continue
      }
      if let name = Self.firstJSONString(line.dropFirst(4)) { sides[c]?.insert(name) }
    }
    guard let l = sides[local], let r = sides[remote] else { return nil }
    return (l, r)
  }

  /// The JSON string that `text` begins with.
  static func firstJSONString(_ text: Substring) -> String? {
    var escaped = false
    var i = text.index(after: text.startIndex)
    while i < text.endIndex {
      let c = text[i]
      if escaped {
        escaped = false
      } else if c == "\\" {
        escaped = true
      } else if c == "\"" {
        return ServerSetup.string(String(text[text.startIndex...i]))
      }
      i = text.index(after: i)
    }
    return nil
  }

  /// vdirsyncer's status of a collection of the pair (SQLite).
  func statusDatabase(_ collection: String) -> String {
    statusPath + "/" + pair + "/" + collection + ".items"
  }

  /// Marks the folder of a collection deleted on the server: deletes its
  /// files in `inStep` (the server had them as they are), keeps the others.
  /// Answers how many were kept.
  static func markGone(_ folder: String, inStep: Set<String>) throws -> Int {
    var kept = 0
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for name in names where name.hasSuffix(VdirFolder.fileExtension) && !name.hasPrefix(".") {
      if inStep.contains(name) {
        unlink(folder + "/" + name)
      } else {
        kept += 1
      }
    }
    try AtomicFile.replace(folder + "/" + goneMarker, with: Array("\(kept)\n".utf8))
    return kept
  }

  /// The folders of `root` marked gone.
  static func marked(_ root: String) -> [String] {
    ServerRecord.collectionFolders(root).filter {
      FileManager.default.fileExists(atPath: root + "/" + $0 + "/" + goneMarker)
    }
  }

  /// The folders our sync removed for lists deleted here.
  static func deletedHere(_ root: String) -> [String] {
    guard let data = FileManager.default.contents(atPath: root + "/" + deletedFile) else { return [] }
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  /// Writes the list of folders removed here (none: the file removed).
  static func setDeletedHere(_ root: String, _ folders: [String]) throws {
    let path = root + "/" + deletedFile
    if folders.isEmpty {
      unlink(path)
    } else {
      try AtomicFile.replace(path, with: Array(folders.map { $0 + "\n" }.joined().utf8))
    }
  }
}

extension Vdirsyncer {
  /// Deletes a collection on the server (`url`, of the storage `storage` of
  /// the configuration) with vdirsyncer's own connection: its password
  /// fetching, its certificates. vdirsyncer has no command for it, so a few
  /// lines of Python run in vdirsyncer's interpreter (its program's `#!`)
  /// and call its DAV session; one already gone counts as deleted.
  func deleteCollection(storage: String, url: String) throws -> CommandResult {
    let script = """
      import asyncio, sys, aiohttp
      from vdirsyncer import exceptions
      from vdirsyncer.cli.config import Config
      from vdirsyncer.cli.utils import storage_class_from_config
      config, storage, url = sys.argv[1:4]
      args = dict(Config.from_filename_or_environment(config).get_storage_args(storage))
      args["url"] = url
      async def main():
          async with aiohttp.TCPConnector() as connector:
              cls, kwargs = storage_class_from_config(args)
              try:
                  await cls(connector=connector, **kwargs).session.request("DELETE", "")
              except exceptions.NotFoundError:
                  pass
      try:
          asyncio.run(main())
      except Exception as e:
          sys.exit("error: cannot delete the calendar %s: %s" % (url, e))
      """
    return try python(script, [config, storage, url])
  }

  /// The files of `folder` as vdirsyncer's status `database` last saw them on
  /// our side (`a` or `b`): same name, same etag (its filesystem etag: the
  /// time in nanoseconds and the inode). Read in vdirsyncer's Python; nil when it cannot be read.
  func inStep(database: String, folder: String, side: String) throws -> Set<String>? {
    let script = """
      import os, sqlite3, sys
      db, folder, side = sys.argv[1:4]
      con = sqlite3.connect("file:%s?mode=ro" % db, uri=True)
      for href, etag in con.execute("SELECT href_%s, etag_%s FROM status" % (side, side)):
          try:
              st = os.stat(os.path.join(folder, href))
          except (OSError, TypeError):
              continue
          if etag == "%.9f;%i" % (st.st_mtime_ns, st.st_ino):
              print(href)
      """
    let result = try python(script, [database, folder, side])
    guard result.succeeded else { return nil }
    return Set(result.stdout.split(separator: "\n").map(String.init))
  }

  /// Runs `script` in vdirsyncer's Python with `arguments`.
  func python(_ script: String, _ arguments: [String]) throws -> CommandResult {
    let python = interpreter
    return try CommandResult.run(
      python[0], arguments: python.dropFirst() + ["-c", script] + arguments, environment: environment,
      timeout: timeout)
  }

  /// The Python that runs vdirsyncer, as its program's `#!` line names it
  /// (`/usr/bin/python3`, `/usr/bin/env python3`), else `/usr/bin/python3`.
  var interpreter: [String] {
    let fallback = ["/usr/bin/python3"]
    let fd = open(executable, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return fallback }
    defer { close(fd) }
    var buf = [UInt8](repeating: 0, count: 256)
    let n = read(fd, &buf, buf.count)
    guard n > 2, buf[0] == UInt8(ascii: "#"), buf[1] == UInt8(ascii: "!") else { return fallback }
    let line = String(decoding: buf[2..<n].prefix { $0 != 10 }, as: UTF8.self)
    let words = line.split(separator: " ").map(String.init)
    return words.first?.hasPrefix("/") == true ? words : fallback
  }
}

extension ServerRecord {
  /// What the daemon runs besides `vdirsyncer sync PAIR` (issue 28): with our
  /// set-up, discovery of both our pairs and metasync of the names' pair; with
  /// a user's pair of collections, discovery of that pair, and its metasync
  /// when it names `metadata`, as our own set-up does. The user's file is only read.
  public var extraRuns: (discover: [String], metasync: String?) {
    if let names = namesPair { return ([pair, names], names) }
    guard collections, let data = FileManager.default.contents(atPath: config) else { return ([], nil) }
    let p = ServerSetup.sections(String(decoding: data, as: UTF8.self))["pair " + pair] ?? [:]
    let metadata = p["metadata"].map { $0 != "[]" && $0 != "null" } ?? false
    return ([pair], metadata ? pair : nil)
  }
}
