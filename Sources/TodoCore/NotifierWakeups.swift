import Foundation

#if canImport(Glibc)
  import Glibc
#endif

// The descriptors a notifier sleeps on, beside the FileWatcher's: a timer that
// fires at a wall-clock instant, and the termination signals. Swift's Glibc
// module does not import <sys/timerfd.h> or <sys/signalfd.h>, so the two
// functions of each are looked up in the C library by name.

private enum LinuxCalls {
  typealias TimerCreate = @convention(c) (Int32, Int32) -> Int32
  typealias TimerSet =
    @convention(c) (Int32, Int32, UnsafePointer<itimerspec>, UnsafeMutablePointer<itimerspec>?) -> Int32
  typealias SignalFD = @convention(c) (Int32, UnsafePointer<sigset_t>, Int32) -> Int32

  static func symbol<T>(_ name: String, as: T.Type) -> T? {
    guard let p = dlsym(nil, name) else { return nil }
    return unsafeBitCast(p, to: T.self)
  }

  static let timerfdCreate = symbol("timerfd_create", as: TimerCreate.self)
  static let timerfdSettime = symbol("timerfd_settime", as: TimerSet.self)
  static let signalfd = symbol("signalfd", as: SignalFD.self)

  static let cloexec: Int32 = 0o2_000_000  // TFD_CLOEXEC = SFD_CLOEXEC = O_CLOEXEC
  static let nonblock: Int32 = 0o4000  // TFD_NONBLOCK = SFD_NONBLOCK = O_NONBLOCK
  static let timerAbstime: Int32 = 1  // TFD_TIMER_ABSTIME
  static let cancelOnSet: Int32 = 2  // TFD_TIMER_CANCEL_ON_SET
}

/// A timer that becomes readable at a wall-clock instant (`CLOCK_REALTIME`,
/// absolute), so suspend and resume cannot make it late; and that also wakes
/// when the clock is set (`TFD_TIMER_CANCEL_ON_SET`), so that the notifier can
/// look at the clock again. Disarmed, it never wakes: no idle wakeups.
public final class WallClockTimer {
  /// Readable when the instant came or the clock was set.
  public let fd: Int32

  public init() throws {
    guard let create = LinuxCalls.timerfdCreate else {
      throw TodoError.io(path: "timerfd", detail: "timerfd_create is not available")
    }
    fd = create(CLOCK_REALTIME, LinuxCalls.cloexec | LinuxCalls.nonblock)
    guard fd >= 0 else { throw TodoError.io(path: "timerfd", detail: Store.errorText(errno)) }
  }

  deinit { close(fd) }

  /// Arms the timer for `date` (a past one fires at once), or disarms it when nil.
  public func arm(at date: Date?) {
    var spec = itimerspec()
    var flags: Int32 = 0
    if let date {
      let t = max(date.timeIntervalSince1970, 1e-9)
      let secs = t.rounded(.down)
      spec.it_value.tv_sec = Int(secs)
      spec.it_value.tv_nsec = max(1, Int((t - secs) * 1e9))
      flags = LinuxCalls.timerAbstime | LinuxCalls.cancelOnSet
    }
    _ = LinuxCalls.timerfdSettime?(fd, flags, &spec, nil)
  }

  /// Consumes the expiry (or the clock-change notice).
  public func drain() {
    var count: UInt64 = 0
    _ = read(fd, &count, 8)
  }
}

/// SIGTERM and SIGINT as a readable descriptor: the signals are blocked (in
/// this thread and the threads it starts afterwards) and read from a
/// `signalfd`, so that a `poll` wakes for them and the process can end cleanly.
public final class TerminationSignals {
  /// Readable when a signal came.
  public let fd: Int32

  /// Blocks SIGTERM and SIGINT; create it before any other thread starts.
  public init(_ signals: [Int32] = [SIGTERM, SIGINT]) throws {
    var set = sigset_t()
    sigemptyset(&set)
    for s in signals { sigaddset(&set, s) }
    guard let sfd = LinuxCalls.signalfd else {
      throw TodoError.io(path: "signalfd", detail: "signalfd is not available")
    }
    pthread_sigmask(SIG_BLOCK, &set, nil)
    fd = sfd(-1, &set, LinuxCalls.cloexec | LinuxCalls.nonblock)
    guard fd >= 0 else { throw TodoError.io(path: "signalfd", detail: Store.errorText(errno)) }
  }

  deinit { close(fd) }

  /// The signal number that came, if one did.
  public func read() -> Int32? {
    var info = [UInt8](repeating: 0, count: 128)  // struct signalfd_siginfo
    let n = Glibc.read(fd, &info, 128)
    guard n == 128 else { return nil }
    return info.withUnsafeBytes { Int32(bitPattern: $0.load(as: UInt32.self)) }
  }
}
