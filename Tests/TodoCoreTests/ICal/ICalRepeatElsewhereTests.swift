import Foundation
import XCTest

@testable import TodoCore

/// A repeating to-do completed on another client (SPEC 9), in the three shapes
/// they write: a RECURRENCE-ID override marked COMPLETED in the same file
/// (Thunderbird, Nextcloud), a completed clone with a new UID (todoman, Apple),
/// the due date moved on (Tasks.org, ours). Each reads as "that occurrence
/// done, the series goes on": none shows or fires again; COUNT and UNTIL end it.
final class ICalRepeatElsewhereTests: XCTestCase {
  let now = ISO8601DateFormatter().date(from: "2026-11-05T12:00:00Z")!
  let iso = ISO8601DateFormatter()

  func read(_ names: String...) throws -> [TodoItem] {
    try names.flatMap {
      try ICalMapping.items(
        fromICS: ICalFixtureTests.fixture($0), path: $0, now: now, calendar: ICalFixtureTests.calendar())
    }
  }

  func testThunderbirdCompletedOccurrenceMovesTheSeriesOn() throws {
    let items = try read("thunderbird-completed-occurrence.ics")
    XCTAssertEqual(items.count, 1, "one item: the series")
    let item = items[0]
    XCTAssertTrue(item.isPending)
    XCTAssertEqual(
      item.deadline, iso.date(from: "2026-11-09T09:00:00Z"), "the next occurrence (10:00 Berlin)")
    XCTAssertEqual(item.start, iso.date(from: "2026-11-09T08:00:00Z"), "its start with it")
    XCTAssertEqual(item.repeatRule, "FREQ=WEEKLY;COUNT=2", "one occurrence of three done")
    XCTAssertEqual(
      item.undeliveredDeadline, iso.date(from: "2026-11-09T09:00:00Z"), "the done one never fires")
    // Written back: the series from its next occurrence, the override kept; read again, the same item.
    let text = ICalMapping.ics(for: items, now: now, calendar: ICalFixtureTests.calendar())
    XCTAssertTrue(text.contains("DUE;TZID=Europe/Berlin:20261109T100000\r\n"), text)
    XCTAssertTrue(text.contains("RECURRENCE-ID;TZID=Europe/Berlin:20261102T090000\r\n"), text)
    let back = try ICalMapping.items(
      fromICS: Data(text.utf8), path: "back", now: now, calendar: ICalFixtureTests.calendar())
    XCTAssertEqual(back, items, "stable: the occurrence is not passed twice")
    // Thunderbird completes the next one the same way, on the file we wrote: the series goes on again.
    let second =
      text.replacingOccurrences(of: "END:VCALENDAR\r\n", with: "") + """
        BEGIN:VTODO\r
        UID:5b1f0c9e-2d4a-4e8b-9c7d-0a1b2c3d4e5f\r
        DTSTAMP:20261109T091000Z\r
        SUMMARY:Blumen giessen\r
        RECURRENCE-ID;TZID=Europe/Berlin:20261109T090000\r
        STATUS:COMPLETED\r
        COMPLETED:20261109T091000Z\r
        END:VTODO\r
        END:VCALENDAR\r

        """
    let again = try ICalMapping.items(
      fromICS: Data(second.utf8), path: "again", now: now, calendar: ICalFixtureTests.calendar())
    XCTAssertEqual(again.first?.deadline, iso.date(from: "2026-11-16T09:00:00Z"))
    XCTAssertEqual(again.first?.repeatRule, "FREQ=WEEKLY;COUNT=1")
  }

  func testNextcloudCompletingTheLastOccurrenceBeforeUntilCompletesTheSeries() throws {
    let items = try read("nextcloud-completed-until.ics")
    XCTAssertEqual(items.count, 1)
    XCTAssertEqual(items[0].completed, iso.date(from: "2026-11-04T08:15:00Z"), "done when its last one was")
    XCTAssertFalse(items[0].isPending)
    XCTAssertNil(items[0].undeliveredDeadline)
  }

  func testALaterOccurrenceCompletedMovesTheSeriesPastIt() throws {
    // Thunderbird's fixture: Nov 2 still open, Nov 9 moved, Nov 16 completed. The one
    // done last is what the user did: the series goes on after it (issue 33 point 13).
    let items = try read("thunderbird-override.ics")
    XCTAssertEqual(items[0].deadline, iso.date(from: "2026-11-23T09:00:00Z"))
    XCTAssertEqual(items[0].start, iso.date(from: "2026-11-23T08:00:00Z"))
    XCTAssertTrue(items[0].isPending)
  }

