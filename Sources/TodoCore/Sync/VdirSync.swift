import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One two-way sync of the data file with a vdir (SPEC 7), after
/// vdirsyncer's algorithm: a status beside the data file records, per UID,
/// what both sides held at the last sync, and decides what is new, changed
/// or deleted on each side. Writes go in an order that survives a kill at
/// any instant: vdir files (each atomically), then the data file (through
/// ``Store/mutate(_:whileLocked:)``, merged field by field), then the status.
/// A rerun after a kill sees the same item on both sides and merges it, so
/// nothing is duplicated and nothing lost. Syncs of one pair are serialised
/// by a lock file beside the status.
public final class VdirSync {
  public let store: Store
  public let vdir: VdirFolder
  let codec: VdirCodec
  let env: TodoEnvironment
  /// The one list a collection of a vdir root syncs with (``VdirCollections``); nil: every item.
  var scope: CollectionScope? = nil
  /// The data file as the root's sync last read it (a collection's sync reads it no more),
  /// and its stamp when it was read (nil: not known, then no quick record is written).
  var preloaded: TodoDocument? = nil
  var preloadedStamp: FileStamp? = nil
  /// Runs after the data file was read, before anything is written (tests: a change made meanwhile).
  var afterLoad: () -> Void = {}
  /// The vdir is a root of collections even while empty (the server set-up's, SPEC 10).
  public var isRoot = false

  /// - Parameter vdirPath: the vdir; a relative path is taken from the working folder.
  public init(store: Store, vdirPath: String, codec: VdirCodec, env: TodoEnvironment) {
    self.store = store
    self.vdir = VdirFolder(path: Self.absolute(vdirPath))
    self.codec = codec
    self.env = env
  }

  static func absolute(_ path: String) -> String {
    var p = path
    if !p.hasPrefix("/") { p = FileManager.default.currentDirectoryPath + "/" + p }
    if let real = realpath(p, nil) {
      defer { free(real) }
      return String(cString: real)
    }
    return (p as NSString).standardizingPath
  }

  /// The status file of this pair.
  public func statusPath() throws -> String {
    SyncStatus.path(dataFile: try store.resolvedPath(), vdir: vdir.path)
  }

  /// Runs one sync and says what it did.
  public func run() throws -> SyncReport {
    let statusFile = try statusPath()
    try Store.makeFolders((statusFile as NSString).deletingLastPathComponent)
    return try withSyncLock(statusFile + ".lock") {
      // Nothing changed since the last sync of a root (SyncRootQuick) or of a folder
      // that held items (SyncQuickCheck; with files in it, it is one collection): nothing is read.
      if scope == nil {
        let quickFile = SyncQuickCheck.path(ofStatus: statusFile)
        let dataFile = try store.resolvedPath()
        if let root = SyncRootQuick.load(quickFile) {
          if root.holds(root: vdir.path, dataFile: dataFile) { return SyncReport() }
        } else if !isRoot, let quick = SyncQuickCheck.load(quickFile), quick.vdir.count > 0,
          quick.holds(statusFile: statusFile, dataFile: dataFile, vdir: vdir.path)
        {
          return SyncReport()
        }
      }
      // A missing folder is made first, so that it is laid out as an empty one is (below):
      // made later, for one collection, a file of several lists went flat (`--create`).
      if scope == nil, !vdir.exists { try createVdir(statusFile) }
      // A vdir root: one list a collection (SPEC 9). An empty folder is one when the data
      // file has several lists: the file read to tell is the one synced (read once).
      var first: (doc: TodoDocument, stamp: FileStamp?)? = nil
      if scope == nil,
        let root = VdirCollections(
          path: vdir.path,
          emptyIsRoot: {
            if isRoot { return true }
            var stamp: FileStamp? = nil
            guard let doc = try? store.load(opened: { stamp = FileStamp.of(fd: $0) }) else { return false }
            first = (doc, stamp)
            return doc.lists.lists.count > 1
          })
      {
        return try runRoot(root, first: first)
      }
      let saved = (preloaded, preloadedStamp)
      if let first, preloaded == nil { (preloaded, preloadedStamp) = (first.doc, first.stamp) }
      defer { (preloaded, preloadedStamp) = saved }
      return try runLocked(statusFile)
    }
  }

