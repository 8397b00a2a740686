import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// vdirsyncer, the engine that talks to CalDAV servers (SPEC 10): we write
/// or name its configuration, run it and read what it says; we do not speak
/// CalDAV ourselves. Each run is started with `posix_spawn` (``ChildProcess``),
/// waited for on the calling thread with a bound (a hanging server must not
/// stall the daemon: the command's process group is ended), and answers
/// the command's end and its output.
public struct Vdirsyncer: Sendable {
  /// The program (an absolute path).
  public var executable: String
  /// Its configuration file (`-c`).
  public var config: String
  /// Seconds a run may take before it is ended.
  public var timeout: TimeInterval
  /// The environment the command gets.
  public var environment: [String: String]
  /// A descriptor that becomes readable to stop a run (``CommandResult/run(_:arguments:environment:answers:timeout:cancel:)``).
  public var cancel: Int32?

  public init(
    executable: String, config: String, timeout: TimeInterval = 120, environment: [String: String],
    cancel: Int32? = nil
  ) {
    self.executable = executable
    self.config = config
    self.timeout = timeout
    self.environment = environment
    self.cancel = cancel
  }

  /// vdirsyncer on `PATH` (or `TODO_TUI_VDIRSYNCER`), or nil when there is none.
  public static func find(environment: [String: String]) -> String? {
    if let p = environment["TODO_TUI_VDIRSYNCER"], !p.isEmpty { return p }
    let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for dir in path.split(separator: ":") where !dir.isEmpty {
      let p = String(dir) + "/vdirsyncer"
      if access(p, X_OK) == 0 { return p }
    }
    return nil
  }

  /// How to install it, for the error that says it is missing.
  public static let missing =
    "vdirsyncer is not installed (it talks to the server): apt-get install vdirsyncer, or pipx install vdirsyncer"

  /// `vdirsyncer -c CONFIG discover PAIR`, every question it asks (make a
  /// missing folder or calendar?) answered yes.
  public func discover(pair: String) throws -> CommandResult { try discover(pairs: [pair]) }

  /// `vdirsyncer -c CONFIG discover PAIR…`, answered as ``discover(pair:)``.
  public func discover(pairs: [String]) throws -> CommandResult {
    try run(["discover"] + pairs, answers: String(repeating: "y\n", count: 200))
  }

  /// `vdirsyncer -c CONFIG metasync PAIR`: the collections' metadata (their names and colours).
  public func metasync(pair: String) throws -> CommandResult { try run(["metasync", pair]) }

  /// `vdirsyncer -c CONFIG sync PAIR`.
  public func sync(pair: String) throws -> CommandResult { try run(["sync", pair]) }

  /// Runs vdirsyncer with `arguments` after `-c CONFIG`.
  public func run(_ arguments: [String], answers: String? = nil) throws -> CommandResult {
    try CommandResult.run(
      executable, arguments: ["-c", config] + arguments, environment: environment, answers: answers,
      timeout: timeout, cancel: cancel)
  }
}

/// A run stopped by its `cancel` descriptor (Ctrl-C, SIGTERM, the app's quit).
public struct Cancelled: Error, Equatable, CustomStringConvertible {
  public init() {}
  public var description: String { "interrupted" }
}

/// How a command run to its end ended, with what it wrote.
public struct CommandResult: Equatable, Sendable {
  /// Its exit status; nil when it was ended by a signal or by the timeout.
  public var status: Int32?
  public var timedOut: Bool
  public var stdout: String
  public var stderr: String

  public var succeeded: Bool { status == 0 && !timedOut }

  /// What went wrong, in one line: vdirsyncer's first `error:` line (without
  /// its "Unknown error occurred: "), else the last line it wrote, else how it ended.
  public var problem: String {
    if timedOut { return "no answer within the time allowed (ended)" }
    let lines = (stderr + "\n" + stdout).split(whereSeparator: \.isNewline).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    let noise = ["Use `-vdebug`", "use `-vdebug`"]
    for l in lines where l.hasPrefix("error: ") || l.hasPrefix("critical: ") {
      guard !noise.contains(where: { l.contains($0) }) else { continue }
      var t = String(l.drop(while: { $0 != " " }).dropFirst())
      // "Unknown error occurred: X", or "… for PAIR/COLLECTION: X" (a sync's).
      if t.hasPrefix("Unknown error occurred"), let colon = t.range(of: ": ") {
        t = String(t[colon.upperBound...])
      }
      return t
    }
    if let last = lines.last(where: { !$0.isEmpty }) { return last }
    return status.map { "it ended with status \($0)" } ?? "it was ended by a signal"
  }