  /// Issue 33 point 13: a weekly to-do from Nov 20 whose Nov 27 occurrence is
  /// completed in an override, read on Nov 28, goes on at Dec 4 (it stayed due
  /// Nov 20, overdue); with COUNT=2 the series is completed.
  func testTheSecondOccurrenceCompletedElsewhereWhileTheFirstIsOpen() throws {
    let calendar = ICalFixtureTests.calendar()
    let read28 = ISO8601DateFormatter().date(from: "2026-11-28T12:00:00Z")!
    func file(_ rule: String, dtstart: Bool) -> Data {
      // Nextcloud's shape (DUE in UTC, no DTSTART) and Thunderbird's (DTSTART: the RECURRENCE-ID names it).
      let start = dtstart ? "DTSTART:20261120T170000Z\r\n" : ""
      let startOverride = dtstart ? "DTSTART:20261127T170000Z\r\n" : ""
      let rid = dtstart ? "20261127T170000Z" : "20261127T180000Z"
      return Data(
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//Nextcloud Tasks v0.16.0\r
        BEGIN:VTODO\r
        UID:bins-20@example.org\r
        DTSTAMP:20261119T100000Z\r
        CREATED:20261119T100000Z\r
        LAST-MODIFIED:20261119T100000Z\r
        SUMMARY:Take out the bins\r
        \(start)DUE:20261120T180000Z\r
        RRULE:\(rule)\r
        END:VTODO\r
        BEGIN:VTODO\r
        UID:bins-20@example.org\r
        DTSTAMP:20261127T181000Z\r
        RECURRENCE-ID:\(rid)\r
        \(startOverride)DUE:20261127T180000Z\r
        SUMMARY:Take out the bins\r
        STATUS:COMPLETED\r
        COMPLETED:20261127T181000Z\r
        PERCENT-COMPLETE:100\r
        END:VTODO\r
        END:VCALENDAR\r

        """.utf8)
    }
    for dtstart in [false, true] {
      let weekly = try ICalMapping.items(
        fromICS: file("FREQ=WEEKLY", dtstart: dtstart), path: "bins.ics", now: read28, calendar: calendar)
      XCTAssertEqual(weekly.count, 1)
      XCTAssertTrue(weekly[0].isPending)
      XCTAssertEqual(
        weekly[0].deadline, iso.date(from: "2026-12-04T18:00:00Z"), "after the one done (DTSTART: \(dtstart))"
      )
      XCTAssertFalse(weekly[0].isOverdue(at: read28), "last week's bins are not overdue")
      // Written back and read again: the same item (a sync finds nothing to do).
      let text = ICalMapping.ics(for: weekly, now: read28, calendar: calendar)
      let back = try ICalMapping.items(
        fromICS: Data(text.utf8), path: "back", now: read28, calendar: calendar)
      XCTAssertEqual(back, weekly)

      let twice = try ICalMapping.items(
        fromICS: file("FREQ=WEEKLY;COUNT=2", dtstart: dtstart), path: "bins.ics", now: read28,
        calendar: calendar)
      XCTAssertEqual(twice[0].completed, iso.date(from: "2026-11-27T18:10:00Z"), "its last occurrence done")
      XCTAssertFalse(twice[0].isPending)
    }
  }

  func testTodomanCompletedCloneAndTheSeriesMovedOn() throws {
    let items = try read("todoman-series-moved.ics", "todoman-completed-clone.ics")
    XCTAssertEqual(items.count, 2)
    let pending = items.filter(\.isPending)
    XCTAssertEqual(pending.map(\.title), ["Muell rausbringen"], "shown once")
    XCTAssertEqual(pending[0].deadline, iso.date(from: "2026-11-16T18:00:00Z"))
    let clone = try XCTUnwrap(items.first { !$0.isPending })
    XCTAssertEqual(clone.completed, iso.date(from: "2026-11-09T18:30:00Z"))
    let plan = Scheduler.plan(items, now: now)
    XCTAssertFalse(plan.scheduledIDs.contains(clone.id), "the occurrence done never fires")
  }

  func testAppleCompletedCloneThatKeepsItsRuleStaysDone() throws {
    var list = TodoList(try read("apple-completed-clone.ics"))
    let clone = try XCTUnwrap(list.items.values.first)
    XCTAssertEqual(clone.repeatRule, "FREQ=WEEKLY")
    XCTAssertFalse(clone.isPending)
    XCTAssertNil(clone.undeliveredDeadline)
    // Completing it again does nothing (it does not move on as a pending series would).
    let change = try list.commit(.complete([clone.id]), env: .at(now, in: TimeZone(identifier: "UTC")!))
    XCTAssertTrue(change.after.isEmpty)
  }

  func testCountEndsOurOwnSeriesToo() throws {
    let due = iso.date(from: "2026-11-04T08:00:00Z")!
    var list = TodoList([
      TodoItem(id: UUID(), title: "Last", deadline: due, created: due, repeatRule: "FREQ=DAILY;COUNT=1")
    ])
    let id = list.items.keys.first!
    try list.commit(.complete([id]), env: .at(now, in: TimeZone(identifier: "UTC")!))
    XCTAssertNotNil(list[id]?.completed, "completing the last occurrence completes the item")
  }
}

extension ICalRepeatElsewhereTests {
  /// Issue 33 point 7: a SUMMARY with an unescaped comma (not valid RFC 5545, written by
  /// some clients) reads whole: libical 3.0 splits only multi-valued properties (CATEGORIES).
  /// `Milk (oat` was Radicale's doing (vobject keeps a TEXT value's first part when it
  /// stores a PUT), before this program read anything; here the comma written back is escaped.
  func testAnUnescapedCommaInATextValueReadsWhole() throws {
    let text = """
      BEGIN:VCALENDAR\r
      VERSION:2.0\r
      PRODID:-//Some client//EN\r
      BEGIN:VTODO\r
      UID:milk-1\r
      DTSTAMP:20261120T100000Z\r
      SUMMARY:Milk (oat, 2 cartons)\r
      DESCRIPTION:the barista one, not the light one\r
      LOCATION:Corner shop, Main St\r
      CATEGORIES:Shopping,Errands\r
      END:VTODO\r
      END:VCALENDAR\r

      """
    let items = try ICalMapping.items(
      fromICS: Data(text.utf8), path: "milk.ics", now: now, calendar: ICalFixtureTests.calendar())
    XCTAssertEqual(items.first?.title, "Milk (oat, 2 cartons)")
    XCTAssertEqual(items.first?.note, "the barista one, not the light one")
    XCTAssertEqual(items.first?.tags, ["Shopping", "Errands"], "a comma list where it is one")
    let back = ICalMapping.ics(for: items, now: now, calendar: ICalFixtureTests.calendar())
    XCTAssertTrue(back.contains("SUMMARY:Milk (oat\\, 2 cartons)\r\n"), back)
  }
}
