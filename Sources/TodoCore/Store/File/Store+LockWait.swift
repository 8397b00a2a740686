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

  public var description: String {
    guard let pid = holder else { return "Waiting for the file's lock, held by another process" }
    return "Waiting for the file's lock, held by process \(pid)" + (holderName.map { " (\($0))" } ?? "")
  }
}

extension Store {
  /// Holds the exclusive lock on the lock file beside the data file (``FileLock``)
  /// while `body` runs; without `wait`, throws ``LockBusy`` at once when another
  /// process holds it, naming that process.
  public func withLock<T>(wait: Bool = true, _ body: () throws -> T) throws -> T {
    let real = try resolvedPath()
    try Self.makeFolders(AtomicFile.split(real).folder)
    guard let fd = try FileLock.take(real + ".lock", wait: wait) else {
      let pid = Self.lockHolder(real + ".lock")
      throw LockBusy(holder: pid, holderName: pid.flatMap(Self.commandName))
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
