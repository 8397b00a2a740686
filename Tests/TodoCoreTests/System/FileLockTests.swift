import Foundation
import XCTest

@testable import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// ``FileLock``: one holder at a time, never through a symbolic link.
final class FileLockTests: FolderTestCase {
  /// Each `take` opens the file anew: a second open file description, as another process would have.
  func testAHeldLockIsNotTakenWithoutWaitingAndIsFreedWithItsDescriptor() throws {
    let path = dir + "/x.lock"
    let first = try XCTUnwrap(try FileLock.take(path, wait: false))
    XCTAssertNil(try FileLock.take(path, wait: false), "held by the first")
    close(first)
    let again = try XCTUnwrap(try FileLock.take(path, wait: false), "free once the first is closed")
    close(again)
    var st = stat()
    XCTAssertEqual(stat(path, &st), 0)
    XCTAssertEqual(st.st_mode & 0o777, 0o600)
  }

  func testWithLockWaitsForTheHolder() throws {
    let path = dir + "/x.lock"
    let held = try XCTUnwrap(try FileLock.take(path, wait: false))
    let start = Date()
    Thread.detachNewThread {
      usleep(200_000)
      close(held)
    }
    XCTAssertEqual(try FileLock.withLock(path) { 7 }, 7)
    XCTAssertGreaterThan(Date().timeIntervalSince(start), 0.15, "waited until it was freed")
  }

  func testALinkPlantedAsTheLockFileIsRefusedAndItsTargetUntouched() throws {
    let target = dir + "/precious"
    try Data("keep".utf8).write(to: URL(fileURLWithPath: target))
    XCTAssertEqual(symlink(target, dir + "/x.lock"), 0)
    XCTAssertThrowsError(try FileLock.withLock(dir + "/x.lock") {}) { error in
      XCTAssertTrue("\(error)".contains("is a symbolic link"), "\(error)")
    }
    XCTAssertEqual(FileManager.default.contents(atPath: target), Data("keep".utf8))
  }
}
