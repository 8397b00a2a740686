import Foundation
import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

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
      Notifier(store: store, command: command, onEvent: { event in event.message.map { inbox.post($0) } })
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

  /// Whether this app is the file's notifier now.
  var isNotifier: Bool {
    lockBox.lock()
    defer { lockBox.unlock() }
    return engine != nil
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
