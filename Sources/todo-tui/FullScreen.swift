import Foundation
import TodoCLI
import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// The full-screen app's runtime: it reads the file, then sleeps in one
/// `poll` on the keyboard, the data file's folder (inotify), a wall-clock timer
/// armed for the next instant the screen changes by itself or a notification
/// is due, and the signals (resize, quit). Each event becomes an ``Action``;
/// ``reduce(_:_:env:)`` returns ``Effect``s, which are carried out here; then
/// the frame is rendered and only its changed cells are written.
final class FullScreen {
  let store: Store
  let env = TodoEnvironment.live
  let environment = ProcessInfo.processInfo.environment
  private var state: AppState
  private var terminal: Terminal!
  private var running = true
  /// The file as we last wrote or read it, so that our own writes are not read back.
  private var signature: FileSignature?
  /// The notifier role, taken just after the first frame (see ``notifierDelay``).
  private var notifier: NotifierRole?
  /// When to take up the notifier role: a moment after the first frame, so that
  /// its own read of the file does not compete with showing the list.
  private var notifierStart = Date.distantFuture
  static let notifierDelay: TimeInterval = 0.05
  private let inbox = Inbox()

  init(store: Store) {
    self.store = store
    state = AppState(
      now: Date(), calendar: .localGregorian, size: Size(width: 80, height: 24),
      hourCycle: HourCycle.from(environment: ProcessInfo.processInfo.environment))
  }

