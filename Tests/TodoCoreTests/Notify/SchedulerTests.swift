import Foundation
import XCTest

@testable import TodoCore

final class SchedulerTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)

  func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", n))! }

  func item(_ n: Int, at seconds: Double, reminder: Double? = nil) -> TodoItem {
    TodoItem(
      id: id(n), title: "item \(n)", deadline: t0.addingTimeInterval(seconds), created: t0,
      reminder: reminder.map { t0.addingTimeInterval($0) })
  }

  func testKeepsTheSoonest64AndCountsTheRest() {
    // 100 items, deadlines in a shuffled order: the plan holds the 64 soonest.
    var rng = SplitMix(seed: 1)
    let items = (1...100).shuffled(using: &rng).map { item($0, at: Double($0) * 60) }
    let plan = Scheduler.plan(items, now: t0)
    XCTAssertEqual(plan.notifications.count, 64)
    XCTAssertEqual(plan.unscheduled, 36)
    XCTAssertEqual(plan.notifications.map(\.itemID), (1...64).map(id))
    XCTAssertEqual(plan.nextFireDate, t0.addingTimeInterval(60))
    XCTAssertEqual(plan.notifications.map(\.badge), Array(1...64))
    plan.checkInvariants(items: items)
  }

  func testTiesAreBrokenByUUIDAndDeadlineBeforeReminder() {
    // 70 items due at the same instant: the 64 lowest UUIDs win.
    var rng = SplitMix(seed: 2)
    let items = (1...70).shuffled(using: &rng).map { item($0, at: 600) }
    let plan = Scheduler.plan(items, now: t0)
    XCTAssertEqual(plan.notifications.map(\.itemID), (1...64).map(id))
    XCTAssertEqual(Set(plan.notifications.map(\.badge)), [70], "all 70 are due by then")
    plan.checkInvariants(items: items)
    // One item with a reminder at its deadline: the deadline comes first.
    let one = [item(5, at: 600, reminder: 600)]
    let p1 = Scheduler.plan(one, now: t0)
    XCTAssertEqual(p1.notifications.map(\.kind), [.deadline, .reminder])
  }

  func testAFreedSlotIsRefilled() throws {
    var list = TodoList((1...70).map { item($0, at: Double($0) * 60) })
    var plan = Scheduler.plan(list.items.values, now: t0)
    XCTAssertFalse(plan.scheduledIDs.contains(id(65)))
    // Completing a scheduled item frees its slot for the 65th.
    try list.complete([id(10)], now: t0)
    plan = Scheduler.plan(list.items.values, now: t0)
    XCTAssertEqual(plan.notifications.count, 64)
    XCTAssertEqual(plan.unscheduled, 5)
    XCTAssertTrue(plan.scheduledIDs.contains(id(65)))
    XCTAssertFalse(plan.scheduledIDs.contains(id(10)))
    XCTAssertEqual(plan.notifications.last?.badge, 64, "the completed item no longer counts")
    plan.checkInvariants(items: list.items.values)
    // Time passes (a manual clock): the first five fire and are delivered; five more get slots.
    let later = t0.addingTimeInterval(5 * 60)
    for n in Scheduler.due(list.items.values, now: later) {
      list.markDelivered(n.itemID, kind: n.kind, fireDate: n.fireDate)
    }
    plan = Scheduler.plan(list.items.values, now: later)
    XCTAssertEqual(plan.unscheduled, 0)
    XCTAssertEqual(plan.notifications.count, 64)
    XCTAssertTrue(plan.scheduledIDs.contains(id(70)))
    plan.checkInvariants(items: list.items.values)
  }

  func testRemindersAreCandidatesWithTheirOwnBadge() {
    let items = [item(1, at: 600, reminder: 60), item(2, at: 300), item(3, at: -60)]
    let plan = Scheduler.plan(items, now: t0)
    XCTAssertEqual(
      plan.notifications,
      [
        ScheduledNotification(
          fireDate: t0.addingTimeInterval(60), kind: .reminder, itemID: id(1), title: "item 1",
          deadline: t0.addingTimeInterval(600), badge: 1),
        ScheduledNotification(
          fireDate: t0.addingTimeInterval(300), kind: .deadline, itemID: id(2), title: "item 2",
          deadline: t0.addingTimeInterval(300), badge: 2),
        ScheduledNotification(
          fireDate: t0.addingTimeInterval(600), kind: .deadline, itemID: id(1), title: "item 1",
          deadline: t0.addingTimeInterval(600), badge: 3),
      ])
    // The past deadline of item 3 is due (not planned): it fires at once.
    XCTAssertEqual(Scheduler.due(items, now: t0).map(\.itemID), [id(3)])
    XCTAssertEqual(Scheduler.due(items, now: t0).map(\.badge), [1])
  }

  /// Badge numbers against a brute-force recount, and the whole plan against
  /// a sort of every candidate, on random lists: completed items, delivered
  /// notifications, reminders, ties and past instants all mixed.
  func testRandomListsAgainstBruteForce() {
    var rng = SplitMix(seed: 42)
    for round in 0..<150 {
      let n = [0, 1, 3, 63, 64, 65, 100, 300][round % 8]
      var items: [TodoItem] = []
      for i in 0..<n {
        let span = round % 3 == 0 ? 10 : 10_000  // small spans make many ties
        var it = item(i + 1, at: Double(Int.random(in: -span...span, using: &rng)))
        it.id = UUID()  // random UUIDs: ties broken by real UUID order
        if Int.random(in: 0..<4, using: &rng) == 0 { it.completed = t0 }
        if Int.random(in: 0..<3, using: &rng) == 0 {
          it.reminder = t0.addingTimeInterval(Double(Int.random(in: -span...span, using: &rng)))
        }
        if Int.random(in: 0..<5, using: &rng) == 0 { it.notifiedDeadline = it.deadline }
        if Int.random(in: 0..<5, using: &rng) == 0 { it.notifiedReminder = it.reminder }
        items.append(it)
      }
      let plan = Scheduler.plan(items, now: t0)
      plan.checkInvariants(items: items)
      for d in Scheduler.due(items, now: t0) {
        XCTAssertLessThanOrEqual(d.fireDate, t0)
        XCTAssertEqual(d.badge, items.filter { $0.isOverdue(at: d.fireDate) }.count)
      }
      let list = TodoList(items)
      XCTAssertEqual(Scheduler.futureCount(items, now: t0), plan.candidates)
      XCTAssertEqual(list.badge(at: t0), items.filter { $0.isOverdue(at: t0) }.count)
    }
  }

  // MARK: - Waiting for a slot (SPEC 5: never refused)

  func testTheSixtyFifthWaitsAndIsSaidOnce() throws {
    let env = TodoEnvironment.fixed(t0)
    var list = TodoList()
    for i in 0..<63 {
      try list.add(title: "t\(i)", deadline: t0.addingTimeInterval(Double(60 + i)), env: env)
    }
    // A reminder takes a slot like a deadline: the 64th slot is free.
    XCTAssertNil(try list.commit(.remind(id(1), at: t0.addingTimeInterval(30)), env: env).note)
    XCTAssertEqual(Scheduler.futureCount(list.items.values, now: t0), 64)
    // The 65th is added, and waits.
    let added = try list.commit(.add(title: "65th", deadline: t0.addingTimeInterval(9999)), env: env)
    XCTAssertEqual(added.note, "waits for a slot: 64 sooner notifications are scheduled")
    XCTAssertEqual(list.count, 64)
    let reminded = try list.commit(.remind(id(2), at: t0.addingTimeInterval(9999)), env: env)
    XCTAssertEqual(reminded.note, Scheduler.waitNote)
    XCTAssertEqual(list[id(2)]?.reminder, t0.addingTimeInterval(9999))
    var plan = Scheduler.plan(list.items.values, now: t0)
    XCTAssertEqual(plan.notifications.count, 64, "never more than 64 scheduled")
    XCTAssertEqual(plan.unscheduled, 2)
    plan.checkInvariants(items: list.items.values)
    // One sooner than the 64th takes a slot (and says nothing); the 64th then waits.
    XCTAssertNil(try list.commit(.add(title: "soon", deadline: t0.addingTimeInterval(61.5)), env: env).note)
    plan = Scheduler.plan(list.items.values, now: t0)
    XCTAssertEqual(plan.unscheduled, 3)
    // A slot that frees is taken by the soonest waiting: completing one lets "65th"'s turn come nearer.
    try list.complete([id(3), id(4)], now: t0)
    plan = Scheduler.plan(list.items.values, now: t0)
    XCTAssertEqual(plan.notifications.count, 64)
    XCTAssertEqual(plan.unscheduled, 1)
    XCTAssertTrue(plan.scheduledIDs.contains(id(2)), "the reminder waited and now holds a slot")
    plan.checkInvariants(items: list.items.values)
    // A past deadline needs no slot: nothing is said.
    XCTAssertNil(try list.commit(.add(title: "overdue", deadline: t0.addingTimeInterval(-5)), env: env).note)
  }

  func testMovingADeliveredDeadlineIntoTheFutureWaitsToo() throws {
    let env = TodoEnvironment.fixed(t0)
    var list = TodoList()
    try list.add(title: "delivered", deadline: t0.addingTimeInterval(-10), env: env)
    list.markDelivered(id(1), kind: .deadline, fireDate: t0.addingTimeInterval(-10))
    for i in 0..<64 {
      try list.add(title: "t\(i)", deadline: t0.addingTimeInterval(Double(60 + i)), env: env)
    }
    let moved = try list.commit(.edit(id(1), deadline: .some(t0.addingTimeInterval(3600))), env: env)
    XCTAssertEqual(moved.note, Scheduler.waitNote)
    XCTAssertEqual(list[id(1)]?.deadline, t0.addingTimeInterval(3600))
    // Moved before the others, it takes a slot; the latest of them waits.
    XCTAssertNil(try list.commit(.edit(id(1), deadline: .some(t0.addingTimeInterval(30))), env: env).note)
    // Import is never refused either: the extra items wait unscheduled.
    list.merge([item(500, at: 20)])
    let plan = Scheduler.plan(list.items.values, now: t0)
    XCTAssertEqual(plan.unscheduled, 2)
    XCTAssertTrue(plan.scheduledIDs.contains(id(500)), "the soonest, even imported, holds a slot")
    plan.checkInvariants(items: list.items.values)
  }
}
