import Foundation
import XCTest

@testable import TodoCore

final class DueFormatterTests: XCTestCase {
  func testFormatsLikeTheTutorial() {
    let tz = TimeZone(identifier: "UTC")!
    let now = Date(timeIntervalSince1970: 1_795_000_000)  // Nov 2026
    let f = DueFormatter(timeZone: tz, now: now)
    XCTAssertEqual(f.due(Date(timeIntervalSince1970: 1_795_424_400)), "Due Nov 23 at 9:00 AM")
    XCTAssertEqual(f.due(Date(timeIntervalSince1970: 1_795_467_600)), "Due Nov 23 at 9:00 PM")
    XCTAssertEqual(f.due(Date(timeIntervalSince1970: 1_795_392_000)), "Due Nov 23 at 12:00 AM")
    XCTAssertEqual(f.due(Date(timeIntervalSince1970: 1_795_435_260)), "Due Nov 23 at 12:01 PM")
    XCTAssertEqual(
      f.dateText(Date(timeIntervalSince1970: 1_795_424_400), weekday: true), "Mon Nov 23 at 9:00 AM")
    XCTAssertEqual(f.due(Date(timeIntervalSince1970: 1_800_000_000)), "Due Jan 15, 2027 at 8:00 AM")
  }

  /// The lean formatter agrees with DateFormatter, the reference, over random
  /// instants in zones with DST and with :30 and :45 offsets.
  func testAgreesWithDateFormatter() {
    var rng = SystemRandomNumberGenerator()
    for tzName in [
      "UTC", "America/New_York", "Asia/Kathmandu", "Australia/Lord_Howe", "Europe/Berlin", "Asia/Kolkata",
    ] {
      let tz = TimeZone(identifier: tzName)!
      let now = Date(timeIntervalSince1970: 1_795_000_000)
      let f = DueFormatter(timeZone: tz, now: now)
      let ref = DateFormatter()
      ref.locale = Locale(identifier: "en_US_POSIX")
      ref.timeZone = tz
      ref.dateFormat = "'Due' MMM d 'at' h:mm a"
      let refYear = DateFormatter()
      refYear.locale = ref.locale
      refYear.timeZone = tz
      refYear.dateFormat = "'Due' MMM d, yyyy 'at' h:mm a"
      var cal = Calendar(identifier: .gregorian)
      cal.timeZone = tz
      let year = cal.component(.year, from: now)
      // Sorted instants, as the list formats them (exercises the offset cache).
      let instants = (0..<2000).map { _ in Double(Int.random(in: 1_700_000_000...1_900_000_000, using: &rng))
      }.sorted()
      for t in instants {
        let d = Date(timeIntervalSince1970: t)
        let expected = cal.component(.year, from: d) == year ? ref.string(from: d) : refYear.string(from: d)
        XCTAssertEqual(f.due(d), expected, "\(tzName) \(t)")
      }
    }
  }

  func testISOTimeCarriesTheOffset() {
    let d = Date(timeIntervalSince1970: 1_795_442_400)  // 2026-11-23T14:00:00Z
    XCTAssertEqual(
      ISOTime.string(d, formatter: DueFormatter(timeZone: TimeZone(identifier: "UTC")!, now: d)),
      "2026-11-23T14:00:00Z")
    XCTAssertEqual(
      ISOTime.string(d, formatter: DueFormatter(timeZone: TimeZone(identifier: "Asia/Kathmandu")!, now: d)),
      "2026-11-23T19:45:00+05:45")
    XCTAssertEqual(
      ISOTime.string(d, formatter: DueFormatter(timeZone: TimeZone(identifier: "America/New_York")!, now: d)),
      "2026-11-23T09:00:00-05:00")
  }

