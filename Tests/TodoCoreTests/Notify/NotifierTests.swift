import Foundation
import XCTest

@testable import TodoCore

/// A clock the test moves by hand.
final class ManualClock: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Date
  init(_ start: Date) { value = start }
  var now: Date {
    lock.lock()
    defer { lock.unlock() }
    return value
  }
  func advance(_ seconds: TimeInterval) {
    lock.lock()
    value += seconds
    lock.unlock()
  }
}

/// Collects the engine's events.
final class EventLog: @unchecked Sendable {
  private let lock = NSLock()
  private var events: [Notifier.Event] = []
  func add(_ e: Notifier.Event) {
    lock.lock()
    events.append(e)
    lock.unlock()
  }
  var problems: [String] {
    lock.lock()
    defer { lock.unlock() }
    return events.compactMap { if case .problem(let p) = $0 { return p } else { return nil } }
  }
  var actions: [NotificationAction] {
    lock.lock()
    defer { lock.unlock() }
    return events.compactMap { if case .actionApplied(let a, _) = $0 { return a } else { return nil } }
  }
}

/// The helpers of the engine's tests: a store in a temporary folder, items, a
/// recording fake notify command (and gdbus), an engine on a manual clock.
class NotifierTestCase: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  var dir: String!
  var store: Store!

  override func setUp() {
    dir = NSTemporaryDirectory() + "notifier-tests-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    store = Store(path: dir + "/todos.plist")
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

  func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", n))! }

  func put(_ items: [TodoItem]) throws { try store.mutate { $0.merge(items) } }

  func item(_ n: Int, at seconds: Double, title: String? = nil) -> TodoItem {
    TodoItem(id: id(n), title: title ?? "item \(n)", deadline: t0 + seconds, created: t0 - 86_400)
  }

  /// A notify command that records each call (argv, env and a copy of the
  /// data file as it was when it ran) and then runs `reply` (per title, or "*").
  /// `PATH` starts with `dir`, where a fake `gdbus` records the bubbles it closes.
  func fakeCommand(replies: [String: String] = [:]) throws -> NotifyCommand {
    var script = "#!/bin/sh\nn=$(date +%s%N)\n"
    script +=
      "{ printf '%s\\n' \"$TODO_KIND|${TODO_ID-unset}|$TODO_TITLE|$TODO_BADGE|$TODO_DEADLINE|${TODO_COUNT-}\"; "
    script += "for a in \"$@\"; do printf '%s\\n' \"$a\"; done; } > \"\(dir!)/call-$n.tmp\"\n"
    script += "mv \"\(dir!)/call-$n.tmp\" \"\(dir!)/call-$n\"\n"
    script += "cp \"\(dir!)/todos.plist\" \"\(dir!)/file-$n\"\n"
    script += "case \"$TODO_TITLE\" in\n"
    for (title, reply) in replies where title != "*" {
      script += "  \"\(title)\") \(reply) ;;\n"
    }
    script += "  *) \(replies["*"] ?? "true") ;;\nesac\n"
    try write(script, to: dir + "/notify")
    try write("#!/bin/sh\necho \"$9\" >> \"\(dir!)/closed\"\necho '()'\n", to: dir + "/gdbus")
    return NotifyCommand(environment: ["TODO_TUI_NOTIFY": dir + "/notify", "PATH": dir + ":/usr/bin:/bin"])
  }

  func write(_ text: String, to path: String) throws {
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o755)
  }

  /// The recorded calls, oldest first: [env line, argv…].
  func calls() -> [[String]] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
    return names.filter { $0.hasPrefix("call-") && !$0.hasSuffix(".tmp") }.sorted().map {
      (try! String(contentsOfFile: dir + "/" + $0, encoding: .utf8)).split(separator: "\n").map(String.init)
    }
  }

  /// The bubble ids the fake gdbus was asked to close.
  func closed() -> [String] {
    ((try? String(contentsOfFile: dir + "/closed", encoding: .utf8)) ?? "").split(separator: "\n").map(
      String.init)
  }

  func engine(
    _ command: NotifyCommand?, clock: ManualClock, log: EventLog = EventLog(),
    options: Notifier.Options = .init()
  ) -> Notifier {
    var options = options
    options.hourCycle = .h12  // the bubbles here read "9:00 AM" whatever the tests' locale
    return Notifier(
      store: store, command: command, options: options, clock: { clock.now },
      timeZone: TimeZone(identifier: "UTC")!, onEvent: log.add)
  }

  func delivered(_ n: Int) throws -> Date? {
    try store.load().items.first { $0.id == id(n) }?.notifiedDeadline
  }

  /// Polls `condition` for up to `seconds`.
  func eventually(_ seconds: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let end = Date() + seconds
    while Date() < end {
      if try condition() { return true }
      usleep(10_000)
    }
    return try condition()
  }

  static let head = [
    "--app-name=todo-tui", "--urgency=critical", "--icon=todo-tui", "--hint=string:desktop-entry:todo-tui",
    "--print-id",
  ]
  static let actions = ["--action=complete=Complete", "--action=remind=Remind in 30 minutes"]
}

