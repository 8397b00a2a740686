import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A vdir root (SPEC 9, "Lists in sync"): a folder whose subfolders are
/// collections, as vdirsyncer's `filesystem` storage writes them with
/// `collections = ["from a", "from b"]` and todoman reads them
/// (`path = "~/.calendars/*"`). Each subfolder is one list: its id is the
/// folder's name, its name the folder's `displayname` file (else the folder's
/// name), its colour the `color` file (vdirsyncer's `metasync` keeps both).
///
/// Which folder is which: a folder with `.ics` files directly in it is one
/// collection (today's `--vdir DIR`); a folder with none, and with at least
/// one subfolder (not hidden), is a root; an empty folder is a root for a
/// data file of several lists, else one collection.
struct VdirCollections {
  struct Found: Equatable {
    var folder: String
    var list: NamedList
  }

  /// The root's path.
  let root: String

  /// The root at `path`, or nil when it is a single collection (or missing).
  /// An empty folder is a root when `emptyIsRoot` says so (a data file of
  /// several lists), else one collection.
  init?(path: String, emptyIsRoot: () -> Bool = { false }) {
    guard let (names, _) = VdirFolder.names(in: path, ending: "") else { return nil }
    guard !names.contains(where: { $0.hasSuffix(VdirFolder.fileExtension) && Self.isFile(path + "/" + $0) })
    else {
      return nil
    }
    if !names.contains(where: { Self.isFolder(path + "/" + $0) }) {
      guard names.isEmpty, emptyIsRoot() else { return nil }
    }
    root = path
  }

  static func isFolder(_ p: String) -> Bool {
    var st = stat()
    return stat(p, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
  }

  static func isFile(_ p: String) -> Bool {
    var st = stat()
    return stat(p, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
  }

  /// The collections, by folder name.
  func collections() -> [Found] {
    guard let (names, _) = VdirFolder.names(in: root, ending: "") else { return [] }
    return names.sorted().filter { Self.isFolder(root + "/" + $0) }.map { name in
      let dir = root + "/" + name
      let display = Self.metadata(dir, "displayname")
      return Found(
        folder: name, list: NamedList(id: name, name: display ?? name, color: Self.metadata(dir, "color")))
    }
  }

  /// A metadata file's first line (vdirsyncer writes it without a line feed), or nil when missing or empty.
  static func metadata(_ dir: String, _ name: String) -> String? {
    guard let data = FileManager.default.contents(atPath: dir + "/" + name) else { return nil }
    let text = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).first.map(String.init)
    let t = text?.trimmingCharacters(in: .whitespaces) ?? ""
    return t.isEmpty ? nil : t
  }

  /// Writes a collection's `displayname` and `color` (none: no `color` file), each atomically.
  static func writeMetadata(_ dir: String, _ list: NamedList) throws {
    try Store.makeFolders(dir)
    try AtomicFile.replace(dir + "/displayname", with: Array(list.name.utf8))
    if let c = list.color {
      try AtomicFile.replace(dir + "/color", with: Array(c.utf8))
    } else {
      unlink(dir + "/color")
    }
  }
}

/// Where a collection's sync is limited to one list, and what it leaves to
/// the second pass (``VdirSync/runRoot(_:)``).
struct CollectionScope {
  /// The list this collection holds.
  var listID: String
  /// The first pass: deletions here of items gone from the collection, and
  /// files written there of items its status does not know, wait for the
  /// second. An item that moved between collections (a phone: DELETE in one,
  /// PUT in the other) then arrives in its new list before it could be taken
  /// for deleted, and one that moved here leaves its old folder first: one
  /// item on each side, never two, whenever a sync is killed.
  var firstPass: Bool
  /// UIDs the other collections' statuses hold: a file of one of them is not
  /// written here until the other collection has let it go.
  var elsewhere: Set<String>
  /// Whether something was left for the second pass.
  var deferred = false
  /// The collection was deleted on the server (``ServerCollections/goneMarker``):
  /// its files may all be gone, no guard against a side emptied.
  var gone = false
  /// The collection was emptied on the server and vdirsyncer carried it out
  /// here (``ServerSync/emptiedMarker``): its files are all gone on purpose.
  var emptied = false

  /// The items of the data file in this list.
  func filter(_ list: inout [String: TodoItem], lists: ListBook) {
    list = list.filter { lists.listID(of: $0.value) == listID }
  }

