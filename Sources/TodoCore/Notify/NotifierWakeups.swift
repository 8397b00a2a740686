import CSystem
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// The descriptors a notifier sleeps on, beside the FileWatcher's: a timer that
// fires at a wall-clock instant, and the termination signals. The timerfd
// calls come from the CSystem shim (Swift's Glibc module does not import
// <sys/timerfd.h>).

/// A timer that becomes readable at a wall-clock instant (`CLOCK_REALTIME`,
/// absolute), so suspend and resume cannot make it late; and that also wakes
/// when the clock is set (`TFD_TIMER_CANCEL_ON_SET`), so that the notifier can
/// look at the clock again. Disarmed, it never wakes: no idle wakeups.
public final class WallClockTimer {
  /// Readable when the instant came or the clock was set.
  public let fd: Int32

  public init() throws {
    fd = csystem_timerfd_create_realtime()
    guard fd >= 0 else { throw TodoError.io(path: "timerfd", detail: Store.errorText(errno)) }
  }

  deinit { close(fd) }

  /// Arms the timer for `date` (a past one fires at once), or disarms it when nil.
  public func arm(at date: Date?) {
    guard let date else {
      _ = csystem_timerfd_disarm(fd)
      return
    }
    let t = max(date.timeIntervalSince1970, 1e-9)
    let secs = t.rounded(.down)
    _ = csystem_timerfd_arm_absolute(fd, Int64(secs), Int64(max(1, (t - secs) * 1e9)))
  }

  /// Consumes the expiry (or the clock-change notice).
  public func drain() {
    var count: UInt64 = 0
    _ = read(fd, &count, 8)
  }
}

/// The write end of the self-pipe, for the signal handler (set once, before
/// the handler is installed).
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// SIGTERM and SIGINT as a readable descriptor (the self-pipe trick): a handler
/// writes the signal's number into a pipe that a `poll` watches, so that the
/// process can end cleanly. The signals are caught, not blocked: a caught
/// signal is reset to its default in the commands the notifier starts, where a
/// blocked or ignored one would be inherited (and `notify-send` could not be
/// stopped).
public final class TerminationSignals {
  /// Readable when a signal came.
  public let fd: Int32

  /// Installs the handler for `signals`; one instance a process.
  public init(_ signals: [Int32] = [SIGTERM, SIGINT]) throws {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw TodoError.io(path: "pipe", detail: Store.errorText(errno)) }
    for e in ends {
      _ = fcntl(e, F_SETFD, FD_CLOEXEC)
      _ = fcntl(e, F_SETFL, O_NONBLOCK)
    }
    fd = ends[0]
    signalPipeWriteEnd = ends[1]
    for s in signals {
      _ = signal(s) { sig in
        let saved = errno
        var b = UInt8(truncatingIfNeeded: sig)
        _ = write(signalPipeWriteEnd, &b, 1)
        errno = saved
      }
    }
  }

  /// The signal number that came, if one did.
  public func read() -> Int32? {
    var b: UInt8 = 0
    return Glibc.read(fd, &b, 1) == 1 ? Int32(b) : nil
  }
}
