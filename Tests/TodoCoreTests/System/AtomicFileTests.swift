import Foundation
import XCTest

@testable import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// ``AtomicFile``: a file replaced whole or not at all, no temporary left behind.
final class AtomicFileTests: FolderTestCase {
  func names() -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

  func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  func testTheFileIsReplacedWithMode0600AndNoTemporaryIsLeft() throws {
    let path = dir + "/data"
    try AtomicFile.replace(path, with: Array("one".utf8))
    try AtomicFile.replace(path) { fd in
      try AtomicFile.write(fd, Array("t".utf8))
      try AtomicFile.write(fd, Array("wo".utf8))
    }
    XCTAssertEqual(contents(path), "two")
    var st = stat()
    XCTAssertEqual(stat(path, &st), 0)
    XCTAssertEqual(st.st_mode & 0o777, 0o600)
    XCTAssertEqual(names(), ["data"])
  }

  func testAFailedFillLeavesTheOldFileAndNoTemporary() throws {
    let path = dir + "/data"
    try AtomicFile.replace(path, with: Array("old".utf8))
    struct Full: Error {}
    XCTAssertThrowsError(
      try AtomicFile.replace(path) { fd in
        try AtomicFile.write(fd, Array("half of the n".utf8))
        throw Full()
      }
    ) { XCTAssertTrue($0 is Full, "what fill throws passes through") }
    XCTAssertEqual(contents(path), "old")
    XCTAssertEqual(names(), ["data"])
  }

  func testAFailedRenameOrOpenIsASystemErrorAndLeavesNothing() throws {
    let target = dir + "/folder"
    try FileManager.default.createDirectory(atPath: target + "/inside", withIntermediateDirectories: true)
    XCTAssertThrowsError(try AtomicFile.replace(target, with: Array("x".utf8))) { error in
      XCTAssertEqual((error as? SystemError)?.call, "rename", "a file cannot replace a folder")
    }
    XCTAssertEqual(names(), ["folder"])
    XCTAssertThrowsError(try AtomicFile.replace(dir + "/missing/data", with: Array("x".utf8))) { error in
      XCTAssertEqual(error as? SystemError, SystemError("open", errno: ENOENT))
    }
  }

  func testTemporariesAreNamedBesideTheFileAndRecognised() {
    let tmp = AtomicFile.temporaryPath(for: "/a/b/todos.plist", tag: "badge-")
    XCTAssertTrue(tmp.hasPrefix("/a/b/.todos.plist.tmp-badge-\(getpid())-"), tmp)
    XCTAssertTrue(AtomicFile.isTemporary((tmp as NSString).lastPathComponent, of: "/a/b/todos.plist"))
    XCTAssertFalse(AtomicFile.isTemporary("todos.plist", of: "/a/b/todos.plist"))
    XCTAssertEqual(AtomicFile.split("todos.plist").folder, ".")
    XCTAssertEqual(AtomicFile.split("/todos.plist").folder, "/")
  }

  /// What a writer killed midway left (its temporary) is removed; the file, others' temporaries and other files stay.
  func testTheTemporariesOfAKilledWriterAreRemovedAndNothingElse() throws {
    let path = dir + "/todos.plist"
    try AtomicFile.replace(path, with: Array("kept".utf8))
    for name in [
      AtomicFile.temporaryName(of: "todos.plist"), AtomicFile.temporaryName(of: "todos.plist", tag: "badge-"),
      AtomicFile.temporaryName(of: "other.plist"), "todos.plist.lock", ".todos.plist.lock",
    ] {
      XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/" + name, contents: Data("x".utf8)))
    }
    AtomicFile.removeTemporaries(of: path)
    XCTAssertEqual(names().count, 4, "\(names())")
    XCTAssertEqual(names().filter { $0.hasPrefix(".todos.plist.tmp-") }, [])
    XCTAssertTrue(names().contains { $0.hasPrefix(".other.plist.tmp-") })
    XCTAssertEqual(contents(path), "kept")
  }

  /// A file whose name is near the 255-byte limit (made by another program)
  /// still has a temporary that fits, found again as its own (issue 24.7).
  func testAFileWithA250ByteNameIsReplacedAndItsTemporariesFound() throws {
    let name = String(repeating: "é", count: 122) + "12.ics"  // 250 bytes
    XCTAssertEqual(name.utf8.count, 250)
    let path = dir + "/" + name
    try AtomicFile.replace(path, with: Array("one".utf8))
    XCTAssertEqual(contents(path), "one")
    let tmp = AtomicFile.temporaryName(of: name)
    XCTAssertLessThan(tmp.utf8.count, 130)
    XCTAssertTrue(tmp.contains("12.ics.tmp-"), tmp)
    XCTAssertTrue(AtomicFile.isTemporary(tmp, of: path))
    XCTAssertFalse(AtomicFile.isTemporary(AtomicFile.temporaryName(of: "other.ics"), of: path))
    XCTAssertTrue(FileManager.default.createFile(atPath: dir + "/" + tmp, contents: Data()))
    AtomicFile.removeTemporaries(of: path)
    XCTAssertEqual(names(), [name])
  }
}
