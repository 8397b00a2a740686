import CLibical
import Foundation
import XCTest

@testable import TodoCore

/// One big VTODO is read in time linear in its size (issue 24.6: 1, 2, 4, 8 MB
/// of VALARMs took 0.3, 0.8, 3.2, 14 s).
final class ICalBigComponentTests: XCTestCase {
  /// The kept text grows geometrically: appending the text of 20,000 alarms
  /// one by one reallocates the buffer a few dozen times, not at every one
  /// (each reallocation copies everything kept so far).
  func testKeptTextGrowsGeometrically() {
    var out: [UInt8] = []
    var capacities = Set<Int>()
    for k in 0..<20_000 {
      LibIcal.appendWithoutCR(
        icalmemory_strdup("BEGIN:VALARM\r\nTRIGGER:-PT\(k)M\r\nEND:VALARM\r\n"), to: &out)
      capacities.insert(out.capacity)
    }
    XCTAssertEqual(out.filter { $0 == 0x0D }.count, 0)
    XCTAssertEqual(out.filter { $0 == 0x0A }.count, 60_000)
    XCTAssertLessThan(capacities.count, 64, "the buffer was reallocated \(capacities.count) times")
  }

  /// A VTODO with 30,000 VALARMs: every one an alert, in order.
  func testAVTODOWithThirtyThousandAlarmsKeepsThemAll() throws {
    var s = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//EN\r\nBEGIN:VTODO\r\nUID:big@example.org\r\n"
    s += "SUMMARY:Big\r\n"
    for k in 0..<30_000 {
      s += "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT\(k)M\r\nDESCRIPTION:Alarm \(k)\r\nEND:VALARM\r\n"
    }
    s += "END:VTODO\r\nEND:VCALENDAR\r\n"
    // In CPU seconds of the process: a loaded machine stretches the wall clock, not the work.
    let start = UpgradeTests.cpuSeconds()
    let items = try ICalMapping.items(
      fromICS: Data(s.utf8), path: "big.ics", now: Date(timeIntervalSince1970: 1_795_000_000),
      calendar: Calendar(identifier: .gregorian))
    let took = UpgradeTests.cpuSeconds() - start
    XCTAssertEqual(items.count, 1)
    // Each an alert (issue 36), kept whole (its DESCRIPTION is not the title).
    let alerts = items[0].alerts
    XCTAssertEqual(alerts.count, 30_000)
    XCTAssertEqual(alerts.last?.anchor, .start(-29_999 * 60))
    XCTAssertTrue(alerts.last?.text?.contains("DESCRIPTION:Alarm 29999\nEND:VALARM\n") ?? false)
    XCTAssertLessThan(took, 20, "read in \(took) s of CPU")
  }
}
