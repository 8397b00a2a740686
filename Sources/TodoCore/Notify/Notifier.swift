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
/// - ``fireDue(now:)`` delivers every notification whose time has come and
///   that was not yet delivered, and returns them (for the app's banner). It
///   records them as delivered in the file, under the store's lock, *before*
///   any bubble is shown: a notification fires once, even across a restart or
///   with two processes racing. More than ``Options/collapseAbove`` notifications
///   that were missed (their time passed ``Options/missedAfter`` or more ago:
///   nothing ran, or the machine slept) become one summary bubble.
/// - ``nextWake(now:)`` is the next fire time (a wall-clock instant) of what
///   was last read, `now` when something is already due, nil when nothing waits.
/// - When a bubble's command prints `complete` or `remind`, the engine applies
///   that action to the item under the store's lock (``TodoList/complete(_:now:)``,
///   ``TodoList/remind(_:at:now:)`` 30 minutes on; the deadline unchanged) and
///   reports it as ``Event/actionApplied(_:_:)``.
/// - Problems (no notify command, a failing one, a file that does not parse)
///   are reported as ``Event/problem(_:)``, each distinct message once.
///
/// `fireDue` reads the file only when it changed (a `stat` otherwise) and takes
/// the lock only when something is due, so calling it once a second is cheap.
/// Call it from one thread at a time.
public final class Notifier: @unchecked Sendable {
  /// What the engine tells its host. Delivered on any thread.
  public enum Event: Sendable {
    /// These notifications were just delivered (the same array `fireDue` returned).
    case fired([ScheduledNotification])
    /// A bubble's action was applied to the list.
    case actionApplied(NotificationAction, Change)
    /// Something the user should know, once (no notify command, a failing one…).
    case problem(String)
  }

  /// Tuning; the defaults are the product's.
  public struct Options: Sendable {
    /// A notification this far past its time when delivered counts as missed.
    public var missedAfter: TimeInterval = 60
    /// More missed notifications than this at once become one summary bubble.
    public var collapseAbove = 3
    /// How far ahead "Remind in 30 minutes" sets the reminder.
    public var remindAfter: TimeInterval = 30 * 60
    public init() {}
  }

  public let store: Store
  public let command: NotifyCommand?
  public let options: Options
  private let clock: @Sendable () -> Date
  private let timeZone: TimeZone
  private let onEvent: @Sendable (Event) -> Void

  private let reportLock = NSLock()
  private var reported: Set<String> = []
  private var signature: FileSignature?
  private var next: Date?

  /// - Parameters:
  ///   - command: the bubble runner; nil shows no bubbles (the app alone, tests).
  ///   - clock: the wall clock, injected for tests; actions use it for "now".
  ///   - onEvent: called on any thread.
  public init(
    store: Store, command: NotifyCommand?, options: Options = Options(),
    clock: @escaping @Sendable () -> Date = { Date() }, timeZone: TimeZone = SystemTimeZone.current,
    onEvent: @escaping @Sendable (Event) -> Void = { _ in }
  ) {
    self.store = store
    self.command = command
    self.options = options
    self.clock = clock
    self.timeZone = timeZone
    self.onEvent = onEvent
  }

  /// Delivers what is due at `now` and returns it, oldest first (empty when
  /// nothing is). Throws when the file cannot be read or written.
  /// - Complexity: O(1) (a `stat`) when the file is unchanged and nothing is due; else O(n log n).
  @discardableResult
  public func fireDue(now: Date) throws -> [ScheduledNotification] {
    try refresh()
    guard let n = next, n <= now else { return [] }
    let (due, badge) = try store.mutate { list -> ([ScheduledNotification], Int) in
      let due = Scheduler.due(list.items.values, now: now)
      for d in due { list.markDelivered(d.itemID, kind: d.kind, fireDate: d.fireDate) }
      return (due, list.badge(at: now))
    }
    signature = nil  // our own write: read again next time
    guard !due.isEmpty else {
      try refresh()
      return []
    }
    show(due, badge: badge, now: now)
    onEvent(.fired(due))
    try refresh()
    return due
  }

