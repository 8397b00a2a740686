import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// vdirsyncer's conflict command (SPEC 10): both sides changed one item's
/// file since vdirsyncer's last sync. vdirsyncer runs
/// `todo-tui sync resolve A B` with the two versions in two files and takes
/// the result from them (both must then be the same). Instead of one side
/// winning whole, the versions are merged field by field against what our
/// last vdir sync of the data file recorded for the item (its status), as
/// our own sync merges; each field settled by the later LAST-MODIFIED is
/// recorded beside the data file and told.
public enum ConflictResolve {
  /// Merges `a` and `b` (one VTODO each), writes the result to both, and
  /// answers the fields settled (recorded in the data file's conflicts).
  public static func resolve(_ a: String, _ b: String, dataFile: String, env: TodoEnvironment) throws
    -> [SyncConflict]
  {
    let codec = VdirCodec.iCalendar(env: env)
    func item(_ path: String) throws -> TodoItem {
      guard let data = FileManager.default.contents(atPath: path) else {
        throw TodoError.io(path: path, detail: "cannot read")
      }
      let items = try codec.parse(data, path)
      guard items.count == 1 else {
        throw TodoError.badFile(path: path, detail: "holds \(items.count) to-dos, not one")
      }
      return items[0]
    }
    let first = try item(a)
    let second = try item(b)
    guard first.icalUID == second.icalUID else {
      throw TodoError.badFile(path: b, detail: "UID \(second.icalUID) is not \(first.icalUID) of \(a)")
    }
    let uid = first.icalUID
    var settled: [SyncMerge.Settled] = []
    let merged = SyncMerge.merge(
      list: first, vdir: second, base: base(uid: uid, dataFile: dataFile), settled: &settled)
    let now = env.now()
    let bytes = Array(codec.render(merged, now))
    for path in [a, b] {
      do {
        try AtomicFile.replace(path, with: bytes, durable: false)
      } catch let e as SystemError {
        throw AtomicFile.failure(e, path: path)
      }
    }
    // The item's UUID in the data file (restoring edits it there).
    let id = (try? Store(path: dataFile).load().items.first { $0.icalUID == uid }?.id) ?? nil
    let conflicts = settled.map {
      SyncConflict(
        id: id ?? merged.id, uid: uid, title: merged.title, field: $0.field.name, kept: $0.kept,
        setAside: $0.setAside, at: .distantPast)
    }
    return try SyncConflicts.record(conflicts, dataFile: dataFile, at: now)
  }

  /// What the vdir, the server and the data file last agreed on for `uid`:
  /// the copy of a vdir sync's status kept after vdirsyncer's last run that
  /// worked (``keepBase(_:)``), else the status itself; nil when neither knows it.
  /// (The status alone is too new: our sync that wrote the file vdirsyncer
  /// now finds in conflict recorded this side's change in it as the base.)
  static func base(uid: String, dataFile: String) -> SyncFields? {
    let (folder, name) = AtomicFile.split(dataFile)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let statuses = names.filter { $0.hasPrefix(name + ".sync-") && $0.hasSuffix(".status") }.sorted()
    for suffix in [keptSuffix, ""] {
      for n in statuses {
        let path = folder + "/" + n + suffix
        guard let status = try? SyncStatus.load(path, vdir: ""), let entry = status.items[uid] else {
          continue
        }
        return entry.base
      }
    }
    return nil
  }

  static let keptSuffix = ".server"

  /// ``keepBase(_:)`` for each status of `sync`: each collection's of a vdir root, else the vdir's.
  public static func keepBase(of sync: VdirSync) {
    guard let data = try? sync.store.resolvedPath() else { return }
    guard let root = VdirCollections(path: sync.vdir.path) else {
      if let status = try? sync.statusPath() { keepBase(status) }
      return
    }
    for c in root.collections() {
      keepBase(SyncStatus.path(dataFile: data, vdir: root.root + "/" + c.folder))
    }
  }

  /// Keeps a copy of the vdir sync's status `file` (`FILE.server`) once
  /// vdirsyncer ran and everything agrees: the base for its next conflicts.
  public static func keepBase(_ file: String) {
    guard let data = FileManager.default.contents(atPath: file) else { return }
    let copy = file + keptSuffix
    if FileManager.default.contents(atPath: copy) == data { return }
    try? AtomicFile.replace(copy, with: Array(data), durable: false)
  }
}
