import CSystem
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Runs commands in the background and watches them all from one thread,
/// in one `poll` over their pipes and pidfds: a thread for all of them, three
/// descriptors each, and no wakeup while nothing runs and no tick is asked for.
///
/// It does not judge what a command's output or end means; it reports, in
/// batches on its own thread, what happened (``Event``) to a handler that does.
final class CommandRunner: @unchecked Sendable {
  typealias JobID = Int

  /// What happened to a job (or the tick that was asked for).
  enum Event: Equatable, Sendable {
    /// A line of the command's stdout (the first 16 lines; a last line without newline too).
    case line(JobID, String)
    /// The command is still running ``CommandRunner/grace`` seconds after it started.
    case running(JobID)
    /// The command ended. `stopped`: by ``terminate(_:)`` or ``stopAll(within:)``;
    /// `timedOut`: after ``timeout``; else as it ended by itself, with the first line of its stderr.
    case ended(JobID, Ending)
    /// The instant asked for with ``tick(after:)`` came.
    case tick
  }

  enum Ending: Equatable, Sendable {
    case exited(Int32, stderr: String?)
    case signalled(Int32)
    case stopped
    case timedOut
  }

  /// Seconds after which a command still running is reported (``Event/running(_:)``).
  let grace: Double
  /// Seconds after which a command still running is ended (SIGTERM, then SIGKILL).
  let timeout: Double
  private let handler: @Sendable ([Event]) -> Void

  private let lock = NSCondition()
  private var jobs: [JobID: Job] = [:]
  private var nextID = 1
  private var tickAt: Double?
  /// A batch of events is with the handler (``stopAll(within:)`` waits for it).
  private var handling = false
  private var wakeRead: Int32 = -1
  private var wakeWrite: Int32 = -1
  private var thread: Thread?

  private struct Job {
    var child: ChildProcess
    var graceAt: Double
    var timeoutAt: Double
    var killAt: Double?
    var stopped = false
    var timedOut = false
    var graceReported = false
    var outOpen = true
    var errOpen = true
    var status: Int32?
    var out: [UInt8] = []
    var lines = 0
    var err: [UInt8] = []
  }

  /// - Parameter handler: called on the runner's thread with each batch of events.
  init(grace: Double, timeout: Double, handler: @escaping @Sendable ([Event]) -> Void) {
    self.grace = grace
    self.timeout = timeout
    self.handler = handler
  }