final class NotifierTests: NotifierTestCase {

  func testFiresOnceWithTheArgvAndEnvironmentOfTheSpec() throws {
    try put([item(1, at: 60, title: "Pay <rent> & \u{1B}[2Jbills"), item(2, at: 120)])
    let clock = ManualClock(t0)
    let e = engine(try fakeCommand(), clock: clock)
    XCTAssertEqual(try e.fireDue(now: t0), [])
    XCTAssertEqual(e.nextWake(now: t0), t0 + 60)
    clock.advance(60.4)
    let fired = try e.fireDue(now: clock.now)
    XCTAssertEqual(fired.map(\.itemID), [id(1)])
    XCTAssertTrue(e.waitUntilIdle(timeout: 10))
    XCTAssertEqual(
      calls(),
      [
        ["deadline|\(id(1).uuidString)|Pay <rent> & \u{FFFD}[2Jbills|1|2026-11-18T11:07:40Z|"]
          + NotifierTestCase.head
          + NotifierTestCase.actions + [
            "Todo Item \"Pay <rent> & \u{FFFD}[2Jbills\" Is Overdue", "Due Nov 18 at 11:07 AM · 1 overdue",
          ]
      ])
    // Nothing twice, from this engine or a new one (a restart).
    XCTAssertEqual(try e.fireDue(now: clock.now), [])
    XCTAssertEqual(try engine(try fakeCommand(), clock: clock).fireDue(now: clock.now), [])
    XCTAssertEqual(e.nextWake(now: clock.now), t0 + 120)
    XCTAssertEqual(try delivered(1), t0 + 60)
  }

