import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The notifier: the one engine behind both `todo-tui daemon` and the open
/// full-screen app (whichever holds the ``NotifierLock`` of the data file).
///
/// How a notifier uses it:
///
/// ```swift
/// guard let lock = try NotifierLock.tryAcquire(for: store) else { /* another notifier runs */ }
/// let engine = Notifier(
///   store: store, command: NotifyCommand(environment: env),
///   onEvent: { event in /* any thread: hop to your own loop (banner, bell, status) */ })
/// let fired = try engine.fireDue(now: Date())   // at start, at each wake, after each file change
/// let wake = engine.nextWake(now: Date())       // sleep until then, or until the file changes
/// ```
///
/// - ``fireDue(now:)`` starts a bubble for every notification whose time has
///   come and that is not yet delivered, and returns those it had not
///   announced before (for the app's banner). A notification is recorded as
///   delivered in the file (under the store's lock) before its command
///   starts, so a notifier stopped or killed while a bubble shows does not
///   show it a second time when it starts again. A command that fails or
///   cannot be found takes the record back: the notification is tried again
///   after growing pauses (``Options/firstRetry`` doubling to
///   ``Options/maxRetry``), and at the next start. It counts as shown once
///   the command printed the bubble's id, ended well, or is still running
///   ``Options/shownAfter`` seconds after it started; a command still running
///   when the notifier ends counts as shown (its bubble may be on screen).
/// - At most ``Options/maxWaiting`` bubbles of their own wait at a time; the
///   rest are counted in one summary bubble (`TODO_COUNT`), as are more than
///   ``Options/collapseAbove`` missed ones (due ``Options/missedAfter`` or more
///   ago). One summary at a time: a newer one replaces it once it is shown.
/// - A later bubble for the same item replaces the one on screen
///   (`--replace-id`, whose command then ends). When the item is completed,
///   deleted or changed elsewhere, its bubble is closed (`CloseNotification`)
///   and its waiting command ends.
/// - When a bubble's command prints `complete` or `remind`, the engine applies
///   that action to the item under the store's lock (``TodoList/complete(_:now:)``,
///   ``TodoList/remind(_:at:now:)`` 30 minutes on) and reports ``Event/actionApplied(_:_:)``.
/// - Problems (no notify command, a failing one, a file that does not parse)
///   are reported as ``Event/problem(_:)``, each distinct message once.
///
/// Commands run in the background, all watched by one thread
/// (``CommandRunner``); their results are handled there, under the engine's
/// lock. `fireDue` reads the file only when it changed (a `stat` otherwise),
/// so calling it once a second is cheap. Call it from one thread at a time.
public final class Notifier: @unchecked Sendable {
  /// What the engine tells its host. Delivered on any thread.
  public enum Event: Sendable {
    /// These notifications just came due (the same array `fireDue` returned).
    case fired([ScheduledNotification])
    /// A bubble's action was applied to the list.
    case actionApplied(NotificationAction, Change)
    /// Something the user should know, once (no notify command, a failing one…).
    case problem(String)

    /// The line the user reads for it (a problem, what an action did), if any.
    public var message: String? {
      switch self {
      case .problem(let m): m
      case .actionApplied(_, let change): change.summary
      case .fired: nil
      }
    }
  }

  /// Tuning; the defaults are the product's.
  public struct Options: Sendable {
    /// A notification this far past its time when delivered counts as missed.
    public var missedAfter: TimeInterval = 60
    /// More missed notifications than this at once become one summary bubble.
    public var collapseAbove = 3
    /// How far ahead "Remind in 30 minutes" sets the reminder.
    public var remindAfter: TimeInterval = 30 * 60
    /// The most bubbles of their own whose commands may run at once.
    public var maxWaiting = 16
    /// A command still running this long after it started has shown its bubble.
    public var shownAfter: TimeInterval = 2
    /// A command still running after this long is ended (a bubble left unanswered for 12 hours).
    public var commandTimeout: TimeInterval = 12 * 3600
    /// The pause before the first retry of a bubble that could not be shown; it doubles at each try.
    public var firstRetry: TimeInterval = 2
    /// The longest pause between retries.
    public var maxRetry: TimeInterval = 600
    /// The most `CloseNotification` calls running at once.
    public var maxClosing = 4
    /// The clock of the bubbles' "Due Nov 23 at 17:00": the locale's.
    public var hourCycle = HourCycle.current
    public init() {}
  }

