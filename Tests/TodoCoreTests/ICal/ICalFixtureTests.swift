import Foundation
import XCTest

@testable import TodoCore

/// Files written the way Thunderbird, Evolution, Nextcloud Tasks, Apple
/// Reminders and todoman write them (from RFC 5545 and their documentation,
/// not from our exporter), each read into items with the SPEC 7 mapping.
final class ICalFixtureTests: XCTestCase {
  /// The instant of the import.
  let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z

  static func fixture(_ name: String) -> Data {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures").appendingPathComponent(name)
    return try! Data(contentsOf: url)
  }

  /// A calendar in a zone other than the files' (and other than UTC).
  static func calendar(_ zone: String = "America/New_York") -> Calendar {
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = TimeZone(identifier: zone)!
    return cal
  }

  func read(_ name: String, zone: String = "America/New_York") throws -> [TodoItem] {
    try ICalMapping.items(
      fromICS: Self.fixture(name), path: name, now: now, calendar: Self.calendar(zone))
  }

  func write(_ items: [TodoItem]) -> String {
    ICalMapping.ics(for: items, now: now, calendar: Self.calendar())
  }

  func item(_ items: [TodoItem], _ title: String, file: StaticString = #filePath, line: UInt = #line) throws
    -> TodoItem
  {
    try XCTUnwrap(
      items.first { $0.title == title }, "no item “\(title)” in \(items.map(\.title))", file: file, line: line
    )
  }

  func utc(_ s: String) -> Date { ISO8601DateFormatter().date(from: s)! }

  // MARK: - Time zones, dates, floating times

  func testTZIDWithVTimezoneIsTheWallClockInThatZoneAcrossDST() throws {
    let items = try read("thunderbird-berlin.ics")
    XCTAssertEqual(try item(items, "Steuererklärung abgeben").deadline, utc("2026-07-15T15:00:00Z"))  // CEST
    XCTAssertEqual(try item(items, "Winterreifen wechseln").deadline, utc("2026-12-01T16:00:00Z"))  // CET
  }

  func testDateOnlyDueIsNineInTheMorningLocal() throws {
    let items = try read("evolution-date.ics")
    XCTAssertEqual(try item(items, "Renew passport").deadline, utc("2026-11-24T14:00:00Z"))  // 09:00 EST
  }

  func testFloatingDueIsLocal() throws {
    let items = try read("nextcloud-tasks.ics")
    XCTAssertEqual(try item(items, "Call the plumber").deadline, utc("2026-11-25T19:30:00Z"))  // 14:30 EST
  }

  // MARK: - Identity, status, someday

  func testAUIDThatIsNotAUUIDIsKeptExactlyWithAStableUUID() throws {
    let uid = "20261120T101500Z-4721-1000-1-7@laptop.example.org"
    let a = try item(try read("evolution-date.ics"), "Renew passport")
    XCTAssertEqual(a.uid, uid)
    XCTAssertEqual(a.icalUID, uid)
    XCTAssertEqual(a.id, UUID.derived(from: uid))
    // A lowercase UUID keeps its case as the UID; the item's id is that UUID.
    let n = try item(try read("nextcloud-tasks.ics"), "Call the plumber")
    XCTAssertEqual(n.id, UUID(uuidString: "5c0e3b9e-6d7a-4b2f-9a31-8f2e4c6d1a0b"))
    XCTAssertEqual(n.icalUID, "5c0e3b9e-6d7a-4b2f-9a31-8f2e4c6d1a0b")
    // An uppercase UUID is the item's own: nothing more to keep.
    let apple = try XCTUnwrap(try read("apple-reminders.ics").first)
    XCTAssertEqual(apple.id.uuidString, "A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D")
    XCTAssertEqual(apple.icalUID, "A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D")
  }

  func testAVTodoWithoutDueIsASomedayItem() throws {
    let items = try read("nextcloud-tasks.ics")
    let cello = try item(items, "Learn the cello")
    XCTAssertNil(cello.deadline)
    XCTAssertTrue(cello.isPending)
    XCTAssertEqual(cello.uid, "1a2b3c4d5e")
  }

  func testStatusCancelledIsKeptAsCancelled() throws {
    let old = try item(try read("nextcloud-tasks.ics"), "Old plan")
    XCTAssertTrue(old.cancelled)
    XCTAssertNil(old.completed)
    XCTAssertFalse(old.isPending)
  }

  func testCompletedWithAndWithoutADate() throws {
    let items = try read("nextcloud-tasks.ics")
    XCTAssertEqual(try item(items, "Book the venue").completed, utc("2026-11-03T10:00:00Z"))
    XCTAssertEqual(try item(items, "Done somehow").completed, now, "completed at import time")
    XCTAssertNil(try item(items, "Call the plumber").completed)
  }

  func testCreatedLastModifiedAndSequence() throws {
    let a = try XCTUnwrap(try read("apple-reminders.ics").first)
    XCTAssertEqual(a.created, utc("2026-11-01T12:00:00Z"))
    XCTAssertEqual(a.modified, utc("2026-11-01T12:00:00Z"))
    XCTAssertEqual(a.sequence, 2)
  }

  // MARK: - Alarms and repeats

  func testAnAlarmRelatedToTheEndIsTheWarning() throws {
    let items = try read("thunderbird-berlin.ics")
    XCTAssertEqual(try item(items, "Steuererklärung abgeben").warn, 15 * 60)
    XCTAssertNil(try item(items, "Winterreifen wechseln").warn)
  }

  func testAlarmsRelativeToTheStartOrAbsoluteAreNotTheWarning() throws {
    let a = try XCTUnwrap(try read("apple-reminders.ics").first)
    XCTAssertNil(a.warn)
    // An alert before the start (issue 36), kept whole (its DESCRIPTION is not the title); the
    // one alarm at a time is the reminder, its VALARM kept as it came (Apple's own lines in it).
    XCTAssertEqual(a.alerts.map(\.anchor), [.start(-1800)])
    let text = try XCTUnwrap(a.alerts.first?.text)
    XCTAssertTrue(text.contains("TRIGGER:-PT30M"), text)
    XCTAssertEqual(a.reminder, utc("2026-11-28T17:00:00Z"))
    let extra = try XCTUnwrap(a.icalExtra)
    XCTAssertTrue(extra.contains("X-WR-ALARMUID:5E6F7A8B-9C0D-4E1F-A2B3-C4D5E6F7A8B9"), extra)
    XCTAssertFalse(extra.contains("TRIGGER:-PT30M"), extra)
  }

  func testRRuleIsTheRepeatRule() throws {
    let t = try XCTUnwrap(try read("todoman-lowercase.ics").first)
    XCTAssertEqual(t.repeatRule, "FREQ=WEEKLY;BYDAY=MO")
  }

  /// A changed occurrence (RECURRENCE-ID, same UID) does not take the place of its series:
  /// it is kept with it (ICalOverrideTests).
  func testAnOccurrenceOverrideDoesNotReplaceItsSeries() throws {
    let r = try ICalMapping.read(
      Self.fixture("recurrence-override.ics"), path: "o.ics", now: now, calendar: Self.calendar())
    XCTAssertEqual(r.items.map(\.title), ["Weekly review"])
    XCTAssertEqual(r.items.first?.repeatRule, "FREQ=WEEKLY")
    XCTAssertEqual(r.items.first?.deadline, utc("2026-11-02T10:00:00Z"))
    XCTAssertEqual(r.warnings, [])
  }

  // MARK: - Encoding

  func testByteOrderMarkLowercaseNamesAndLineFeedsReadAsAnyOther() throws {
    let items = try read("todoman-lowercase.ics")
    XCTAssertEqual(items.map(\.title), ["Water the plants"])
    guard items.count == 1 else { return }
    XCTAssertEqual(items[0].uid, "2b9f0c7e6d5a4b3c")
    XCTAssertEqual(items[0].deadline, utc("2026-11-23T08:00:00Z"))  // 09:00 CET
    let extra = try XCTUnwrap(items[0].icalExtra)
    XCTAssertTrue(extra.contains("X-TODOMAN-FLAG;X-WHY=test:keep me"), extra)
  }

  func testFoldedMultiByteTitleReadsWhole() throws {
    let a = try XCTUnwrap(try read("apple-reminders.ics").first)
    XCTAssertEqual(
      a.title, "Zoë's birthday — 生日快乐 🎂 — buy the cake at the bakery on the corner of Main Street")
  }

  func testLongMultiByteLinesFoldAt75OctetsNeverInsideACharacter() throws {
    for prefix in 0..<4 {
      for ch in ["é", "—", "日", "🎂"] {
        let title = String(repeating: "a", count: prefix) + String(repeating: ch, count: 70)
        let item = TodoItem(
          id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, title: title,
          deadline: now, created: now)
        let text = write([item])
        for line in text.split(separator: "\r\n", omittingEmptySubsequences: false) {
          XCTAssertLessThanOrEqual(line.utf8.count, 75, "\(line)")
        }
        // Every physical line is valid UTF-8 by itself: no character is cut.
        for line in Data(text.utf8).split(separator: 0x0A) {
          XCTAssertNotNil(String(validatingCString: Array(line).map { CChar(bitPattern: $0) } + [0]))
        }
        let back = try ICalMapping.items(
          fromICS: Data(text.utf8), path: "x", now: now, calendar: Self.calendar())
        XCTAssertEqual(back.map(\.title), [title])
      }
    }
  }

  // MARK: - What we do not map comes back out unchanged

  func testUnmappedPropertiesAndComponentsComeBackOut() throws {
    var all: [TodoItem] = []
    for f in ["thunderbird-berlin.ics", "evolution-date.ics", "nextcloud-tasks.ics", "apple-reminders.ics"] {
      all += try read(f)
    }
    let text = write(all)
    for kept in [
      "PRIORITY:1", "DESCRIPTION:Belege im Ordner\\, Formular 2025\\nnicht vergessen", "X-MOZ-GENERATION:3",
      "CATEGORIES:Auto", "CLASS:PUBLIC", "X-EVOLUTION-CALDAV-ETAG:\"63898521320\"",
      "X-APPLE-SORT-ORDER:712345678", "X-WR-ALARMUID:5E6F7A8B-9C0D-4E1F-A2B3-C4D5E6F7A8B9",
      "TRIGGER;VALUE=DATE-TIME:20261128T170000Z", "DTSTART:20261128T100000Z", "PRIORITY:9",
      "UID:20261120T101500Z-4721-1000-1-7@laptop.example.org", "UID:1a2b3c4d5e",
      "STATUS:CANCELLED", "DUE;TZID=Europe/Berlin:20260715T170000", "DUE;VALUE=DATE:20261124",
      "TZID:Europe/Berlin", "DESCRIPTION:Default Mozilla Description", "SEQUENCE:2",
    ] {
      XCTAssertTrue(text.contains(kept + "\r\n"), "lost: \(kept)\n\(text)")
    }
    // And read back, every item is the same.
    let back = try ICalMapping.items(fromICS: Data(text.utf8), path: "x", now: now, calendar: Self.calendar())
    XCTAssertEqual(back.sorted(by: TodoItem.byDeadline), all.sorted(by: TodoItem.byDeadline))
  }

  // MARK: - Bad input: one error naming the file, nothing read

  func testBadFilesAreOneErrorNamingTheFile() {
    for (name, detail) in [
      ("bad-value.ics", "broken-due-1"), ("bad-year.ics", "year-zero-1"),
      ("bad-truncated.ics", "bad-truncated.ics"),
    ] {
      XCTAssertThrowsError(try read(name), name) { e in
        let text = "\(e)"
        XCTAssertTrue(text.contains(name), text)
        XCTAssertTrue(text.contains(detail), text)
        XCTAssertFalse(text.contains("\n"), text)
      }
    }
  }
}
