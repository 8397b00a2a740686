import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A small file derived from the data file, beside it (`todos.plist.badge`):
/// the deadlines of the pending items and the signature (device, inode, size,
/// modification and change times) of the data file they were read from. It
/// answers "how many items are overdue at now" without reading the list: the
/// status bar runs `badge` every few seconds, and at 100,000 items reading the
/// list takes a fifth of a second.
///
/// The index is never trusted beyond its signature: when the data file is not
/// the one it describes (written by another program, edited by hand, copied
/// back), `badge` reads the file and writes a new index. Every ``Store/write``
/// writes it under the lock; a reader that rebuilds it tags it with the file it
/// read (fstat of the descriptor it read from), so a race with a writer leaves
/// an index that is stale, never one that is wrong.
///
/// Layout (native byte order): 8 bytes "TDBADGE1", 7 × Int64 signature, Int64
/// count, then `count` Float64 deadlines (seconds since 2001, as `Date` holds them).
public enum BadgeIndex {
  static let magic: [UInt8] = Array("TDBADGE1".utf8)
  static let headerSize = 8 + 8 * 8

  /// The index of the data file at `real` (the resolved path).
  public static func path(for real: String) -> String { real + ".badge" }

  /// The badge at `now`: pending items whose deadline is at or before `now`.
  /// From the index when it describes the file as it is, else from the file
  /// (its warnings go to `warn`), writing a fresh index.
  public static func badge(store: Store, now: Date, warn: (String) -> Void = { _ in }) throws -> Int {
    let real = try store.resolvedPath()
    var st = stat()
    if stat(real, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG,
      let deadlines = read(path(for: real), matching: FileSignature(stat: st))
    {
      return count(deadlines, atOrBefore: now)
    }
    var read: FileSignature? = nil
    let doc = try store.load(opened: { fd in
      var s = stat()
      if fstat(fd, &s) == 0 { read = FileSignature(stat: s) }
    })
    for w in doc.warnings { warn(w) }
    // A file with warnings is read each time, so that they are shown each time.
    if let sig = read, doc.warnings.isEmpty {
      write(pendingDeadlines(doc.items), signature: sig, to: path(for: real))
    }
    return doc.items.reduce(0) { $0 + ($1.isOverdue(at: now) ? 1 : 0) }
  }

  /// Writes the index of the data file at `real` as just written with `items`.
  /// Call under the store's lock, right after the file was replaced.
  static func update<C: Collection>(_ items: C, dataPath real: String) where C.Element == TodoItem {
    update(deadlines: pendingDeadlines(items), dataPath: real)
  }

  /// Writes the index of the data file at `real`, whose pending items have these deadlines.
  static func update(deadlines: [Double], dataPath real: String) {
    var st = stat()
    guard stat(real, &st) == 0 else { return }
    write(deadlines, signature: FileSignature(stat: st), to: path(for: real))
  }

  static func pendingDeadlines<C: Collection>(_ items: C) -> [Double] where C.Element == TodoItem {
    var out: [Double] = []
    out.reserveCapacity(items.count)
    for item in items where item.isPending {
      if let d = item.deadline { out.append(d.timeIntervalSinceReferenceDate) }
    }
    return out
  }

  static func count(_ deadlines: [Double], atOrBefore now: Date) -> Int {
    let t = now.timeIntervalSinceReferenceDate
    var n = 0
    for d in deadlines where d <= t { n += 1 }
    return n
  }

  /// The deadlines of the index at `path` when it describes the file with `signature`.
  static func read(_ path: String, matching signature: FileSignature) -> [Double]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size >= headerSize,
      (Int(st.st_size) - headerSize) % 8 == 0
    else { return nil }
    var header = [UInt8](repeating: 0, count: headerSize)
    guard readFully(fd, into: &header) else { return nil }
    guard Array(header[0..<8]) == magic else { return nil }
    let fields = header.withUnsafeBytes { b in
      (0..<8).map { b.loadUnaligned(fromByteOffset: 8 + 8 * $0, as: Int64.self) }
    }
    guard Array(fields[0..<7]) == signature.fields, fields[7] >= 0,
      Int(fields[7]) == (Int(st.st_size) - headerSize) / 8
    else { return nil }
    var deadlines = [Double](repeating: 0, count: Int(fields[7]))
    return readFully(fd, into: &deadlines) ? deadlines : nil
  }

  /// Reads exactly the bytes of `values` from `fd`.
  static func readFully<T>(_ fd: Int32, into values: inout [T]) -> Bool {
    values.withUnsafeMutableBytes { Syscall.readFully(fd, into: $0) == $0.count }
  }

  /// Replaces the index atomically (a temporary file, renamed). It is derived
  /// data: a failure leaves the old index, whose signature no longer matches.
  /// The temporary's name is one ``Store`` removes when a writer was killed.
  static func write(_ deadlines: [Double], signature: FileSignature, to path: String) {
    var bytes = magic
    bytes.reserveCapacity(headerSize + deadlines.count * 8)
    for v in signature.fields + [Int64(deadlines.count)] {
      withUnsafeBytes(of: v) { bytes.append(contentsOf: $0) }
    }
    deadlines.withUnsafeBytes { bytes.append(contentsOf: $0) }
    let data = String(path.dropLast(".badge".count))
    try? AtomicFile.replace(
      path, with: bytes, temporary: AtomicFile.temporaryPath(for: data, tag: "badge-"), durable: false)
  }

}

extension FileSignature {
  /// The signature of the file `st` describes.
  init(stat st: stat) {
    dev = UInt64(st.st_dev)
    ino = UInt64(st.st_ino)
    size = Int64(st.st_size)
    mtime = st.st_mtim.tv_sec
    mtimeNs = st.st_mtim.tv_nsec
    ctime = st.st_ctim.tv_sec
    ctimeNs = st.st_ctim.tv_nsec
  }

  var fields: [Int64] {
    [
      Int64(bitPattern: dev), Int64(bitPattern: ino), size, Int64(mtime), Int64(mtimeNs), Int64(ctime),
      Int64(ctimeNs),
    ]
  }
}
