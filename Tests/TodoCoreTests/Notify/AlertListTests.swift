import CLibical
import Foundation
import XCTest

@testable import TodoCore

/// An item's alerts are one list (issue 36): `--alert`'s forms, the reminder told apart
/// from an alert at a time in iCalendar, and a data file of before the list (its `warn`
/// key, its kept VALARMs) upgraded on read: nothing lost, each value written once.
final class AlertListTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18T11:06:40Z, a Wednesday
  var calendar: Calendar { ICalFixtureTests.calendar() }

  func parse(_ text: String) throws -> ItemAlert? { try AlertForm.parse(text, now: t0, calendar: calendar) }

  // MARK: - --alert

  func testEveryFormOfAlert() throws {
    XCTAssertEqual(try parse("15m"), ItemAlert(.deadline(-900)))
    XCTAssertEqual(try parse("1h30m"), ItemAlert(.deadline(-5400)))
    XCTAssertEqual(try parse("in 2d"), ItemAlert(.deadline(-172_800)))
    XCTAssertEqual(try parse("due"), ItemAlert(.deadline(0)))
    XCTAssertEqual(try parse("due+15m"), ItemAlert(.deadline(900)))
    XCTAssertEqual(try parse("due-1h"), ItemAlert(.deadline(-3600)))
    XCTAssertEqual(try parse("start"), ItemAlert(.start(0)))
    XCTAssertEqual(try parse("start-1h"), ItemAlert(.start(-3600)))
    XCTAssertEqual(try parse("Start + 15m"), ItemAlert(.start(900)))
    let fri = try WhenParser(now: t0, calendar: calendar).parse("fri 9:00")
    XCTAssertEqual(try parse("at fri 9:00"), ItemAlert(.at(fri)))
    XCTAssertNil(try parse("none"))
    XCTAssertEqual(try AlertForm.parse(["15m", "start"], now: t0, calendar: calendar)?.count, 2)
    XCTAssertEqual(try AlertForm.parse(["none"], now: t0, calendar: calendar), [])
    XCTAssertNil(try AlertForm.parse([], now: t0, calendar: calendar))
  }

  func testABadAlertNamesTheForms() {
    for bad in ["soon", "due+", "due*15m", "start-", "start-soon", "at someday", "0m", "-15m", "", "none x"] {
      XCTAssertThrowsError(try parse(bad), bad) { e in
        XCTAssertTrue("\(e)".contains("due+15m"), "\(bad): \(e)")
        XCTAssertTrue("\(e)".contains("at WHEN"), "\(bad): \(e)")
      }
    }
    XCTAssertThrowsError(try AlertForm.parse(["none", "15m"], now: t0, calendar: calendar))
  }

  /// `add` with --warn and --alert: the warning first among the alerts given; edit replaces the list.
  func testAddAndEditSetTheList() throws {
    let doc = TodoList([])
    let add = try TodoOperation.add(
      title: "Pay rent", deadline: t0 + 86_400, warn: 600,
      changes: [.alerts([ItemAlert(.start(-3600)), ItemAlert(.deadline(300))])]
    ).change(in: doc, env: .fixed(t0))
    var item = try XCTUnwrap(add.after.values.first ?? nil)
    XCTAssertEqual(
      item.alerts, [ItemAlert(.deadline(-600)), ItemAlert(.start(-3600)), ItemAlert(.deadline(300))])
    XCTAssertEqual(item.warn, 600)
    item.warn = 1200
    XCTAssertEqual(item.alerts.first, ItemAlert(.deadline(-1200)))
    item.warn = nil
    XCTAssertEqual(item.alerts, [ItemAlert(.start(-3600)), ItemAlert(.deadline(300))])
    let list = TodoList([item])
    let edit = try TodoOperation.edit(item.id, changes: [.alerts([ItemAlert(.start(0))])])
      .change(in: list, env: .fixed(t0))
    XCTAssertEqual(edit.after[item.id]??.alerts, [ItemAlert(.start(0))])
    let cleared = try TodoOperation.edit(item.id, changes: [.alerts([])]).change(
      in: list, env: .fixed(t0))
    XCTAssertEqual(cleared.after[item.id]??.alerts, [])
  }

  /// The short form of an alert at a time is read and written without libical (a load of
  /// 100,000 of them): the same text and instant as libical's, and any other text goes to libical.
  func testTheShortFormAtATimeIsLibicalsOwn() {
    for t in [t0, Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 4_102_444_799), t0 + 86_399] {
      let a = ItemAlert(.at(t))
      let text = a.stored
      XCTAssertEqual(ICalAlarms.atTime(text), t, text)
      XCTAssertEqual(ItemAlert(stored: text), a)
      // libical's own line for it.
      let p = ICalAlarms.trigger(.at(t))!
      var out: [UInt8] = []
      LibIcal.appendWithoutCR(icalproperty_as_ical_string_r(p), to: &out)
      icalproperty_free(p)
      XCTAssertEqual(String(decoding: out, as: UTF8.self), text + "\n")
    }
    for other in [
      "TRIGGER;VALUE=DATE-TIME:20260231T090000Z", "TRIGGER;VALUE=DATE-TIME:20261127T090000", "TRIGGER:-PT15M",
      "TRIGGER;VALUE=DATE-TIME:2026112xT090000Z",
    ] {
      XCTAssertNil(ICalAlarms.atTime(other), other)
    }
    XCTAssertEqual(ItemAlert(stored: "TRIGGER;RELATED=END:-PT15M"), ItemAlert(.deadline(-900)))
    XCTAssertEqual(ItemAlert(.deadline(-900)).stored, "TRIGGER;RELATED=END:-PT15M")
    XCTAssertEqual(ItemAlert(.deadline(-900)).stored, "TRIGGER;RELATED=END:-PT15M")  // the remembered line
  }

  /// A row says an alert is to come (`◷`), as it says a reminder; not once it was delivered.
  func testARowMarksAnAlertToCome() {
    var i = TodoItem(
      id: UUID(), title: "Meet", deadline: t0 + 86_400, created: t0, start: t0 + 3600,
      alerts: [ItemAlert(.start(-600))])
    XCTAssertEqual(ItemMarks(i, now: t0, scheduled: [i.id]), [.reminder])
    i.notifiedAlert = t0 + 3000
    XCTAssertEqual(ItemMarks(i, now: t0, scheduled: [i.id]), [])
  }

  // MARK: - The reminder and alerts at a time in iCalendar

  func roundTrip(_ item: TodoItem) throws -> (TodoItem, String) {
    let text = ICalMapping.ics(for: [item], now: t0, calendar: calendar)
    let back = try ICalMapping.items(fromICS: Data(text.utf8), path: "x.ics", now: t0, calendar: calendar)
    return (try XCTUnwrap(back.first), text)
  }

  func item(reminder: Date? = nil, alerts: [ItemAlert]) -> TodoItem {
    TodoItem(
      id: UUID.derived(from: "alert-list"), title: "Call the plumber", deadline: t0 + 7200, created: t0,
      reminder: reminder, alerts: alerts)
  }

  func testAnAlertAtATimeAloneReadsBackAsAnAlertNotTheReminder() throws {
    let a = item(alerts: [ItemAlert(.at(t0 + 3600))])
    let (back, text) = try roundTrip(a)
    XCTAssertTrue(text.contains("X-TODO-TUI-ALERT:1"), text)
    XCTAssertEqual(back.alerts, a.alerts)
    XCTAssertNil(back.reminder)
  }

  func testTheReminderBesideAlertsAtATimeIsMarkedAndReadsBackAsTheReminder() throws {
    let a = item(reminder: t0 + 1800, alerts: [ItemAlert(.at(t0 + 3600)), ItemAlert(.deadline(-900))])
    let (back, text) = try roundTrip(a)
    XCTAssertTrue(text.contains("X-TODO-TUI-REMINDER:1"), text)
    XCTAssertEqual(back.reminder, a.reminder)
    XCTAssertEqual(back.alerts, a.alerts)
    // Alone, the reminder is written as before the alerts (no mark) and still reads back as it.
    let (alone, plain) = try roundTrip(item(reminder: t0 + 1800, alerts: []))
    XCTAssertFalse(plain.contains("X-TODO-TUI"), plain)
    XCTAssertEqual(alone.reminder, t0 + 1800)
    XCTAssertEqual(alone.alerts, [])
  }

  /// A file of an older version (our own, or Apple's "remind me at" beside an early warning):
  /// its one unmarked VALARM at a time is the reminder, so that a sync after the upgrade sees no change.
  func testAnOlderFilesOneAlarmAtATimeIsTheReminder() throws {
    let text = """
      BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//todo-tui//EN\r\nBEGIN:VTODO\r\nUID:old-1\r\n\
      SUMMARY:Call the plumber\r\nDUE:20261118T170000Z\r\n\
      BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;RELATED=END:-PT15M\r\nDESCRIPTION:Call the plumber\r\nEND:VALARM\r\n\
      BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;VALUE=DATE-TIME:20261118T150000Z\r\nDESCRIPTION:Call the plumber\r\n\
      END:VALARM\r\nEND:VTODO\r\nEND:VCALENDAR\r\n
      """
    let read = try XCTUnwrap(
      try ICalMapping.items(fromICS: Data(text.utf8), path: "old.ics", now: t0, calendar: calendar).first)
    XCTAssertEqual(read.reminder, ISO8601DateFormatter().date(from: "2026-11-18T15:00:00Z"))
    XCTAssertEqual(read.alerts, [ItemAlert(.deadline(-900))])  // the plain form: no text kept
    XCTAssertNil(read.icalExtra)
    XCTAssertEqual(read.warn, 900)
  }

  /// The alarms of RFC 5545 section 3.6.6's examples on one to-do: an AUDIO one at a time with
  /// REPEAT and DURATION (alone at a time: the reminder, its VALARM kept whole), a DISPLAY one
  /// before the start with REPEAT, an EMAIL one before the due time with ATTENDEE and ATTACH. Each
  /// rings; each is written back as it came (the reminder's after the alerts).
  func testTheRFCsAlarmExamplesAreReadRungAndWrittenBackAsTheyCame() throws {
    let audio =
      "BEGIN:VALARM\r\nTRIGGER;VALUE=DATE-TIME:20261120T133000Z\r\nREPEAT:4\r\nDURATION:PT15M\r\n"
      + "ACTION:AUDIO\r\nATTACH;FMTTYPE=audio/basic:ftp://example.com/pub/sounds/bell-01.aud\r\nEND:VALARM\r\n"
    let display =
      "BEGIN:VALARM\r\nTRIGGER:-PT30M\r\nREPEAT:2\r\nDURATION:PT15M\r\nACTION:DISPLAY\r\n"
      + "DESCRIPTION:Breakfast meeting with executive\\nteam at 8:00 AM EST.\r\nEND:VALARM\r\n"
    let email =
      "BEGIN:VALARM\r\nTRIGGER;RELATED=END:-P2D\r\nACTION:EMAIL\r\nATTENDEE:mailto:john_doe@example.com\r\n"
      + "SUMMARY:*** REMINDER: SEND AGENDA FOR WEEKLY STAFF MEETING ***\r\n"
      + "DESCRIPTION:A draft agenda needs to be sent out to the attendees to the weekly\r\n"
      + "  managers meeting (MTG-A).\r\nEND:VALARM\r\n"
    let text =
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:rfc-3.6.6\r\n"
      + "DTSTAMP:20261118T110000Z\r\nSUMMARY:Staff meeting\r\nDTSTART:20261125T080000Z\r\n"
      + "DUE:20261125T170000Z\r\n" + audio + display + email + "END:VTODO\r\nEND:VCALENDAR\r\n"
    let read = try XCTUnwrap(
      try ICalMapping.items(fromICS: Data(text.utf8), path: "rfc.ics", now: t0, calendar: calendar).first)
    XCTAssertEqual(read.reminder, ISO8601DateFormatter().date(from: "2026-11-20T13:30:00Z"))
    XCTAssertEqual(read.alerts.map(\.anchor), [.start(-1800), .deadline(-172_800)])
    XCTAssertEqual(read.alerts.map(\.action), ["DISPLAY", "EMAIL"])
    XCTAssertEqual(read.warn, 172_800)
    let f = DueFormatter(fixedOffset: 0, now: t0, hourCycle: .h24)
    XCTAssertEqual(
      read.alerts.map { $0.words(f) }, ["30m before the start", "2d before the deadline, email"])
    let plan = Scheduler.plan([read], now: t0)
    XCTAssertEqual(
      plan.notifications.map { "\($0.kind.rawValue) \(ISO8601DateFormatter().string(from: $0.fireDate))" },
      [
        "reminder 2026-11-20T13:30:00Z", "warning 2026-11-23T17:00:00Z", "alert 2026-11-25T07:30:00Z",
        "deadline 2026-11-25T17:00:00Z",
      ])
    let written = ICalMapping.ics(for: [read], now: t0, calendar: calendar)
    // libical folds the EMAIL's DESCRIPTION its own way: compare the alarms unfolded.
    func unfolded(_ s: String) -> String { s.replacingOccurrences(of: "\r\n ", with: "") }
    XCTAssertTrue(unfolded(written).contains(unfolded(display + email + audio)), written)
  }

  // MARK: - Upgrade of a data file of before the list

  func testAnOlderFileWithWarnAndKeptAlarmsUpgradesOnReadNothingLostWrittenOnce() throws {
    let dir = NSTemporaryDirectory() + "alert-list-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/todos.plist"
    // As the version before wrote it: `warn`, and the other alarms (Thunderbird's, after the due
    // time and before the start) kept as text.
    let kept =
      "X-MOZ-GENERATION:3\nBEGIN:VALARM\nACTION:DISPLAY\nTRIGGER;RELATED=END:PT15M\n"
      + "DESCRIPTION:Default Mozilla Description\nEND:VALARM\nBEGIN:VALARM\nACTION:AUDIO\nTRIGGER:-PT1H\n"
      + "END:VALARM\n"
    let old = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>formatVersion</key>
      \t<integer>1</integer>
      \t<key>todoItems</key>
      \t<dict>
      \t\t<key>5A0C7C2E-1111-4222-8333-444455556666</key><dict><key>UUID</key><string>5A0C7C2E-1111-4222-8333-444455556666</string><key>title</key><string>Steuer</string><key>deadline</key><date>2026-11-20T17:00:00Z</date><key>created</key><date>2026-11-17T11:06:40Z</date><key>warn</key><integer>900</integer><key>icalExtra</key><string>\(kept)</string><key>start</key><date>2026-11-19T09:00:00Z</date></dict>
      \t</dict>
      </dict>
      </plist>

      """
    try Data(old.utf8).write(to: URL(fileURLWithPath: path))
    let store = Store(path: path)
    let loaded = try XCTUnwrap(try store.load().items.first)
    XCTAssertEqual(loaded.warn, 900)
    XCTAssertEqual(loaded.alerts.map(\.anchor), [.deadline(-900), .deadline(900), .start(-3600)])
    XCTAssertEqual(loaded.alerts[0].text, nil)
    XCTAssertTrue(loaded.alerts[1].text?.contains("Default Mozilla Description") ?? false)
    XCTAssertEqual(loaded.alerts[2].action, "AUDIO")
    XCTAssertEqual(loaded.icalExtra, "X-MOZ-GENERATION:3\n")
    // Every alarm rings: the warning, then the others.
    let plan = Scheduler.plan([loaded], now: t0)
    XCTAssertEqual(plan.notifications.map(\.kind), [.alert, .warning, .deadline, .alert])
    // The next write holds each value once: no `warn`, no VALARM in the kept text.
    try store.commit(.edit(loaded.id, title: "Steuer abgeben"), env: .fixed(t0))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertFalse(text.contains("<key>warn</key>"), text)
    XCTAssertEqual(text.components(separatedBy: "BEGIN:VALARM").count - 1, 2, text)  // the two kept whole
    XCTAssertTrue(text.contains("<string>TRIGGER;RELATED=END:-PT15M</string>"), text)
    var again = try XCTUnwrap(try store.load().items.first)
    XCTAssertEqual(again.title, "Steuer abgeben")
    again.title = loaded.title
    again.modified = loaded.modified
    again.sequence = loaded.sequence
    XCTAssertEqual(again, loaded)
  }
}
