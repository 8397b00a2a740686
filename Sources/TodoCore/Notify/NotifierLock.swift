import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// "One notifier per data file" (SPEC 5): an exclusive `flock` on
/// `<file>.notifier.lock`, held for as long as the process notifies. The
/// holder's pid is written in the file, so that others can say who it is.
/// The kernel drops the lock when the process ends, however it ends.
///
/// The daemon waits for it (``acquire(for:)``); the full-screen app tries
/// (``tryAcquire(for:)``) and, when another notifier runs, can wait in the
/// background (``acquireInBackground(for:then:)``) to take over when that one ends.
public final class NotifierLock: @unchecked Sendable {
  /// The lock file.
  public let path: String
  private var fd: Int32

  private init(path: String, fd: Int32) {
    self.path = path
    self.fd = fd
  }

  deinit { release() }

  /// The lock file of a store's data file.
  public static func lockPath(for store: Store) throws -> String {
    try store.resolvedPath() + ".notifier.lock"
  }

  /// Becomes the notifier of the file, or returns nil when another process is.
  public static func tryAcquire(for store: Store) throws -> NotifierLock? {
    try take(store, blocking: false)
  }

  /// Becomes the notifier of the file, waiting as long as another process is.
  public static func acquire(for store: Store) throws -> NotifierLock {
    try take(store, blocking: true)!
  }

  /// Waits on a background thread until the file has no other notifier, then
  /// calls `then` there with the lock (or with nil when the lock file cannot be opened).
  public static func acquireInBackground(
    for store: Store, then: @escaping @Sendable (NotifierLock?) -> Void
  ) {
    let t = Thread { then(try? take(store, blocking: true)) }
    t.name = "notifier-lock"
    t.start()
  }

  /// The pid of the process holding the lock, if one does (as it wrote it).
  public static func holder(for store: Store) -> Int32? {
    guard let path = try? lockPath(for: store),
      let text = try? String(contentsOfFile: path, encoding: .utf8),
      let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
    else { return nil }
    return pid
  }

  static func take(_ store: Store, blocking: Bool) throws -> NotifierLock? {
    let real = try store.resolvedPath()
    let dir = (real as NSString).deletingLastPathComponent
    try Store.makeFolders(dir.isEmpty ? "." : dir)
    let path = real + ".notifier.lock"
    guard let fd = try FileLock.take(path, wait: blocking) else { return nil }
    let pid = "\(getpid())\n"
    _ = ftruncate(fd, 0)
    _ = pid.withCString { pwrite(fd, $0, strlen($0), 0) }
    return NotifierLock(path: path, fd: fd)
  }

  /// Keeps the lock when its file was deleted (with its folder) and made
  /// again: a lock on a deleted file is no lock for the next notifier to come.
  /// True while this process is the notifier (it took the new file's lock, or
  /// still holds the file's); false when another process holds the new one.
  public func follow(for store: Store) -> Bool {
    var mine = stat()
    var now = stat()
    guard fd >= 0, fstat(fd, &mine) == 0 else { return false }
    if stat(path, &now) == 0 && now.st_dev == mine.st_dev && now.st_ino == mine.st_ino { return true }
    // The folder is gone: nothing to lock until it is back (never made again here).
    if stat((path as NSString).deletingLastPathComponent, &now) != 0 { return true }
    guard let fresh = try? NotifierLock.take(store, blocking: false) else { return false }
    close(fd)
    fd = fresh.fd
    fresh.fd = -1
    return true
  }

  /// Gives up the lock (also done when the object goes away).
  public func release() {
    guard fd >= 0 else { return }
    _ = ftruncate(fd, 0)
    close(fd)
    fd = -1
  }
}
