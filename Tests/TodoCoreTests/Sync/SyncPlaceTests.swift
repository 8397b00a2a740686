import Foundation
import XCTest

@testable import TodoCore

/// The url and location fields (issue 35) through a vdir sync against a peer's
/// file that holds them (`ICal/Fixtures/thunderbird-place.ics`: Thunderbird's
/// LOCATION with an escaped comma, a URL with a query): read into the fields,
/// changed here and written back with every other line as it was, and merged
/// field by field with a change the peer made meanwhile.
final class SyncPlaceTests: OneVdirTestCase {
  static let peer = String(decoding: ICalFixtureTests.fixture("thunderbird-place.ics"), as: UTF8.self)
  var path: String { dir + "/vdir/tb-place.ics" }

  func put(_ text: String) throws { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }

  /// The lines of the file's VTODO (the writer writes its own VTIMEZONE and PRODID).
  func lines(_ text: String) -> [String] {
    let all = text.components(separatedBy: "\r\n")
    guard let a = all.firstIndex(of: "BEGIN:VTODO"), let b = all.firstIndex(of: "END:VTODO") else {
      return []
    }
    return Array(all[a...b])
  }

  /// The lines a write here may change: the change times, the revision, and the field changed.
  func changing(_ line: String, _ field: String) -> Bool {
    ["LAST-MODIFIED:", "DTSTAMP:", "SEQUENCE:", field + ":"].contains { line.hasPrefix($0) }
  }

  func testThePeersFieldsAreReadAndAChangeHereKeepsEveryOtherLine() throws {
    try put(Self.peer)
    XCTAssertEqual(try machine(at: 0).run().count(.list, .created), 1)
    let item = try XCTUnwrap(try machine(at: 0).store.load().items.first)
    XCTAssertEqual(item.location, "Radladen Müller, Hauptstr. 5")
    XCTAssertEqual(item.url, "https://radladen.example.de/auftrag?id=4711&typ=inspektion")
    XCTAssertFalse(item.icalExtra?.contains("LOCATION") ?? false, "not kept as well")
    XCTAssertFalse(item.icalExtra?.contains("URL") ?? false, "not kept as well")
    // Here: the place changes.
    try machine(at: 10).store.mutate { list in
      _ = try list.edit(item.id, now: t0 + 10) { $0.location = "Werkstatt, Hof 2; links" }
    }
    XCTAssertTrue(try machine(at: 20).run().wrote)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertTrue(text.contains("\r\nLOCATION:Werkstatt\\, Hof 2\\; links\r\n"), text)
    let before = lines(Self.peer).filter { !changing($0, "LOCATION") }
    let after = lines(text).filter { !changing($0, "LOCATION") }
    XCTAssertEqual(Set(before).subtracting(after), [], "every other line as the peer wrote it")
    XCTAssertEqual(Set(after).subtracting(before), ["STATUS:NEEDS-ACTION"], "and no other line added")
    XCTAssertFalse(try machine(at: 30).run().wrote, "settled")
  }

  func testThePeerChangesTheURLThisMachineTheLocationBothKept() throws {
    try put(Self.peer)
    _ = try machine(at: 0).run()
    let id = try XCTUnwrap(try machine(at: 0).store.load().items.first).id
    try machine(at: 10).store.mutate { list in
      _ = try list.edit(id, now: t0 + 10) { $0.location = nil }
    }
    // Meanwhile the peer gives it another address (and says so in LAST-MODIFIED).
    try put(
      Self.peer.replacingOccurrences(of: "id=4711", with: "id=4712").replacingOccurrences(
        of: "LAST-MODIFIED:20261116T101500Z", with: "LAST-MODIFIED:20261118T110700Z"))
    _ = try machine(at: 20).run()
    let item = try XCTUnwrap(try machine(at: 20).store.load().items.first)
    XCTAssertEqual(
      item.url, "https://radladen.example.de/auftrag?id=4712&typ=inspektion", "the peer's change")
    XCTAssertNil(item.location, "this machine's change")
    let text = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertFalse(text.contains("\nLOCATION"), text)
    XCTAssertTrue(
      text.contains("\r\nURL:https://radladen.example.de/auftrag?id=4712&typ=inspektion\r\n"), text)
    XCTAssertTrue(text.contains("X-MOZ-GENERATION:2\r\n"), "what we do not map is kept")
  }
}
