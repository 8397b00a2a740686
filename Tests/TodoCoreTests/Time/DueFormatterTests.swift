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
}
