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
      let status = try decode(data)
      guard status.version == 1 else {
        throw TodoError.io(
          path: file, detail: "a sync status of version \(status.version) (this program knows 1)")
      }
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
