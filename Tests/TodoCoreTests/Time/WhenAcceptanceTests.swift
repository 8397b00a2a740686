import Foundation
import XCTest

@testable import TodoCore

/// Issue 13's acceptance table: every form of SPEC 3, in five `TZ` values (a
/// POSIX string with DST, one without, a zone west of UTC with DST, one east
/// without, one south), at five "now" instants (a morning, an evening, the eve
/// of the US and of the EU spring change, Dec 31). The expected results are
/// local wall times written by hand, turned into instants by glibc's `mktime`
/// with the same `TZ` (so a time in a DST gap moves forward as glibc moves it);
/// `+N` is N seconds after now; `=` an ISO 8601 instant.
final class WhenAcceptanceTests: XCTestCase {
  static let zones = [
    "CET-1CEST,M3.5.0,M10.5.0/3", "UTC-3", ":America/New_York", "/usr/share/zoneinfo/Asia/Tokyo",
    "Australia/Sydney",
  ]
  /// Tue morning, Tue evening, Sat before the US change (Mar 8), Sat before the EU change (Mar 29), Thu Dec 31.
  static let nows = ["06-16 08:10", "06-16 20:45", "03-07 10:00", "03-28 10:00", "12-31 18:30"]

  static let table: [(String, [String])] = [
    ("now", ["+0", "+0", "+0", "+0", "+0"]),
    ("in 30m", ["+1800", "+1800", "+1800", "+1800", "+1800"]),
    ("30m", ["+1800", "+1800", "+1800", "+1800", "+1800"]),
    ("in 2h", ["+7200", "+7200", "+7200", "+7200", "+7200"]),
    ("2h", ["+7200", "+7200", "+7200", "+7200", "+7200"]),
    ("in 1h30m", ["+5400", "+5400", "+5400", "+5400", "+5400"]),
    ("1h30m", ["+5400", "+5400", "+5400", "+5400", "+5400"]),
    ("in 3d", ["06-19 08:10", "06-19 20:45", "03-10 10:00", "03-31 10:00", "2027-01-03 18:30"]),
    ("3d", ["06-19 08:10", "06-19 20:45", "03-10 10:00", "03-31 10:00", "2027-01-03 18:30"]),
    ("in 2w", ["06-30 08:10", "06-30 20:45", "03-21 10:00", "04-11 10:00", "2027-01-14 18:30"]),
    ("2w", ["06-30 08:10", "06-30 20:45", "03-21 10:00", "04-11 10:00", "2027-01-14 18:30"]),
    ("17:00", ["06-16 17:00", "06-17 17:00", "03-07 17:00", "03-28 17:00", "2027-01-01 17:00"]),
    ("5pm", ["06-16 17:00", "06-17 17:00", "03-07 17:00", "03-28 17:00", "2027-01-01 17:00"]),
    ("5:30pm", ["06-16 17:30", "06-17 17:30", "03-07 17:30", "03-28 17:30", "2027-01-01 17:30"]),
    ("noon", ["06-16 12:00", "06-17 12:00", "03-07 12:00", "03-28 12:00", "2027-01-01 12:00"]),
    ("midnight", ["06-17 00:00", "06-17 00:00", "03-08 00:00", "03-29 00:00", "2027-01-01 00:00"]),
    ("morning", ["06-16 09:00", "06-17 09:00", "03-08 09:00", "03-29 09:00", "2027-01-01 09:00"]),
    ("afternoon", ["06-16 15:00", "06-17 15:00", "03-07 15:00", "03-28 15:00", "2027-01-01 15:00"]),
    ("evening", ["06-16 19:00", "06-17 19:00", "03-07 19:00", "03-28 19:00", "12-31 19:00"]),
    ("tonight", ["06-16 21:00", "06-16 21:00", "03-07 21:00", "03-28 21:00", "12-31 21:00"]),
    ("this afternoon", ["06-16 15:00", "06-16 15:00", "03-07 15:00", "03-28 15:00", "12-31 15:00"]),
    ("today 17:00", ["06-16 17:00", "06-16 17:00", "03-07 17:00", "03-28 17:00", "12-31 17:00"]),
    ("tomorrow 9am", ["06-17 09:00", "06-17 09:00", "03-08 09:00", "03-29 09:00", "2027-01-01 09:00"]),
    ("9am tomorrow", ["06-17 09:00", "06-17 09:00", "03-08 09:00", "03-29 09:00", "2027-01-01 09:00"]),
    ("tomorrow at 9", ["06-17 09:00", "06-17 09:00", "03-08 09:00", "03-29 09:00", "2027-01-01 09:00"]),
    ("tomorrow morning", ["06-17 09:00", "06-17 09:00", "03-08 09:00", "03-29 09:00", "2027-01-01 09:00"]),
    ("tomorrow evening", ["06-17 19:00", "06-17 19:00", "03-08 19:00", "03-29 19:00", "2027-01-01 19:00"]),
    ("tomorrow 2:30am", ["06-17 02:30", "06-17 02:30", "03-08 02:30", "03-29 02:30", "2027-01-01 02:30"]),
    ("fri 17:00", ["06-19 17:00", "06-19 17:00", "03-13 17:00", "04-03 17:00", "2027-01-01 17:00"]),
    ("friday 17:00", ["06-19 17:00", "06-19 17:00", "03-13 17:00", "04-03 17:00", "2027-01-01 17:00"]),
    ("monday 9", ["06-22 09:00", "06-22 09:00", "03-09 09:00", "03-30 09:00", "2027-01-04 09:00"]),
    ("next monday 9:00", ["06-22 09:00", "06-22 09:00", "03-09 09:00", "03-30 09:00", "2027-01-04 09:00"]),
    ("next week", ["06-22 09:00", "06-22 09:00", "03-09 09:00", "03-30 09:00", "2027-01-04 09:00"]),
    ("eod", ["06-16 17:00", "06-17 17:00", "03-07 17:00", "03-28 17:00", "2027-01-01 17:00"]),
    ("eow", ["06-19 17:00", "06-19 17:00", "03-13 17:00", "04-03 17:00", "2027-01-01 17:00"]),
    ("eom", ["06-30 17:00", "06-30 17:00", "03-31 17:00", "03-31 17:00", "12-31 17:00"]),
    ("eoy", ["12-31 17:00", "12-31 17:00", "12-31 17:00", "12-31 17:00", "12-31 17:00"]),
    ("dec 3", ["12-03 09:00", "12-03 09:00", "12-03 09:00", "12-03 09:00", "2027-12-03 09:00"]),
    ("Dec 3 5pm", ["12-03 17:00", "12-03 17:00", "12-03 17:00", "12-03 17:00", "2027-12-03 17:00"]),
    (
      "3 December 2027 14:30",
      ["2027-12-03 14:30", "2027-12-03 14:30", "2027-12-03 14:30", "2027-12-03 14:30", "2027-12-03 14:30"]
    ),
    (
      "3/12", ["2027-03-12 09:00", "2027-03-12 09:00", "03-12 09:00", "2027-03-12 09:00", "2027-03-12 09:00"]
    ),
    ("12/01/2026", ["12-01 09:00", "12-01 09:00", "12-01 09:00", "12-01 09:00", "12-01 09:00"]),
    ("2026-11-23", ["11-23 09:00", "11-23 09:00", "11-23 09:00", "11-23 09:00", "11-23 09:00"]),
    ("2026-11-23 14:00", ["11-23 14:00", "11-23 14:00", "11-23 14:00", "11-23 14:00", "11-23 14:00"]),
    ("2026-11-23T14:00", ["11-23 14:00", "11-23 14:00", "11-23 14:00", "11-23 14:00", "11-23 14:00"]),
    ("2026-03-08 02:30", ["03-08 02:30", "03-08 02:30", "03-08 02:30", "03-08 02:30", "03-08 02:30"]),
    ("2026-03-29 02:30", ["03-29 02:30", "03-29 02:30", "03-29 02:30", "03-29 02:30", "03-29 02:30"]),
    ("2026-11-23T14:00:00+01:00", Array(repeating: "=2026-11-23T13:00:00Z", count: 5)),
    ("2026-11-23T14:00:00Z", Array(repeating: "=2026-11-23T14:00:00Z", count: 5)),
  ]

