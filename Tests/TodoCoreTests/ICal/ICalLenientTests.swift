import Foundation
import XCTest

@testable import TodoCore

/// Reading is lenient where clients are (SPEC 8, issue 36 point 5): Synology
/// Calendar's non-standard property names (`LAST-MOD`, `PERCENT_COMPLETE`, in the
/// shape of Synology's files as Tasks.org's test assets hold them) are kept, not
/// fatal; CREATED, LAST-MODIFIED, DTSTAMP and COMPLETED written without `Z` (Nextcloud
/// Tasks 0.9: `CREATED:20180417T163203`) are UTC (RFC 5545 3.8.7) and come back as they came.
final class ICalLenientTests: XCTestCase {
  let fx = ICalFieldsTests.Fixtures()

  func testSynologysUnknownPropertyNamesAreKeptNotFatal() throws {
    let items = try fx.read("synology-tasks.ics")
    XCTAssertEqual(items.map(\.title), ["Zahnarzt anrufen", "Steuerbescheid ablegen"])
    let dentist = try fx.item(items, "Zahnarzt anrufen")
    XCTAssertEqual(dentist.deadline, fx.utc("2026-11-24T07:00:00Z"))  // 08:00 CET
    XCTAssertEqual(dentist.created, fx.utc("2026-11-10T07:45:12Z"))
    XCTAssertNotNil(try fx.item(items, "Steuerbescheid ablegen").completed)
    let text = fx.write(items)
    for line in [
      "LAST-MOD:20261110T074512\r\n", "PERCENT_COMPLETE:0\r\n", "LAST-MOD:20261106T090102\r\n",
      "PERCENT_COMPLETE:100\r\n", "DTSTAMP:20261106T090102\r\n", "CREATED:20261105T183000\r\n",
    ] {
      XCTAssertTrue(text.contains(line), "\(line) not written back:\n\(text)")
    }
    // Synology's empty `DESCRIPTION:` and `LOCATION:` are no error; nothing of ours is left in the text.
    XCTAssertFalse(text.contains("X-LIC-ERROR") || text.contains("X-TODO-TUI"), text)
    // Read again: the same items, the same text.
    let back = try ICalMapping.items(
      fromICS: Data(text.utf8), path: "back.ics", now: fx.now, calendar: ICalFixtureTests.calendar())
    XCTAssertEqual(back, items)
    XCTAssertEqual(fx.write(back), text)
  }

  func testFloatingChangeTimesAreUTCAndComeBackAsTheyCame() throws {
    let items = try fx.read("nextcloud-tasks-floating-stamps.ics")
    let bikes = try fx.item(items, "Bring the bikes in")
    // Read in New York, where floating local time would be four hours later.
    XCTAssertEqual(bikes.created, fx.utc("2018-04-17T16:32:03Z"))
    XCTAssertEqual(bikes.modified, fx.utc("2018-04-17T16:36:52Z"))
    XCTAssertEqual(try fx.item(items, "Return the drill").completed, fx.utc("2018-04-12T10:15:00Z"))
    let text = fx.write(items)
    for line in [
      "CREATED:20180417T163203\r\n", "DTSTAMP:20180417T163652\r\n", "LAST-MODIFIED:20180417T163652\r\n",
      "COMPLETED:20180412T101500\r\n", "CREATED:20180410T080000\r\n",
    ] {
      XCTAssertTrue(text.contains(line), "\(line) not written back as it came:\n\(text)")
    }
    XCTAssertFalse(text.contains("T163203Z"), text)
    // Changed here: the new time is written in UTC with its Z.
    var changed = bikes
    changed.modified = fx.utc("2026-11-18T11:00:00Z")
    let after = fx.write([changed])
    XCTAssertTrue(after.contains("LAST-MODIFIED:20261118T110000Z\r\n"), after)
    XCTAssertTrue(after.contains("DTSTAMP:20261118T110000Z\r\n"), after)
    XCTAssertTrue(after.contains("CREATED:20180417T163203\r\n"), after)
  }
}