  /// Starts `path` and waits for it to end (output read as it comes, so a
  /// full pipe never blocks it), at most `timeout` seconds: then its process
  /// group gets SIGTERM, and SIGKILL two seconds later. `answers` is what
  /// it reads on stdin (else /dev/null). `cancel` readable (a signal's
  /// descriptor, a quit) ends the command's group the same way; then, once
  /// it ended, ``Cancelled`` is thrown.
  public static func run(
    _ path: String, arguments: [String], environment: [String: String], answers: String? = nil,
    timeout: TimeInterval, cancel: Int32? = nil
  ) throws -> CommandResult {
    var input = "/dev/null"
    if let answers {
      input = NSTemporaryDirectory() + "/todo-tui-answers.\(getpid()).\(UInt32.random(in: 0...UInt32.max))"
      try AtomicFile.replace(input, with: Array(answers.utf8), durable: false)
    }
    defer { if answers != nil { unlink(input) } }
    let child: ChildProcess
    do {
      child = try ChildProcess.spawn(path, arguments: arguments, environment: environment, stdin: input)
    } catch let e as SpawnError {
      throw TodoError.io(path: path, detail: "cannot run: \(e)")
    }
    defer { child.closeAll() }
    var out: [UInt8] = []
    var err: [UInt8] = []
    var openFDs: [Int32] = [child.stdout, child.stderr]
    let start = Date()
    var killAt: Date?
    var timedOut = false
    var cancelled = false
    var waitStatus: Int32?
    while true {
      if waitStatus == nil, let s = child.reap() { waitStatus = s }
      if waitStatus != nil && openFDs.isEmpty { break }
      let now = Date()
      if waitStatus == nil {
        if !timedOut, now.timeIntervalSince(start) >= timeout {
          timedOut = true
          child.signal(SIGTERM)
          killAt = now + 2
        } else if let k = killAt, now >= k {
          child.signal(SIGKILL)
          killAt = now + 3600
        }
      }
      var fds = openFDs.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      if waitStatus == nil, child.pidfd >= 0 {
        fds.append(pollfd(fd: child.pidfd, events: Int16(POLLIN), revents: 0))
      }
      if let cancel, !cancelled {
        var p = pollfd(fd: cancel, events: Int16(POLLIN), revents: 0)
        if poll(&p, 1, 0) == 1 {
          cancelled = true
          if waitStatus == nil {
            child.signal(SIGTERM)
            killAt = now + 2
          }
          continue
        }
        fds.append(p)
      }
      // Woken by output or by the end; a tenth of a second at most when the
      // kernel has no pidfd, or once the command ended (a child it left may
      // still hold the output open: read what comes, then stop).
      let limit = killAt ?? (start + timeout)
      var wait = Int32(max(0, min(limit.timeIntervalSince(now), 60)) * 1000) + 1
      if child.pidfd < 0 || waitStatus != nil { wait = min(wait, 100) }
      let n = fds.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), wait) }
      if n < 0 && errno != EINTR { break }
      var ended: [Int32] = []
      for p in fds where p.fd != child.pidfd && p.fd != cancel && p.revents != 0 {
        let open = p.fd == child.stdout ? drain(p.fd, into: &out) : drain(p.fd, into: &err)
        if !open { ended.append(p.fd) }
      }
      if waitStatus != nil && n == 0 { ended = openFDs }  // quiet after the end: done
      openFDs.removeAll { ended.contains($0) }
    }
    if cancelled { throw Cancelled() }
    var status: Int32?
    if let w = waitStatus, case .exited(let code) = Termination(waitStatus: w) { status = code }
    return CommandResult(
      status: status, timedOut: timedOut, stdout: Self.plain(out), stderr: Self.plain(err))
  }

  /// Reads what `fd` holds now; false at its end (or an error: a pty
  /// whose other side closed answers EIO).
  private static func drain(_ fd: Int32, into buffer: inout [UInt8]) -> Bool {
    var chunk = [UInt8](repeating: 0, count: 16384)
    while true {
      let r = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if r > 0 {
        if buffer.count < 1 << 20 { buffer.append(contentsOf: chunk[0..<r]) }
        continue
      }
      if r < 0 && (errno == EAGAIN || errno == EINTR) { return true }
      return false
    }
  }

  /// The text without terminal colours (vdirsyncer colours what it writes to a terminal).
  static func plain(_ bytes: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
      if bytes[i] == 0x1b, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") {
        i += 2
        while i < bytes.count, !(0x40...0x7e).contains(bytes[i]) { i += 1 }
        i += 1
        continue
      }
      if bytes[i] != UInt8(ascii: "\r") { out.append(bytes[i]) }
      i += 1
    }
    return String(decoding: out, as: UTF8.self)
  }
}
