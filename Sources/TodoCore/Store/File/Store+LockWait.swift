import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The data file's lock is held by another process: the full-screen app says
/// so and who it is, instead of freezing until it is free (SPEC 4).
public struct LockBusy: Error, Equatable, Sendable, CustomStringConvertible {
  /// The process holding the lock, when the system tells (`/proc/locks`).
  public var holder: Int32?
  /// Its command name (`/proc/PID/comm`), when known.
  public var holderName: String?

  public init(holder: Int32?, holderName: String?) {
    self.holder = holder
    self.holderName = holderName
  }

  public var description: String { "Waiting for the file's lock, held by " + who }
}

extension LockBusy {
  /// Who holds the lock on the lock file at `path`, as far as the system tells.
  static func of(_ path: String) -> LockBusy {
    // The pid is the one that took the lock: gone when it handed the descriptor on and ended.
    let pid = Store.lockHolder(path).flatMap { kill($0, 0) == 0 || errno == EPERM ? $0 : nil }
    return LockBusy(holder: pid, holderName: pid.flatMap(Store.commandName))
  }

  /// The holder in words: "process 4242 (todo-tui)", or "another process".
  var who: String {
    guard let pid = holder else { return "another process" }
    return "process \(pid)" + (holderName.map { " (\($0))" } ?? "")
  }
}

/// How long a command waits for a lock that another process holds (SPEC 4):
/// after `notice` it says for whom it waits, after `limit` it gives up.
public struct LockPatience: Sendable {
  public var notice: Double
  public var limit: Double
  /// Where the notice goes (the CLI's stderr).
  public var say: @Sendable (String) -> Void

  public init(notice: Double = 1, limit: Double, say: @escaping @Sendable (String) -> Void) {
    self.notice = notice
    self.limit = limit
    self.say = say
  }

  /// A CLI command's default bound: longer than any write of 100,000 items, short
  /// enough that a stuck holder is noticed.
  public static let defaultLimit: Double = 10
}

extension Store {
  /// The lock on `path`: at once or nil without `wait`; with `wait`, as long as
  /// it takes, or within ``patience`` when set (saying for whom after its
  /// notice, and throwing after its limit).
  func takeLock(_ path: String, wait: Bool) throws -> Int32? {
    guard wait, let p = patience else { return try FileLock.take(path, wait: wait) }
    let start = Date()
    var told = false
    while true {
      if let fd = try FileLock.take(path, wait: false) { return fd }
      let waited = Date().timeIntervalSince(start)
      if waited >= p.limit {
        let limit = p.limit == p.limit.rounded() ? String(Int(p.limit)) : String(p.limit)
        throw TodoError.io(
          path: path,
          detail: "the lock is held by \(LockBusy.of(path).who); gave up after \(limit) s "
            + "(--wait SECONDS waits longer)")
      }
      if !told && waited >= p.notice {
        told = true
        p.say(LockBusy.of(path).description + "…")
      }
      usleep(20_000)
    }
  }

  /// Holds the exclusive lock on the lock file beside the data file (``FileLock``)
  /// while `body` runs; without `wait`, throws ``LockBusy`` at once when another
  /// process holds it, naming that process.
  public func withLock<T>(wait: Bool = true, _ body: () throws -> T) throws -> T {
    let real = try resolvedPath()
    // No lock file beside a device or a folder (`/dev/zero.lock`): refused before anything is made.
    var st = stat()
    if stat(real, &st) == 0 { try Self.checkKind(st, real) }
    try Self.makeFolders(AtomicFile.split(real).folder, made: madeFolder)
    guard let fd = try takeLock(real + ".lock", wait: wait) else {
      throw LockBusy.of(real + ".lock")
    }
    defer { close(fd) }
    AtomicFile.removeTemporaries(of: real)  // left by a writer that was killed
    return try body()
  }

  /// The pid holding a `flock` on the file at `path`, from `/proc/locks`
  /// (found by the file's device and inode; waiters, marked `->`, are skipped).
  static func lockHolder(_ path: String) -> Int32? {
    var st = stat()
    guard lstat(path, &st) == 0, let table = try? String(contentsOfFile: "/proc/locks", encoding: .utf8)
    else {
      return nil
    }
    return lockHolder(in: table, device: UInt64(st.st_dev), inode: UInt64(st.st_ino))
  }

  /// The holder of the lock on (device, inode) in the text of `/proc/locks`.
  static func lockHolder(in table: String, device: UInt64, inode: UInt64) -> Int32? {
    // glibc's major()/minor(); /proc/locks prints them in hex: "08:01:1234".
    let major = ((device >> 8) & 0xfff) | ((device >> 32) & ~0xfff)
    let minor = (device & 0xff) | ((device >> 12) & ~0xff)
    let key = String(format: "%02llx:%02llx:%llu", major, minor, inode)
    for line in table.split(separator: "\n") {
      let f = line.split(separator: " ", omittingEmptySubsequences: true)
      // "1: FLOCK  ADVISORY  WRITE 4242 08:01:1234 0 EOF"
      guard f.count >= 6, f[1] != "->", f[1] == "FLOCK", f[5] == key else { continue }
      return Int32(f[4])
    }
    return nil
  }

  /// A process's command name, as `ps` shows it.
  static func commandName(_ pid: Int32) -> String? {
    guard let s = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else { return nil }
    let name = Title.displaySafe(s.trimmingCharacters(in: .whitespacesAndNewlines))
    return name.isEmpty ? nil : name
  }
}
