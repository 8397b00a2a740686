import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One desktop bubble as the notify command receives it (SPEC 5): the summary
/// and body arguments, whether it offers the two actions, and the `TODO_*`
/// environment.
public struct Bubble: Equatable, Sendable {
  /// `Todo Item "TITLE" Is Overdue` (plain text, the title made display-safe).
  public var summary: String
  /// "Due Nov 23 at 9:00 AM · 3 overdue", with `&`, `<`, `>` escaped.
  public var body: String
  /// Whether the bubble carries the Complete / Remind actions (not a summary of missed ones).
  public var hasActions: Bool
  /// `TODO_ID`, `TODO_TITLE`, `TODO_DEADLINE`, `TODO_KIND`, `TODO_BADGE` (and `TODO_COUNT` for a summary).
  public var environment: [String: String]

  /// The argv after the command's name, exactly as SPEC 5 gives it.
  public var arguments: [String] {
    var a = ["--app-name=todo-tui"]
    if hasActions {
      a += ["--action=complete=Complete", "--action=remind=Remind in 30 minutes"]
    }
    return a + [summary, body]
  }

  /// The bubble of one notification.
  public init(_ n: ScheduledNotification, formatter: DueFormatter) {
    let title = Title.displaySafe(n.title)
    let prefix = n.kind == .reminder ? "Reminder: " : ""
    summary = prefix + "Todo Item \"" + title + "\" Is Overdue"
    body = Self.escapeMarkup((n.deadline.map(formatter.due) ?? "No deadline") + " · \(n.badge) overdue")
    hasActions = true
    environment = [
      "TODO_ID": n.itemID.uuidString, "TODO_TITLE": title,
      "TODO_DEADLINE": n.deadline.map { ISOTime.string($0, formatter: formatter) } ?? "",
      "TODO_KIND": n.kind.rawValue,
      "TODO_BADGE": String(n.badge),
    ]
  }

  /// One bubble for many missed notifications (oldest first): no actions, since
  /// a button cannot say which item it means; `TODO_KIND` is `summary`.
  public init(missed: [ScheduledNotification], badge: Int, formatter: DueFormatter) {
    summary = "\(missed.count) Todo Items Are Overdue"
    var lines = missed.prefix(5).map {
      "\"" + Title.displaySafe($0.title) + "\" · " + ($0.deadline.map(formatter.due) ?? "no deadline")
    }
    if missed.count > 5 { lines.append("and \(missed.count - 5) more · \(badge) overdue") }
    body = Self.escapeMarkup(lines.joined(separator: "\n"))
    hasActions = false
    let last = missed.last
    environment = [
      "TODO_ID": "", "TODO_TITLE": summary,
      "TODO_DEADLINE": last?.deadline.map { ISOTime.string($0, formatter: formatter) } ?? "",
      "TODO_KIND": "summary", "TODO_BADGE": String(badge), "TODO_COUNT": String(missed.count),
    ]
  }

  /// `&`, `<` and `>` as entities, for servers that read the body as markup.
  public static func escapeMarkup(_ s: String) -> String {
    guard s.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return s }
    var out = ""
    for c in s {
      switch c {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      default: out.append(c)
      }
    }
    return out
  }
}

/// What became of one bubble.
public enum BubbleOutcome: Equatable, Sendable {
  /// The command ended well; the action it printed on its first line, if any.
  case answered(String?)
  /// The command could not run, failed, or was stopped; the one line that says why.
  case failed(String)
}

/// Runs the notify command (`notify-send`, or `TODO_TUI_NOTIFY`) without a
/// shell, each bubble on its own thread: a command that never returns holds up
/// nothing but its own bubble. Output is drained as it comes (stdout and
/// stderr together, through `poll`), so a chatty command cannot block.
public final class NotifyCommand: @unchecked Sendable {
  /// The command as named: a path, or a name looked up in `PATH`.
  public let name: String
  /// The environment the command inherits (plus the bubble's `TODO_*`).
  public let baseEnvironment: [String: String]
  /// How long a bubble may wait for an answer before its command is stopped.
  public let timeout: TimeInterval

  private let lock = NSLock()
  private var running: [Int32: Process] = [:]
  private var outstanding = 0
  private let idle = NSCondition()

  /// - Parameters:
  ///   - environment: `TODO_TUI_NOTIFY` names the command (default `notify-send`); `PATH` finds it.
  ///   - timeout: a bubble still unanswered after this long (12 hours) has its command stopped.
  public init(environment: [String: String], timeout: TimeInterval = 12 * 3600) {
    let named = environment["TODO_TUI_NOTIFY"] ?? ""
    name = named.isEmpty ? "notify-send" : named
    baseEnvironment = environment
    self.timeout = timeout
  }

  /// The executable to run, or why there is none.
  public func resolve() -> Result<String, NotifyProblem> {
    if name.contains("/") {
      return Self.isExecutableFile(name) ? .success(name) : .failure(.missing(name))
    }
    let path = baseEnvironment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for dir in path.split(separator: ":", omittingEmptySubsequences: false) {
      let candidate = (dir.isEmpty ? "." : String(dir)) + "/" + name
      if Self.isExecutableFile(candidate) { return .success(candidate) }
    }
    return .failure(.missing(name))
  }

