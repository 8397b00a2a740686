import Foundation
import XCTest

@testable import TodoCore

/// A vdir's files with the same header are read as one VCALENDAR (``ICalChunks/batches``):
/// what comes out is what reading each file alone gives, and an error or a changed
/// occurrence is still about its own file.
final class ICalFolderBatchTests: XCTestCase {
  var env: TodoEnvironment {
    var e = TodoEnvironment.fixed(
      Date(timeIntervalSince1970: 1_795_000_000), timeZone: ICalFixtureTests.calendar().timeZone)
    e.calendar = ICalFixtureTests.calendar()
    return e
  }

  /// One vdir entry as Thunderbird or vdirsyncer writes it: the header (with its VTIMEZONE) and one VTODO.
  func entry(_ k: Int, extra: String = "", lineEnd: String = "\r\n") -> String {
    let tb = String(decoding: ICalFixtureTests.fixture("thunderbird-berlin.ics"), as: UTF8.self)
    let head = tb.components(separatedBy: "BEGIN:VTODO")[0]
    let s =
      head
      + "BEGIN:VTODO\r\nUID:entry-\(k)@example.org\r\nDTSTAMP:20261101T120000Z\r\nSUMMARY:Entry \(k) — Zoë\r\n"
      + "DUE;TZID=Europe/Berlin:2027\(String(format: "%02d", k % 12 + 1))15T170000\r\nX-N:\(k)\r\n" + extra
      + "END:VTODO\r\nEND:VCALENDAR\r\n"
    return s.replacingOccurrences(of: "\r\n", with: lineEnd)
  }

  func folder(_ files: [String: String]) throws -> String {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("batch-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
    for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
    return dir.path
  }

  /// Every file read alone, in name order: what a folder must give.
  func alone(_ dir: String) throws -> [TodoItem] {
    let names = try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasSuffix(".ics") }
      .sorted()
    return try names.flatMap { name -> [TodoItem] in
      let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + name))
      return try ICalMapping.read(data, path: name, now: env.now(), calendar: env.calendar).items
    }
  }

  func testAFolderReadInRunsGivesWhatEachFileGivesAlone() throws {
    var files: [String: String] = [:]
    for k in 0..<300 { files[String(format: "%04d.ics", k)] = entry(k) }
    // Other headers and layouts among them: LF line ends, a BOM, another PRODID, lowercase names.
    files["0050.ics"] = entry(50, lineEnd: "\n")
    files["0100.ics"] = "\u{FEFF}" + entry(100)
    files["0150.ics"] = entry(150).replacingOccurrences(of: "PRODID:", with: "PRODID:-//Other//")
    files["0200.ics"] = entry(200).replacingOccurrences(of: "SUMMARY:", with: "summary:")
    files["0250.ics"] = entry(
      250, extra: "BEGIN:VALARM\r\nACTION:DISPLAY\r\nTRIGGER;RELATED=END:-PT5M\r\nEND:VALARM\r\n")
    let dir = try folder(files)

    let paths = files.keys.sorted().map { dir + "/" + $0 }
    let batches = ICalChunks.batches(
      try paths.map { ICalChunks.File(path: $0, data: try ImportFormats.contents($0)) })
    XCTAssertEqual(batches.flatMap { $0.files.map(\.path) }, paths, "every file once, in order")
    XCTAssertGreaterThan(batches.filter(\.together).count, 1, "files are read in runs")
    XCTAssertLessThan(batches.count, 100)
    for b in batches where b.together {
      let text = String(decoding: b.joined(), as: UTF8.self)
      XCTAssertEqual(text.components(separatedBy: "BEGIN:VTIMEZONE").count, 2)
      XCTAssertEqual(text.components(separatedBy: "BEGIN:VTODO").count, b.files.count + 1)
      XCTAssertTrue(text.hasPrefix("BEGIN:VCALENDAR") && text.hasSuffix("END:VCALENDAR\r\n"))
    }
    // Other line ends, another PRODID: another header. (A byte-order mark before the header and
    // lowercase names in a VTODO do not keep a file out of a run.)
    for k in [50, 150] {
      XCTAssertFalse(
        batches.contains {
          $0.together && $0.files.contains { $0.path.hasSuffix(String(format: "%04d.ics", k)) }
        },
        "file \(k) has another header and is read alone")
    }

    let r = try ImportFormats.read(dir, env: env)
    XCTAssertEqual(r.items, try alone(dir))
    XCTAssertEqual(r.items.count, 300)
    XCTAssertEqual(r.items[200].title, "Entry 200 — Zoë")
    XCTAssertEqual(r.items[250].warn, 300)
  }

  func testAnErrorNamesItsOwnFile() throws {
    var files: [String: String] = [:]
    for k in 0..<120 { files[String(format: "%04d.ics", k)] = entry(k) }
    files["0077.ics"] = entry(77).replacingOccurrences(of: "T170000", with: "TXX0000")
    let dir = try folder(files)
    XCTAssertThrowsError(try ImportFormats.read(dir, env: env)) { e in
      let text = "\(e)"
      XCTAssertTrue(text.contains("0077.ics"), text)
      XCTAssertTrue(text.contains("entry-77@example.org"), text)
    }
  }

  func testAChangedOccurrenceInAnotherFileIsStillLeftOutWithAWarning() throws {
    var files: [String: String] = [:]
    for k in 0..<40 { files[String(format: "%04d.ics", k)] = entry(k) }
    // An occurrence of entry 3's series, alone in its file: as before, its series is not there.
    files["0010.ics"] = entry(3, extra: "RECURRENCE-ID;TZID=Europe/Berlin:20270415T170000\r\n")
    let dir = try folder(files)
    let r = try ImportFormats.read(dir, env: env)
    XCTAssertEqual(r.items, try alone(dir))
    XCTAssertEqual(r.items.count, 39)
    XCTAssertEqual(r.warnings.count, 1)
    XCTAssertTrue(r.warnings.first?.contains("0010.ics") ?? false, "\(r.warnings)")
    XCTAssertNil(r.items[3].icalExtra?.range(of: "RECURRENCE-ID"))
  }
}
