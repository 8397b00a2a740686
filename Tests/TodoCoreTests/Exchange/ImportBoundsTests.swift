import Foundation
import XCTest

@testable import TodoCore

/// What `import` keeps of what it is given: titles within a bound, and a
/// creation time that is the import's when the file has none.
final class ImportBoundsTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  var dir: String!

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "import-bounds-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

  func ics(_ summary: String, uid: String = "long@example.org") -> String {
    "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\n"
      + "DTSTAMP:20260101T000000Z\r\nSUMMARY:\(summary)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
  }

  func testATitleLongerThanTheImportBoundIsCutThereWithAWarningNamingTheFile() throws {
    let long = String(repeating: "word ", count: 8_000) + "end"  // 40,003 characters
    let path = dir + "/long.ics"
    try Data(ics(long).utf8).write(to: URL(fileURLWithPath: path))
    let r = try ImportFormats.read(path, env: .fixed(t0))
    XCTAssertEqual(r.items.count, 1)
    XCTAssertEqual(r.items[0].title.count, Title.importLimit)
    XCTAssertEqual(r.items[0].title, String(long.prefix(Title.importLimit)))
    XCTAssertEqual(
      r.warnings,
      [
        "\(path): the title “word word word word word word word word …” was cut at 10000 characters (it had 40003)"
      ])
    // A folder of files: the same bound, the warning names the folder.
    try Data(ics("short", uid: "short@example.org").utf8).write(to: URL(fileURLWithPath: dir + "/short.ics"))
    let all = try ImportFormats.read(dir, env: .fixed(t0))
    XCTAssertEqual(all.items.map(\.title.count).sorted(), [5, Title.importLimit])
    XCTAssertEqual(all.warnings.count, 1)
    XCTAssertTrue(all.warnings[0].hasPrefix(dir + ": the title"), all.warnings[0])
    // Long titles within the bound are kept whole (they are only limited when typed).
    let kept = String(repeating: "x", count: 5_000)
    try Data(ics(kept).utf8).write(to: URL(fileURLWithPath: path))
    XCTAssertEqual(try ImportFormats.read(path, env: .fixed(t0)).items.first?.title, kept)
  }

  func testATutorialPlistWithoutCreationTimesGetsTheImportTimeNotTheDeadline() throws {
    func plist(_ due: Date) -> String {
      let f = ISO8601DateFormatter()
      return """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        	<key>todoItems</key>
        	<dict>
        		<key>6F1A3C2E-0B7D-4E55-9A0B-2D3C4E5F6A7B</key>
        		<dict>
        			<key>deadline</key>
        			<date>\(f.string(from: due))</date>
        			<key>title</key>
        			<string>Renew passport</string>
        			<key>UUID</key>
        			<string>6F1A3C2E-0B7D-4E55-9A0B-2D3C4E5F6A7B</string>
        		</dict>
        	</dict>
        </dict>
        </plist>
        """
    }
    for due in [t0 + 86_400 * 30, t0 - 86_400 * 30] {
      let path = dir + "/tutorial.plist"
      try Data(plist(due).utf8).write(to: URL(fileURLWithPath: path))
      let r = try ImportFormats.read(path, env: .fixed(t0))
      XCTAssertEqual(r.items.map(\.deadline), [due])
      XCTAssertEqual(r.items.map(\.created), [t0], "created when imported, not at its deadline")
    }
  }

  func testImportOfAFolderWithAFileNamedInNoUTF8ImportsTheRestAndNamesIt() throws {
    try Data(ics("kept", uid: "kept@example.org").utf8).write(to: URL(fileURLWithPath: dir + "/kept.ics"))
    try writeRaw(Array((dir + "/\u{10}").utf8) + [0xFF, 0xFE] + Array(".ics".utf8), Data(ics("odd").utf8))
    let r = try ImportFormats.read(dir, env: .fixed(t0))
    XCTAssertEqual(r.items.map(\.title), ["kept"])
    XCTAssertEqual(
      r.warnings,
      ["skipped \(dir!)/\\x10\\xFF\\xFE.ics: its name is not valid UTF-8 (rename the file to import it)"])
  }
}
