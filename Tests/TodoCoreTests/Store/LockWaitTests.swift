import Foundation
import XCTest

@testable import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// ``Store/withLock(wait:_:)``: without waiting, a held lock is reported at
/// once with the process that holds it.
final class LockWaitTests: XCTestCase {
  func testAHeldLockIsReportedAtOnceWithItsHolder() throws {
    let dir = NSTemporaryDirectory() + "lockwait-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let store = Store(path: dir + "/todos.plist")
    XCTAssertEqual(try store.withLock(wait: false) { 7 }, 7, "a free lock is taken")
    // Another open file description holds it (as another process would).
    let fd = open(dir + "/todos.plist.lock", O_RDWR)
    XCTAssertGreaterThanOrEqual(fd, 0)
    defer { close(fd) }
    XCTAssertEqual(flock(fd, LOCK_EX), 0)
    var ran = false
    XCTAssertThrowsError(try store.withLock(wait: false) { ran = true }) { error in
      guard let busy = error as? LockBusy else { return XCTFail("\(error)") }
      XCTAssertEqual(busy.holder, getpid(), "found in /proc/locks by the file's inode")
      XCTAssertNotNil(busy.holderName)
    }
    XCTAssertFalse(ran)
    XCTAssertThrowsError(try store.mutate(wait: false) { _ in ran = true })
    XCTAssertFalse(ran)
    flock(fd, LOCK_UN)
    XCTAssertNoThrow(try store.mutate(wait: false) { _ in ran = true })
    XCTAssertTrue(ran)
  }

  func testTheHolderIsReadFromProcLocksSkippingWaiters() {
    let table = """
      1: POSIX  ADVISORY  WRITE 900 08:01:77 0 EOF
      2: FLOCK  ADVISORY  WRITE 4242 fd:02:1234 0 EOF
      2: -> FLOCK  ADVISORY  WRITE 5555 fd:02:1234 0 EOF
      3: FLOCK  ADVISORY  WRITE 31 00:2e:1234 0 EOF
      """
    // Device fd:02 is major 253, minor 2.
    XCTAssertEqual(Store.lockHolder(in: table, device: 253 << 8 | 2, inode: 1234), 4242)
    XCTAssertEqual(Store.lockHolder(in: table, device: 0x2e, inode: 1234), 31)
    XCTAssertNil(Store.lockHolder(in: table, device: 0x801, inode: 77), "a POSIX lock is not ours")
    XCTAssertEqual(
      LockBusy(holder: nil, holderName: nil).description,
      "Waiting for the file's lock, held by another process")
  }
}
