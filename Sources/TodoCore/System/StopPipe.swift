#if canImport(Glibc)
  import Glibc
#endif

/// A descriptor that becomes readable, once and for good, when ``fire()`` is
/// called: the `cancel` of a run of vdirsyncer (``Vdirsyncer/cancel``) that
/// a quitting app or daemon stops (its group is ended, nothing is left running).
public final class StopPipe: @unchecked Sendable {
  /// Readable once fired; never read from.
  public let fd: Int32
  private let writeEnd: Int32

  public init() {
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for e in ends { _ = fcntl(e, F_SETFD, FD_CLOEXEC) }
      _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
    }
    fd = ends[0]
    writeEnd = ends[1]
  }

  deinit {
    close(fd)
    close(writeEnd)
  }

  /// Makes ``fd`` readable.
  public func fire() {
    var b: UInt8 = 1
    _ = write(writeEnd, &b, 1)
  }
}
