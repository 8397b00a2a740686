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
  /// its entry in the copy of a vdir sync's status kept after vdirsyncer's
  /// last run that worked (``keepBase(_:syncedBefore:)``); nil when no copy
  /// vouches for it (an item met on both sides with no record of it: a lost
  /// answer to its first upload, a second machine set up from an export).
  /// Never the status itself: our sync that wrote the file vdirsyncer now
  /// finds in conflict recorded this side's change in it as the base, and
  /// against it the server's older values would win every field in silence.
  static func base(uid: String, dataFile: String) -> SyncFields? {
    let (folder, name) = AtomicFile.split(dataFile)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    let kept = names.filter { $0.hasPrefix(name + ".sync-") && $0.hasSuffix(".status" + keptSuffix) }.sorted()
    for n in kept {
      guard let status = try? SyncStatus.load(folder + "/" + n, vdir: ""), let entry = status.items[uid]
      else {
        continue
      }
      return entry.base
    }
    return nil
  }

  static let keptSuffix = ".server"

  /// ``keepBase(_:syncedBefore:)`` for each status of `sync`: each collection's of a vdir root, else the vdir's.
  public static func keepBase(of sync: VdirSync, syncedBefore start: Date = Date()) {
    guard let data = try? sync.store.resolvedPath() else { return }
    guard let root = VdirCollections(path: sync.vdir.path) else {
      if let status = try? sync.statusPath() { keepBase(status, syncedBefore: start) }
      return
    }
    for c in root.collections() {
      keepBase(SyncStatus.path(dataFile: data, vdir: root.root + "/" + c.folder), syncedBefore: start)
    }
  }

  /// Keeps a copy of the vdir sync's status `file` (`FILE.server`) once
  /// vdirsyncer's run that began at `start` worked and our sync followed:
  /// the base for its next conflicts. Only the entries it can vouch for:
  /// the item's file is the one our sync recorded (its etag) and was there
  /// before the run began, so the run put it on the server as it is. A file
  /// written since (vdirsyncer's download, our sync after it) is vouched
  /// for at the next run; until then its item has no base.
  public static func keepBase(_ file: String, syncedBefore start: Date) {
    guard let data = FileManager.default.contents(atPath: file) else { return }
    let copy = file + keptSuffix
    if FileManager.default.contents(atPath: copy) == data { return }
    guard var status = try? SyncStatus.load(file, vdir: "") else { return }
    let limit = start.timeIntervalSince1970
    let vouched = status.items.filter { _, entry in
      guard let stamp = FileStamp.of(status.vdir + "/" + entry.href), stamp != .absent,
        FileStamp(etag: entry.etag) == stamp
      else { return false }
      return Double(stamp.seconds) + Double(stamp.nanoseconds) / 1e9 < limit
    }
    if vouched.count == status.items.count {
      try? AtomicFile.replace(copy, with: Array(data), durable: false)
      return
    }
    status.items = vouched
    try? AtomicFile.replace(copy, with: Array(status.encoded()), durable: false)
  }
}
