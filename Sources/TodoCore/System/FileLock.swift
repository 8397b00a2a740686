#if canImport(Glibc)
  import Glibc
#endif

/// An exclusive `flock` on a lock file that stays in place (never replaced,
/// never truncated, never opened through a symbolic link: a link planted as
/// the lock file must not let a write reach what it points to). The lock goes
/// with the descriptor: closing it, or the process ending, frees it.
public enum FileLock {
  /// The descriptor of the lock file `path` (created 0600), holding its lock;
  /// nil, without `wait`, when another process holds it. Throws when the file
  /// cannot be opened or locked.
  public static func take(_ path: String, wait: Bool) throws -> Int32? {
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard fd >= 0 else {
      let why =
        errno == ELOOP
        ? "is a symbolic link; a lock file must be a plain file (remove the link)" : Syscall.text(errno)
      throw TodoError.io(path: path, detail: why)
    }
    if Syscall.retrying({ flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) }) == 0 { return fd }
    let e = errno
    close(fd)
    if e == EWOULDBLOCK && !wait { return nil }
    throw TodoError.io(path: path, detail: Syscall.text(e))
  }

  /// Holds the lock on `path` while `body` runs, waiting for it as long as
  /// another process holds it.
  public static func withLock<T>(_ path: String, _ body: () throws -> T) throws -> T {
    guard let fd = try take(path, wait: true) else { throw TodoError.io(path: path, detail: "not locked") }
    defer { close(fd) }
    return try body()
  }
}
