import Foundation
import XCTest

@testable import TodoCore

/// The alert at a time (SPEC 8): "remind me at" from a phone is the item's
/// reminder, fires as one and takes a slot like one; the bubble's body carries
/// the note's first line.
final class AlertTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 11:06:40 UTC

  func testAnAlarmAtATimeFromAPhoneFiresAsAReminder() throws {
    let ics = """
      BEGIN:VCALENDAR\r
      VERSION:2.0\r
      PRODID:-//Apple Inc.//iOS 17.4//EN\r
      BEGIN:VTODO\r
      UID:7B1C2D3E-4F5A-4B6C-8D7E-9F0A1B2C3D4E\r
      DTSTAMP:20261118T100000Z\r
      SUMMARY:Call mum\r
      DESCRIPTION:\\nAsk about Sunday\\nand the cake\r
      BEGIN:VALARM\r
      X-WR-ALARMUID:1C2D\r
      UID:1C2D\r
      TRIGGER;VALUE=DATE-TIME:20261118T120000Z\r
      ACTION:DISPLAY\r
      DESCRIPTION:Reminder\r
      END:VALARM\r
      END:VTODO\r
      END:VCALENDAR\r

      """
    let item = try XCTUnwrap(
      try ICalMapping.items(fromICS: Data(ics.utf8), path: "p.ics", now: t0, calendar: .localGregorian).first)
    var fired: [ScheduledNotification] = []
    item.forEachUndelivered { fired.append($0) }
    XCTAssertEqual(fired.map(\.kind), [.reminder], "a someday item with an alert: one reminder")
    XCTAssertEqual(fired.first?.fireDate, Date(timeIntervalSince1970: 1_795_003_200))  // 12:00 UTC
    // It takes a slot like a reminder: the scheduler plans it.
    let plan = Scheduler.plan([item], now: t0)
    XCTAssertEqual(plan.notifications.map(\.kind), [.reminder])
    // The bubble's body: the note's first line that is not blank, then the deadline line.
    let fmt = DueFormatter(timeZone: TimeZone(identifier: "UTC")!, now: t0)
    let b = Bubble(fired[0], formatter: fmt, now: t0)
    XCTAssertEqual(b.body, "Ask about Sunday\nNo deadline · 0 overdue")
    var plain = item
    plain.note = nil
    var none: [ScheduledNotification] = []
    plain.forEachUndelivered { none.append($0) }
    XCTAssertEqual(Bubble(none[0], formatter: fmt, now: t0).body, "No deadline · 0 overdue")
  }

  func testOurReminderIsWrittenAsAnAbsoluteAlarmSoThePhoneRingsToo() throws {
    var item = TodoItem(id: UUID(), title: "Pay rent", deadline: t0.addingTimeInterval(86_400), created: t0)
    item.reminder = t0.addingTimeInterval(3_600)
    let text = ICalMapping.ics(for: [item], now: t0)
    XCTAssertTrue(
      text.contains("BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;VALUE=DATE-TIME:20261118T120640Z\r\n"), text)
    let back = try ICalMapping.items(fromICS: Data(text.utf8), path: "x", now: t0, calendar: .localGregorian)
    XCTAssertEqual(back.first?.reminder, item.reminder)
  }
}
