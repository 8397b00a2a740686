import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The fields of an item that travel through a vdir: what a sync compares
/// to tell whether a side changed an item, and merges field by field.
/// Creation time, LAST-MODIFIED, SEQUENCE and the delivery records travel
/// too but are not changes of their own (see ``SyncMerge``).
struct SyncFields: Equatable, Sendable {
  var title: String
  var deadline: Date?
  var completed: Date?
  var cancelled: Bool
  var repeatRule: String?
  var warn: Int?
  var icalExtra: String?

  init(title: String) {
    self.title = title
    cancelled = false
  }

  init(_ item: TodoItem) {
    title = item.title
    deadline = item.deadline
    completed = item.completed
    cancelled = item.cancelled
    repeatRule = item.repeatRule
    warn = item.warn
    icalExtra = item.icalExtra
  }

  /// `item` with these fields.
  func applied(to item: TodoItem) -> TodoItem {
    var out = item
    out.title = title
    out.deadline = deadline
    out.completed = completed
    out.cancelled = cancelled
    out.repeatRule = repeatRule
    out.warn = warn
    out.icalExtra = icalExtra
    return out
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
  func save(_ file: String) throws {
    do {
      try AtomicFile.replace(file, with: encoded())
    } catch let e as SystemError {
      throw AtomicFile.failure(e, path: file)
    }
  }
}
