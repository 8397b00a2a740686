import Foundation

/// One item's file as a sync found it in the vdir. `item` is nil when the
/// file is unchanged since the last sync (same etag, or same bytes): it was
/// not parsed, and holds what the status says.
struct VdirEntry: Sendable {
  var href: String
  var etag: String
  var digest: String
  var item: TodoItem?
}

/// What one sync will do, decided from the two sides and the status alone
/// (vdirsyncer's actions, per item, with a field-wise merge instead of a
/// conflict): files to write and delete in the vdir, the change to the
/// data file, and the status to record once both are written.
struct SyncPlan {
  /// A file to write: `expected` is the etag it must still have (nil: it must not exist).
  struct Write: Sendable {
    var uid: String
    var href: String
    var item: TodoItem
    var expected: String?
  }
  struct Removal {
    var uid: String
    var href: String
    var etag: String
    /// What the file holds, when it was parsed (for its tombstone, ``SyncTombstones``).
    var item: TodoItem? = nil
  }

  var writes: [Write] = []
  var removals: [Removal] = []
  /// The change to the data file, against the items as read.
  var listChange = Change(before: [:], after: [:], summary: "Synced")
  /// UID → entry, for items on both sides after the sync; an entry of a
  /// file still to be written gets its etag and digest when it is written.
  var status: [String: SyncEntry] = [:]
  var report: [SyncReport.Line] = []
  /// Fields changed on both sides, settled by the later LAST-MODIFIED (their time set when the sync is done).
  var conflicts: [SyncConflict] = []

  private init() {}

  /// The data file's items by UID, as a sync takes them: of two with one UID, the later
  /// one under the earlier one's UID, each later one told in `warnings`.
  static func byUID(_ items: [TodoItem], warnings: inout [String]) -> [String: TodoItem] {
    var list: [String: TodoItem] = [:]
    list.reserveCapacity(items.count)
    for item in items where list.updateValue(item, forKey: item.icalUID) != nil {
      warnings.append(duplicate(item))
    }
    return list
  }

  static func duplicate(_ item: TodoItem) -> String {
    "two items of the data file have the UID \(item.icalUID); one is synced"
  }

  /// The plan of a first sync (no status, nothing parsed in the vdir, none skipped) of
  /// the data file's `items`: every item (by UID, ``byUID(_:warnings:)``, without the
  /// dictionary) a new file, named as ``init(list:vdir:old:skipped:existing:)`` names it,
  /// in the same order; its status entries and report lines are left to ``recordNew()``,
  /// which a sync runs while the files are made (`SyncPlanFirstTests` holds the two plans equal).
  static func allNew(items: [TodoItem], existing: [String: String], warnings: inout [String]) -> SyncPlan {
    var keys: [(uid: String, index: Int)] = []
    keys.reserveCapacity(items.count)
    for i in items.indices { keys.append((items[i].icalUID, i)) }
    keys.sort { $0.uid < $1.uid || ($0.uid == $1.uid && $0.index < $1.index) }
    var plan = SyncPlan()
    var planned = Set<String>(minimumCapacity: keys.count)
    plan.writes.reserveCapacity(keys.count)
    var later: [Int] = []
    var s = 0
    while s < keys.count {
      let uid = keys[s].uid
      var e = s + 1
      while e < keys.count && keys[e].uid == uid {
        later.append(keys[e].index)
        e += 1
      }
      let href = VdirFolder.href(forUID: uid) { planned.contains($0) || existing[$0] != nil }
      planned.insert(href)
      plan.writes.append(Write(uid: uid, href: href, item: items[keys[e - 1].index], expected: nil))
      s = e
    }
    for i in later.sorted() { warnings.append(duplicate(items[i])) }
    return plan
  }

  /// The status entries and report lines of the writes of ``allNew(items:existing:warnings:)``.
  mutating func recordNew() {
    status.reserveCapacity(writes.count)
    report.reserveCapacity(writes.count)
    for w in writes {
      status[w.uid] = SyncEntry(href: w.href, etag: "", digest: "", base: SyncFields(w.item))
      report.append(.init(side: .vdir, kind: .created, title: w.item.title, uid: w.uid))
    }
  }