  /// The deadline as people say it near now (SPEC 2), in both clocks.
  func testPhraseNamesDaysNearNow() {
    let tz = TimeZone(identifier: "Europe/Berlin")!
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = tz
    func at(_ y: Int, _ mo: Int, _ d: Int, _ h: Int, _ mi: Int = 0) -> Date {
      cal.date(from: DateComponents(year: y, month: mo, day: d, hour: h, minute: mi))!
    }
    let now = at(2026, 11, 23, 14, 30)  // a Monday
    let f24 = DueFormatter(timeZone: tz, now: now, hourCycle: .h24)
    let f12 = DueFormatter(timeZone: tz, now: now, hourCycle: .h12)
    let cases: [(Date, String, String)] = [
      (at(2026, 11, 23, 17), "today 17:00", "today 5:00 PM"),
      (at(2026, 11, 23, 0, 5), "today 0:05", "today 12:05 AM"),
      (at(2026, 11, 24, 9), "tomorrow 9:00", "tomorrow 9:00 AM"),
      (at(2026, 11, 22, 23, 59), "yesterday 23:59", "yesterday 11:59 PM"),
      (at(2026, 11, 27, 17), "Fri 17:00", "Fri 5:00 PM"),
      (at(2026, 11, 29, 12), "Sun 12:00", "Sun 12:00 PM"),
      (at(2026, 11, 30, 9), "Nov 30 9:00", "Nov 30 9:00 AM"),
      (at(2026, 11, 21, 9), "Nov 21 9:00", "Nov 21 9:00 AM"),
      (at(2026, 12, 3, 9), "Dec 3 9:00", "Dec 3 9:00 AM"),
      (at(2027, 12, 3, 9), "Dec 3 2027 9:00", "Dec 3 2027 9:00 AM"),
      (at(2025, 1, 1, 18, 45), "Jan 1 2025 18:45", "Jan 1 2025 6:45 PM"),
    ]
    for (d, h24, h12) in cases {
      XCTAssertEqual(f24.phrase(d), h24)
      XCTAssertEqual(f12.phrase(d), h12)
    }
    XCTAssertEqual(f24.clock(at(2026, 11, 23, 7, 5)), "7:05")
    XCTAssertEqual(f12.clock(at(2026, 11, 23, 12, 0)), "12:00 PM")
  }

  /// "today" is the local day, across a DST change and in zones far from UTC.
  func testPhraseDaysAreLocalDays() {
    for name in ["America/New_York", "Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/London"] {
      let tz = TimeZone(identifier: name)!
      var cal = Calendar(identifier: .gregorian)
      cal.timeZone = tz
      // The Saturday before Europe's and the US's autumn changes, and 48 hours on.
      for (y, m, d) in [(2026, 10, 24), (2026, 10, 31), (2026, 3, 7)] {
        let now = cal.date(from: DateComponents(year: y, month: m, day: d, hour: 23, minute: 30))!
        let f = DueFormatter(timeZone: tz, now: now, hourCycle: .h24)
        for hours in stride(from: -47, through: 72, by: 1) {
          let t = now.addingTimeInterval(Double(hours) * 3600)
          let expected = cal.dateComponents(
            [.day], from: cal.startOfDay(for: now), to: cal.startOfDay(for: t)
          ).day!
          XCTAssertEqual(f.daysFromToday(t), expected, "\(name) \(y)-\(m)-\(d) \(hours)h")
        }
      }
    }
  }

  func testHourCycleFollowsTheLocale() {
    XCTAssertEqual(HourCycle.from(environment: ["LANG": "en_US.UTF-8"]), .h12)
    XCTAssertEqual(HourCycle.from(environment: ["LANG": "en_GB.UTF-8"]), .h24)
    XCTAssertEqual(HourCycle.from(environment: ["LANG": "de_DE.UTF-8"]), .h24)
    XCTAssertEqual(HourCycle.from(environment: ["LANG": "de_DE@euro"]), .h24)
    XCTAssertEqual(HourCycle.from(environment: ["LANG": "C.UTF-8"]), .h24)
    XCTAssertEqual(HourCycle.from(environment: [:]), .h24)
    // LC_ALL beats LC_TIME beats LANG; an empty value is unset.
    XCTAssertEqual(HourCycle.from(environment: ["LC_ALL": "en_US.UTF-8", "LANG": "de_DE.UTF-8"]), .h12)
    XCTAssertEqual(HourCycle.from(environment: ["LC_TIME": "en_GB.UTF-8", "LANG": "en_US.UTF-8"]), .h24)
    XCTAssertEqual(HourCycle.from(environment: ["LC_ALL": "", "LC_TIME": "en_US", "LANG": "C"]), .h12)
  }
}

