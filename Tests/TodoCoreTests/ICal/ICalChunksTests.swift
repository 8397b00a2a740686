import Foundation
import XCTest

@testable import TodoCore

/// A large file read in pieces on every core gives exactly what reading it whole gives.
final class ICalChunksTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_795_000_000)

  /// A Thunderbird-style calendar (VTIMEZONE first) of `n` VTODOs; the last is a
  /// changed occurrence of the first, so that the two land in different pieces.
  func calendar(_ n: Int, lineEnd: String = "\r\n", tail: String = "") -> Data {
    let tb = String(decoding: ICalFixtureTests.fixture("thunderbird-berlin.ics"), as: UTF8.self)
    let head = tb.components(separatedBy: "BEGIN:VTODO")[0]
    var s = head
    for k in 0..<n {
      let uid = k == n - 1 ? "series-0@example.org" : "series-\(k)@example.org"
      s += "BEGIN:VTODO\r\nUID:\(uid)\r\nDTSTAMP:20261101T120000Z\r\nSUMMARY:Task \(k) — Zoë\r\n"
      s += "DUE;TZID=Europe/Berlin:2027\(String(format: "%02d", k % 12 + 1))15T170000\r\n"
      if k == 0 { s += "RRULE:FREQ=WEEKLY\r\n" }
      if k == n - 1 { s += "RECURRENCE-ID;TZID=Europe/Berlin:20270115T170000\r\n" }
      s += "X-N:\(k)\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;RELATED=END:-PT5M\r\nDESCRIPTION:a\r\n"
      s += "END:VALARM\r\nEND:VTODO\r\n"
    }
    s += tail + "END:VCALENDAR\r\n"
    return Data(s.replacingOccurrences(of: "\r\n", with: lineEnd).utf8)
  }

  func testPiecesReadToTheSameItemsAsTheWhole() throws {
    let cal = ICalFixtureTests.calendar()
    for lineEnd in ["\r\n", "\n"] {
      let data = calendar(41, lineEnd: lineEnd)
      let pieces = try XCTUnwrap(ICalChunks.split(data, parts: 4))
      XCTAssertEqual(pieces.count, 4)
      let whole = try ICalMapping.readPiece(data, path: "w", now: now, calendar: cal)
      var items: [TodoItem] = []
      for p in pieces {
        XCTAssertTrue(String(decoding: p, as: UTF8.self).hasPrefix("BEGIN:VCALENDAR"))
        XCTAssertTrue(
          String(decoding: p, as: UTF8.self).trimmingCharacters(in: .newlines).hasSuffix("END:VCALENDAR"))
        items += try ICalMapping.readPiece(p, path: "p", now: now, calendar: cal).items
      }
      XCTAssertEqual(items, whole.items)
      XCTAssertEqual(whole.items.count, 40)
    }
  }

  func testALargeFileIsReadInPiecesAndAnOccurrenceFindsItsSeriesInAnotherPiece() throws {
    let cal = ICalFixtureTests.calendar()
    let data = calendar(1500)
    XCTAssertGreaterThan(ICalChunks.parts(forSize: data.count), ICalChunks.cores < 2 ? 0 : 1)
    let r = try ICalMapping.read(data, path: "big", now: now, calendar: cal)
    XCTAssertEqual(r.warnings, [])
    XCTAssertEqual(r.items.count, 1499)
    XCTAssertEqual(r.items.map(\.title), (0..<1499).map { "Task \($0) — Zoë" })
    XCTAssertTrue(r.items[0].icalExtra?.contains("RECURRENCE-ID;TZID=Europe/Berlin:20270115T170000") ?? false)
    let whole = try ICalMapping.readPiece(data, path: "w", now: now, calendar: cal)
    XCTAssertEqual(Array(r.items.dropFirst()), Array(whole.items.dropFirst()))
  }

  func testWhatIsNotOneCalendarOfVTODOsIsReadWhole() {
    let one = String(decoding: calendar(20), as: UTF8.self)
    XCTAssertNotNil(ICalChunks.split(Data(one.utf8), parts: 2))
    XCTAssertNil(ICalChunks.split(Data(one.utf8), parts: 1))
    XCTAssertNil(ICalChunks.split(Data((one + one).utf8), parts: 2), "two calendars")
    XCTAssertNil(ICalChunks.split(Data(one.dropLast(15).utf8), parts: 2), "no END:VCALENDAR")
    let zoneAfter = String(
      decoding: calendar(20, tail: "BEGIN:VTIMEZONE\r\nTZID:X\r\nEND:VTIMEZONE\r\n"), as: UTF8.self)
    XCTAssertNil(ICalChunks.split(Data(zoneAfter.utf8), parts: 2), "a VTIMEZONE after the VTODOs")
    XCTAssertNil(ICalChunks.split(calendar(20, tail: "X-WR-CALNAME:Tasks\r\n"), parts: 2), "a property after")
    XCTAssertNil(ICalChunks.split(calendar(3), parts: 2), "too few VTODOs")
  }

  func testTheFirstErrorInOrderIsTheOneThrown() {
    struct E: Error, Equatable { var k: Int }
    XCTAssertThrowsError(
      try ICalChunks.map(Array(0..<64)) { k in
        if k % 10 == 7 { throw E(k: k) }
        return k
      }
    ) { XCTAssertEqual($0 as? E, E(k: 7)) }
    XCTAssertEqual(try ICalChunks.map(Array(0..<64)) { $0 * 2 }, (0..<64).map { $0 * 2 })
  }
}