  /// Makes the missing vdir, unless the last sync left items there (a wrong path, an unmounted disk).
  func createVdir(_ statusFile: String, old: SyncStatus? = nil) throws {
    let old = try old ?? SyncStatus.load(statusFile, vdir: vdir.path)
    guard old.items.isEmpty else {
      throw TodoError.io(
        path: vdir.path, detail: "the vdir is missing, but the last sync left \(old.items.count) items there")
    }
    try vdir.create()
  }

  func runLocked(_ statusFile: String) throws -> SyncReport {
    // Nothing changed since the last sync: nothing is read (SyncQuickCheck).
    let quickFile = SyncQuickCheck.path(ofStatus: statusFile)
    let dataFile = try store.resolvedPath()
    let quick = SyncQuickCheck.load(quickFile)
    // A collection's second pass runs for what its first deferred: never skipped.
    if scope?.firstPass != false, let quick,
      quick.holds(statusFile: statusFile, dataFile: dataFile, vdir: vdir.path)
    {
      return SyncReport()
    }
    var report = SyncReport()
    let old = try SyncStatus.load(statusFile, vdir: vdir.path)
    if !vdir.exists { try createVdir(statusFile, old: old) }
    vdir.cleanStrayTemporaries()
    AtomicFile.removeTemporaries(of: statusFile)
    AtomicFile.removeTemporaries(of: quickFile)

    // The vdir side: unchanged files (etag, then bytes) are not parsed.
    let (side, skipped, listing) = try readVdir(old, report: &report)

    // The list side, by UID.
    var loaded: FileStamp? = preloaded == nil ? .absent : (preloadedStamp ?? .absent)
    let doc = try preloaded ?? store.load(opened: { loaded = FileStamp.of(fd: $0) })
    afterLoad()
    if doc.formatVersion > TodoDocument.currentVersion {
      throw TodoError.newerFormat(
        path: store.path, version: doc.formatVersion, known: TodoDocument.currentVersion)
    }
    // A first sync (no status, nothing in the vdir): every item a new file, whose status entries
    // and report lines are made while the first files are (``SyncPlan/allNew(items:existing:warnings:)``).
    let allNew = scope == nil && old.items.isEmpty && side.isEmpty && skipped.isEmpty
    var list = allNew ? [:] : SyncPlan.byUID(doc.items, warnings: &report.warnings)
    // What our sync deleted from this folder lately, of items the data file no longer holds
    // in any list (one moved to another list here and back on the phone is not ours to delete).
    let tombFile = SyncTombstones.path(ofStatus: statusFile)
    var tombs = allNew ? SyncTombstones() : SyncTombstones.load(tombFile)
    let deleted = tombs.current(at: env.now()).filter { list[$0.key] == nil }
    scope?.filter(&list, lists: doc.lists)
    var plan =
      allNew
      ? SyncPlan.allNew(items: doc.items, existing: listing, warnings: &report.warnings)
      : SyncPlan(
        list: list, vdir: side, old: old.items, skipped: skipped, existing: listing, tombs: deleted)
    scope?.adjust(&plan, old: old, lists: doc.lists)
    try refuseMassDeletion(plan, old: old, list: list, vdirCount: side.count, fileCount: doc.items.count)

    // 1. The vdir: files written atomically, then removals.
    let now = env.now()
    let batch = VdirFolder.Batch(folder: vdir)
    defer { batch.discard() }
    let written = try writeFiles(&plan, old: old, allNew: allNew, now: now, batch: batch, report: &report)
    try recordTombs(&tombs, plan: plan, old: old, now: now, file: tombFile)
    for r in plan.removals where try !vdir.remove(r.href, ifEtag: r.etag) {
      plan.status[r.uid] = old.items[r.uid]
      report.warnings.append("\(r.href) changed during the sync; it is synced next time")
    }
    let removed = Set(plan.removals.map(\.href))
    report.wrote = !plan.writes.isEmpty || !plan.removals.isEmpty

    // 2. The data file, merged under its lock; 3. the status, still under it.
    var status = old
    status.items = plan.status
    var saveError: Error?
    // Whether the data file is still the one read (then, once written, it holds what the status says).
    var dataAsRead = false
    let save = {
      do {
        // Not when a collection left work for its second pass: the two sides differ still.
        let record = dataAsRead && report.warnings.isEmpty && self.scope?.deferred != true
        // A first sync's status lines and files' fingerprint, made as its files were (while the status holds those alone).
        let made = written.flatMap { $0.count == status.items.count ? $0 : nil }
        // Else the files' fingerprint, taken on another thread while the status is written.
        let fingerprint =
          made.map { w in { SyncQuickCheck.fingerprint(written: w.files, listing: listing, removed: removed) }
          }
          ?? Self.fingerprint(
            items: status.items, listing: listing, removed: removed, aside: record && status != old)
        // An upgraded base is saved once, so that it is not upgraded at every sync.
        if status != old || old.upgraded {
          try status.save(statusFile, lines: made?.lines)
          report.wrote = true
        }
        if record, let data = FileStamp.of(dataFile), let written = FileStamp.of(statusFile),
          let files = fingerprint()
        {
          let record = SyncQuickCheck(status: written, data: data, vdir: files)
          if record != quick { try record.save(quickFile) }
        }
      } catch { saveError = error }
    }
    if plan.listChange.isEmpty {
      try store.withLock {
        dataAsRead = FileStamp.of(dataFile) == loaded
        save()
      }
    } else {
      let change = plan.listChange
      var kept: [UUID] = []
      try store.commit(
        env: env,
        whileLocked: { made in
          report.warnings += made.warnings  // a cycle of subtasks broken (SPEC 9)
          // Deletions left out: items changed since they were read are kept.
          for (id, after) in change.after where after == nil && made.after[id] == nil {
            kept.append(id)
            if let uid = (change.before[id] ?? nil)?.icalUID { status.items[uid] = nil }
          }
          if !kept.isEmpty { dataAsRead = false }
          save()
        },
        { _ in
          dataAsRead = FileStamp.of(dataFile) == loaded
          return .sync(change)
        })
      report.wrote = true
      if !kept.isEmpty { report.warnings.append("\(kept.count) items changed during the sync were kept") }
    }
    if let saveError { throw saveError }
    report.lines = plan.report
    report.conflicts = try SyncConflicts.record(plan.conflicts, dataFile: store.resolvedPath(), at: now)
    return report
  }

