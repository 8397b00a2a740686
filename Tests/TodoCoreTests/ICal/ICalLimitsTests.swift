import Foundation
import XCTest

@testable import TodoCore

/// iCalendar input past a bound (bytes, alarms, components, properties of one
/// VTODO): that VTODO is left out with a warning naming the file, the rest read.
final class ICalLimitsTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  var dir: String!

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "ical-limits-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

  func todo(_ uid: String, _ inside: String = "") -> String {
    "BEGIN:VTODO\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:\(uid)\r\n\(inside)END:VTODO\r\n"
  }

  func calendar(_ todos: String...) -> Data {
    Data(
      ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\n" + todos.joined() + "END:VCALENDAR\r\n").utf8
    )
  }

  func alarm(_ k: Int) -> String { "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER:-PT\(k)M\r\nEND:VALARM\r\n" }

  /// Each bound, met and passed by one more: what passes is left out and named, the rest kept.
  func testEachBoundLeavesOutTheVTODOPastItWithAWarningNamingTheFile() {
    let small = ICalLimits(bytes: 2_000, alarms: 3, components: 2, properties: 20)
    let cases: [(String, String, String)] = [
      ((0..<3).map(alarm).joined(), (0..<4).map(alarm).joined(), "it has 4 alarms (VALARM; the limit is 3)"),
      (
        String(repeating: "BEGIN:X-THING\r\nX-A:1\r\nEND:X-THING\r\n", count: 2),
        String(repeating: "BEGIN:X-THING\r\nX-A:1\r\nEND:X-THING\r\n", count: 3),
        "it has 3 components besides alarms (the limit is 2)"
      ),
      (
        (0..<17).map { "X-P\($0):v\r\n" }.joined(), (0..<18).map { "X-P\($0):v\r\n" }.joined(),
        "it has 21 properties (the limit is 20)"
      ),
      (
        "DESCRIPTION:" + String(repeating: "a", count: 1_800) + "\r\n",
        "DESCRIPTION:" + String(repeating: "a", count: 2_000) + "\r\n",
        "it is 2088 bytes long (the limit is 2000)"
      ),
    ]
    for (within, past, why) in cases {
      let data = calendar(todo("first"), todo("within", within), todo("past", past), todo("last"))
      let (kept, warnings) = ICalLimits.screen(data, path: "big.ics", limits: small)
      XCTAssertEqual(warnings, ["big.ics: VTODO past was left out: " + why])
      XCTAssertEqual(
        kept, calendar(todo("first"), todo("within", within), todo("last")), "the rest byte for byte")
    }
    let plain = calendar(todo("a"), todo("b", alarm(1)))
    XCTAssertEqual(ICalLimits.screen(plain, path: "x").data, plain)
    XCTAssertEqual(ICalLimits.screen(plain, path: "x").warnings, [])
  }

  /// The standard bound through `import` of a file and of a folder: 100,001 alarms in one VTODO.
  func testImportLeavesOutAVTODOWithMoreAlarmsThanTheBoundAndReadsTheRest() throws {
    var many = ""
    many.reserveCapacity(5_000_000)
    for k in 0...ICalLimits.standard.alarms {
      many += "BEGIN:VALARM\r\nTRIGGER:-PT\(k % 999)M\r\nEND:VALARM\r\n"
    }
    let path = dir + "/hostile.ics"
    try calendar(todo("kept"), todo("hostile@example.org", many), todo("also kept")).write(
      to: URL(fileURLWithPath: path))
    let why = "VTODO hostile@example.org was left out: it has 100001 alarms (VALARM; the limit is 100000)"
    let r = try ImportFormats.read(path, env: .fixed(t0))
    XCTAssertEqual(r.items.map(\.title), ["kept", "also kept"])
    XCTAssertEqual(r.warnings, [path + ": " + why])
    try calendar(todo("other")).write(to: URL(fileURLWithPath: dir + "/other.ics"))
    let all = try ImportFormats.read(dir, env: .fixed(t0))
    XCTAssertEqual(all.items.map(\.title).sorted(), ["also kept", "kept", "other"])
    XCTAssertEqual(all.warnings, [dir + "/hostile.ics: " + why])
    // A vdir file of that one VTODO: skipped by the sync, with the reason.
    XCTAssertThrowsError(
      try VdirCodec.iCalendar(env: .fixed(t0)).parse(calendar(todo("hostile@example.org", many)), "v.ics")
    ) { error in
      XCTAssertEqual(error as? TodoError, .badFile(path: "v.ics", detail: why))
    }
  }
}
