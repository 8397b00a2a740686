import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A file replaced whole or not at all (SPEC 6): what is written goes to a
/// temporary file in the same folder, is flushed to disk (fsync) and renamed
/// over the file, and the folder is flushed too, so that after a crash or a
/// full disk the file is either the old one or the new one.
public enum AtomicFile {
  /// A temporary's path beside `path`: `.NAME.tmp-TAG-PID-RANDOM`, hidden, and
  /// one that a writer killed midway leaves for ``removeTemporaries(of:)`` to find.
  public static func temporaryPath(for path: String, tag: String = "") -> String {
    let (folder, name) = split(path)
    return folder + "/" + temporaryName(of: name, tag: tag)
  }

  /// The name of a temporary for the file named `name`, in the same folder.
  public static func temporaryName(of name: String, tag: String = "") -> String {
    "." + bounded(name) + ".tmp-" + tag + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
  }

  /// Whether `name` (in the folder of `path`) is a temporary of `path`'s.
  public static func isTemporary(_ name: String, of path: String) -> Bool {
    name.hasPrefix("." + bounded(split(path).name) + ".tmp-")
  }

  /// `name`, or for a long one (made by another program, up to the 255-byte
  /// limit) its first 60 and last 30 bytes or so around a `~`, whole
  /// characters: a temporary's name always fits, and keeps the extension.
  static func bounded(_ name: String) -> String {
    guard name.utf8.count > 100 else { return name }
    var head = ""
    var tail = ""
    for c in name {
      if head.utf8.count + c.utf8.count > 60 { break }
      head.append(c)
    }
    for c in name.reversed() {
      if tail.utf8.count + c.utf8.count > 30 { break }
      tail.insert(c, at: tail.startIndex)
    }
    return head + "~" + tail
  }

  /// Removes the temporaries of `path` that writers killed midway left. Call
  /// holding the lock that writers of `path` hold (so that none is live).
  public static func removeTemporaries(of path: String) {
    let folder = split(path).folder
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for n in names where isTemporary(n, of: path) { unlink(folder + "/" + n) }
  }

  /// The folder of `path` ("." for a bare name) and its last component.
  public static func split(_ path: String) -> (folder: String, name: String) {
    guard let slash = path.lastIndex(of: "/") else { return (".", path) }
    let folder = String(path[..<slash])
    return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
  }

  /// Replaces `path` with what `fill` writes to a descriptor: a new temporary
  /// (mode 0600, never through a symbolic link), `fill`, fsync, rename, fsync
  /// of the folder. `durable: false` leaves out both fsyncs (derived data that
  /// may be lost). On any failure the temporary is removed and `path` is as it
  /// was; a failed call throws ``SystemError`` ("open", "fsync" or "rename";
  /// ``write(_:_:)`` throws "write"), and what `fill` throws passes through.
  public static func replace(
    _ path: String, temporary: String? = nil, durable: Bool = true, _ fill: (Int32) throws -> Void
  ) throws {
    let tmp = temporary ?? temporaryPath(for: path)
    let fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else { throw SystemError("open", errno: errno) }
    var placed = false
    defer { if !placed { unlink(tmp) } }
    do {
      defer { close(fd) }
      try fill(fd)
      if durable && Syscall.retrying({ fsync(fd) }) != 0 { throw SystemError("fsync", errno: errno) }
    }
    guard rename(tmp, path) == 0 else { throw SystemError("rename", errno: errno) }
    placed = true
    if durable { syncFolder(split(path).folder) }
  }

  /// ``replace(_:temporary:durable:_:)`` with these bytes.
  public static func replace<Bytes: Collection>(
    _ path: String, with bytes: Bytes, temporary: String? = nil, durable: Bool = true
  ) throws where Bytes.Element == UInt8 {
    try replace(path, temporary: temporary, durable: durable) { try write($0, bytes) }
  }

  /// Writes all of `bytes` to a temporary being filled; throws ``SystemError`` ("write").
  public static func write<Bytes: Collection>(_ fd: Int32, _ bytes: Bytes) throws
  where Bytes.Element == UInt8 {
    let e = Syscall.writeAll(fd, bytes)
    if e != 0 { throw SystemError("write", errno: e) }
  }

  /// ``write(_:_:)-(_,Bytes)`` for raw bytes.
  public static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws {
    let e = Syscall.writeAll(fd, bytes)
    if e != 0 { throw SystemError("write", errno: e) }
  }

  /// A failed replace of `path` as the user reads it: "cannot write: …", or
  /// "cannot replace: …" when the rename failed, then `note`.
  public static func failure(_ e: SystemError, path: String, note: String = "") -> TodoError {
    .io(
      path: path,
      detail: (e.call == "rename" ? "cannot replace: " : "cannot write: ") + Syscall.text(e.errno) + note)
  }

  /// Flushes a folder's entries (a rename in it) to disk; failures are ignored
  /// (some file systems refuse fsync on a folder).
  public static func syncFolder(_ folder: String) {
    let dfd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard dfd >= 0 else { return }
    _ = Syscall.retrying { fsync(dfd) }
    close(dfd)
  }
}
