import Foundation
import XCTest

@testable import TodoCore

/// Shown means shown, bounded and lossless, replace and close (SPEC 5; issue 14).
final class NotifierDeliveryTests: NotifierTestCase {
  func testAFailingCommandKeepsTheNotificationAndRetriesWithGrowingPauses() throws {
    try put([item(1, at: 0, title: "flaky")])
    let clock = ManualClock(t0)
    let log = EventLog()
    try write("exit 3", to: dir + "/reply")
    let e = engine(try fakeCommand(replies: ["*": ". \"\(dir!)/reply\""]), clock: clock, log: log)
    XCTAssertEqual(try e.fireDue(now: t0).count, 1, "announced once")
    XCTAssertTrue(eventually { calls().count == 1 && waitsForRetry(e) })
    XCTAssertTrue(e.waitUntilIdle(timeout: 0.3) == false, "waits for a retry")
    XCTAssertNil(try delivered(1), "a failed bubble is not shown")
    XCTAssertEqual(e.nextWake(now: t0), nil, "the retry is the engine's, not the host's")
    clock.advance(1.9)
    XCTAssertEqual(try e.fireDue(now: clock.now), [])
    usleep(300_000)
    XCTAssertEqual(calls().count, 1, "not before the first pause (2 s)")
    clock.advance(0.2)  // t0 + 2.1: the runner's tick (or the host) tries again
    XCTAssertTrue(eventually { calls().count == 2 })
    XCTAssertTrue(eventually { waitsForRetry(e) }, "the second failure is taken in at t0 + 2.1")
    clock.advance(3)  // t0 + 5.1: the second pause is 4 s, from t0 + 2.x
    usleep(300_000)
    XCTAssertEqual(calls().count, 2, "the pause grew")
    try write("exit 0", to: dir + "/reply")
    clock.advance(2)
    XCTAssertTrue(eventually { calls().count == 3 })
    XCTAssertTrue(e.waitUntilIdle(timeout: 10))
    XCTAssertEqual(try delivered(1), t0)
    XCTAssertEqual(log.problems, ["the notify command failed with status 3"], "told once")
  }

  /// The bubble ids on screen, by item.
  func onScreen(_ e: Notifier) -> [UUID: Int] {
    e.lock.lock()
    defer { e.lock.unlock() }
    return e.book.onScreen.compactMapValues(\.bubbleID)
  }

  func waitsForRetry(_ e: Notifier) -> Bool {
    e.lock.lock()
    defer { e.lock.unlock() }
    return e.runner.count == 0 && e.book.retries.count == 1
  }

  func testAMissingCommandKeepsTheNotificationUntilItIsInstalled() throws {
    try put([item(1, at: 0)])
    let clock = ManualClock(t0)
    let log = EventLog()
    let cmd = NotifyCommand(environment: ["TODO_TUI_NOTIFY": dir + "/later", "PATH": "/usr/bin:/bin"])
    let e = engine(cmd, clock: clock, log: log)
    XCTAssertEqual(try e.fireDue(now: t0).count, 1)
    XCTAssertNil(try delivered(1))
    try write("#!/bin/sh\ntrue\n", to: dir + "/later")
    clock.advance(2)
    XCTAssertTrue(try eventually { try delivered(1) == t0 })
    XCTAssertEqual(
      log.problems,
      [
        "the notify command \(dir!)/later is missing or not executable; reminders show only in the app (retrying)"
      ])
    XCTAssertEqual(NotifyCommand(environment: ["PATH": dir!]).resolve(), .failure(.missing("notify-send")))
  }

  func testABurstIsBoundedAndEveryNotificationIsAccountedFor() throws {
    try put((1...100).map { item($0, at: 0) })
    let e = engine(try fakeCommand(), clock: ManualClock(t0))
    XCTAssertEqual(try e.fireDue(now: t0).count, 100)
    XCTAssertTrue(e.waitUntilIdle(timeout: 20))
    let got = calls()
    let singles = got.filter { $0[0].hasPrefix("deadline|") }
    let summaries = got.filter { $0[0].hasPrefix("summary|") }
    XCTAssertEqual(singles.count, 16)
    XCTAssertEqual(summaries.map { $0[0].split(separator: "|").last! }, ["84"], "one summary counts the rest")
    XCTAssertEqual(summaries[0][6], "84 more to-dos are due")
    XCTAssertEqual(try store.load().items.filter { $0.notifiedDeadline == nil }.count, 0)
  }