  /// The next instant something fires, as of the last read: `now` when something
  /// is already due, nil when nothing waits.
  public func nextWake(now: Date) -> Date? {
    next.map { max($0, now) }
  }

  /// Whether the file changed since it was last read (or was never read).
  public var fileChanged: Bool { signature == nil || FileSignature(store) != signature }

  /// Forgets what was read, so that the next ``fireDue(now:)`` reads the file
  /// again. Call it when inotify says the file changed: a `stat` alone can miss
  /// two same-sized writes within one tick of the file system's clock.
  public func invalidate() { signature = nil }

  /// Reads the file again when it changed.
  public func refresh() throws {
    let sig = FileSignature(store)
    if sig != nil && sig == signature { return }
    let doc = try store.load()
    signature = sig
    next = Self.firstUndelivered(doc.items)
  }

  /// Takes what a host has just read or written instead of reading the file
  /// again: the full-screen app hands over the next fire time of the items it
  /// holds (``firstUndelivered(_:)``) and the file's signature then, so that the
  /// engine never decodes a 100,000-item file a second time beside it.
  public func adopt(next: Date?, signature: FileSignature?) {
    self.next = next
    self.signature = signature
  }

  /// The earliest undelivered fire time, past or future.
  /// - Complexity: O(n).
  public static func firstUndelivered<C: Collection>(_ items: C) -> Date? where C.Element == TodoItem {
    var first: Date?
    for item in items {
      if let d = item.undeliveredDeadline, first.map({ d < $0 }) ?? true { first = d }
      if let r = item.undeliveredReminder, first.map({ r < $0 }) ?? true { first = r }
    }
    return first
  }

  /// The bubbles for what was just delivered: missed ones collapsed when many
  /// (the summary carries `badge`, the overdue count now).
  func bubbles(for due: [ScheduledNotification], badge: Int, now: Date) -> [(Bubble, ScheduledNotification?)]
  {
    let fmt = DueFormatter(timeZone: timeZone, now: now)
    let missed = due.filter { now.timeIntervalSince($0.fireDate) >= options.missedAfter }
    var out: [(Bubble, ScheduledNotification?)] = []
    var single = due
    if missed.count > options.collapseAbove {
      out.append((Bubble(missed: missed, badge: badge, formatter: fmt), nil))
      single = due.filter { now.timeIntervalSince($0.fireDate) < options.missedAfter }
    }
    for n in single { out.append((Bubble(n, formatter: fmt), n)) }
    return out
  }

  func show(_ due: [ScheduledNotification], badge: Int, now: Date) {
    guard let command else { return }
    for (bubble, n) in bubbles(for: due, badge: badge, now: now) {
      command.show(bubble) { [self] outcome in
        switch outcome {
        case .failed(let why): report(why)
        case .answered(let text):
          guard let n, let text, let action = NotificationAction(rawValue: text) else { return }
          apply(action, to: n.itemID)
        }
      }
    }
  }

  /// Applies a bubble's action to the item under the store's lock, as the keys do.
  @discardableResult
  public func apply(_ action: NotificationAction, to id: UUID) -> Change? {
    let now = clock()
    do {
      let change = try store.mutate { list -> Change in
        switch action {
        case .complete: return try list.complete([id], now: now)
        case .remind: return try list.remind(id, at: now.addingTimeInterval(options.remindAfter), now: now)
        }
      }
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

  /// Stops the commands of bubbles still waiting, as the notifier ends.
  public func shutdown() { command?.stopAll() }
}

/// An action a bubble offers: what the notify command prints on its first line.
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
    dev = UInt64(st.st_dev)
    ino = UInt64(st.st_ino)
    size = Int64(st.st_size)
    mtime = st.st_mtim.tv_sec
    mtimeNs = st.st_mtim.tv_nsec
    ctime = st.st_ctim.tv_sec
    ctimeNs = st.st_ctim.tv_nsec
  }
}
