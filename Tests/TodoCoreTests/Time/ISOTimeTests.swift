import Foundation
import XCTest

@testable import TodoCore

/// The lean reader of ISO 8601 times (``ISOTime/date(_:)``) against
/// Foundation's `ISO8601DateFormatter` on the same texts.
final class ISOTimeTests: XCTestCase {
  let foundation = ISO8601DateFormatter()

  func testWhatTheExportWritesReadsAsFoundationReadsIt() {
    var rng = SystemRandomNumberGenerator()
    let zones = [
      "UTC", "Europe/Berlin", "America/St_Johns", "Asia/Kathmandu", "Pacific/Kiritimati", "America/Anchorage",
    ]
    var checked = 0
    for name in zones {
      let f = DueFormatter(timeZone: TimeZone(identifier: name)!, now: Date())
      for _ in 0..<2000 {
        // From 1970 to 9999, whole seconds.
        let t = Double(Int64.random(in: 0...253_402_214_400, using: &rng))
        let text = ISOTime.string(Date(timeIntervalSince1970: t), formatter: f)
        guard let lean = ISOTime.date(text) else { continue }  // a zone's year before 1970 in local time
        XCTAssertEqual(lean, foundation.date(from: text), text)
        XCTAssertEqual(lean.timeIntervalSince1970, t, text)
        checked += 1
      }
    }
    XCTAssertGreaterThan(checked, 11_000)
  }

  func testEdgesAgreeWithFoundation() {
    let texts = [
      "2030-01-01T08:00:00Z", "2024-02-29T23:59:59Z", "2000-02-29T00:00:00+14:00",
      "1970-01-01T00:00:00-12:30",
      "1970-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "2100-03-01T00:00:00+05:45",
      "2026-11-26T19:05:00-03:30",
    ]
    for t in texts {
      XCTAssertNotNil(ISOTime.date(t), t)
      XCTAssertEqual(ISOTime.date(t), foundation.date(from: t), t)
    }
  }

  func testAnythingElseIsLeftToFoundation() {
    let texts = [
      "2023-02-29T00:00:00Z", "2030-13-01T00:00:00Z", "2030-01-01T24:00:00Z", "2030-01-01T08:00:60Z",
      "2030-01-01 08:00:00Z", "2030-01-01T08:00:00", "2030-01-01T08:00:00+0100", "2030-01-01T08:00:00.5Z",
      "1969-12-31T23:59:59Z", "1905-09-01T05:08:50-03:30", "２０３０-01-01T08:00:00Z", "2030-01-01T08:00:00z", "",
      "2030-01-01T08:00:00+01:0x",
    ]
    for t in texts { XCTAssertNil(ISOTime.date(t), t) }
  }
}
