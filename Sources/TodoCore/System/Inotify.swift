#if canImport(Glibc)
  import Glibc
#endif

/// Reading an inotify descriptor's events (the file watcher's and the live sync's).
public enum Inotify {
  /// Calls `each` with every event pending on the non-blocking inotify
  /// descriptor `fd`, in order: its watch, its mask and the name it concerns
  /// ("" for the watched folder itself).
  public static func drain(_ fd: Int32, _ each: (_ watch: Int32, _ mask: UInt32, _ name: String) -> Void) {
    let size = 64 * 1024
    let buf = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
    defer { buf.deallocate() }
    while true {
      let n = Syscall.retrying { read(fd, buf, size) }
      if n <= 0 { return }
      var off = 0
      while off < n {
        let ev = (buf + off).assumingMemoryBound(to: inotify_event.self).pointee
        let len = Int(ev.len)
        let name =
          len > 0
          ? String(
            cString: (buf + off + MemoryLayout<inotify_event>.size).assumingMemoryBound(to: CChar.self)) : ""
        each(ev.wd, ev.mask, name)
        off += MemoryLayout<inotify_event>.size + len
      }
    }
  }
}