/// Issue 25, point 5: every "Due … at …" text followed the 12-hour English
/// clock while the rows followed the locale; now one formatter's clock holds
/// for all of them: `pending`, `remind`'s and `complete`'s confirmations, the
/// form's preview, the banner and the bubbles.
final class OneClockTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_795_000_000)  // Nov 2026
  let evening = Date(timeIntervalSince1970: 1_795_467_600)  // Mon Nov 23 2026, 21:00 UTC

  func f(_ clock: HourCycle) -> DueFormatter { DueFormatter(timeZone: .gmt, now: now, hourCycle: clock) }

  func testDateTextsFollowTheClock() {
    XCTAssertEqual(f(.h24).due(evening), "Due Nov 23 at 21:00")
    XCTAssertEqual(f(.h24).dateText(evening, weekday: true), "Mon Nov 23 at 21:00")
    XCTAssertEqual(f(.h24).phrase(evening), "Mon 21:00")
    XCTAssertEqual(f(.h12).due(evening), "Due Nov 23 at 9:00 PM")
    XCTAssertEqual(f(.h12).phrase(evening), "Mon 9:00 PM")
  }

  func testTheBubblesFollowTheClock() {
    let n = ScheduledNotification(
      fireDate: evening.addingTimeInterval(-3600), kind: .reminder, itemID: appID(1), title: "Call Ann",
      deadline: evening, badge: 0)
    let b24 = Bubble(n, formatter: f(.h24), now: now)
    XCTAssertEqual(b24.body, "Due Nov 23 at 21:00 · 0 overdue")
    XCTAssertEqual(b24.summary, "Reminder: Todo Item \"Call Ann\" Is Due Nov 23 at 21:00")
    let b12 = Bubble(n, formatter: f(.h12), now: evening.addingTimeInterval(-7200))
    XCTAssertEqual(b12.summary, "Reminder: Todo Item \"Call Ann\" Is Due at 9:00 PM", "the same day")
    XCTAssertEqual(b12.body, "Due Nov 23 at 9:00 PM · 0 overdue")
  }

  func testCompletingARepeatingItemSaysTheNextTimeInTheClock() throws {
    var list = TodoList()
    let env = TodoEnvironment.fixed(now)
    let id = try list.add(title: "Stretch", deadline: evening, env: env) { $0.repeatRule = "FREQ=DAILY" }
      .after.keys.first!
    for (clock, text) in [(HourCycle.h24, "next due Nov 24 at 21:00"), (.h12, "next due Nov 24 at 9:00 PM")] {
      let change = try TodoOperation.completion([id], now: evening, in: .gmt, clock: clock, of: list)
      XCTAssertTrue(change.summary.hasSuffix(text), change.summary)
    }
  }

  func testTheFormsPreviewAndTheBannerFollowTheClock() {
    var s = AppState(
      now: appNow, calendar: TodoEnvironment.fixed(appNow).calendar, size: Size(width: 80, height: 24),
      hourCycle: .h24)
    _ = reduce(&s, .loaded(TodoDocument(items: [appItem(1, "Pay rent", minutes: -30)])), env: .fixed(appNow))
    _ = reduce(&s, .add, env: .fixed(appNow))
    _ = reduce(&s, .form(.edit(.insert("Tea"))), env: .fixed(appNow))
    let screen = render(s, size: Size(width: 80, height: 24)).lines.joined(separator: "\n")
    XCTAssertTrue(screen.contains("→ Sun Nov 22 at 11:00"), screen)
    XCTAssertFalse(screen.contains(" AM") || screen.contains(" PM"), screen)
  }
}
