import Foundation
import XCTest

@testable import TodoCore

/// Every alarm form rings (issue 36 point 2): each VALARM of RFC 5545 3.8.6.3 as
/// Thunderbird, Tasks.org and Apple Reminders write them (`Fixtures/*-alarms.ics`,
/// in their shapes, not from our exporter) is read, rings at its instant in the
/// one scheduler's plan, and is written back byte for byte when untouched.
final class AlarmFormTests: XCTestCase {
  let fx = ICalFieldsTests.Fixtures()
  func utc(_ s: String) -> Date { fx.utc(s) }

  /// The item's notifications in the plan at the import's instant: (kind, fire time), soonest first.
  func planned(_ items: [TodoItem], _ title: String) throws -> [String] {
    let item = try fx.item(items, title)
    let plan = Scheduler.plan(items, now: fx.now)
    plan.checkInvariants(items: items)
    let f = ISO8601DateFormatter()
    return plan.notifications.filter { $0.itemID == item.id }.map {
      "\($0.kind.rawValue) \(f.string(from: $0.fireDate))"
    }
  }

  /// The VALARM blocks of iCalendar text, in order, unfolded (libical folds at 75 octets, iOS does not).
  func alarms(_ text: String) -> [String] {
    text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "BEGIN:VALARM\r\n").dropFirst()
      .map {
        "BEGIN:VALARM\r\n" + $0.components(separatedBy: "END:VALARM\r\n")[0] + "END:VALARM\r\n"
      }
  }

  func assertWrittenBack(_ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
    // libical 3.0 reads `TRIGGER;VALUE=DURATION` (the default value type, Thunderbird writes it) as
    // the same TRIGGER without it: the one difference it leaves.
    let input = String(decoding: ICalFixtureTests.fixture(name), as: UTF8.self)
      .replacingOccurrences(of: "TRIGGER;VALUE=DURATION", with: "TRIGGER")
    let text = fx.write(try fx.read(name))
    // In their order; the export's order of to-dos is by deadline (location-alarms.ics: one has none).
    let (got, want) =
      name == "location-alarms.ics"
      ? (alarms(text).sorted(), alarms(input).sorted()) : (alarms(text), alarms(input))
    XCTAssertEqual(got, want, "\(name): the alarms not written back as they came", file: file, line: line)
  }

  func testThunderbirdAfterTheDueTimeRingsAfterIt() throws {
    let items = try fx.read("thunderbird-alarms.ics")
    XCTAssertEqual(
      try planned(items, "After the due time"),
      ["deadline 2026-11-25T17:00:00Z", "alert 2026-11-25T17:15:00Z"])
  }

  func testThunderbirdBeforeTheStartRelatedToTheStartByDefault() throws {
    let items = try fx.read("thunderbird-alarms.ics")
    XCTAssertEqual(
      try planned(items, "Before the start"), ["alert 2026-11-24T09:00:00Z", "deadline 2026-11-25T17:00:00Z"])
  }

  func testThunderbirdAtTheStartAndAfterItWithNoDueTime() throws {
    let items = try fx.read("thunderbird-alarms.ics")
    XCTAssertEqual(
      try planned(items, "At and after the start"),
      ["alert 2026-11-24T10:00:00Z", "alert 2026-11-24T10:15:00Z"])
  }

  func testThunderbirdFiftyDaysBeforeTheStartOfATodoWithNoDueTime() throws {
    let items = try fx.read("thunderbird-alarms.ics")
    // DTSTART 2027-03-01 09:00 in Berlin (CET) is 08:00 UTC; 50 days before.
    XCTAssertEqual(try planned(items, "Fifty days before the start"), ["alert 2027-01-10T08:00:00Z"])
  }

  func testTasksOrgSeveralAlarmsOnOneTodoEachRing() throws {
    let items = try fx.read("tasks-org-alarms.ics")
    // At the due time (RELATED=END:PT0S) rings as the deadline itself; the others each at their instant,
    // an AUDIO alarm as a bubble too. Two alarms at a time: both alerts, neither the reminder.
    XCTAssertEqual(
      try planned(items, "Renew the parking permit"),
      [
        "alert 2026-11-23T07:45:00Z", "alert 2026-11-24T18:00:00Z", "alert 2026-11-25T07:00:00Z",
        "alert 2026-11-25T16:00:00Z", "deadline 2026-11-25T17:00:00Z", "alert 2026-11-25T18:00:00Z",
      ])
    XCTAssertNil(try fx.item(items, "Renew the parking permit").reminder)
  }

  func testAppleLocationAlarmIsKeptAndNeverRingsAtItsPlaceholderTime() throws {
    let items = try fx.read("apple-reminders-alarms.ics")
    let stamps = try fx.item(items, "Buy stamps")
    XCTAssertEqual(stamps.reminder, utc("2026-11-26T08:00:00Z"))
    XCTAssertEqual(
      try planned(items, "Buy stamps"), ["reminder 2026-11-26T08:00:00Z", "deadline 2026-11-26T17:00:00Z"])
    // Nothing missed in 1976 either.
    XCTAssertEqual(Scheduler.due(items, now: fx.now).filter { $0.itemID == stamps.id }, [])
  }

  func testEveryAlarmIsWrittenBackByteForByteWhenUntouched() throws {
    for name in [
      "thunderbird-alarms.ics", "tasks-org-alarms.ics", "apple-reminders-alarms.ics", "location-alarms.ics",
    ] {
      try assertWrittenBack(name)
    }
  }

  /// A location alarm's VLOCATION (RFC 9073, inside the VALARM as RFC 9074 puts it), which
  /// libical 3.0 drops, is kept through the data file and the sync, line for line; and a
  /// location alarm rings at no time (not at its 1976 placeholder, not as missed).
  func testLocationAlarmsAreKeptWholeAndNeverRing() throws {
    let items = try fx.read("location-alarms.ics")
    let milk = try fx.item(items, "Buy milk")
    // The alert's own text holds it (issue 36: each VALARM is an alert), and it is a place.
    XCTAssertEqual(milk.alerts.map(\.anchor), [.place])
    XCTAssertTrue(
      milk.alerts.first?.text?.contains("BEGIN:VLOCATION\nUID:123456-abcdef-98765432\nNAME:Office\n") ?? false
    )
    // Through the data file (the plist) and back: still there, still written as it came.
    let back = try PlistCodec.decode(Data(PlistCodec.encode(items))).items
    XCTAssertEqual(
      alarms(fx.write(back)).sorted(),
      alarms(String(decoding: ICalFixtureTests.fixture("location-alarms.ics"), as: UTF8.self)).sorted())
    XCTAssertEqual(try planned(items, "Water the plants"), [])
    XCTAssertEqual(try planned(items, "Buy milk"), ["deadline 2026-11-26T17:00:00Z"])
    XCTAssertEqual(Scheduler.due(items, now: fx.now), [])
  }

  /// `show` says each alert in words, in the forms `--warn` takes.
  func testEachAlertInWords() throws {
    let f = DueFormatter(fixedOffset: 0, now: fx.now, hourCycle: .h24)
    func words(_ name: String, _ title: String) throws -> [String] {
      try fx.item(try fx.read(name), title).alerts.map { $0.words(f) }
    }
    XCTAssertEqual(try words("thunderbird-alarms.ics", "After the due time"), ["15m after the deadline"])
    XCTAssertEqual(try words("thunderbird-alarms.ics", "Before the start"), ["1h before the start"])
    XCTAssertEqual(
      try words("thunderbird-alarms.ics", "At and after the start"), ["at the start", "15m after the start"])
    XCTAssertEqual(
      try words("thunderbird-alarms.ics", "Fifty days before the start"), ["7w1d before the start"])
    XCTAssertEqual(try words("apple-reminders-alarms.ics", "Buy stamps"), ["at a place (not rung here)"])
    let parking = try words("tasks-org-alarms.ics", "Renew the parking permit")
    XCTAssertEqual(parking.count, 6)
    XCTAssertEqual(parking[0], "at the deadline")
    XCTAssertEqual(parking[1], "15m before the start")
    XCTAssertEqual(parking[2], "1h before the deadline")
    XCTAssertEqual(parking[5], "1h after the deadline, sound")
  }

  /// A delivered alert does not ring again (the record survives the data file: `notifiedAlert`);
  /// the next one still does.
  func testADeliveredAlertIsNotDueAgain() throws {
    var list = TodoList(try fx.read("thunderbird-alarms.ics"))
    let item = try fx.item(Array(list.items.values), "At and after the start")
    let at = utc("2026-11-24T10:00:00Z")
    XCTAssertNotNil(list.markDelivered(item.id, kind: .alert, fireDate: at))
    let later = utc("2026-11-24T10:20:00Z")
    XCTAssertEqual(
      Scheduler.due(Array(list.items.values), now: later).filter { $0.itemID == item.id }.map(\.fireDate),
      [utc("2026-11-24T10:15:00Z")])
  }

  /// A repeating item's relative alerts follow each occurrence: delivered for this one,
  /// due again for the next after it is completed.
  func testARepeatingItemsAlertsFollowEachOccurrence() throws {
    let text = """
      BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:weekly-1\r\n\
      SUMMARY:Water the plants\r\nDUE:20261125T170000Z\r\nRRULE:FREQ=WEEKLY\r\n\
      BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;RELATED=END:PT15M\r\nDESCRIPTION:x\r\nEND:VALARM\r\n\
      END:VTODO\r\nEND:VCALENDAR\r\n
      """
    var list = TodoList(
      try ICalMapping.items(
        fromICS: Data(text.utf8), path: "weekly.ics", now: fx.now, calendar: ICalFixtureTests.calendar()))
    let id = try XCTUnwrap(list.items.keys.first)
    XCTAssertEqual(list.items[id]?.undeliveredAlerts, [utc("2026-11-25T17:15:00Z")])
    XCTAssertNotNil(list.markDelivered(id, kind: .alert, fireDate: utc("2026-11-25T17:15:00Z")))
    XCTAssertEqual(list.items[id]?.undeliveredAlerts, [])
    try list.commit(.complete([id]), env: .fixed(utc("2026-11-25T17:20:00Z")))
    XCTAssertEqual(list.items[id]?.deadline, utc("2026-12-02T17:00:00Z"))
    XCTAssertEqual(list.items[id]?.undeliveredAlerts, [utc("2026-12-02T17:15:00Z")])
  }

  /// `list`'s fast path keeps a file with alerts in the clients' forms (their VALARMs read in
  /// place, ``AlertBytes``; `ListFastPathTests` holds its output to the general path's).
  func testTheScanKeepsAFileWithAlerts() throws {
    let dir = NSTemporaryDirectory() + "alarm-scan-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    func scanned(_ name: String, only title: String? = nil, alerts: [ItemAlert]? = nil) throws -> Bool {
      let store = Store(path: dir + "/\(name).plist")
      var items = try fx.read(name).filter { title == nil || $0.title == title }
      if let alerts { for k in items.indices { items[k].alerts = alerts } }
      try store.write(items)
      let data = try Data(contentsOf: URL(fileURLWithPath: store.path))
      guard let scan = data.withUnsafeBytes({ PlistScan.scan(bytes: $0) }) else { return true }
      return scan.entries.contains(where: \.keepsAdoptable)
    }
    XCTAssertFalse(try scanned("thunderbird-alarms.ics", only: "After the due time"))
    XCTAssertFalse(try scanned("thunderbird-alarms.ics", only: "At and after the start"))
    // Its start came with a time zone: the DTSTART line kept as the start's form is no property to adopt.
    XCTAssertFalse(try scanned("thunderbird-alarms.ics", only: "Fifty days before the start"))
    XCTAssertFalse(try scanned("thunderbird-alarms.ics"))
    XCTAssertFalse(try scanned("tasks-org-alarms.ics"))
    XCTAssertFalse(try scanned("apple-reminders-alarms.ics"))
    XCTAssertFalse(try scanned("thunderbird-berlin.ics"))  // Thunderbird's warning: its own text
    XCTAssertFalse(try scanned("thunderbird-berlin.ics", alerts: [ItemAlert(.deadline(-900))]))  // ours, alone
    XCTAssertFalse(try scanned("thunderbird-berlin.ics", alerts: []))
  }

  /// A start that came with a time zone keeps its `DTSTART;TZID=…` line as its form; the start is
  /// set, so the line is nothing to adopt, and no load takes the item through the iCalendar round
  /// trip (every load did, and `list` left its fast path for it). Without its start it is adopted.
  func testAStartsKeptFormIsNoPropertyToAdopt() throws {
    let fifty = try fx.item(try fx.read("thunderbird-alarms.ics"), "Fifty days before the start")
    let kept = try XCTUnwrap(fifty.icalExtra)
    XCTAssertNotNil(fifty.start)
    XCTAssertTrue(kept.hasPrefix("DTSTART;TZID=Europe/Berlin:20270301T090000\n"), kept)
    XCTAssertFalse(fifty.keepsAdoptableProperties)
    XCTAssertFalse(TodoItem.keepsAdoptableProperties(kept, set: fifty.adoptedFieldsSet))
    XCTAssertTrue(TodoItem.keepsAdoptableProperties(kept), "the scan's check when the start is not read")
    // A file of before SPEC 8 (the start only in the kept text): adopted once.
    var bare = fifty
    bare.start = nil
    XCTAssertTrue(bare.keepsAdoptableProperties)
    let up = bare.adoptingKeptFields()
    XCTAssertEqual(up.start, fifty.start)
    XCTAssertFalse(up.keepsAdoptableProperties, "once")
    // A load gives the item as written: no round trip.
    let dir = NSTemporaryDirectory() + "alarm-start-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let store = Store(path: dir + "/todo.plist")
    try store.write([fifty])
    let loaded = try store.load().items
    XCTAssertEqual(loaded, [fifty])
    XCTAssertFalse(loaded[0].keepsAdoptableProperties)
    // The splice's fast check takes it too, with a reminder's kept VALARM (add and complete stay
    // off the slow path: the start is read after the kept text, only its alarm is asked there).
    var reminded = fifty
    reminded.reminder = Date(timeIntervalSince1970: 1_798_794_000)
    reminded.icalExtra =
      kept + "BEGIN:VALARM\nTRIGGER;VALUE=DATE-TIME:20270101T090000Z\nACTION:DISPLAY\nEND:VALARM\n"
    XCTAssertFalse(reminded.keepsAdoptableProperties)
    let entry = PlistCodec.entry(reminded)
    let outcome = entry.withUnsafeBufferPointer { CanonicalEntry.check($0.baseAddress!, count: $0.count) }
    guard case .entry = outcome else { return XCTFail("the splice's fast check left it to the slow path") }
    // Without its start (the line is one to adopt): the slow check's, which upgrades it.
    reminded.start = nil
    let bareEntry = PlistCodec.entry(reminded)
    let bareOutcome = bareEntry.withUnsafeBufferPointer {
      CanonicalEntry.check($0.baseAddress!, count: $0.count)
    }
    if case .entry = bareOutcome { XCTFail("a start to adopt passed the fast check") }
  }

  /// The 64-slot rule with alerts: 30 items with 3 alerts each hold the 64 soonest;
  /// completing one frees its slots for the next.
  func testThirtyItemsWithThreeAlertsEachScheduleTheSixtyFourSoonest() throws {
    var text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
    for k in 0..<30 {
      let due = ICalWall(utc: utc("2026-12-01T12:00:00Z").addingTimeInterval(TimeInterval(k * 3600)))
      text += "BEGIN:VTODO\r\nUID:alerts-\(k)\r\nSUMMARY:Item \(k)\r\nDUE:\(due.text(date: false))Z\r\n"
      for trigger in ["RELATED=END:PT5M", "RELATED=END:PT10M", "RELATED=END:PT20M"] {
        text += "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;\(trigger)\r\nDESCRIPTION:x\r\nEND:VALARM\r\n"
      }
      text += "END:VTODO\r\n"
    }
    text += "END:VCALENDAR\r\n"
    var items = try ICalMapping.items(
      fromICS: Data(text.utf8), path: "many.ics", now: fx.now, calendar: ICalFixtureTests.calendar())
    XCTAssertEqual(items.count, 30)
    let plan = Scheduler.plan(items, now: fx.now)
    plan.checkInvariants(items: items)
    XCTAssertEqual(plan.notifications.count, 64)
    XCTAssertEqual(plan.candidates, 120)
    XCTAssertEqual(plan.notifications.filter { $0.kind == .alert }.count, 48)
    // The 64th: item 15's deadline (16 items × 4 each, soonest first).
    XCTAssertEqual(plan.notifications.last?.title, "Item 15")
    let first = try XCTUnwrap(items.firstIndex { $0.title == "Item 0" })
    items[first].completed = fx.now
    let after = Scheduler.plan(items, now: fx.now)
    after.checkInvariants(items: items)
    XCTAssertEqual(after.notifications.count, 64)
    XCTAssertEqual(after.candidates, 116)
    XCTAssertFalse(after.notifications.contains { $0.title == "Item 0" })
    XCTAssertEqual(after.notifications.last?.title, "Item 16")
  }
}