  func testDeliveryIsRecordedBeforeTheCommandStarts() throws {
    try put([item(1, at: 0)])
    let e = engine(try fakeCommand(), clock: ManualClock(t0))
    XCTAssertEqual(try e.fireDue(now: t0).count, 1)
    XCTAssertTrue(e.waitUntilIdle(timeout: 10))
    let copies = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("file-") }
    XCTAssertEqual(copies.count, 1)
    let seen = try PlistCodec.decode(Data(contentsOf: URL(fileURLWithPath: dir + "/" + copies[0])))
    XCTAssertEqual(seen.items.first?.notifiedDeadline, t0, "while the command ran, already recorded")
    XCTAssertEqual(try delivered(1), t0, "and still, once it ended well")
  }

  func testTwoEnginesWithoutBubblesRacingDeliverEachNotificationOnce() throws {
    try put((1...40).map { item($0, at: Double($0 % 5)) })
    let clock = ManualClock(t0 + 10)
    let engines = [engine(nil, clock: clock), engine(nil, clock: clock), engine(nil, clock: clock)]
    let total = Total()
    DispatchQueue.concurrentPerform(iterations: 3) { i in
      total.add((try? engines[i].fireDue(now: clock.now).count) ?? -100)
    }
    XCTAssertEqual(total.value, 40)
  }

  func testNoneShowsNothingAndCountsAsShown() throws {
    try put([item(1, at: 0)])
    let cmd = NotifyCommand(environment: ["TODO_TUI_NOTIFY": "none", "PATH": "/usr/bin:/bin"])
    XCTAssertEqual(cmd.resolve(), .failure(.disabled))
    let e = engine(cmd, clock: ManualClock(t0))
    XCTAssertEqual(try e.fireDue(now: t0).count, 1)
    XCTAssertEqual(try delivered(1), t0)
    XCTAssertEqual(calls(), [])
  }

  func testManyMissedCollapseIntoOneSummary() throws {
    // Five missed (an hour ago) and one on time: a summary and one bubble.
    try put((1...5).map { item($0, at: -3600 + Double($0)) } + [item(6, at: 0)])
    let clock = ManualClock(t0 + 0.5)
    let e = engine(try fakeCommand(), clock: clock)
    XCTAssertEqual(try e.fireDue(now: clock.now).count, 6)
    XCTAssertTrue(e.waitUntilIdle(timeout: 10))
    let got = calls().sorted { $0[0] > $1[0] }  // "summary|…" before "deadline|…"
    XCTAssertEqual(got.count, 2)
    XCTAssertEqual(got[0][0], "summary|unset|5 more to-dos are due|6|2026-11-18T10:06:45Z|5")
    let body = (1...5).map { "\"item \($0)\" · Due Nov 18 at 10:06 AM" } + ["6 overdue"]
    XCTAssertEqual(
      Array(got[0].dropFirst()), NotifierTestCase.head + ["5 more to-dos are due"] + body, "no actions")
    XCTAssertTrue(got[1][0].hasPrefix("deadline|\(id(6).uuidString)|item 6|6|"))
    for n in 1...6 { XCTAssertNotNil(try delivered(n)) }
  }

  func testThreeMissedFireOneByOne() throws {
    try put((1...3).map { item($0, at: -7200 + Double($0)) })
    let e = engine(try fakeCommand(), clock: ManualClock(t0))
    XCTAssertEqual(try e.fireDue(now: t0).map(\.badge), [1, 2, 3])
    XCTAssertTrue(e.waitUntilIdle(timeout: 10))
    XCTAssertEqual(
      calls().map { $0[0].split(separator: "|").first! }.sorted(), ["deadline", "deadline", "deadline"])
  }

  func testActionsAreAppliedUnderTheLock() throws {
    try put([item(1, at: 0, title: "done"), item(2, at: 0, title: "later"), item(3, at: 0, title: "ignored")])
    let clock = ManualClock(t0 + 5)
    let log = EventLog()
    let cmd = try fakeCommand(replies: [
      "done": "echo 11; echo complete", "later": "echo remind", "*": "echo whatever",
    ])
    let e = engine(cmd, clock: clock, log: log)
    XCTAssertEqual(try e.fireDue(now: clock.now).count, 3)
    XCTAssertTrue(e.waitUntilIdle(timeout: 10))
    let items = Dictionary(uniqueKeysWithValues: try store.load().items.map { ($0.id, $0) })
    XCTAssertEqual(items[id(1)]?.completed, t0 + 5)
    XCTAssertEqual(items[id(2)]?.reminder, t0 + 5 + 1800, "remind in 30 minutes")
    XCTAssertEqual(items[id(2)]?.deadline, t0, "the deadline is unchanged")
    XCTAssertNil(items[id(2)]?.completed)
    XCTAssertEqual(items[id(3)]?.completed, nil)
    XCTAssertEqual(items[id(3)]?.reminder, nil)
    XCTAssertEqual(items[id(3)]?.notifiedDeadline, t0, "ended well: shown")
    XCTAssertEqual(log.actions.sorted { $0.rawValue < $1.rawValue }, [.complete, .remind])
    XCTAssertEqual(closed(), [], "an answered bubble is not closed")
    // The reminder then fires, once, as a reminder.
    clock.advance(1800)
    let fired = try e.fireDue(now: clock.now)
    XCTAssertEqual(fired.map(\.kind), [.reminder])
    XCTAssertTrue(e.waitUntilIdle(timeout: 10))
    XCTAssertTrue(calls().contains { $0.contains("Reminder: Todo Item \"later\" Is Overdue") })
  }

  func testNextWakeAndCheapRefresh() throws {
    let e = engine(nil, clock: ManualClock(t0))
    XCTAssertEqual(try e.fireDue(now: t0), [])
    XCTAssertNil(e.nextWake(now: t0), "nothing waits")
    try put([item(1, at: 500), item(2, at: 100)])
    XCTAssertTrue(e.fileChanged)
    XCTAssertEqual(try e.fireDue(now: t0), [])
    XCTAssertFalse(e.fileChanged)
    XCTAssertEqual(e.nextWake(now: t0), t0 + 100)
    XCTAssertEqual(e.nextWake(now: t0 + 200), t0 + 200, "already due: now")
    e.invalidate()
    XCTAssertTrue(e.fileChanged, "invalidate forces a reread")
    XCTAssertEqual(try e.fireDue(now: t0), [])
    XCTAssertFalse(e.fileChanged)
  }

  func testOneNotifierPerFile() throws {
    let first = try XCTUnwrap(try NotifierLock.tryAcquire(for: store))
    XCTAssertNil(try NotifierLock.tryAcquire(for: store))
    XCTAssertEqual(NotifierLock.holder(for: store), getpid())
    let got = DispatchSemaphore(value: 0)
    let box = LockBox()
    NotifierLock.acquireInBackground(for: store) { lock in
      box.lock = lock
      got.signal()
    }
    XCTAssertEqual(got.wait(timeout: .now() + 0.3), .timedOut, "waits while another holds it")
    first.release()
    XCTAssertEqual(got.wait(timeout: .now() + 10), .success, "takes over when it ends")
    XCTAssertNotNil(box.lock)
    XCTAssertNil(try NotifierLock.tryAcquire(for: store))
  }
}

