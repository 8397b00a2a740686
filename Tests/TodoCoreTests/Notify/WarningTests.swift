import Foundation
import XCTest

@testable import TodoCore

/// The early warning (`--warn`): a notification of its own, before the deadline.
final class WarningTests: NotifierTestCase {
  func testAWarningTakesASlotAndSomedayOrCancelledItemsNone() {
    var warned = item(1, at: 3600)
    warned.warn = 900
    var someday = item(2, at: 0)
    someday.deadline = nil
    someday.warn = 900
    var cancelled = item(3, at: 7200)
    cancelled.cancelled = true
    cancelled.warn = 60
    let items = [warned, someday, cancelled]
    let plan = Scheduler.plan(items, now: t0)
    plan.checkInvariants(items: items)
    XCTAssertEqual(plan.notifications.map(\.kind), [.warning, .deadline])
    XCTAssertEqual(plan.notifications.map(\.fireDate), [t0 + 2700, t0 + 3600])
    XCTAssertEqual(Scheduler.futureCount(items, now: t0), 2)
    XCTAssertEqual(
      Scheduler.due(items, now: t0 + 100_000).map(\.itemID), [id(1), id(1)], "nothing for 2 and 3")
  }

  func testAWarningFiresAtNormalUrgencyOnceAndTheDeadlineStill() throws {
    var warned = item(1, at: 900, title: "Train")
    warned.warn = 900
    try put([warned])
    let clock = ManualClock(t0)
    let e = engine(try fakeCommand(), clock: clock)
    XCTAssertEqual(e.nextWake(now: t0), nil)
    XCTAssertEqual(try e.fireDue(now: t0).map(\.kind), [.warning])
    XCTAssertTrue(e.waitUntilIdle(timeout: 10))
    let call = try XCTUnwrap(calls().first)
    XCTAssertTrue(call[0].hasPrefix("warning|\(id(1).uuidString)|Train|"), call[0])
    XCTAssertTrue(call.contains("--urgency=normal"))
    XCTAssertTrue(call.contains("Todo Item \"Train\" Is Due in 15 minutes"))
    XCTAssertEqual(try store.load().items.first?.notifiedWarning, t0 + 900, "recorded by its deadline")
    XCTAssertEqual(try e.fireDue(now: t0 + 1), [], "once")
    XCTAssertEqual(e.nextWake(now: t0 + 1), t0 + 900)
    clock.advance(900)
    XCTAssertEqual(try e.fireDue(now: clock.now).map(\.kind), [.deadline])
    XCTAssertTrue(e.waitUntilIdle(timeout: 10))
    XCTAssertTrue(calls().last!.contains("--urgency=critical"))
  }

  func testAWarningMissedUntilItsDeadlineIsRecordedWithoutABubble() throws {
    var warned = item(1, at: 0)
    warned.warn = 600
    try put([warned])
    let e = engine(try fakeCommand(), clock: ManualClock(t0 + 5))
    XCTAssertEqual(try e.fireDue(now: t0 + 5).map(\.kind), [.deadline])
    XCTAssertTrue(e.waitUntilIdle(timeout: 10))
    XCTAssertEqual(calls().map { String($0[0].prefix(8)) }, ["deadline"])
    let stored = try XCTUnwrap(try store.load().items.first)
    XCTAssertEqual(stored.notifiedWarning, t0)
    XCTAssertEqual(stored.notifiedDeadline, t0)
  }
}