  /// Decides every item: `list` by UID, `vdir` by UID, `old` the last status.
  /// `skipped` UIDs (files that did not parse) are left as they are;
  /// `existing` are the vdir's files (href → etag), whose names a new file avoids;
  /// `tombs` the items our sync deleted from the vdir lately (``SyncTombstones``).
  init(
    list: [String: TodoItem], vdir: [String: VdirEntry], old: [String: SyncEntry],
    skipped: Set<String>, existing: [String: String], tombs: [String: SyncTombstone] = [:]
  ) {
    var planned = Set<String>()
    func taken(_ href: String) -> Bool { planned.contains(href) || existing[href] != nil }
    var uids = Set(list.keys)
    uids.formUnion(vdir.keys)
    uids.formUnion(old.keys)
    let (renamed, gone) = Self.reidentified(list: list, vdir: vdir, old: old, skipped: skipped)
    status.reserveCapacity(uids.count)
    report.reserveCapacity(uids.count)
    for uid in uids.sorted() {
      if skipped.contains(uid) {
        if let e = old[uid] { status[uid] = e }
        continue
      }
      if gone.contains(uid) { continue }  // the same item under its new UID, below
      let entry = old[uid]
      if let l = renamed[uid], let v = vdir[uid], let vItem = v.item {
        update(l, vdir: v, vItem, base: old[l.icalUID]?.base, uid: uid)
        continue
      }
      switch (list[uid], vdir[uid]) {
      case (let l?, let v?):
        if v.item == nil, let entry, SyncFields(l) == entry.base {
          // Unchanged on both sides (the common case): only the etag may be new.
          status[uid] = SyncEntry(href: v.href, etag: v.etag, digest: v.digest, base: entry.base)
          continue
        }
        update(l, vdir: v, v.item ?? entry?.base.applied(to: l) ?? l, base: entry?.base, uid: uid)

      case (let l?, nil):
        if let entry, SyncFields(l) == entry.base {
          // Deleted in the vdir, unchanged here since: deleted here too.
          listChange.before[l.id] = l
          listChange.after[l.id] = .some(nil)
          report.append(.init(side: .list, kind: .deleted, title: l.title, uid: uid))
          continue
        }
        // New here, or changed here since the vdir deleted it: (re)created there.
        var href = entry?.href ?? ""
        if href.isEmpty || taken(href) { href = VdirFolder.href(forUID: uid, taken: taken) }
        planned.insert(href)
        writes.append(Write(uid: uid, href: href, item: l, expected: nil))
        status[uid] = SyncEntry(href: href, etag: "", digest: "", base: SyncFields(l))
        report.append(
          .init(side: .vdir, kind: entry == nil ? .created : .kept, title: l.title, uid: uid))

      case (nil, let v?):
        let unchanged = entry.map { e in v.item.map { SyncFields($0) == e.base } ?? true } ?? false
        if let entry, unchanged {
          // Deleted here, unchanged in the vdir since: deleted there too.
          removals.append(Removal(uid: uid, href: v.href, etag: v.etag, item: v.item))
          report.append(.init(side: .vdir, kind: .deleted, title: entry.base.title, uid: uid))
          continue
        }
        guard let item = v.item else { continue }  // not reached: no entry means it was parsed
        let tomb = entry == nil ? tombs[uid] : nil
        if let tomb, tomb.echoes(item) {
          // Back after our sync deleted it, as we wrote it: our own upload, whose answer
          // was lost, brought back by vdirsyncer (issue 34). Deleted again.
          removals.append(Removal(uid: uid, href: v.href, etag: v.etag, item: item))
          report.append(.init(side: .vdir, kind: .deleted, title: item.title, uid: uid))
          continue
        }
        // New there; or back after we deleted it, changed elsewhere since: kept, told.
        listChange.before[item.id] = .some(nil)
        listChange.after[item.id] = item
        status[uid] = SyncEntry(href: v.href, etag: v.etag, digest: v.digest, base: SyncFields(item))
        report.append(
          .init(
            side: .list, kind: entry == nil && tomb == nil ? .created : .kept, title: item.title, uid: uid))

      case (nil, nil):
        continue  // deleted on both sides
      }
    }
  }

