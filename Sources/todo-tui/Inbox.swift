import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Messages from other threads (the notifier's), with a descriptor that
/// wakes the `poll` when one arrives.
final class Inbox: @unchecked Sendable {
  let fd: Int32
  private let writeFD: Int32
  private let lock = NSLock()
  private var messages: [String] = []
  private var lockFreed = false

  init() {
    var p: [Int32] = [0, 0]
    _ = pipe(&p)
    for f in p {
      _ = fcntl(f, F_SETFD, FD_CLOEXEC)
      _ = fcntl(f, F_SETFL, O_NONBLOCK)
    }
    fd = p[0]
    writeFD = p[1]
  }

  func post(_ message: String?, lockFreed freed: Bool = false) {
    lock.lock()
    if let m = message { messages.append(m) }
    if freed { lockFreed = true }
    lock.unlock()
    var b: UInt8 = 1
    _ = write(writeFD, &b, 1)
  }

  /// The messages posted since the last take, and whether the data file's lock freed.
  func take() -> (messages: [String], lockFreed: Bool) {
    var buf = [UInt8](repeating: 0, count: 64)
    while read(fd, &buf, 64) > 0 {}
    lock.lock()
    defer { lock.unlock() }
    let out = (messages, lockFreed)
    messages = []
    lockFreed = false
    return out
  }
}
