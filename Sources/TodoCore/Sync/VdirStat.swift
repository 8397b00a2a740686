import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What tells a file unchanged without reading it: its size, modification
/// time (to the nanosecond) and inode, the fields of a vdir file's etag
/// (``VdirFolder/etag(_:)``). Every writer of this program replaces a file
/// (new inode); a tool that writes in place changes its time.
struct FileStamp: Equatable, Sendable {
  var size: Int64
  var seconds: Int64
  var nanoseconds: Int64
  var inode: UInt64

  /// A file that does not exist (a data file not made yet).
  static let absent = FileStamp(size: -1, seconds: 0, nanoseconds: 0, inode: 0)

  init(size: Int64, seconds: Int64, nanoseconds: Int64, inode: UInt64) {
    self.size = size
    self.seconds = seconds
    self.nanoseconds = nanoseconds
    self.inode = inode
  }

  init(_ st: stat) {
    self.init(
      size: Int64(st.st_size), seconds: Int64(st.st_mtim.tv_sec), nanoseconds: Int64(st.st_mtim.tv_nsec),
      inode: UInt64(st.st_ino))
  }

  /// The stamp of the file at `path` (not followed when a symbolic link),
  /// ``absent`` when there is none, nil when it cannot be told.
  static func of(_ path: String) -> FileStamp? {
    var st = stat()
    if lstat(path, &st) == 0 { return FileStamp(st) }
    return errno == ENOENT ? .absent : nil
  }

  /// The stamp of an open file, nil when it cannot be told.
  static func of(fd: Int32) -> FileStamp? {
    var st = stat()
    return fstat(fd, &st) == 0 ? FileStamp(st) : nil
  }

  /// The stamp an etag names ("size;seconds.nanoseconds;inode"), nil for any other text.
  init?(etag: String) {
    let parts = etag.split(separator: ";", omittingEmptySubsequences: false)
    guard parts.count == 3, let dot = parts[1].firstIndex(of: ".") else { return nil }
    guard let size = Int64(parts[0]), let s = Int64(parts[1][..<dot]),
      let ns = Int64(parts[1][parts[1].index(after: dot)...]), let ino = UInt64(parts[2])
    else { return nil }
    self.init(size: size, seconds: s, nanoseconds: ns, inode: ino)
  }

  /// "size seconds nanoseconds inode", as ``SyncQuickCheck`` keeps it.
  var text: String { "\(size) \(seconds) \(nanoseconds) \(inode)" }

  init?(text: Substring) {
    let p = text.split(separator: " ")
    guard p.count == 4, let a = Int64(p[0]), let b = Int64(p[1]), let c = Int64(p[2]), let d = UInt64(p[3])
    else { return nil }
    self.init(size: a, seconds: b, nanoseconds: c, inode: d)
  }
}

/// A fingerprint of a vdir's item files, by name and ``FileStamp``, in any
/// order: their number and two sums of a 64-bit hash of each. Equal
/// fingerprints mean the same files with the same stamps (a false match
/// needs a 128-bit collision). A file is named by its path under the vdir,
/// so that a vdir of several folders is just more names.
struct VdirFingerprint: Equatable, Sendable {
  var count = 0
  var sum: UInt64 = 0
  var mixed: UInt64 = 0

  /// Adds one file.
  mutating func add<C: Collection>(name: C, _ s: FileStamp) where C.Element == UInt8 {
    var h: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in name { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
    h = Self.mix(h ^ UInt64(bitPattern: s.size))
    h = Self.mix(h ^ UInt64(bitPattern: s.seconds))
    h = Self.mix(h ^ UInt64(bitPattern: s.nanoseconds))
    h = Self.mix(h ^ s.inode)
    count += 1
    sum = sum &+ h
    mixed = mixed &+ Self.mix(h ^ 0x9e37_79b9_7f4a_7c15)
  }

  /// splitmix64's finaliser: every bit of `x` moves about half the bits of the answer.
  static func mix(_ x: UInt64) -> UInt64 {
    var z = x &+ 0x9e37_79b9_7f4a_7c15
    z = (z ^ (z >> 30)) &* 0xbf58_476d_1ce4_e5b9
    z = (z ^ (z >> 27)) &* 0x94d0_49bb_1331_11eb
    return z ^ (z >> 31)
  }

  /// Adds the item files of `folder` as ``VdirFolder/list()`` finds them
  /// (regular `.ics` files not starting with a dot), each named `prefix` +
  /// its name: one `readdir` and one `fstatat` a file, nothing opened.
  /// False when the folder cannot be read, or holds a temporary that a
  /// killed sync left (a full sync removes it).
  mutating func addFiles(of folder: String, prefix: String = "") -> Bool {
    guard let dir = opendir(folder) else { return false }
    defer { closedir(dir) }
    let dfd = dirfd(dir)
    let ext = Array(VdirFolder.fileExtension.utf8)
    let stray = Array((VdirFolder.fileExtension + ".tmp-").utf8)
    var name = Array(prefix.utf8)
    let base = name.count
    while let entry = readdir(dir) {
      let ok = withUnsafeBytes(of: &entry.pointee.d_name) { raw -> Bool in
        let bytes = UnsafeRawBufferPointer(rebasing: raw[..<(raw.firstIndex(of: 0) ?? raw.count)])
        if bytes.first == UInt8(ascii: ".") { return !Self.contains(bytes, stray) }
        guard bytes.count >= ext.count, bytes.suffix(ext.count).elementsEqual(ext) else { return true }
        var st = stat()
        guard
          fstatat(dfd, raw.baseAddress!.assumingMemoryBound(to: CChar.self), &st, AT_SYMLINK_NOFOLLOW) == 0,
          (st.st_mode & S_IFMT) == S_IFREG
        else { return true }
        name.removeSubrange(base...)
        name.append(contentsOf: bytes)
        add(name: name, FileStamp(st))
        return true
      }
      if !ok { return false }
    }
    return true
  }

  static func contains(_ hay: UnsafeRawBufferPointer, _ needle: [UInt8]) -> Bool {
    guard hay.count >= needle.count else { return false }
    for i in 0...(hay.count - needle.count) where hay[i] == needle[0] {
      if hay[i..<(i + needle.count)].elementsEqual(needle) { return true }
    }
    return false
  }

  var text: String { "\(count) \(String(sum, radix: 16)) \(String(mixed, radix: 16))" }

  init() {}

  init?(text: Substring) {
    let p = text.split(separator: " ")
    guard p.count == 3, let n = Int(p[0]), let a = UInt64(p[1], radix: 16), let b = UInt64(p[2], radix: 16)
    else { return nil }
    (count, sum, mixed) = (n, a, b)
  }
}