  /// The number of commands running (stopped ones until they have ended).
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return jobs.count
  }

  /// Starts a command; its events come to the handler.
  /// - Throws: ``SpawnError`` when it cannot be started (the handler hears nothing of it).
  func start(_ path: String, arguments: [String], environment: [String: String]) throws -> JobID {
    lock.lock()
    defer { lock.unlock() }
    try startThreadIfNeeded()
    let child = try ChildProcess.spawn(path, arguments: arguments, environment: environment)
    let now = Self.monotonic()
    let id = nextID
    nextID += 1
    jobs[id] = Job(child: child, graceAt: now + grace, timeoutAt: now + timeout)
    poke()
    return id
  }

  /// Ends a command (SIGTERM to its process group, SIGKILL 2 s later); its
  /// end is reported as ``Ending/stopped``. Nothing when it already ended.
  func terminate(_ id: JobID) {
    lock.lock()
    defer { lock.unlock() }
    guard var job = jobs[id], !job.stopped else { return }
    job.stopped = true
    job.killAt = Self.monotonic() + 2
    job.child.signal(SIGTERM)
    jobs[id] = job
    poke()
  }

  /// Asks for a ``Event/tick`` after `seconds` (replacing any earlier request); nil cancels it.
  func tick(after seconds: Double?) {
    lock.lock()
    defer { lock.unlock() }
    tickAt = seconds.map { Self.monotonic() + max(0, $0) }
    if tickAt != nil { try? startThreadIfNeeded() }
    poke()
  }

  /// Ends every command (SIGTERM, SIGKILL after `within` seconds) and waits
  /// until they have and the handler has heard of it. Not from the handler.
  func stopAll(within: Double = 2) {
    lock.lock()
    let now = Self.monotonic()
    for (id, var job) in jobs where !job.stopped {
      job.stopped = true
      job.killAt = now + within
      job.child.signal(SIGTERM)
      jobs[id] = job
    }
    tickAt = nil
    poke()
    let end = Date(timeIntervalSinceNow: within + 1)
    while (!jobs.isEmpty || handling) && lock.wait(until: end) {}
    lock.unlock()
  }

  static func monotonic() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  /// Under the lock.
  private func startThreadIfNeeded() throws {
    guard thread == nil else { return }
    var ends: [Int32] = [-1, -1]
    guard csystem_pipe_cloexec(&ends) == 0 else { throw SpawnError(errno: errno) }
    wakeRead = ends[0]
    wakeWrite = ends[1]
    let t = Thread { [self] in loop() }
    t.name = "notify-commands"
    thread = t
    t.start()
  }

  /// Under the lock: wakes the runner's `poll`.
  private func poke() {
    guard wakeWrite >= 0 else { return }
    var b: UInt8 = 1
    _ = write(wakeWrite, &b, 1)
  }

  private func loop() {
    var fds: [pollfd] = []
    var owners: [(JobID, Int)] = []  // for each pollfd after the first: job, 0 out / 1 err / 2 pidfd
    while true {
      lock.lock()
      fds.removeAll(keepingCapacity: true)
      owners.removeAll(keepingCapacity: true)
      fds.append(pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0))
      var soonest = tickAt ?? .infinity
      var needsReapPoll = false
      for (id, job) in jobs {
        if job.outOpen {
          fds.append(pollfd(fd: job.child.stdout, events: Int16(POLLIN), revents: 0))
          owners.append((id, 0))
        }
        if job.errOpen {
          fds.append(pollfd(fd: job.child.stderr, events: Int16(POLLIN), revents: 0))
          owners.append((id, 1))
        }
        if job.child.pidfd >= 0 {
          fds.append(pollfd(fd: job.child.pidfd, events: Int16(POLLIN), revents: 0))
          owners.append((id, 2))
        } else {
          needsReapPoll = true
        }
        if !job.graceReported { soonest = min(soonest, job.graceAt) }
        soonest = min(soonest, job.killAt ?? job.timeoutAt)
      }
      lock.unlock()
      var timeout: Int32 = -1
      if soonest.isFinite {
        let ms = (soonest - Self.monotonic()) * 1000
        timeout = Int32(max(0, min(ms.rounded(.up), 3_600_000)))
      }
      if needsReapPoll { timeout = timeout < 0 ? 100 : min(timeout, 100) }
      let r = poll(&fds, nfds_t(fds.count), timeout)
      if r < 0 && errno != EINTR { usleep(10_000) }
      var drain = [UInt8](repeating: 0, count: 64)
      if fds[0].revents != 0 { while read(wakeRead, &drain, 64) > 0 {} }

      var events: [Event] = []
      lock.lock()
      for (i, (id, which)) in owners.enumerated() where fds[i + 1].revents != 0 {
        guard var job = jobs[id] else { continue }
        switch which {
        case 0: readOut(&job, id, &events)
        case 1: readErr(&job)
        default: if job.status == nil { job.status = job.child.reap() }
        }
        jobs[id] = job
      }
      let now = Self.monotonic()
      for (id, var job) in jobs {
        if job.child.pidfd < 0 && job.status == nil { job.status = job.child.reap() }
        if job.status != nil {
          // Ended: take what is left in the pipes (a grandchild may hold them open).
          if job.outOpen { readOut(&job, id, &events) }
          if job.errOpen { readErr(&job) }
          if !job.out.isEmpty && job.lines < 16 {
            events.append(.line(id, String(decoding: job.out, as: UTF8.self)))
          }
          events.append(.ended(id, ending(job)))
          job.child.closeAll()
          jobs[id] = nil
          continue
        }
        if !job.graceReported && now >= job.graceAt {
          job.graceReported = true
          events.append(.running(id))
        }
        if let k = job.killAt, now >= k {
          job.child.signal(SIGKILL)
          job.killAt = now + 1
        } else if job.killAt == nil && now >= job.timeoutAt {
          job.timedOut = true
          job.killAt = now + 2
          job.child.signal(SIGTERM)
        }
        jobs[id] = job
      }
      if let t = tickAt, now >= t {
        tickAt = nil
        events.append(.tick)
      }
      handling = !events.isEmpty
      if jobs.isEmpty { lock.broadcast() }
      lock.unlock()
      if !events.isEmpty {
        handler(events)
        lock.lock()
        handling = false
        lock.broadcast()
        lock.unlock()
      }
    }
  }

  private func ending(_ job: Job) -> Ending {
    if job.stopped { return .stopped }
    if job.timedOut { return .timedOut }
    switch Termination(waitStatus: job.status ?? 0) {
    case .signalled(let s): return .signalled(s)
    case .exited(let code):
      let line = String(decoding: job.err, as: UTF8.self).split(separator: "\n").first.map(String.init)
      return .exited(code, stderr: line)
    }
  }

  /// Reads what stdout has; complete lines become events.
  private func readOut(_ job: inout Job, _ id: JobID, _ events: inout [Event]) {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = Syscall.retrying { read(job.child.stdout, &chunk, chunk.count) }
      if n > 0 {
        if job.lines < 16 && job.out.count < 65_536 { job.out.append(contentsOf: chunk[0..<n]) }
        while job.lines < 16, let nl = job.out.firstIndex(of: 10) {
          events.append(.line(id, String(decoding: job.out[..<nl], as: UTF8.self)))
          job.out.removeSubrange(...nl)
          job.lines += 1
        }
        continue
      }
      if n == 0 || errno != EAGAIN { job.outOpen = false }
      return
    }
  }

  /// Keeps the first 4 KiB of stderr (for the one line that says why it failed).
  private func readErr(_ job: inout Job) {
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = Syscall.retrying { read(job.child.stderr, &chunk, chunk.count) }
      if n > 0 {
        if job.err.count < 4096 { job.err.append(contentsOf: chunk[0..<min(n, 4096 - job.err.count)]) }
        continue
      }
      if n == 0 || errno != EAGAIN { job.errOpen = false }
      return
    }
  }
}
