import Foundation
import XCTest

@testable import TodoCore

/// The fields of SPEC 8 in iCalendar, as Apple Reminders, Nextcloud Tasks,
/// Tasks.org and Thunderbird write them (`Fixtures/*-fields.ics`, from RFC 5545
/// and the apps' documentation, not from our exporter): each field read, each
/// field written, no value both in a field and in the kept text.
final class ICalFieldsTests: XCTestCase {
  /// The import's instant and zone, as ``ICalFixtureTests``'.
  struct Fixtures {
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    func read(_ name: String) throws -> [TodoItem] {
      try ICalMapping.items(
        fromICS: ICalFixtureTests.fixture(name), path: name, now: now, calendar: ICalFixtureTests.calendar())
    }
    func write(_ items: [TodoItem]) -> String {
      ICalMapping.ics(for: items, now: now, calendar: ICalFixtureTests.calendar())
    }
    func item(_ items: [TodoItem], _ title: String) throws -> TodoItem {
      try XCTUnwrap(items.first { $0.title == title }, "no item “\(title)” in \(items.map(\.title))")
    }
    func utc(_ s: String) -> Date { ISO8601DateFormatter().date(from: s)! }
  }
  let fx = Fixtures()

  func read(_ name: String) throws -> [TodoItem] { try fx.read(name) }
  func utc(_ s: String) -> Date { fx.utc(s) }

  /// The names of the properties (and VALARM's TRIGGER) that have fields: none may stay kept.
  func assertNothingMappedKept(_ item: TodoItem, file: StaticString = #filePath, line: UInt = #line) {
    // The VTODO's own properties (a VALARM's DESCRIPTION is its own).
    let kept = (item.icalExtra ?? "").components(separatedBy: "BEGIN:")[0]
    for name in ["\nDESCRIPTION:", "PRIORITY", "CATEGORIES", "PERCENT-COMPLETE", "IN-PROCESS"] {
      XCTAssertFalse(("\n" + kept).contains(name), "\(name) kept: \(kept)", file: file, line: line)
    }
    XCTAssertFalse(
      ("\n" + kept).contains("\nDTSTART:"), "a UTC DTSTART kept: \(kept)", file: file, line: line)
  }

  // MARK: - Reading, one field at a time

  func testAppleRemindersNotePriorityStartAndAlertAtATime() throws {
    let items = try read("apple-reminders-fields.ics")
    let car = try fx.item(items, "Renew car registration")
    XCTAssertEqual(car.note, "Bring the smog certificate\nand the old sticker")
    XCTAssertEqual(car.priority, 1)
    XCTAssertEqual(car.start, utc("2026-11-20T17:00:00Z"))  // 09:00 PST
    XCTAssertEqual(car.deadline, utc("2026-11-28T01:00:00Z"))
    XCTAssertEqual(car.reminder, utc("2026-11-26T17:00:00Z"), "remind me at: the alert at a time")
    XCTAssertTrue(
      car.icalExtra?.contains("X-WR-ALARMUID:1C2D3E4F") ?? false, "the alarm's own properties stay")
    XCTAssertTrue(car.icalExtra?.contains("DTSTART;TZID=America/Los_Angeles:") ?? false, "the start's form")
    assertNothingMappedKept(car)
    let plants = try fx.item(items, "Water the plants")
    XCTAssertEqual(plants.priority, 9)
    XCTAssertNil(plants.icalExtra)
  }

  func testNextcloudTasksTagsDateStartProgressAndInProcess() throws {
    let items = try read("nextcloud-tasks-fields.ics")
    let report = try fx.item(items, "Write the annual report")
    XCTAssertEqual(report.note, "Sections: intro, numbers, outlook")
    XCTAssertEqual(report.priority, 3)
    XCTAssertEqual(report.tags, ["Work", "Writing", "Q4"])
    XCTAssertEqual(report.start, utc("2026-11-20T14:00:00Z"), "a DATE start is 09:00 local")
    XCTAssertEqual(report.progress, 40)
    XCTAssertTrue(report.isPending)
    assertNothingMappedKept(report)
    let garden = try fx.item(items, "Think about the garden")
    XCTAssertEqual(garden.progress, 0, "STATUS:IN-PROCESS alone")
    XCTAssertEqual(garden.priority, 7)
    XCTAssertNil(garden.icalExtra)
  }

  func testTasksOrgZonedStartTagsAndAnAlarmAtATime() throws {
    let items = try read("tasks-org-fields.ics")
    let shop = try fx.item(items, "Einkaufen")
    XCTAssertEqual(shop.note, "Milch\nBrot\nÄpfel")
    XCTAssertEqual(shop.priority, 5)
    XCTAssertEqual(shop.tags, ["errands", "home"])
    XCTAssertEqual(shop.start, utc("2026-11-21T09:00:00Z"))  // 10:00 CET
    XCTAssertEqual(shop.reminder, utc("2026-11-21T08:00:00Z"))
    assertNothingMappedKept(shop)
  }

  func testThunderbirdEveryCategoriesLineProgressAndNote() throws {
    let items = try read("thunderbird-fields.ics")
    let move = try fx.item(items, "Umzug planen")
    XCTAssertEqual(move.tags, ["Privat", "Umzug"], "every CATEGORIES line")
    XCTAssertEqual(move.progress, 60)
    XCTAssertEqual(move.priority, 5)
    XCTAssertEqual(move.note, "Kartons besorgen; Helfer fragen")
    XCTAssertEqual(move.start, utc("2026-11-16T08:00:00Z"))  // 09:00 CET
    XCTAssertEqual(
      move.icalExtra?.hasPrefix("DUE;TZID=Europe/Berlin:20261215T180000\nDTSTART;TZID=Europe/Berlin:"), true)
    assertNothingMappedKept(move)
  }

