import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A collection deleted on one side, as our sync of a vdir root sees it
/// (issue 28; ``ServerCollections`` for the server's side).
extension VdirSync {
  /// Whether the collection `folder` of the root is marked deleted on the server.
  static func isGone(_ root: VdirCollections, _ folder: String) -> Bool {
    FileManager.default.fileExists(atPath: root.root + "/" + folder + "/" + ServerCollections.goneMarker)
  }

  /// After the collection marked gone was synced (the deletions of its files
  /// in step with the server crossed, but not onto items changed here since):
  /// its list is removed, the items still in it moved to the default list, its
  /// folder and its sync records removed; told in one line. The only list of
  /// the file stays (a file keeps one): only its mark goes, and the server gets it again.
  func dissolveGone(_ root: VdirCollections, folder: String, report: inout SyncReport) throws {
    let dir = root.root + "/" + folder
    let doc = try store.load()
    guard let list = doc.lists.list(id: folder) else {
      try removeCollection(root, folder)
      return
    }
    guard doc.lists.lists.count > 1 else {
      unlink(dir + "/" + ServerCollections.goneMarker)
      report.warnings.append(
        "the calendar “\(list.name)” was deleted on the server; it is the only list, so it is kept and made there again"
      )
      return
    }
    // The members as read; under the lock each is taken as it is then (one
    // added meanwhile names a list gone: it is in the default list all the same).
    let members = doc.items.filter { doc.lists.listID(of: $0) == folder }.map(\.id)
    var kept: [String] = []
    var into = ""
    try store.commit(env: env) { source in
      var book = source.lists
      book.remove(id: folder)
      into = book.first.name
      kept = []
      var change = Change(before: [:], after: [:], summary: "Removed the list “\(list.name)”")
      for id in members {
        guard let item = source.item(id) else { continue }
        var moved = item
        moved.list = book.field(for: book.first.id)
        change.before[id] = item
        change.after[id] = moved
        kept.append(item.title)
      }
      change.lists = (source.lists, book)
      return .sync(change)
    }
    try removeCollection(root, folder)
    report.wrote = true
    report.warnings.append(
      "the calendar “\(list.name)” was deleted on the server: its list is removed here"
        + (kept.isEmpty
          ? ""
          : "; \(kept.count) item\(kept.count == 1 ? "" : "s") changed here since the last sync "
            + "moved to “\(into)”: " + kept.sorted().map { "“\($0)”" }.joined(separator: ", ")))
  }

  /// A list deleted here whose collection is still there (it was synced
  /// before): when every file of the folder is as the last sync left it, the
  /// folder goes, with its sync records, and is noted for the server
  /// (``ServerCollections/deletedFile``); answers true. A file new or changed
  /// there since keeps the collection (answers false: the list comes back), told.
  func removeDeletedHere(_ root: VdirCollections, _ found: VdirCollections.Found, report: inout SyncReport)
    throws -> Bool
  {
    let dir = root.root + "/" + found.folder
    let status = try SyncStatus.load(
      SyncStatus.path(dataFile: try store.resolvedPath(), vdir: dir), vdir: dir)
    let (files, undecodable) = try VdirFolder(path: dir).list()
    var known: [String: String] = [:]
    for e in status.items.values { known[e.href] = e.etag }
    let changed = files.filter { known[$0.key] != $0.value }.count + undecodable.count
    guard changed == 0 else {
      report.warnings.append(
        "the list “\(found.list.name)” was deleted here, but \(changed) of its items changed in \(dir) "
          + "since the last sync; the list is kept")
      return false
    }
    try removeCollection(root, found.folder)
    var deleted = ServerCollections.deletedHere(root.root)
    if !deleted.contains(found.folder) { deleted.append(found.folder) }
    try ServerCollections.setDeletedHere(root.root, deleted)
    report.wrote = true
    return true
  }

  /// Removes a collection's folder and what our sync keeps for it (status, quick record, base).
  func removeCollection(_ root: VdirCollections, _ folder: String) throws {
    let dir = root.root + "/" + folder
    let status = SyncStatus.path(dataFile: try store.resolvedPath(), vdir: dir)
    let side = [SyncQuickCheck.path(ofStatus: status), SyncTombstones.path(ofStatus: status)]
    for path in [status] + side + [status + ".list", status + ".lock"] {
      unlink(path)
    }
    if FileManager.default.fileExists(atPath: dir) {
      do {
        try FileManager.default.removeItem(atPath: dir)
      } catch {
        throw TodoError.io(path: dir, detail: "cannot remove the folder: \(error.localizedDescription)")
      }
    }
  }
}