  func testCommandsThatNeverReturnBlockNothing() throws {
    try put((1...40).map { item($0, at: 0) })
    var options = Notifier.Options()
    options.shownAfter = 0.3
    let clock = ManualClock(t0)
    let e = engine(try fakeCommand(replies: ["*": "exec sleep 60"]), clock: clock, options: options)
    XCTAssertEqual(try e.fireDue(now: t0).count, 40)
    XCTAssertTrue(try eventually { try store.load().items.allSatisfy { $0.notifiedDeadline != nil } })
    XCTAssertEqual(e.runner.count, 17, "16 waiting bubbles and one summary")
    // A later one still gets through: the shown summary gives way to a new one.
    try put([item(41, at: 10)])
    clock.advance(10)
    e.invalidate()
    XCTAssertEqual(try e.fireDue(now: clock.now).count, 1)
    XCTAssertTrue(try eventually { try delivered(41) == t0 + 10 })
    XCTAssertTrue(eventually { calls().filter { $0[0].hasPrefix("summary|") }.count == 2 })
    let summaries = calls().filter { $0[0].hasPrefix("summary|") }
    XCTAssertEqual(summaries.map { String($0[0].split(separator: "|").last!) }, ["24", "1"])
    XCTAssertTrue(summaries[1].contains("1 more to-do is due"))
    XCTAssertTrue(eventually { e.runner.count == 17 }, "the replaced summary's command ended")
    e.shutdown()
    XCTAssertEqual(e.runner.count, 0, "all ended with the notifier")
  }

  func testALaterBubbleReplacesTheOneOnScreenAndAChangeClosesIt() throws {
    try put([item(1, at: 0, title: "a"), item(2, at: 0, title: "b")])
    let clock = ManualClock(t0)
    let e = engine(
      try fakeCommand(replies: ["a": "echo 7; exec sleep 60", "b": "echo 8; exec sleep 60"]), clock: clock)
    XCTAssertEqual(try e.fireDue(now: t0).count, 2)
    XCTAssertTrue(try eventually { try delivered(1) != nil && delivered(2) != nil })
    XCTAssertTrue(eventually { onScreen(e) == [id(1): 7, id(2): 8] }, "both bubbles shown")
    // A reminder for "a": its bubble replaces 7, whose command ends.
    try store.mutate { list in _ = try list.remind(id(1), at: t0 + 5, now: t0) }
    clock.advance(5)
    e.invalidate()
    XCTAssertEqual(try e.fireDue(now: clock.now).map(\.kind), [.reminder])
    XCTAssertTrue(eventually { calls().count == 3 })
    let third = calls().last!
    XCTAssertTrue(third.contains("--replace-id=7"), "\(third)")
    XCTAssertTrue(third.contains("Reminder: Todo Item \"a\" Is Overdue"))
    XCTAssertTrue(eventually { e.runner.count == 2 }, "the replaced command ended")
    XCTAssertEqual(closed(), [])
    // "a" completed and "b" renamed elsewhere: both bubbles are closed, their commands end.
    try store.mutate { list in
      _ = try list.complete([id(1)], now: t0 + 6)
      _ = try list.edit(id(2), title: "b2", deadline: nil, now: t0 + 6)
    }
    e.invalidate()
    XCTAssertEqual(try e.fireDue(now: clock.now), [])
    XCTAssertTrue(eventually { closed().sorted() == ["7", "8"] }, "\(closed())")
    XCTAssertTrue(eventually { e.runner.count == 0 })
    XCTAssertEqual(calls().count, 3, "a renamed item's delivered deadline is not shown again")
  }