  // MARK: - Writing, one field at a time

  func written(_ item: TodoItem) -> String { fx.write([item]) }

  func testEachFieldIsWrittenAsItsProperty() throws {
    let base = TodoItem(
      id: UUID(uuidString: "11111111-2222-4333-8444-555555555555")!, title: "Fields", deadline: nil,
      created: utc("2026-11-01T00:00:00Z"))
    func with(_ f: (inout TodoItem) -> Void) -> String {
      var i = base
      f(&i)
      return written(i)
    }
    XCTAssertTrue(
      with { $0.note = "one, two; three\nfour" }.contains("DESCRIPTION:one\\, two\\; three\\nfour\r\n"))
    XCTAssertTrue(with { $0.priority = 1 }.contains("PRIORITY:1\r\n"))
    XCTAssertTrue(with { $0.priority = 9 }.contains("PRIORITY:9\r\n"))
    XCTAssertFalse(written(base).contains("PRIORITY"), "no priority, no PRIORITY")
    XCTAssertTrue(with { $0.tags = ["Home", "Zoë 🎂"] }.contains("CATEGORIES:Home,Zoë 🎂\r\n"), "one line")
    XCTAssertTrue(with { $0.start = utc("2026-11-20T17:00:00Z") }.contains("DTSTART:20261120T170000Z\r\n"))
    let p = with { $0.progress = 40 }
    XCTAssertTrue(p.contains("STATUS:IN-PROCESS\r\n") && p.contains("PERCENT-COMPLETE:40\r\n"), p)
    let zero = with { $0.progress = 0 }
    XCTAssertTrue(zero.contains("STATUS:IN-PROCESS\r\n") && !zero.contains("PERCENT-COMPLETE"), zero)
    let done = with {
      $0.progress = 100
      $0.completed = utc("2026-11-02T00:00:00Z")
    }
    XCTAssertTrue(done.contains("STATUS:COMPLETED\r\n") && done.contains("PERCENT-COMPLETE:100\r\n"), done)
    let alert = with { $0.reminder = utc("2026-11-26T17:00:00Z") }
    XCTAssertTrue(
      alert.contains(
        "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;VALUE=DATE-TIME:20261126T170000Z\r\nDESCRIPTION:Fields\r\nEND:VALARM\r\n"
      ),
      alert)
  }

  /// Each client's file read, written and read again: the same items, and a
  /// zoned start keeps its TZID, an alarm its own properties with the new time.
  func testClientFilesComeBackTheSame() throws {
    for name in [
      "apple-reminders-fields.ics", "nextcloud-tasks-fields.ics", "tasks-org-fields.ics",
      "thunderbird-fields.ics",
    ] {
      let items = try read(name)
      let text = fx.write(items)
      let back = try ICalMapping.items(
        fromICS: Data(text.utf8), path: name, now: fx.now, calendar: ICalFixtureTests.calendar())
      XCTAssertEqual(back, items, name)
      XCTAssertEqual(fx.write(back), text, "\(name): written again, the same text")
    }
    var shop = try fx.item(try read("tasks-org-fields.ics"), "Einkaufen")
    shop.reminder = utc("2026-11-21T07:30:00Z")
    let text = written(shop)
    XCTAssertTrue(text.contains("DTSTART;TZID=Europe/Berlin:20261121T100000\r\n"), text)
    XCTAssertTrue(
      text.contains("TRIGGER;VALUE=DATE-TIME:20261121T073000Z\r\n")
        && text.contains("DESCRIPTION:Default Tasks.org description\r\n"), text)
  }

  /// python3-icalendar, an independent reader, reads what we write with the same values.
  func testAnIndependentReaderReadsTheSameValues() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") else {
      throw XCTSkip("no python3")
    }
    var item = TodoItem(
      id: UUID(uuidString: "21111111-2222-4333-8444-555555555555")!, title: "Python", deadline: nil,
      created: utc("2026-11-01T00:00:00Z"))
    item.note = "a, b; c\nd"
    item.priority = 5
    item.tags = ["x", "y z"]
    item.start = utc("2026-11-20T17:00:00Z")
    item.progress = 40
    item.reminder = utc("2026-11-26T17:00:00Z")
    let path = NSTemporaryDirectory() + "fields-\(getpid()).ics"
    try Data(written(item).utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let script = """
      import sys, icalendar
      t = list(icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read()).walk('VTODO'))[0]
      cats = t['CATEGORIES']
      cats = [str(c) for c in (cats.cats if hasattr(cats, 'cats') else [cats])]
      a = list(t.walk('VALARM'))[0]
      print(repr(str(t['DESCRIPTION'])), int(t['PRIORITY']), cats, t['DTSTART'].dt.isoformat(),
            int(t['PERCENT-COMPLETE']), str(t['STATUS']), a['TRIGGER'].dt.isoformat())
      """
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    p.arguments = ["-c", script, path]
    let out = Pipe()
    p.standardOutput = out
    try p.run()
    p.waitUntilExit()
    let line = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    guard p.terminationStatus == 0 else { throw XCTSkip("python3-icalendar is not installed") }
    XCTAssertEqual(
      line,
      "'a, b; c\\nd' 5 ['x', 'y z'] 2026-11-20T17:00:00+00:00 40 IN-PROCESS 2026-11-26T17:00:00+00:00\n")
  }
}
