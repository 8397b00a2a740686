import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What a sync leaves beside its status (`….status.quick`) so that the next
/// one, when nothing changed, reads no file (SPEC 7: a sync costs what its
/// work is): the stamps (``FileStamp``) of the status and of the data file,
/// and the fingerprint of the vdir's files (``VdirFingerprint``), as they
/// were when both sides held what the status says. While all three are
/// unchanged there is nothing to do; telling so is one `stat` of each file
/// and one `readdir`, at 100,000 items a tenth of a second and a few MiB.
///
/// A record only ever states a fact about one state of the three (a file
/// replaced gets a new inode, a file written in place a new time), so a
/// stale one is merely unused, and it is written without fsync. It is left
/// out when the sync had something to warn about (a file skipped is read
/// again, and told again, next time) or the data file changed while it ran.
///
///     todo-tui sync quick 1
///     status SIZE SECONDS NANOSECONDS INODE
///     data SIZE SECONDS NANOSECONDS INODE
///     vdir COUNT SUM MIXED
struct SyncQuickCheck: Equatable, Sendable {
  var status: FileStamp
  var data: FileStamp
  var vdir: VdirFingerprint

  static let magic = "todo-tui sync quick 1"

  /// The record beside the status file `statusFile`.
  static func path(ofStatus statusFile: String) -> String { statusFile + ".quick" }

  /// The record in `file`, or nil (none, or not one this program reads).
  static func load(_ file: String) -> SyncQuickCheck? {
    let fd = open(file, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var buf = [UInt8](repeating: 0, count: 512)
    let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard n > 0, n < buf.count else { return nil }
    let lines = String(decoding: buf[..<n], as: UTF8.self).split(separator: "\n")
    guard lines.count == 4, lines[0] == magic, lines[1].hasPrefix("status "), lines[2].hasPrefix("data "),
      lines[3].hasPrefix("vdir "),
      let s = FileStamp(text: lines[1].dropFirst(7)), let d = FileStamp(text: lines[2].dropFirst(5)),
      let v = VdirFingerprint(text: lines[3].dropFirst(5))
    else { return nil }
    return SyncQuickCheck(status: s, data: d, vdir: v)
  }

  var text: String {
    Self.magic + "\nstatus " + status.text + "\ndata " + data.text + "\nvdir " + vdir.text + "\n"
  }

  /// Writes the record (atomically; not flushed: a lost one costs a full sync).
  func save(_ file: String) throws {
    do {
      try AtomicFile.replace(file, with: Array(text.utf8), durable: false)
    } catch let e as SystemError {
      throw AtomicFile.failure(e, path: file)
    }
  }

  /// Whether the status `statusFile`, the data file `dataFile` and the item
  /// files of `vdir` are as recorded: then a sync has nothing to do.
  func holds(statusFile: String, dataFile: String, vdir folder: String) -> Bool {
    guard FileStamp.of(statusFile) == status, FileStamp.of(dataFile) == data else { return false }
    var now = VdirFingerprint()
    return now.addFiles(of: folder) && now == vdir
  }

  /// The fingerprint of the vdir as a sync leaves it: the file of every item
  /// in the status `items` with its etag there, and the files of `listing`
  /// (href → etag as read) that hold no item and were not removed. Nil when
  /// an etag is not one this program makes.
  static func fingerprint(
    items: [String: SyncEntry], listing: [String: String], removed: Set<String>
  ) -> VdirFingerprint? {
    var f = VdirFingerprint()
    var held = Set<String>()
    held.reserveCapacity(items.count)
    for e in items.values {
      guard let s = FileStamp(etag: e.etag), held.insert(e.href).inserted else { return nil }
      f.add(name: e.href.utf8, s)
    }
    return fingerprint(adding: listing, to: f) { !held.contains($0) && !removed.contains($0) }
  }

  /// ``fingerprint(items:listing:removed:)`` of a first sync's status, whose files are
  /// `written` (fingerprinted as they were made), none of them a file of `listing`.
  static func fingerprint(written: VdirFingerprint, listing: [String: String], removed: Set<String>)
    -> VdirFingerprint?
  {
    fingerprint(adding: listing, to: written) { !removed.contains($0) }
  }

  /// `f` with the files of `listing` that are `kept`; nil when an etag is not one this program makes.
  private static func fingerprint(
    adding listing: [String: String], to f: VdirFingerprint, kept: (String) -> Bool
  ) -> VdirFingerprint? {
    var f = f
    for (href, etag) in listing where kept(href) {
      guard let s = FileStamp(etag: etag) else { return nil }
      f.add(name: href.utf8, s)
    }
    return f
  }
}