  func run() throws {
    guard isatty(0) == 1 && isatty(1) == 1 else {
      throw CLIError(message: "the full-screen app needs a terminal (try 'todo-tui list')")
    }
    // Before any thread starts: the signals become a descriptor.
    let signals = try TerminationSignals([SIGTERM, SIGINT, SIGHUP, SIGWINCH])
    let path = try store.resolvedPath()
    let watcher = try FileWatcher(path: path)  // creates the missing folders, 0700
    let timer = try WallClockTimer()
    terminal = try Terminal(environment: environment)
    defer { terminal.restore() }
    dispatch(.resized(terminal.querySize()))
    load()
    draw()
    notifierStart = Date().addingTimeInterval(Self.notifierDelay)

    var fds = [
      pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
      pollfd(fd: watcher.fd, events: Int16(POLLIN), revents: 0),
      pollfd(fd: timer.fd, events: Int16(POLLIN), revents: 0),
      pollfd(fd: signals.fd, events: Int16(POLLIN), revents: 0),
      pollfd(fd: inbox.fd, events: Int16(POLLIN), revents: 0),
    ]
    while running {
      timer.arm(at: nextWake())
      for i in fds.indices { fds[i].revents = 0 }
      let r = poll(&fds, nfds_t(fds.count), -1)
      if r < 0 {
        if errno == EINTR { continue }
        throw CLIError(message: "poll: " + String(cString: strerror(errno)))
      }
      if fds[3].revents != 0 {
        while let sig = signals.read() {
          if sig == SIGWINCH {
            let size = terminal.querySize()
            terminal.resize(to: size)
            dispatch(.resized(size))
          } else {
            running = false
          }
        }
      }
      if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
        let keys = terminal.readKeys()
        if keys.isEmpty && fds[0].revents & Int16(POLLHUP | POLLERR) != 0 { running = false }
        for key in keys where running {
          if let action = KeyMap.action(for: key, in: state) { dispatch(action) }
        }
      }
      if fds[1].revents != 0, watcher.drain() {
        notifier?.fileChanged()
        if fileChanged() { load() }
        fireDue()
      }
      if fds[2].revents != 0 {
        timer.drain()
        dispatch(.tick(Date()))
        fireDue()
      }
      if fds[4].revents != 0 {
        let (messages, lockFreed) = inbox.take()
        for message in messages { dispatch(.notice(message)) }
        if lockFreed {
          lockWaiter = nil
          saveWaiting()
          fireDue()
        }
        if notifier?.takeOver() == true { fireDue() }
      }
      if running { draw() }
    }
    notifier?.shutdown()
  }

  /// The next instant to wake at: the screen's next change or the next notification.
  func nextWake() -> Date? {
    let a = state.nextChange
    // While the lock is waited for, the notifier's due time would wake the
    // loop at once, again and again: the lock's freeing wakes it instead.
    let b = notifier == nil ? notifierStart : lockWaiter != nil ? nil : notifier!.nextWake(now: Date())
    switch (a, b) {
    case (let a?, let b?): return min(a, b)
    default: return a ?? b
    }
  }

  /// Carries an action through the reducer and its effects.
  func dispatch(_ action: Action) {
    for effect in reduce(&state, action, env: env) {
      switch effect {
      case .commit(let op): perform(op)
      case .setTerminalTitle(let t): terminal.setTitle(t)
      case .bell: terminal.bell()
      case .quit: running = false
      }
    }
  }

  /// Operations waiting, in order, for the file's lock that another process holds.
  private var waiting: [TodoOperation] = []
  /// Set while a background thread waits for the lock to free.
  private var lockWaiter: Thread?

  /// Commits an operation to the current file, under its lock (the store's one
  /// entry, as the command line does). When others had changed the file since
  /// we last read it, it is read again afterwards. The lock is never waited
  /// for here: while another process holds it, the operation waits in
  /// ``waiting`` and the app goes on (SPEC 4).
  func perform(_ m: TodoOperation) {
    waiting.append(m)
    if waiting.count == 1 { saveWaiting() }
  }

  /// Saves what waits, in order, until done or the lock is found held.
  func saveWaiting() {
    while let m = waiting.first {
      do {
        var written: FileSignature?
        var othersChanged = false
        let change = try store.commit(
          wait: false, env: env, whileLocked: { _ in written = FileSignature(store) }
        ) {
          _ in
          othersChanged = FileSignature(store) != signature
          return m
        }
        waiting.removeFirst()
        signature = written
        dispatch(.mutated(m, change))
        if othersChanged { load() } else { handOver() }
      } catch let busy as LockBusy {
        dispatch(.lockWait(busy.description))
        waitForLock()
        return
      } catch {
        waiting.removeFirst()
        dispatch(.mutationFailed(m, "\(error)"))
      }
    }
    if state.waitingForLock != nil { dispatch(.lockWait(nil)) }
  }

  /// Waits for the lock on a background thread (blocked in `flock`, no
  /// polling); when it frees, the inbox wakes the loop to save what waits.
  func waitForLock() {
    guard lockWaiter == nil else { return }
    let store = store
    let inbox = inbox
    let t = Thread {
      _ = try? store.withLock {}
      inbox.post(nil, lockFreed: true)
    }
    t.name = "lock-wait"
    lockWaiter = t
    t.start()
  }

  /// Whether another process holds the lock now (asked without waiting).
  func lockIsHeld() -> Bool {
    do { try store.withLock(wait: false) {} } catch is LockBusy { return true } catch { return false }
    return false
  }

  /// Reads the file and hands it to the reducer (or says why it cannot be read).
  func load() {
    do {
      signature = FileSignature(store)
      let doc = try store.load()
      dispatch(.loaded(doc))
      handOver()
    } catch {
      dispatch(.loadFailed("\(error)"))
    }
  }

  /// Gives the notifier what the app holds now (its next fire time and the
  /// file's signature), so that it does not read the file a second time.
  func handOver() {
    notifier?.adopt(next: Notifier.firstUndelivered(state.pending), signature: signature)
  }

  /// Whether the file differs from what we last read or wrote.
  func fileChanged() -> Bool {
    let now = FileSignature(store)
    return now == nil || now != signature
  }

  /// Delivers what is due, when this app is the notifier, and shows the banner.
  func fireDue() {
    if notifier == nil && Date() >= notifierStart {
      notifier = NotifierRole(store: store, environment: environment, inbox: inbox)
      handOver()
    }
    guard let notifier else { return }
    // The notifier writes under the lock: while another process holds it,
    // wait for it in the background rather than freeze the screen.
    guard waiting.isEmpty else { return }
    if notifier.nextWake(now: Date()).map({ $0 <= Date() }) ?? false, lockIsHeld() {
      waitForLock()
      return
    }
    let fired = notifier.fireDue(now: Date())
    guard !fired.isEmpty else { return }
    dispatch(.fired(fired, bell: !notifier.hasBubbles))
    if fileChanged() { load() }
  }

  func draw() {
    terminal.draw(render(state, size: state.size))
  }
}

