import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The fields of an item that travel through a vdir (``ItemField/synced``):
/// what a sync compares to tell whether a side changed an item, and merges
/// field by field. Creation time, LAST-MODIFIED, SEQUENCE and the delivery
/// records travel too but are not changes of their own (see ``SyncMerge``).
/// Read and set as the item's own fields (`fields.title`); only the synced ones count.
@dynamicMemberLookup
struct SyncFields: Equatable, Sendable, CustomStringConvertible {
  /// An item holding the synced fields (the others are blank and do not count).
  private(set) var item: TodoItem

  init(title: String) {
    item = TodoItem(
      id: ItemField.blankID, title: title, deadline: nil, created: Date(timeIntervalSince1970: 0))
  }

  init(_ source: TodoItem) {
    self.init(title: "")
    item = applied(to: item, from: source)
  }

  subscript<T>(dynamicMember kp: WritableKeyPath<TodoItem, T>) -> T {
    get { item[keyPath: kp] }
    set { item[keyPath: kp] = newValue }
  }

  /// The value of synced field `f`.
  subscript(_ f: ItemField) -> FieldValue {
    get { f.get(item) }
    set { f.set(&item, newValue) }
  }

  /// `target` with these fields.
  func applied(to target: TodoItem) -> TodoItem { applied(to: target, from: item) }

  private func applied(to target: TodoItem, from source: TodoItem) -> TodoItem {
    var out = target
    for f in ItemField.syncedFields { f.set(&out, f.get(source)) }
    return out
  }

  /// These fields as today's mapping reads them (SPEC 8): the kept text's properties that now
  /// have fields moved into them, by the one step the data file takes when it is read
  /// (``TodoItem/adoptingKeptFields(calendar:)``). A base of an older version held them as
  /// kept text; compared as it was, an upgrade looked like a change on both sides.
  mutating func adoptKeptFields(calendar: Calendar = .localGregorian) {
    guard item.keepsAdoptableProperties else { return }
    // The blank item's creation (1970) is no instant an item may hold: the round trip takes a real one.
    var probe = item
    probe.created = Date(timeIntervalSince1970: 1_700_000_000)
    item = applied(to: item, from: probe.adoptingKeptFields(calendar: calendar))
  }

  static func == (a: SyncFields, b: SyncFields) -> Bool {
    ItemField.syncedFields.allSatisfy { $0.get(a.item) == $0.get(b.item) }
  }

  /// The fields by name and value: what decides a tie between two sides (``SyncMerge/later(_:than:)``).
  var description: String {
    ItemField.syncedFields.map { "\($0.name): \($0.get(item))" }.joined(separator: ", ")
  }
}

/// What the last sync left on both sides for one item (by UID): the vdir
/// file (href, etag, digest of its bytes) and the fields both sides held.
struct SyncEntry: Equatable, Sendable {
  var href: String
  var etag: String
  var digest: String
  var base: SyncFields
}

/// The per-item status of one data file against one vdir, kept beside the
/// data file (`todos.plist.sync-<hash of the vdir path>.status`, see
/// `SyncStatus+Lines.swift` for its text), as
/// vdirsyncer keeps its status per pair. Written atomically, under the data
/// file's lock, after both sides were written; never written when nothing changed.
struct SyncStatus: Equatable, Sendable {
  var version = 1
  /// The vdir, as an absolute path.
  var vdir: String
  /// UID → what both sides held.
  var items: [String: SyncEntry] = [:]
  /// Some base was upgraded when read (``adoptKeptFields(calendar:)``): the next sync saves it, once.
  var upgraded = false

  /// The status file for `dataFile` (the resolved data file) and `vdir` (absolute).
  static func path(dataFile: String, vdir: String) -> String {
    dataFile + ".sync-" + String(ContentDigest.hex(Array(vdir.utf8)).prefix(12)) + ".status"
  }

  /// The status in `file`, or an empty one when there is none yet.
  static func load(_ file: String, vdir: String) throws -> SyncStatus {
    let data: Data
    do {
      data = try Data(contentsOf: URL(fileURLWithPath: file))
    } catch let e as CocoaError where e.code == .fileReadNoSuchFile {
      return SyncStatus(vdir: vdir)
    } catch {
      throw TodoError.io(path: file, detail: "cannot read the sync status: \(error.localizedDescription)")
    }
    do {
      var status = try decode(data)
      guard status.version == 1 else {
        throw TodoError.io(
          path: file, detail: "a sync status of version \(status.version) (this program knows 1)")
      }
      status.adoptKeptFields()
      return status
    } catch let e as TodoError {
      throw e
    } catch {
      throw TodoError.corruptFile(
        path: file, detail: "the sync status does not parse (\(error)); remove it to sync afresh")
    }
  }

  /// Replaces `file` atomically (``AtomicFile``: temporary file, fsync, rename, fsync of the folder).
  /// `lines`: as ``encoded(lines:)``.
  func save(_ file: String, lines: [UInt8]? = nil) throws {
    do {
      try AtomicFile.replace(file, with: encoded(lines: lines))
    } catch let e as SystemError {
      throw AtomicFile.failure(e, path: file)
    }
  }
}

extension SyncStatus {
  /// Every base as today's mapping reads it (``SyncFields/adoptKeptFields(calendar:)``), as the
  /// data file's items are when it is read (``TodoDocument/adoptKeptFields(calendar:)``): the
  /// next sync saves them so, even with nothing else to do. Only bases with kept text are looked at.
  mutating func adoptKeptFields(calendar: Calendar = .localGregorian) {
    let old = items.keys.filter { items[$0]!.base.item.keepsAdoptableProperties }
    for uid in old { items[uid]!.base.adoptKeptFields(calendar: calendar) }
    upgraded = !old.isEmpty
  }
}