  public let store: Store
  public let command: NotifyCommand?
  public let options: Options
  let clock: @Sendable () -> Date
  let timeZone: TimeZone
  let onEvent: @Sendable (Event) -> Void

  private let reportLock = NSLock()
  private var reported: Set<String> = []

  /// Guards everything below: the host's thread and the runner's both come here.
  let lock = NSRecursiveLock()
  var signature: FileSignature?
  var next: Date?
  var runner: CommandRunner!
  var book = DeliveryBook()

  /// - Parameters:
  ///   - command: the notify command; nil shows no bubbles (notifications count as shown at once).
  ///   - clock: the wall clock, injected for tests; actions and retries use it for "now".
  ///   - onEvent: called on any thread.
  public init(
    store: Store, command: NotifyCommand?, options: Options = Options(),
    clock: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = .current,
    onEvent: @escaping @Sendable (Event) -> Void = { _ in }
  ) {
    self.store = store
    self.command = command
    self.options = options
    self.clock = clock
    self.timeZone = timeZone
    self.onEvent = onEvent
    runner = CommandRunner(grace: options.shownAfter, timeout: options.commandTimeout) { [weak self] events in
      self?.handle(events)
    }
  }

  /// Starts bubbles for what is due at `now`; returns what came due since the
  /// last call (oldest first; empty when nothing did). Throws when the file
  /// cannot be read or written.
  /// - Complexity: O(1) (a `stat`) when the file is unchanged and nothing is due; else O(n log n).
  @discardableResult
  public func fireDue(now: Date) throws -> [ScheduledNotification] {
    lock.lock()
    defer { lock.unlock() }
    try refresh()
    guard let n = next, n <= now else { return [] }
    return try deliver(now: now)
  }

  /// The next instant something is to be started, as of the last read: `now`
  /// when something is already due, nil when nothing waits. (Retries and
  /// bubbles waiting for a slot are the engine's own business.)
  public func nextWake(now: Date) -> Date? {
    lock.lock()
    defer { lock.unlock() }
    return next.map { max($0, now) }
  }

  /// Whether the file changed since it was last read (or was never read).
  public var fileChanged: Bool {
    lock.lock()
    defer { lock.unlock() }
    return signature == nil || FileSignature(store) != signature
  }

  /// Forgets what was read, so that the next ``fireDue(now:)`` reads the file
  /// again. Call it when inotify says the file changed: a `stat` alone can miss
  /// two same-sized writes within one tick of the file system's clock.
  public func invalidate() {
    lock.lock()
    signature = nil
    lock.unlock()
  }

  /// Reads the file again when it changed; closes the bubbles of items changed elsewhere.
  public func refresh() throws {
    lock.lock()
    defer { lock.unlock() }
    let sig = FileSignature(store)
    if sig != nil && sig == signature { return }
    let doc = try store.load()
    signature = sig
    closeChanged(doc.items)
    next = firstToStart(doc.items)
  }

  /// Takes what a host has just read or written instead of reading the file
  /// again: the full-screen app hands over the next fire time of the items it
  /// holds (``firstUndelivered(_:)``) and the file's signature then, so that the
  /// engine never decodes a 100,000-item file a second time beside it. While
  /// bubbles are out, the engine reads that version itself once (it must see
  /// which of their items changed, and which notifications are its own).
  public func adopt(next: Date?, signature: FileSignature?) {
    lock.lock()
    defer { lock.unlock() }
    if signature != nil && signature == self.signature { return }
    self.next = next
    self.signature = book.isIdle ? signature : nil
  }

