import Foundation
import XCTest

@testable import TodoCore

/// Someday items (no deadline), as a VTODO without DUE imports: they list
/// last, take no notification slot and are never overdue.
final class SomedayTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_795_000_000)

  func testSomedayItemsListLastTakeNoSlotAndAreNeverOverdue() throws {
    let cal = ICalFixtureTests.calendar()
    var items = try ICalMapping.items(
      fromICS: ICalFixtureTests.fixture("nextcloud-tasks.ics"), path: "n", now: now, calendar: cal)
    items += (0..<70).map { k in
      TodoItem(
        id: UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", k + 1))!, title: "t\(k)",
        deadline: now.addingTimeInterval(TimeInterval(60 * (k + 1))), created: now)
    }
    let list = TodoList(items)
    let cello = try XCTUnwrap(items.first { $0.title == "Learn the cello" })
    XCTAssertEqual(list.sorted().last?.id, cello.id, "someday last")
    XCTAssertFalse(cello.isOverdue(at: .distantFuture))
    XCTAssertEqual(
      list.badge(at: now.addingTimeInterval(1e9)), 70 + 1, "dated pending items only (plumber too)")
    let plan = Scheduler.plan(items, now: now)
    XCTAssertFalse(plan.notifications.contains { $0.itemID == cello.id })
    XCTAssertEqual(plan.candidates, 70 + 1, "the someday item wants no slot")
  }
}