  /// The list item `l` and the vdir's `vItem` (from `v`), merged: the list
  /// gets the merged item when it differs, the vdir file when its fields do.
  private mutating func update(
    _ l: TodoItem, vdir v: VdirEntry, _ vItem: TodoItem, base: SyncFields?, uid: String
  ) {
    var settled: [SyncMerge.Settled] = []
    var merged = SyncMerge.merge(list: l, vdir: vItem, base: base, settled: &settled)
    conflicts += settled.map {
      SyncConflict(
        id: l.id, uid: uid, title: merged.title, field: $0.field.name, kept: $0.kept, setAside: $0.setAside,
        at: .distantPast)
    }
    if vItem.icalUID != l.icalUID { merged.uid = vItem.uid }  // re-identified: the vdir's new UID
    let fields = SyncFields(merged)
    if fields != SyncFields(l) || !Self.sameDelivery(merged, l) || merged.uid != l.uid {
      listChange.before[l.id] = l
      listChange.after[l.id] = merged
      report.append(.init(side: .list, kind: .updated, title: merged.title, uid: uid))
    }
    status[uid] = SyncEntry(href: v.href, etag: v.etag, digest: v.digest, base: fields)
    if fields != SyncFields(vItem) {
      writes.append(Write(uid: uid, href: v.href, item: merged, expected: v.etag))
      report.append(.init(side: .vdir, kind: .updated, title: merged.title, uid: uid))
    }
  }

  /// Items whose UID changed in the vdir but not their UUID (a client that
  /// changes a UUID-shaped UID's case): a vdir file new since the last sync
  /// whose item has the UUID of a list item that the vdir no longer holds
  /// under its old UID. Such an item is updated, not deleted and made again,
  /// so that what only the list keeps (a reminder, delivery records, unknown
  /// keys) stays. Returns new UID → the list item, and the old UIDs.
  static func reidentified(
    list: [String: TodoItem], vdir: [String: VdirEntry], old: [String: SyncEntry], skipped: Set<String>
  ) -> ([String: TodoItem], Set<String>) {
    var byID: [UUID: TodoItem] = [:]
    for (uid, v) in vdir where list[uid] == nil && old[uid] == nil {
      if let item = v.item { byID[item.id] = item }
    }
    guard !byID.isEmpty else { return ([:], []) }
    var renamed: [String: TodoItem] = [:]
    var gone = Set<String>()
    for (uid, l) in list where vdir[uid] == nil && !skipped.contains(uid) {
      guard let item = byID[l.id], renamed[item.icalUID] == nil else { continue }
      renamed[item.icalUID] = l
      gone.insert(uid)
    }
    return (renamed, gone)
  }

  static func sameDelivery(_ a: TodoItem, _ b: TodoItem) -> Bool {
    a.modified == b.modified && ItemField.deliveryFields.allSatisfy { $0.get(a) == $0.get(b) }
  }

  /// Items the plan deletes from the data file.
  var listDeletions: Int { listChange.after.values.filter { $0 == nil }.count }
}

/// What a sync did, side by side.
public struct SyncReport: Equatable, Sendable {
  public enum Side: String, Sendable { case list, vdir }
  public enum Kind: String, Sendable { case created, updated, deleted, kept }
  /// One item created, updated or deleted on one side; `kept` is an item
  /// deleted on the other side but changed on this one since the last
  /// sync, created again on `side`.
  public struct Line: Equatable, Sendable {
    public var side: Side
    public var kind: Kind
    public var title: String
    public var uid: String
  }
  public var lines: [Line] = []
  /// Files that were not read (and were left alone), and other notes.
  public var warnings: [String] = []
  /// Whether anything was written (vdir files, the data file or the status).
  public var wrote = false
  /// Fields changed on both sides: the value kept and the one set aside (SPEC 10).
  public var conflicts: [SyncConflict] = []

  /// How many lines of `kind` on `side`.
  public func count(_ side: Side, _ kind: Kind) -> Int {
    lines.reduce(0) { $0 + ($1.side == side && $1.kind == kind ? 1 : 0) }
  }
}
