#if canImport(Glibc)
  import Glibc
#endif

/// The loops every careful caller of `read`, `write` and friends writes, each
/// written once (SPEC 1): a call retried when a signal interrupted it, a buffer
/// read until it is full, bytes written until all are out.
public enum Syscall {
  /// `call`'s result, calling it again as long as it fails with `EINTR` (a
  /// signal arrived before it did anything). A failure leaves `errno` as the
  /// last call set it.
  @inlinable
  public static func retrying<T: SignedInteger>(_ call: () -> T) -> T {
    while true {
      let r = call()
      if r < 0 && errno == EINTR { continue }
      return r
    }
  }

  /// Reads into `buffer` until it is full or the file ends (with `pread` from
  /// `offset` when one is given): the number of bytes read, fewer than asked
  /// only at the end of the file; or -1 with `errno`.
  public static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer, at offset: Int? = nil)
    -> Int
  {
    guard let base = buffer.baseAddress else { return 0 }
    var done = 0
    while done < buffer.count {
      let n = retrying {
        offset.map { pread(fd, base + done, buffer.count - done, off_t($0 + done)) }
          ?? read(fd, base + done, buffer.count - done)
      }
      if n < 0 { return -1 }
      if n == 0 { break }
      done += n
    }
    return done
  }

  /// Writes all of `bytes` to `fd`: 0, or the `errno` of the write that failed
  /// (`EIO` for a write that wrote nothing).
  public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    guard let base = bytes.baseAddress else { return 0 }
    var done = 0
    while done < bytes.count {
      let n = retrying { write(fd, base + done, bytes.count - done) }
      if n <= 0 { return n < 0 ? errno : EIO }
      done += n
    }
    return 0
  }

  /// ``writeAll(_:_:)-(_,UnsafeRawBufferPointer)`` for an array, a slice or a buffer of bytes.
  public static func writeAll<Bytes: Collection>(_ fd: Int32, _ bytes: Bytes) -> Int32
  where Bytes.Element == UInt8 {
    bytes.withContiguousStorageIfAvailable { writeAll(fd, UnsafeRawBufferPointer($0)) }
      ?? Array(bytes).withUnsafeBytes { writeAll(fd, $0) }
  }

  /// The text of an `errno` value, as `strerror` gives it.
  public static func text(_ e: Int32) -> String { String(cString: strerror(e)) }
}

/// A system call that failed: its name and `errno` ("rename: No space left on device").
public struct SystemError: Error, Equatable, CustomStringConvertible {
  public var call: String
  public var errno: Int32

  public init(_ call: String, errno: Int32) {
    self.call = call
    self.errno = errno
  }

  public var description: String { call + ": " + Syscall.text(errno) }
}