  /// The plan of this collection, with arrivals put in its list and what waits taken out.
  mutating func adjust(_ plan: inout SyncPlan, old: SyncStatus, lists: ListBook) {
    let field = lists.field(for: listID)
    for (id, after) in plan.listChange.after {
      // An arrival: into this list (an item of another list here moves to it).
      guard var item = after, (plan.listChange.before[id] ?? nil) == nil else { continue }
      item.list = field
      plan.listChange.after[id] = item
    }
    var waiting = Set<String>()
    if firstPass {
      for (id, after) in plan.listChange.after where after == nil {
        guard let uid = (plan.listChange.before[id] ?? nil)?.icalUID else { continue }
        plan.listChange.after[id] = nil
        plan.listChange.before[id] = nil
        plan.status[uid] = old.items[uid]
        waiting.insert(uid)
      }
    }
    // A file new to the folder: in the second pass, once no other collection holds its item.
    plan.writes.removeAll { w in
      guard w.expected == nil, firstPass || (old.items[w.uid] == nil && elsewhere.contains(w.uid)) else {
        return false
      }
      plan.status[w.uid] = old.items[w.uid]
      waiting.insert(w.uid)
      return true
    }
    guard !waiting.isEmpty else { return }
    deferred = true
    plan.report.removeAll { waiting.contains($0.uid) }
  }
}

extension VdirSync {
  /// A sync of a vdir root: the lists and the collections made to match
  /// (``VdirCollections``), then each collection synced with its list, in two
  /// passes (``CollectionScope``).
  /// `first`: the data file as read to tell the root (nil: read here).
  func runRoot(_ root: VdirCollections, first: (doc: TodoDocument, stamp: FileStamp?)? = nil) throws
    -> SyncReport
  {
    var report = SyncReport()
    var stamp: FileStamp? = first?.stamp
    var doc = try first?.doc ?? store.load(opened: { stamp = FileStamp.of(fd: $0) })
    let dataFile = try store.resolvedPath()
    // The root's entries and the collections' metadata, stamped before they are read (SyncRootQuick).
    let before = SyncRootQuick.entries(of: root.root)
    let metadata = (before?.folders ?? []).map {
      SyncRootQuick.metadata(root: root.root, folder: $0, dataFile: dataFile)
    }
    let found = try syncLists(root, doc: &doc, report: &report)
    let listsStamp = stamp
    func statusItems(_ folder: String) -> Set<String> {
      let path = root.root + "/" + folder
      return Set(
        ((try? SyncStatus.load(SyncStatus.path(dataFile: dataFile, vdir: path), vdir: path))?.items ?? [:])
          .keys)
    }
    // The UIDs each collection's status holds: only the second pass needs them
    // (the first writes no file new to a folder), read then and after each collection.
    var known: [String: Set<String>]? = nil
    var again: [String] = []
    for pass in [true, false] {
      if !pass && !again.isEmpty {
        known = Dictionary(uniqueKeysWithValues: found.map { ($0, statusItems($0)) })
      }
      for folder in pass ? found : again {
        let elsewhere = (known ?? [:]).filter { $0.key != folder }.values.reduce(into: Set<String>()) {
          $0.formUnion($1)
        }
        let child = VdirSync(
          store: store, vdirPath: root.root + "/" + folder, codec: codec, env: env)
        child.scope = CollectionScope(listID: folder, firstPass: pass, elsewhere: elsewhere)
        child.scope?.gone = Self.isGone(root, folder)
        let emptiedMarker = root.root + "/" + folder + "/" + ServerSync.emptiedMarker
        child.scope?.emptied = FileManager.default.fileExists(atPath: emptiedMarker)
        child.preloaded = doc
        child.preloadedStamp = stamp
        let r = try child.run()
        // Carried out (or, deferred, at the second pass).
        if child.scope?.emptied == true, child.scope?.deferred != true { unlink(emptiedMarker) }
        // Read again once a collection changed it (its change was merged into the file as it was then).
        if r.lines.contains(where: { $0.side == .list }) {
          doc = try store.load(opened: { stamp = FileStamp.of(fd: $0) })
        }
        report.lines += r.lines
        report.warnings += r.warnings
        report.conflicts += r.conflicts
        report.wrote = report.wrote || r.wrote
        if !pass { known?[folder] = statusItems(folder) }
        if pass, child.scope?.deferred == true { again.append(folder) }
      }
    }
    var dissolved = false
    for folder in found where Self.isGone(root, folder) {
      try dissolveGone(root, folder: folder, report: &report)  // deleted on the server (issue 28)
      dissolved = true
    }
    // The record, when the data file is still the one the lists were matched with (no
    // list adopted, no item changed here by a collection, no other writer) and nothing
    // is to be told again: from each collection's own, stamps taken before reading.
    if !dissolved, report.warnings.isEmpty, let before, let stamp, stamp == listsStamp,
      found.sorted() == before.folders, FileStamp.of(dataFile) == stamp
    {
      try saveQuick(root, before: before, metadata: metadata, data: stamp, dataFile: dataFile)
    }
    return report
  }

