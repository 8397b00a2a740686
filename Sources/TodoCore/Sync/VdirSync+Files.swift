import Foundation

/// The sync's first step: the plan's files written in the vdir.
extension VdirSync {
  /// What a first sync made of its status as its files were made
  /// (``writeFiles(_:old:allNew:now:batch:report:)``): the line of every
  /// entry in the order of their UIDs (``SyncStatus/appendLine(_:_:to:)``) and the
  /// fingerprint of the files (``VdirFingerprint``), `count` entries.
  struct Written {
    var lines: [UInt8] = []
    var files = VdirFingerprint()
    var count = 0
  }

  /// 1. The vdir: the plan's files written (many new ones made ahead on other threads,
  /// ``VdirRender``) and each written file's etag and digest put in its status entry;
  /// a file changed by someone else meanwhile is left for the next sync (its entry
  /// the old one, and a warning), in the order of the writes. `allNew`: the plan is
  /// ``SyncPlan/allNew(items:existing:warnings:)``'s, its entries recorded while the first files
  /// are made; then, when every file was made ahead, their status lines and fingerprint
  /// are made as they come (in the writes' order, the UIDs' order), else nil.
  func writeFiles(
    _ plan: inout SyncPlan, old: SyncStatus, allNew: Bool, now: Date, batch: VdirFolder.Batch,
    report: inout SyncReport
  ) throws -> Written? {
    let writes = plan.writes
    var digests = [String](repeating: "", count: writes.count)
    // The writes whose entries have their files already (made ahead and in place).
    var done = [Bool](repeating: false, count: writes.count)
    // Many new files: written in the staging folder and moved into place on other threads (VdirRender).
    let ahead = writes.count >= VdirRender.minimumAhead ? try batch.aheadFolders() : nil
    let aheadIn = ahead.map { (staging: $0.staging, folder: $0.folder, path: vdir.path) }
    var written = Written()
    var whole = allNew && ahead != nil
    if whole { written.lines.reserveCapacity(writes.count * 160) }
    try VdirRender.each(
      writes, codec: codec, now: now, stagedIn: aheadIn,
      meanwhile: { if allNew { plan.recordNew() } }
    ) { k, r in
      guard r.ahead else {
        digests[k] = r.digest
        try batch.stage(r.data, as: writes[k].href, fresh: writes[k].expected == nil)
        return
      }
      batch.movedAhead()
      guard let etag = r.etag else {
        digests[k] = r.digest
        return
      }
      done[k] = true
      let uid = writes[k].uid
      let entry = Self.update(&plan.status[uid], etag: etag, digest: r.digest)
      guard whole, let stamp = r.stamp, let entry else {
        whole = false
        return
      }
      SyncStatus.appendLine(uid, entry, to: &written.lines)
      written.files.add(name: writes[k].href.utf8, stamp)
      written.count += 1
    }
    var expected: [String: String?]? = nil  // made when first asked: only files replaced are
    let placed = try batch.commit(stillExpected: { href in
      if expected == nil {
        expected = Dictionary(writes.map { ($0.href, $0.expected) }, uniquingKeysWith: { a, _ in a })
      }
      return self.vdir.currentEtag(href) == (expected![href] ?? nil)
    })
    for k in writes.indices where !done[k] {
      let uid = writes[k].uid
      if let etag = placed[writes[k].href] {
        Self.update(&plan.status[uid], etag: etag, digest: digests[k])
      } else {
        // Changed by someone else meanwhile: left for the next sync.
        plan.status[uid] = old.items[uid]
        report.warnings.append("\(writes[k].href) changed during the sync; it is synced next time")
        whole = false
      }
    }
    return whole && written.count == writes.count ? written : nil
  }

  /// A written file's etag and digest in its status entry (found once); the entry now.
  @discardableResult
  static func update(_ entry: inout SyncEntry?, etag: String, digest: String) -> SyncEntry? {
    entry?.etag = etag
    entry?.digest = digest
    return entry
  }
}

extension VdirSync {
  /// Before the plan's files go: what each held, beside the status (``SyncTombstones``), so
  /// that one coming back from the server as we wrote it is known for our own; written
  /// first, so that a kill before the status is saved loses none. Saved only when changed.
  func recordTombs(_ tombs: inout SyncTombstones, plan: SyncPlan, old: SyncStatus, now: Date, file: String)
    throws
  {
    let before = tombs
    let removals = plan.removals.map { r in
      // A file unchanged since the last sync was not parsed: read now (deletions are few).
      (
        uid: r.uid,
        item: r.item ?? (try? vdir.read(r.href)).flatMap { try? codec.parse($0.data, r.href).first }
      )
    }
    tombs.record(removals, old: old.items, status: plan.status, now: now)
    if tombs != before { try tombs.save(file) }
  }
}
