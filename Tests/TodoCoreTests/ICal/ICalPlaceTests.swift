import Foundation
import XCTest

@testable import TodoCore

/// The url and location fields (issue 35) in the forms other apps write them:
/// Apple's `URL;VALUE=URI:` (its default value type, said out loud) is the field,
/// a LOCATION is the first line's when that has no parameter (ALTREP, LANGUAGE:
/// those stay kept whole, as DESCRIPTION's do),
/// and a value written here is read back by libical as it was.
final class ICalPlaceTests: XCTestCase {
  let fx = ICalFieldsTests.Fixtures()

  func item(_ lines: String) throws -> TodoItem {
    let ics = """
      BEGIN:VCALENDAR\r
      VERSION:2.0\r
      PRODID:-//Apple Inc.//iOS 17.4//EN\r
      BEGIN:VTODO\r
      UID:PLACE-1\r
      DTSTAMP:20261118T100000Z\r
      SUMMARY:Pick up the bike\r
      \(lines)END:VTODO\r
      END:VCALENDAR\r

      """
    let items = try ICalMapping.items(
      fromICS: Data(ics.utf8), path: "x.ics", now: fx.now, calendar: ICalFixtureTests.calendar())
    return try XCTUnwrap(items.first)
  }

  func testApplesURLWithItsValueTypeIsTheField() throws {
    let i = try item("URL;VALUE=URI:https://example.org/order?id=4711&t=x\r\n")
    XCTAssertEqual(i.url, "https://example.org/order?id=4711&t=x")
    XCTAssertNil(i.icalExtra)
  }

  func testALocationWithAParameterStaysKeptAndThePlainOneIsTheField() throws {
    // The plain one first: the field; the one in another language after it stays kept.
    let i = try item("LOCATION:Town hall\\, room 2\r\nLOCATION;LANGUAGE=de:Rathaus\r\n")
    XCTAssertEqual(i.location, "Town hall, room 2")
    XCTAssertEqual(i.icalExtra, "LOCATION;LANGUAGE=de:Rathaus\n")
    let back = fx.write([i])
    XCTAssertTrue(back.contains("LOCATION:Town hall\\, room 2\r\n"), back)
    XCTAssertTrue(back.contains("LOCATION;LANGUAGE=de:Rathaus\r\n"), back)
    // The first with a parameter: not the field, and every LOCATION line stays as written.
    let j = try item("LOCATION;ALTREP=\"cid:x\":Rathaus\r\nLOCATION:Town hall\r\n")
    XCTAssertNil(j.location)
    XCTAssertEqual(j.icalExtra, "LOCATION;ALTREP=\"cid:x\":Rathaus\nLOCATION:Town hall\n")
  }

  func testValuesWithTheCharactersTextEscapesComeBackAsTheyWere() throws {
    var i = try item("")
    i.url = "https://example.org/a,b;c?q=1\\2"
    i.location = "Corner; Main St, \\ back"
    let back = try ICalMapping.items(
      fromICS: Data(fx.write([i]).utf8), path: "x.ics", now: fx.now, calendar: ICalFixtureTests.calendar())
    XCTAssertEqual(back.first?.url, i.url)
    XCTAssertEqual(back.first?.location, i.location)
  }
}