  /// The earliest undelivered fire time, past or future.
  /// - Complexity: O(n).
  public static func firstUndelivered<C: Collection>(_ items: C) -> Date? where C.Element == TodoItem {
    var first: Date?
    for item in items {
      item.forEachUndelivered { n in
        if first.map({ n.fireDate < $0 }) ?? true { first = n.fireDate }
      }
    }
    return first
  }

  /// The earliest undelivered fire time of a notification the engine is not already handling.
  func firstToStart<C: Collection>(_ items: C, skipping done: Set<NotificationKey> = []) -> Date?
  where C.Element == TodoItem {
    if book.isIdle && done.isEmpty { return Self.firstUndelivered(items) }
    var first: Date?
    for item in items {
      item.forEachUndelivered { n in
        if !done.contains(n.key), !book.isHandling(n.key), first.map({ n.fireDate < $0 }) ?? true {
          first = n.fireDate
        }
      }
    }
    return first
  }

  /// Applies a bubble's action to the item through the store's one entry, as the keys do.
  @discardableResult
  public func apply(_ action: NotificationAction, to id: UUID) -> Change? {
    let now = clock()
    do {
      let operation: TodoOperation =
        switch action {
        case .complete: .complete([id])
        case .remind: .remind(id, at: now.addingTimeInterval(options.remindAfter))
        }
      let change = try store.commit(operation, env: .at(now, in: SystemTimeZone.current))
      onEvent(.actionApplied(action, change))
      return change
    } catch {
      onEvent(.problem("\(action.rawValue): \(error)"))
      return nil
    }
  }

  /// Reports `message` once for the life of the engine.
  public func report(_ message: String) {
    reportLock.lock()
    let fresh = reported.insert(message).inserted
    reportLock.unlock()
    if fresh { onEvent(.problem(message)) }
  }

  /// Ends the commands of bubbles still waiting (what they showed is recorded
  /// first), as the notifier ends. A bubble whose command has not shown it yet
  /// gets up to ``Options/shownAfter`` seconds to do so: ended at once, a
  /// command just started might never reach the server, and its notification,
  /// recorded as delivered, would be missed.
  public func shutdown() {
    lock.lock()
    book.stopping = true
    armRetryTick(now: clock())
    lock.unlock()
    let end = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, options.shownAfter) * 1e9)
    while DispatchTime.now().uptimeNanoseconds < end {
      lock.lock()
      let showing = book.jobs.values.contains { !$0.shown && $0.kind != .close && !$0.notifications.isEmpty }
      lock.unlock()
      if !showing { break }
      usleep(10_000)
    }
    runner.stopAll()
  }

  /// Waits until no command runs and nothing waits for a slot or a retry
  /// (tests); true when that came within `timeout`.
  @discardableResult
  public func waitUntilIdle(timeout: TimeInterval) -> Bool {
    let end = DispatchTime.now().uptimeNanoseconds + UInt64(timeout * 1e9)
    while true {
      lock.lock()
      let idle = book.isIdle && runner.count == 0
      lock.unlock()
      if idle { return true }
      if DispatchTime.now().uptimeNanoseconds >= end { return false }
      usleep(5_000)
    }
  }
}

/// An action a bubble offers: what the notify command prints on a line.
public enum NotificationAction: String, Sendable, Equatable {
  case complete
  case remind
}

/// What identifies one version of the data file: inode, size and change time.
public struct FileSignature: Equatable, Sendable {
  var dev: UInt64
  var ino: UInt64
  var size: Int64
  var mtime: Int
  var mtimeNs: Int
  var ctime: Int
  var ctimeNs: Int

  public init?(_ store: Store) {
    var st = stat()
    guard let real = try? store.resolvedPath(), stat(real, &st) == 0 else { return nil }
    self.init(stat: st)
  }
}
