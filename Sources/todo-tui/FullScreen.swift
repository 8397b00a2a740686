import Foundation
import TodoCLI
import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// The full-screen app's runtime: it reads the file, then sleeps in one
/// ``EventLoop`` on the keyboard, the data file's folder (inotify), a wall-clock timer
/// armed for the next instant the screen changes by itself or a notification
/// is due, and the signals (resize, quit). Each event becomes an ``Action``;
/// ``reduce(_:_:env:)`` returns ``Effect``s, which are carried out here; then
/// the frame is rendered and only its changed cells are written.
final class FullScreen {
  let store: Store
  let env = TodoEnvironment.live
  let environment = CLI.environmentWithSettings(ProcessInfo.processInfo.environment)
  let settings = CLI.settings
  lazy var serverStatus = ServerStatusWatch(
    environment: environment, dataFile: (try? store.resolvedPath()) ?? store.path)
  /// The notifier's sync (SPEC 10): the round with the server (or the vdir of
  /// `TODO_TUI_VDIR`), run by this app while it holds the notifier role.
  private var live: LiveSync?
  private var state: AppState
  private var terminal: Terminal!
  /// The one `poll`: keyboard, file watcher, timer, signals and inbox; stopped to quit.
  private let loop = EventLoop()
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
    var calendar = Calendar.localGregorian
    if let first = CLI.settings.firstWeekday { calendar.firstWeekday = first }
    state = AppState(
      now: Date(), calendar: calendar, size: Size(width: 80, height: 24),
      hourCycle: HourCycle.from(environment: ProcessInfo.processInfo.environment))
    state.keys = CLI.settings.keys
    state.defaultList = CLI.settings.defaultList
  }

  func run() throws {
    guard isatty(0) == 1 && isatty(1) == 1 else {
      throw CLIError(message: "the full-screen app needs a terminal (try 'todo-tui list')")
    }
    // Before any thread starts: the signals become a descriptor.
    let signals = try TerminationSignals([SIGTERM, SIGINT, SIGHUP, SIGWINCH])
    let path = try store.resolvedPath()
    // Creates the missing folders, 0700 (said once the app is closed: the default location's first open).
    let watcher = try FileWatcher(path: path, made: store.madeFolder)
    let timer = try WallClockTimer()
    terminal = try Terminal(environment: environment, theme: settings.theme, mouse: settings.mouse)
    defer { terminal.restore() }
    dispatch(.resized(terminal.querySize()))
    load()
    draw()
    notifierStart = Date().addingTimeInterval(Self.notifierDelay)

    loop.add(signals.fd) { [self] _ in
      while let sig = signals.read() {
        if sig == SIGWINCH {
          let size = terminal.querySize()
          terminal.resize(to: size)
          dispatch(.resized(size))
        } else if sig == SIGINT {
          takeKeys()
          // Ctrl-C in a form is Esc: what was typed is not lost without a question.
          if case .form = state.mode, let escape = KeyMap.action(for: .escape, in: state) {
            dispatch(escape)
          } else {
            loop.stop()
          }
        } else {
          loop.stop()
        }
      }
    }
    loop.add(0) { [self] events in
      guard events & Int16(POLLIN | POLLHUP | POLLERR) != 0 else { return }
      if !takeKeys() && events & Int16(POLLHUP | POLLERR) != 0 { loop.stop() }
    }
    loop.add(watcher.fd) { [self] _ in
      guard watcher.drain() else { return }
      notifier?.fileChanged()
      if fileChanged() { load() }
      fireDue()
    }
    loop.add(timer.fd) { [self] _ in
      timer.drain()
      dispatch(.tick(Date()))
      fireDue()
    }
    loop.add(inbox.fd) { [self] _ in
      let (messages, lockFreed) = inbox.take()
      for message in messages { dispatch(.notice(message)) }
      if lockFreed {
        lockWaiter = nil
        saveWaiting()
        fireDue()
      }
      if notifier?.takeOver() == true {
        startLiveSync()
        fireDue()
      }
    }
    try loop.run(beforeWait: { [self] in timer.arm(at: nextWake()) }, afterRound: { [self] in draw() })
    live?.stop()  // a run of vdirsyncer under way is ended with its group
    notifier?.shutdown()
  }

  /// As the notifier, runs what the daemon would: the sync of the data file
  /// with its vdir and the round with the server, on the sync's own thread;
  /// the header shows each round's outcome, the status line what the user must know.
  func startLiveSync() {
    guard live == nil, notifier?.isNotifier == true else { return }
    let inbox = inbox
    live = ServerCLI.notifierLive(
      store: store,
      say: { line in
        // What each round did is the list itself; failures, conflicts and deletions are told.
        if !line.hasPrefix("sync: "), !line.hasPrefix("syncing ") { inbox.post(line) }
      })
    live?.onRound = { inbox.post(nil) }
    live?.register(on: loop)
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
      case .quit: loop.stop()
      case .editNote(let text): editNote(text)
      }
    }
  }

  /// Runs `$EDITOR` on the note with the terminal given back meanwhile; its text goes into the form.
  private func editNote(_ text: String) {
    let result = terminal.suspended { Result { try NoteEditor.edit(text, environment: environment) } }
    switch result {
    case .success(let t): dispatch(.form(.noteEdited(t)))
    case .failure(let e): dispatch(.notice("\(e)"))
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
      startLiveSync()
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

  /// Reads and acts on the keys waiting (a SIGINT reads them first: the `a` typed before a
  /// Ctrl-C opens its form before the Ctrl-C is looked at); false when there were none.
  @discardableResult
  func takeKeys() -> Bool {
    let keys = terminal.readKeys()
    for key in keys where !loop.stopped {
      if let action = KeyMap.action(for: key, in: state) { dispatch(action) }
    }
    return !keys.isEmpty
  }

  func draw() {
    state.serverSync = serverStatus.current()
    terminal.draw(render(state, size: state.size))
  }
}
