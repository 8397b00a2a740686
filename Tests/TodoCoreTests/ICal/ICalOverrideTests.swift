import Foundation
import XCTest

@testable import TodoCore

/// A changed occurrence of a repeating VTODO (a second VTODO with the same UID
/// and a RECURRENCE-ID, RFC 5545 3.8.4.4) is kept with its series' item and
/// written back as its own VTODO: a round trip through us loses none of it.
final class ICalOverrideTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_795_000_000)

  func read(_ data: Data, _ path: String = "o.ics") throws -> (items: [TodoItem], warnings: [String]) {
    let r = try ICalMapping.read(data, path: path, now: now, calendar: ICalFixtureTests.calendar())
    return (r.items, r.warnings)
  }

  /// One property as libical read it.
  struct Property {
    var name: String
    var value: String
    var text: String?
  }

  /// One component as libical read it.
  struct Component {
    var name: String
    var properties: [Property] = []
    var components: [Component] = []

    func first(_ name: String) -> Property? { properties.first { $0.name == name } }
  }

  /// The VTODOs of iCalendar text as libical reads them.
  func vtodos(_ text: String) throws -> [Component] {
    func plain(_ c: ICalComponentRef) -> Component {
      var out = Component(name: c.name)
      c.forEachProperty { out.properties.append(Property(name: $0.name, value: $0.value, text: $0.text)) }
      c.forEachComponent { out.components.append(plain($0)) }
      return out
    }
    var todos: [Component] = []
    _ = try LibIcal.parse(Data(text.utf8)) { t, _ in todos.append(plain(t)) }
    return todos
  }

  func testThunderbirdOverridesAreKeptAndWrittenBackAsTheirOwnVTODOs() throws {
    let r = try read(ICalFixtureTests.fixture("thunderbird-override.ics"))
    XCTAssertEqual(r.warnings, [])
    XCTAssertEqual(r.items.map(\.title), ["Team-Besprechung vorbereiten"], "the series is the item")
    let item = try XCTUnwrap(r.items.first)
    XCTAssertEqual(item.repeatRule, "FREQ=WEEKLY;BYDAY=MO")
    // Nov 16 completed in its override: the series goes on after it (issue 33 point 13).
    XCTAssertEqual(item.deadline, ISO8601DateFormatter().date(from: "2026-11-23T09:00:00Z"))
    XCTAssertNil(item.completed, "a completed occurrence does not complete the series")

    let text = ICalMapping.ics(for: r.items, now: now, calendar: ICalFixtureTests.calendar())
    let todos = try vtodos(text)
    XCTAssertEqual(todos.count, 3, text)
    XCTAssertEqual(Set(todos.map { $0.first("UID")?.text }), ["c7e1d2f0-8a3b-4c5d-9e6f-1a2b3c4d5e6f"])
    XCTAssertNil(todos[0].first("RECURRENCE-ID"), "the series first")
    XCTAssertEqual(todos[0].components.filter { $0.name == "VTODO" }.count, 0, "nothing nested")
    XCTAssertTrue(text.contains("RECURRENCE-ID;TZID=Europe/Berlin:20261109T090000\r\n"), text)
    XCTAssertTrue(text.contains("RECURRENCE-ID;TZID=Europe/Berlin:20261116T090000\r\n"), text)
    XCTAssertTrue(text.contains("SUMMARY:Team-Besprechung vorbereiten (verschoben)\r\n"), text)
    XCTAssertTrue(text.contains("DUE;TZID=Europe/Berlin:20261110T100000\r\n"), text)
    XCTAssertTrue(text.contains("TRIGGER;RELATED=END:-PT30M\r\n"), text)  // VALUE=DURATION is the default
    XCTAssertTrue(text.contains("COMPLETED:20261116T084500Z\r\nPERCENT-COMPLETE:100\r\n"), text)
    XCTAssertEqual(text.components(separatedBy: "BEGIN:VTIMEZONE").count, 2, "one VTIMEZONE")

    // Read back: the same item; written again: the same text (a sync with nothing to do writes nothing).
    let back = try read(Data(text.utf8))
    XCTAssertEqual(back.items, r.items)
    XCTAssertEqual(back.warnings, [])
    XCTAssertEqual(ICalMapping.ics(for: back.items, now: now, calendar: ICalFixtureTests.calendar()), text)
  }

  func testAnEditedSeriesKeepsItsOverrides() throws {
    var items = try read(ICalFixtureTests.fixture("recurrence-override.ics")).items
    XCTAssertEqual(items.map(\.title), ["Weekly review"])
    items[0].title = "Weekly review (team)"
    items[0].deadline = items[0].deadline?.addingTimeInterval(3600)
    let text = ICalMapping.ics(for: items, now: now, calendar: ICalFixtureTests.calendar())
    let todos = try vtodos(text)
    XCTAssertEqual(
      todos.map { $0.first("SUMMARY")?.text }, ["Weekly review (team)", "Weekly review (moved)"])
    guard todos.count == 2 else { return }
    XCTAssertEqual(todos[1].first("RECURRENCE-ID")?.value, "20261109T090000Z")
    XCTAssertEqual(try read(Data(text.utf8)).items, items)
  }

  func testAnOverrideBeforeItsSeriesIsKeptToo() throws {
    let text = String(decoding: ICalFixtureTests.fixture("recurrence-override.ics"), as: UTF8.self)
    let parts = text.components(separatedBy: "BEGIN:VTODO")
    XCTAssertEqual(parts.count, 3)
    let swapped =
      parts[0] + "BEGIN:VTODO" + parts[2].replacingOccurrences(of: "END:VCALENDAR", with: "")
      + "BEGIN:VTODO" + parts[1] + "END:VCALENDAR\r\n"
    let r = try read(Data(swapped.utf8))
    XCTAssertEqual(r.items.map(\.title), ["Weekly review"])
    XCTAssertEqual(r.warnings, [])
    XCTAssertTrue(r.items[0].icalExtra?.contains("RECURRENCE-ID:20261109T090000Z") ?? false)
  }

  func testAnOverrideWithoutItsSeriesIsLeftOutWithAWarning() throws {
    let text = String(decoding: ICalFixtureTests.fixture("recurrence-override.ics"), as: UTF8.self)
    let parts = text.components(separatedBy: "BEGIN:VTODO")
    let alone = parts[0] + "BEGIN:VTODO" + parts[2]
    let r = try read(Data(alone.utf8))
    XCTAssertEqual(r.items, [])
    XCTAssertEqual(r.warnings.count, 1)
    XCTAssertTrue(r.warnings.first?.contains("weekly-1@example.org") ?? false, "\(r.warnings)")
  }

  func testAnOverrideWithAnInstantOutsideYears1To9999IsAnError() throws {
    let text = String(decoding: ICalFixtureTests.fixture("recurrence-override.ics"), as: UTF8.self)
    let bad = text.replacingOccurrences(of: "DUE:20261109T120000Z", with: "DUE:00000101T000000Z")
    XCTAssertNotEqual(bad, text)
    XCTAssertThrowsError(try read(Data(bad.utf8), "bad-override.ics")) { e in
      XCTAssertTrue("\(e)".contains("bad-override.ics"), "\(e)")
      XCTAssertTrue("\(e)".contains("weekly-1@example.org"), "\(e)")
    }
  }
}
