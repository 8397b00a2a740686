import Foundation
import XCTest

@testable import TodoCore

/// What a sync says about two files that hold one UID names the file it really ignores.
extension SyncEngineTests {
  func testTheDuplicateUIDWarningNamesTheFileThatIsIgnored() throws {
    try seed(item(1, "known"))
    _ = try sync()
    let known = id(1).uuidString + ".ics"
    var copy = item(1, "a copy made by another client")
    copy.modified = t0 + 5
    try writeFile("copy.ics", copy)
    let r = try sync(at: 10)
    XCTAssertEqual(r.warnings, ["\(known) and copy.ics hold the same UID; copy.ics is ignored"])
    XCTAssertEqual(try listItems()[id(1).uuidString]?.title, "known", "the file the status knows wins")
  }

  func testAFileWhoseNameIsNotUTF8IsToldNotSilentlySkipped() throws {
    try seed(item(1, "here"))
    _ = try sync()
    try writeRaw(
      Array((vdir + "/caf").utf8) + [0xE9] + Array(".ics".utf8), TestCodec.encode(item(2, "there")))
    let r = try sync(at: 10)
    XCTAssertEqual(
      r.warnings, ["skipped \(vdir)/caf\\xE9.ics: its name is not valid UTF-8 (rename the file to sync it)"])
    XCTAssertEqual(try listItems().count, 1, "the rest synced, the file left alone")
  }
}

/// Writes `data` to the file whose path is these bytes (not always UTF-8).
func writeRaw(_ path: [UInt8], _ data: Data) throws {
  let fd = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  guard fd >= 0 else { throw TodoError.io(path: String(decoding: path, as: UTF8.self), detail: "open") }
  defer { close(fd) }
  _ = data.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
}