  static func isExecutableFile(_ path: String) -> Bool {
    var st = stat()
    return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG && access(path, X_OK) == 0
  }

  /// Shows `bubble` and calls `done` (on the bubble's thread) when its command
  /// has ended. Returns at once.
  public func show(_ bubble: Bubble, done: @escaping @Sendable (BubbleOutcome) -> Void) {
    idle.lock()
    outstanding += 1
    idle.unlock()
    let thread = Thread { [self] in
      let outcome = run(bubble)
      done(outcome)
      idle.lock()
      outstanding -= 1
      idle.broadcast()
      idle.unlock()
    }
    thread.name = "bubble"
    thread.start()
  }

  /// Waits until no bubble is outstanding or `timeout` passes; true when none is.
  @discardableResult
  public func waitUntilIdle(timeout: TimeInterval) -> Bool {
    let end = Date().addingTimeInterval(timeout)
    idle.lock()
    defer { idle.unlock() }
    while outstanding > 0 {
      if !idle.wait(until: end) { return outstanding == 0 }
    }
    return true
  }

  /// Stops every command still running (SIGTERM), as the notifier ends.
  public func stopAll() {
    lock.lock()
    let procs = Array(running.values)
    lock.unlock()
    for p in procs where p.isRunning { p.terminate() }
  }

  /// Runs the command for one bubble, to its end; on the calling thread.
  func run(_ bubble: Bubble) -> BubbleOutcome {
    let path: String
    switch resolve() {
    case .success(let p): path = p
    case .failure(let problem): return .failed(problem.description)
    }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = bubble.arguments
    p.environment = baseEnvironment.merging(bubble.environment) { _, new in new }
    let out = Pipe()
    let err = Pipe()
    p.standardOutput = out
    p.standardError = err
    p.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    do {
      try p.run()
    } catch {
      return .failed("cannot run the notify command \(path): \(error.localizedDescription)")
    }
    let pid = p.processIdentifier
    lock.lock()
    running[pid] = p
    lock.unlock()
    defer {
      lock.lock()
      running[pid] = nil
      lock.unlock()
    }
    try? out.fileHandleForWriting.close()
    try? err.fileHandleForWriting.close()
    let (stdout, stderr, timedOut) = Self.drain(
      out.fileHandleForReading.fileDescriptor, err.fileHandleForReading.fileDescriptor,
      until: Date().addingTimeInterval(timeout))
    if timedOut {
      p.terminate()
      let killAt = Date().addingTimeInterval(2)
      while p.isRunning && Date() < killAt { usleep(20_000) }
      if p.isRunning { kill(pid, SIGKILL) }
    }
    p.waitUntilExit()
    try? out.fileHandleForReading.close()
    try? err.fileHandleForReading.close()
    if timedOut {
      return .failed("the notify command \(path) gave no answer in \(Int(timeout)) s and was stopped")
    }
    if p.terminationReason == .uncaughtSignal {
      return .failed("the notify command \(path) was killed by signal \(p.terminationStatus)")
    }
    if p.terminationStatus != 0 {
      let why = String(decoding: stderr, as: UTF8.self).split(separator: "\n").first.map { ": " + $0 } ?? ""
      return .failed("the notify command \(path) failed with status \(p.terminationStatus)\(why)")
    }
    let first = String(decoding: stdout, as: UTF8.self).split(separator: "\n").first ?? ""
    let action = first.trimmingCharacters(in: .whitespaces)
    return .answered(action.isEmpty ? nil : action)
  }

  /// Reads two pipes to their ends (or until `deadline`), keeping at most 64 KiB of each.
  static func drain(_ a: Int32, _ b: Int32, until deadline: Date) -> (Data, Data, Bool) {
    var fds = [
      pollfd(fd: a, events: Int16(POLLIN), revents: 0), pollfd(fd: b, events: Int16(POLLIN), revents: 0),
    ]
    var bufs = [Data(), Data()]
    var open = 2
    var chunk = [UInt8](repeating: 0, count: 4096)
    while open > 0 {
      let ms = deadline.timeIntervalSinceNow * 1000
      if ms <= 0 { return (bufs[0], bufs[1], true) }
      let r = poll(&fds, 2, Int32(min(ms.rounded(.up), 3_600_000)))
      if r < 0 && errno != EINTR { break }
      if r <= 0 { continue }
      for i in 0..<2 where fds[i].fd >= 0 && fds[i].revents != 0 {
        let n = read(fds[i].fd, &chunk, chunk.count)
        if n > 0 {
          if bufs[i].count < 65_536 { bufs[i].append(contentsOf: chunk[0..<n]) }
        } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
          fds[i].fd = -1
          open -= 1
        }
      }
    }
    return (bufs[0], bufs[1], false)
  }
}

/// Why a bubble could not be shown.
public enum NotifyProblem: Error, Equatable, Sendable, CustomStringConvertible {
  case missing(String)

  public var description: String {
    switch self {
    case .missing(let name):
      return name.contains("/")
        ? "the notify command \(name) is missing or not executable; reminders show only in the app"
        : "\(name) is not installed (no executable \(name) in PATH; on Debian: apt-get install libnotify-bin, or set TODO_TUI_NOTIFY); reminders show only in the app"
    }
  }
}
