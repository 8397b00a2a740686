#if canImport(Glibc)
  import Glibc
#endif

/// One `poll` over descriptors, each with its handler: the full-screen app's
/// loop and the daemon's. A handler gets the events `poll` returned for its
/// descriptor (`POLLIN`, and `POLLHUP` or `POLLERR`, which `poll` always
/// reports). Handlers run in the order they were added; once one calls
/// ``stop()``, the rest of that round is skipped and ``run(timeout:beforeWait:afterRound:)``
/// returns. A signal interrupting the wait just starts the round again.
public final class EventLoop {
  public typealias Handler = (_ events: Int16) throws -> Void

  private var fds: [pollfd] = []
  private var handlers: [Handler] = []
  /// Whether ``stop()`` was called.
  public private(set) var stopped = false

  public init() {}

  /// Calls `handler` whenever `fd` is ready for `events`.
  public func add(_ fd: Int32, events: Int16 = Int16(POLLIN), _ handler: @escaping Handler) {
    fds.append(pollfd(fd: fd, events: events, revents: 0))
    handlers.append(handler)
  }

  /// Ends ``run(timeout:beforeWait:afterRound:)`` after the handler that calls it.
  public func stop() { stopped = true }

  /// Until ``stop()``: `beforeWait`, one wait of at most `timeout` seconds
  /// (nil: until a descriptor is ready) with its handlers, then `afterRound`.
  public func run(
    timeout: Double? = nil, beforeWait: () throws -> Void = {}, afterRound: () throws -> Void = {}
  ) throws {
    while !stopped {
      try beforeWait()
      if stopped { return }
      try turn(timeout: timeout)
      if stopped { return }
      try afterRound()
    }
  }

  /// One wait of at most `timeout` seconds (nil: no limit) and the handlers of
  /// the descriptors that are ready: whether any was. `EINTR` counts as none.
  @discardableResult
  public func turn(timeout: Double? = nil) throws -> Bool {
    for i in fds.indices { fds[i].revents = 0 }
    let ms = timeout.map { Int32(min(max(0, ($0 * 1000).rounded(.up)), Double(Int32.max))) } ?? -1
    let r = poll(&fds, nfds_t(fds.count), ms)
    if r < 0 {
      if errno == EINTR { return false }
      throw TodoError.io(path: "poll", detail: Syscall.text(errno))
    }
    for i in fds.indices where fds[i].revents != 0 {
      try handlers[i](fds[i].revents)
      if stopped { break }
    }
    return r > 0
  }
}