  func testShutdownEndsWaitingCommandsAndWhatTheyShowStaysShown() throws {
    try put([item(1, at: 0, title: "slow"), item(2, at: 0, title: "shown")])
    let e = engine(
      try fakeCommand(replies: ["slow": "exec sleep 60", "shown": "echo 3; exec sleep 60"]),
      clock: ManualClock(t0))
    XCTAssertEqual(try e.fireDue(now: t0).count, 2)
    XCTAssertTrue(eventually { calls().count == 2 })
    e.shutdown()
    XCTAssertEqual(e.runner.count, 0)
    XCTAssertEqual(try delivered(2), t0)
    XCTAssertEqual(try delivered(1), t0, "a slow server may show it still: not shown again at the next start")
    let next = engine(try fakeCommand(), clock: ManualClock(t0 + 5))
    XCTAssertEqual(try next.fireDue(now: t0 + 5), [])
    XCTAssertTrue(next.waitUntilIdle(timeout: 5))
    XCTAssertEqual(calls().count, 2, "nothing shown twice")
  }

  func testShutdownGivesABubbleJustStartedTimeToShow() throws {
    try put([item(1, at: 0, title: "just started")])
    let e = engine(
      // The bubble is on screen (the mark) before its id is printed, as notify-send
      // prints it once the server has shown it: marked after the id, a stop
      // right after the id could end the command between the two.
      try fakeCommand(replies: ["*": "sleep 0.4; touch \"\(dir!)/showed\"; echo 5; exec sleep 60"]),
      clock: ManualClock(t0))
    XCTAssertEqual(try e.fireDue(now: t0).count, 1)
    e.shutdown()  // at once: a daemon stopped just as it fired
    XCTAssertEqual(e.runner.count, 0)
    XCTAssertTrue(FileManager.default.fileExists(atPath: dir + "/showed"), "the bubble had time to show")
    XCTAssertEqual(try delivered(1), t0)
  }

  func testABubbleStillShowsWhenItsRecordCannotBeWrittenFirst() throws {
    try put([item(1, at: 0, title: "unwritable")])
    // A file of a newer format is read, never written: the record cannot go first.
    let path = dir + "/todos.plist"
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let newer = text.replacingOccurrences(
      of: "<key>formatVersion</key>\\s*<integer>[0-9]+</integer>",
      with: "<key>formatVersion</key><integer>99</integer>", options: .regularExpression)
    XCTAssertNotEqual(newer, text)
    try newer.write(toFile: path, atomically: true, encoding: .utf8)
    let log = EventLog()
    let e = engine(try fakeCommand(), clock: ManualClock(t0), log: log)
    XCTAssertEqual(try e.fireDue(now: t0).count, 1)
    XCTAssertTrue(eventually { calls().count == 1 }, "a missed bubble is worse than one shown twice")
    XCTAssertTrue(e.waitUntilIdle(timeout: 10))
    XCTAssertEqual(calls().count, 1)
    XCTAssertTrue(
      log.problems.contains { $0.hasPrefix("cannot record delivered notifications") }, "\(log.problems)")
  }

  func testACommandClosedBeforeItShowedTakesItsRecordBack() throws {
    try put([item(1, at: 0, title: "slow")])
    var options = Notifier.Options()
    options.shownAfter = 30
    let clock = ManualClock(t0)
    let e = engine(try fakeCommand(replies: ["slow": "exec sleep 60"]), clock: clock, options: options)
    XCTAssertEqual(try e.fireDue(now: t0).count, 1)
    XCTAssertTrue(eventually { calls().count == 1 })
    XCTAssertEqual(try delivered(1), t0, "recorded before it started")
    // Renamed elsewhere before the bubble showed: closed, and due again under its new title.
    try store.mutate { list in _ = try list.edit(id(1), title: "slow2", deadline: nil, now: t0 + 1) }
    e.invalidate()
    _ = try e.fireDue(now: t0 + 1)
    XCTAssertTrue(eventually { calls().count == 2 }, "shown again, as it was not shown")
    XCTAssertEqual(calls().last?.first?.split(separator: "|")[2], "slow2")
    e.shutdown()
  }
}