  /// "06-17 09:00" (in 2026) or "2027-01-01 09:00" as an instant by glibc's `mktime`, under the current `TZ`.
  static func mktime(_ wall: String) -> Int {
    let full = wall.count == 11 ? "2026-" + wall : wall
    let n = full.split(whereSeparator: { $0 == "-" || $0 == " " || $0 == ":" }).map { Int($0)! }
    return GlibcTZ.mktime(n[0], n[1], n[2], n[3], n[4])
  }

  func testEveryFormInEveryZoneAtEveryNow() throws {
    var checked = 0
    for tz in Self.zones {
      var cal = Calendar(identifier: .gregorian)
      cal.timeZone = SystemTimeZone.zone(forTZ: tz)
      cal.locale = Locale(identifier: "en_US")
      for (n, nowText) in Self.nows.enumerated() {
        let now = GlibcTZ.with(tz) { Self.mktime(nowText) }
        let p = WhenParser(now: Date(timeIntervalSince1970: Double(now)), calendar: cal)
        for (form, expected) in Self.table {
          let want: Int
          switch expected[n].first {
          case "+": want = now + Int(expected[n].dropFirst())!
          case "=":
            want = Int(
              ISO8601DateFormatter().date(from: String(expected[n].dropFirst()))!.timeIntervalSince1970)
          default: want = GlibcTZ.with(tz) { Self.mktime(expected[n]) }
          }
          let got = try p.parse(form)
          XCTAssertEqual(
            Int(got.timeIntervalSince1970), want, "TZ=\(tz), now \(nowText): '\(form)' (want \(expected[n]))")
          checked += 1
        }
      }
    }
    XCTAssertEqual(checked, Self.zones.count * Self.nows.count * Self.table.count)
  }

  /// `3/12` in a day-first locale is the 3rd of December.
  func testDayFirstLocaleInEveryZone() throws {
    for tz in Self.zones {
      var cal = Calendar(identifier: .gregorian)
      cal.timeZone = SystemTimeZone.zone(forTZ: tz)
      cal.locale = Locale(identifier: "en_GB")
      let now = GlibcTZ.with(tz) { Self.mktime("12-31 18:30") }
      let got = try WhenParser(now: Date(timeIntervalSince1970: Double(now)), calendar: cal).parse("3/12")
      XCTAssertEqual(Int(got.timeIntervalSince1970), GlibcTZ.with(tz) { Self.mktime("2027-12-03 09:00") }, tz)
    }
  }
}