/// Messages from other threads (the notifier's), with a descriptor that
/// wakes the `poll` when one arrives.
final class Inbox: @unchecked Sendable {
  let fd: Int32
  private let writeFD: Int32
  private let lock = NSLock()
  private var messages: [String] = []
  private var lockFreed = false

  init() {
    var p: [Int32] = [0, 0]
    _ = pipe(&p)
    for f in p {
      _ = fcntl(f, F_SETFD, FD_CLOEXEC)
      _ = fcntl(f, F_SETFL, O_NONBLOCK)
    }
    fd = p[0]
    writeFD = p[1]
  }

  func post(_ message: String?, lockFreed freed: Bool = false) {
    lock.lock()
    if let m = message { messages.append(m) }
    if freed { lockFreed = true }
    lock.unlock()
    var b: UInt8 = 1
    _ = write(writeFD, &b, 1)
  }

  /// The messages posted since the last take, and whether the data file's lock freed.
  func take() -> (messages: [String], lockFreed: Bool) {
    var buf = [UInt8](repeating: 0, count: 64)
    while read(fd, &buf, 64) > 0 {}
    lock.lock()
    defer { lock.unlock() }
    let out = (messages, lockFreed)
    messages = []
    lockFreed = false
    return out
  }
}

/// The app as the notifier (SPEC 5): when no daemon holds the data file's
/// notifier lock, the open app fires the notifications with the same engine;
/// otherwise it waits in the background to take over when the daemon ends.
final class NotifierRole: @unchecked Sendable {
  private let store: Store
  private let inbox: Inbox
  private let lockBox = NSLock()
  private var pendingLock: NotifierLock?
  private var lock: NotifierLock?
  private var engine: Notifier?
  private let makeEngine: () -> Notifier
  /// Whether desktop bubbles can be shown (else the bell rings).
  let hasBubbles: Bool

  init(store: Store, environment: [String: String], inbox: Inbox) {
    self.store = store
    self.inbox = inbox
    let command = NotifyCommand(environment: environment)
    if case .success = command.resolve() { hasBubbles = true } else { hasBubbles = false }
    makeEngine = {
      Notifier(
        store: store, command: command,
        onEvent: { event in
          switch event {
          case .problem(let m): inbox.post(m)
          case .actionApplied(_, let change): inbox.post(change.summary)
          case .fired: break
          }
        })
    }
    if let l = try? NotifierLock.tryAcquire(for: store) {
      lock = l
      engine = makeEngine()
    } else {
      NotifierLock.acquireInBackground(for: store) { [self] l in
        lockBox.lock()
        pendingLock = l
        lockBox.unlock()
        inbox.post(nil)
      }
    }
  }

  /// Becomes the notifier if the lock came through in the background.
  func takeOver() -> Bool {
    lockBox.lock()
    defer { lockBox.unlock() }
    guard engine == nil, let l = pendingLock else { return false }
    lock = l
    pendingLock = nil
    engine = makeEngine()
    if let a = adopted { engine?.adopt(next: a.next, signature: a.signature) }
    return true
  }

  /// Set when delivering failed (a file that cannot be read or written): the
  /// engine's wake time is then ignored until the file changes, so as not to spin.
  private var stalled = false

  func fireDue(now: Date) -> [ScheduledNotification] {
    guard let engine, !stalled else { return [] }
    do {
      return try engine.fireDue(now: now)
    } catch {
      stalled = true  // the app shows an unreadable or read-only file itself
      return []
    }
  }

  /// The data file changed: try again.
  func fileChanged() { stalled = false }

  /// What the app read or wrote last: kept for an engine that starts later.
  private var adopted: (next: Date?, signature: FileSignature?)?

  func adopt(next: Date?, signature: FileSignature?) {
    lockBox.lock()
    adopted = (next, signature)
    let e = engine
    lockBox.unlock()
    e?.adopt(next: next, signature: signature)
  }

  func nextWake(now: Date) -> Date? { stalled ? nil : engine?.nextWake(now: now) }

  func shutdown() {
    engine?.shutdown()
    lock?.release()
  }
}