  /// ``SyncQuickCheck/fingerprint(items:listing:removed:)``, taken on another thread
  /// when `aside` (the answer waits for it), else when asked.
  static func fingerprint(
    items: [String: SyncEntry], listing: [String: String], removed: Set<String>, aside: Bool
  ) -> () -> VdirFingerprint? {
    guard aside else {
      return { SyncQuickCheck.fingerprint(items: items, listing: listing, removed: removed) }
    }
    final class Box: @unchecked Sendable { var value: VdirFingerprint? }
    let box = Box()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) {
      box.value = SyncQuickCheck.fingerprint(items: items, listing: listing, removed: removed)
    }
    return {
      group.wait()
      return box.value
    }
  }

  /// Reads the vdir: UID → its file. Files that do not parse are left alone
  /// and their UIDs (as the status knows them) skipped this time.
  func readVdir(_ old: SyncStatus, report: inout SyncReport) throws -> (
    [String: VdirEntry], Set<String>, [String: String]
  ) {
    let (listing, undecodable) = try vdir.list()
    for name in undecodable.sorted() {
      report.warnings.append(
        "skipped \(vdir.path)/\(name): its name is not valid UTF-8 (rename the file to sync it)")
    }
    var byHref: [String: String] = [:]
    byHref.reserveCapacity(old.items.count)
    for (uid, e) in old.items { byHref[e.href] = uid }
    var side: [String: VdirEntry] = [:]
    side.reserveCapacity(listing.count)
    var skipped = Set<String>()
    var toRead: [String] = []
    for (href, etag) in listing {
      if let uid = byHref[href], let e = old.items[uid], e.etag == etag {
        side[uid] = VdirEntry(href: href, etag: etag, digest: e.digest, item: nil)
      } else {
        toRead.append(href)
      }
    }
    for href in toRead.sorted() {  // in name order: which of two files with one UID wins is stable
      let known = byHref[href]
      let file = vdir.path + "/" + href
      let data: Data
      let readEtag: String
      do {
        (data, readEtag) = try vdir.read(href)
      } catch {
        if let uid = known { skipped.insert(uid) }
        report.warnings.append("skipped \(file): \(Self.reason(error))")
        continue
      }
      let digest = data.withUnsafeBytes { ContentDigest.hex($0) }
      if let uid = known, old.items[uid]!.digest == digest {
        side[uid] = VdirEntry(href: href, etag: readEtag, digest: digest, item: nil)
        continue
      }
      let items: [TodoItem]
      do {
        items = try codec.parse(data, file)
      } catch {
        if let uid = known { skipped.insert(uid) }
        report.warnings.append("skipped \(file): \(Self.reason(error))")
        continue
      }
      guard items.count == 1, let item = items.first else {
        if let uid = known { skipped.insert(uid) }
        if items.count > 1 {
          report.warnings.append("skipped \(file): it holds \(items.count) to-dos, not one")
        }
        continue
      }
      let uid = item.icalUID
      if let other = side[uid] {
        // One UID in two files: the one the status knows wins; the other is left alone.
        let keepOther = byHref[other.href] == uid
        let (kept, ignored) = keepOther ? (other.href, href) : (href, other.href)
        report.warnings.append("\(kept) and \(ignored) hold the same UID; \(ignored) is ignored")
        if keepOther { continue }
      }
      side[uid] = VdirEntry(href: href, etag: readEtag, digest: digest, item: item)
    }
    return (side, skipped, listing)
  }

  /// vdirsyncer's "storage empty" guard: a side that holds nothing now, but
  /// held items at the last sync, is more likely a wrong path or a lost
  /// file than a wish to delete everything on the other side.
  func refuseMassDeletion(
    _ plan: SyncPlan, old: SyncStatus, list: [String: TodoItem], vdirCount: Int, fileCount: Int
  ) throws {
    guard !old.items.isEmpty, scope?.gone != true, scope?.emptied != true else { return }
    if vdirCount == 0, plan.listDeletions > 0, plan.listDeletions == list.count {
      throw TodoError.io(
        path: vdir.path,
        detail: "the vdir holds no items, but the last sync left \(old.items.count) there; "
          + "not deleting all \(list.count) items of the data file (remove \((try? statusPath()) ?? "the sync status") to sync afresh)"
      )
    }
    if fileCount == 0, !plan.removals.isEmpty, plan.removals.count == vdirCount {
      throw TodoError.io(
        path: store.path,
        detail: "the data file holds no items, but the last sync left \(old.items.count); "
          + "not deleting all \(vdirCount) files of the vdir (remove \((try? statusPath()) ?? "the sync status") to sync afresh)"
      )
    }
  }

  /// Holds an exclusive lock on `lockFile` (created, never truncated, not
  /// followed when a symbolic link) while `body` runs.
  func withSyncLock<T>(_ lockFile: String, _ body: () throws -> T) throws -> T {
    try FileLock.withLock(lockFile, body)
  }

  /// Why a file was skipped, without its path again and without the import's
  /// "nothing was imported" (the other files are synced).
  static func reason(_ error: Error) -> String {
    let detail: String
    switch error {
    case TodoError.badFile(_, let d), TodoError.io(_, let d): detail = d
    default: detail = "\(error)"
    }
    let tail = "; nothing was imported"
    return detail.hasSuffix(tail) ? String(detail.dropLast(tail.count)) : detail
  }
}
