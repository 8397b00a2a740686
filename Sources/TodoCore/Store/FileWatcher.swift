import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Tells when a file is replaced or changed, through inotify on its folder
/// (an atomic rename replaces the inode, so the folder is what is watched).
/// No polling: ``wait(until:)`` blocks in `poll(2)` until the file changes or
/// the deadline comes, and ``fd`` can join another `poll` set (the terminal's).
public final class FileWatcher {
  /// The inotify descriptor; readable when something happened.
  public let fd: Int32
  private let name: String
  private var watch: Int32 = -1

  /// - Parameter path: the data file; its folder must exist (it is created if not).
  public init(path: String) throws {
    let dir = (path as NSString).deletingLastPathComponent
    let folder = dir.isEmpty ? "." : dir
    name = (path as NSString).lastPathComponent
    try Store.makeFolders(folder)
    fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard fd >= 0 else {
      throw TodoError.io(path: folder, detail: "inotify: " + String(cString: strerror(errno)))
    }
    let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM)
    watch = inotify_add_watch(fd, folder, mask)
    guard watch >= 0 else {
      let e = errno
      close(fd)
      throw TodoError.io(path: folder, detail: "inotify: " + String(cString: strerror(e)))
    }
  }

  deinit { close(fd) }

  /// Reads the pending events; true when one of them concerns the watched file.
  public func drain() -> Bool {
    var hit = false
    let size = 64 * 1024
    let buf = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
    defer { buf.deallocate() }
    while true {
      let n = read(fd, buf, size)
      if n <= 0 { break }
      var off = 0
      while off < n {
        let ev = (buf + off).assumingMemoryBound(to: inotify_event.self)
        let len = Int(ev.pointee.len)
        if len > 0 {
          let namePtr = (buf + off + MemoryLayout<inotify_event>.size).assumingMemoryBound(to: CChar.self)
          if String(cString: namePtr) == name { hit = true }
        }
        off += MemoryLayout<inotify_event>.size + len
      }
    }
    return hit
  }

  /// Blocks until the file changes (true) or `deadline` passes (false).
  /// A nil deadline waits for a change only. EINTR returns false early, so that
  /// a signal handler's flag can be looked at.
  public func wait(until deadline: Date?, now: () -> Date = { Date() }) -> Bool {
    while true {
      var timeout: Int32 = -1
      if let d = deadline {
        let ms = d.timeIntervalSince(now()) * 1000
        if ms <= 0 { return drain() }
        timeout = Int32(min(ms.rounded(.up), Double(Int32.max)))
      }
      var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      let r = poll(&p, 1, timeout)
      if r < 0 { return false }  // EINTR
      if r == 0 { return false }
      if drain() { return true }
    }
  }
}