  /// The root's quick record after a sync that had nothing to do, from each
  /// collection's own (for the data file `data`); none when one is missing.
  func saveQuick(
    _ root: VdirCollections, before: (names: VdirFingerprint, folders: [String]),
    metadata: [VdirFingerprint?], data: FileStamp, dataFile: String
  ) throws {
    var folders: [SyncRootQuick.Folder] = []
    for (k, name) in before.folders.enumerated() {
      let statusFile = SyncStatus.path(dataFile: dataFile, vdir: root.root + "/" + name)
      guard let q = SyncQuickCheck.load(SyncQuickCheck.path(ofStatus: statusFile)), q.data == data,
        FileStamp.of(statusFile) == q.status, let meta = metadata[k]
      else { return }
      folders.append(.init(name: name, status: q.status, vdir: q.vdir, meta: meta))
    }
    guard !folders.isEmpty else { return }
    let file = SyncQuickCheck.path(ofStatus: try statusPath())
    let record = SyncRootQuick(data: data, names: before.names, folders: folders)
    guard SyncRootQuick.load(file) != record else { return }
    AtomicFile.removeTemporaries(of: file)
    try record.save(file)
  }

  /// The lists made to match the collections: a collection new there becomes
  /// a list here, a list made here a collection (its folder with `displayname`
  /// and `color`); a name or colour changed on one side since the last sync
  /// (kept beside the collection's status) reaches the other, this side's
  /// winning when both changed. Answers the folders to sync, in order.
  func syncLists(_ root: VdirCollections, doc: inout TodoDocument, report: inout SyncReport) throws
    -> [String]
  {
    let dataFile = try store.resolvedPath()
    func basePath(_ folder: String) -> String {
      SyncStatus.path(dataFile: dataFile, vdir: root.root + "/" + folder) + ".list"
    }
    let collections = root.collections()
    var adopt: [NamedList] = []
    var removed = Set<String>()
    let here = doc.lists
    for c in collections {
      let base = Self.readBase(basePath(c.folder))
      guard let mine = here.list(id: c.folder) else {
        // Synced before, its list deleted here since: the collection goes too (issue 28).
        if base != nil, try removeDeletedHere(root, c, report: &report) {
          removed.insert(c.folder)
        } else {
          adopt.append(c.list)
        }
        continue
      }
      if mine != c.list, base == mine || base == nil && c.list.name != c.folder {
        adopt.append(c.list)  // changed there (or first seen there with a name): taken here
      }
    }
    if !adopt.isEmpty {
      try store.commit(.adoptLists(adopt), env: env)
      doc = try store.load()
    }
    let lists = doc.lists
    var folders = collections.map(\.folder).filter { !removed.contains($0) }
    for list in lists.lists {
      let dir = root.root + "/" + list.id
      let present = collections.contains { $0.folder == list.id }
      if !present {
        if FileManager.default.fileExists(atPath: basePath(list.id)) {
          report.warnings.append(
            "the collection \(list.id) (list “\(list.name)”) is gone from \(root.root); the list is kept here"
          )
          continue
        }
        // The implicit Tasks, empty, makes no collection.
        if !lists.stored && !doc.items.contains(where: { lists.listID(of: $0) == list.id }) { continue }
        folders.append(list.id)
      }
      if !present || collections.first(where: { $0.folder == list.id })?.list != list {
        try VdirCollections.writeMetadata(dir, list)
        report.wrote = true
      }
      try Self.writeBase(basePath(list.id), list)
    }
    return folders.filter { lists.list(id: $0) != nil }
  }

  /// The name and colour of a collection at its last sync.
  static func readBase(_ path: String) -> NamedList? {
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count >= 3 else { return nil }
    return NamedList(
      id: String(lines[0]), name: String(lines[1]), color: lines[2].isEmpty ? nil : String(lines[2]))
  }

  static func writeBase(_ path: String, _ list: NamedList) throws {
    guard readBase(path) != list else { return }
    try AtomicFile.replace(path, with: Array("\(list.id)\n\(list.name)\n\(list.color ?? "")\n".utf8))
  }
}