final class LockBox: @unchecked Sendable {
  var lock: NotifierLock?
}

final class Total: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var value = 0
  func add(_ n: Int) {
    lock.lock()
    value += n
    lock.unlock()
  }
}

final class NotifierWakeupsTests: XCTestCase {
  func readable(_ fd: Int32, within ms: Int32) -> Bool {
    var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
    return poll(&p, 1, ms) == 1
  }

  func testTheTimerFiresAtTheWallClockInstantAndNotBefore() throws {
    let timer = try WallClockTimer()
    XCTAssertFalse(readable(timer.fd, within: 50), "disarmed: never")
    let at = Date() + 0.4
    timer.arm(at: at)
    XCTAssertFalse(readable(timer.fd, within: 200), "not before its time")
    XCTAssertTrue(readable(timer.fd, within: 2000))
    XCTAssertGreaterThanOrEqual(Date(), at)
    XCTAssertLessThan(Date().timeIntervalSince(at), 0.25)
    timer.drain()
    XCTAssertFalse(readable(timer.fd, within: 50), "drained")
    timer.arm(at: Date() - 3600)
    XCTAssertTrue(readable(timer.fd, within: 100), "a past instant fires at once")
    timer.drain()
    timer.arm(at: Date() + 0.05)
    timer.arm(at: nil)
    XCTAssertFalse(readable(timer.fd, within: 200), "disarmed again")
  }

  func testASignalBecomesReadable() throws {
    let signals = try TerminationSignals([SIGUSR2])
    XCTAssertNil(signals.read())
    raise(SIGUSR2)
    XCTAssertTrue(readable(signals.fd, within: 1000))
    XCTAssertEqual(signals.read(), SIGUSR2)
    XCTAssertNil(signals.read())
  }
}
