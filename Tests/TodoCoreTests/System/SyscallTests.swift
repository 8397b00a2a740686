import Foundation
import XCTest

@testable import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// ``Syscall``: retry on EINTR, a buffer read until full, bytes written until all are out.
final class SyscallTests: XCTestCase {
  func testAnInterruptedCallIsCalledAgainAndOtherFailuresAreReturned() {
    var calls = 0
    let r = Syscall.retrying { () -> Int in
      calls += 1
      if calls < 3 {
        errno = EINTR
        return -1
      }
      return 42
    }
    XCTAssertEqual(r, 42)
    XCTAssertEqual(calls, 3, "twice interrupted, then done")
    calls = 0
    let failed = Syscall.retrying { () -> Int32 in
      calls += 1
      errno = EBADF
      return -1
    }
    XCTAssertEqual(failed, -1)
    XCTAssertEqual(errno, EBADF)
    XCTAssertEqual(calls, 1, "another failure is not retried")
  }

  /// A real signal (with a handler installed without SA_RESTART) interrupts a
  /// blocking read; the read goes on and gets the bytes written after it.
  func testAReadInterruptedByASignalGoesOn() throws {
    var fds: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&fds), 0)
    defer { close(fds[0]) }
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    var old = sigaction()
    XCTAssertEqual(sigaction(SIGUSR1, &action, &old), 0)
    defer { sigaction(SIGUSR1, &old, nil) }
    let reader = pthread_self()
    let writer = fds[1]
    let done = expectation(description: "written")
    Thread.detachNewThread {
      usleep(50_000)
      pthread_kill(reader, SIGUSR1)  // interrupts the read below
      usleep(50_000)
      _ = Syscall.writeAll(writer, Array("hello".utf8))
      close(writer)
      done.fulfill()
    }
    var buffer = [UInt8](repeating: 0, count: 16)
    let n = buffer.withUnsafeMutableBytes { Syscall.readFully(fds[0], into: $0) }
    XCTAssertEqual(n, 5, "read to the end of the pipe")
    XCTAssertEqual(Array(buffer[0..<5]), Array("hello".utf8))
    wait(for: [done], timeout: 5)
  }

  func testReadFullyReadsToTheEndOrToTheBufferSizeAndFromAnOffset() throws {
    let path = NSTemporaryDirectory() + "syscall-\(UUID().uuidString)"
    defer { unlink(path) }
    try Data("0123456789".utf8).write(to: URL(fileURLWithPath: path))
    let fd = open(path, O_RDONLY)
    XCTAssertGreaterThanOrEqual(fd, 0)
    defer { close(fd) }
    var four = [UInt8](repeating: 0, count: 4)
    XCTAssertEqual(four.withUnsafeMutableBytes { Syscall.readFully(fd, into: $0, at: 3) }, 4)
    XCTAssertEqual(String(decoding: four, as: UTF8.self), "3456")
    var all = [UInt8](repeating: 0, count: 64)
    XCTAssertEqual(
      all.withUnsafeMutableBytes { Syscall.readFully(fd, into: $0) }, 10, "short at the end only")
    XCTAssertEqual(String(decoding: all[0..<10], as: UTF8.self), "0123456789")
    XCTAssertEqual(all.withUnsafeMutableBytes { Syscall.readFully(-1, into: $0) }, -1)
    XCTAssertEqual(errno, EBADF)
  }

  /// More than a pipe holds at once (64 KiB): the partial writes are carried on.
  func testWriteAllWritesEverythingThroughPartialWrites() {
    var fds: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&fds), 0)
    defer { close(fds[0]) }
    let bytes = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
    let writer = fds[1]
    let result = WriteResult()
    let done = expectation(description: "written")
    Thread.detachNewThread {
      result.errno = Syscall.writeAll(writer, bytes)
      close(writer)
      done.fulfill()
    }
    var got = [UInt8](repeating: 0, count: bytes.count + 1)
    XCTAssertEqual(got.withUnsafeMutableBytes { Syscall.readFully(fds[0], into: $0) }, bytes.count)
    wait(for: [done], timeout: 10)
    XCTAssertEqual(result.errno, 0)
    XCTAssertEqual(Array(got[0..<bytes.count]), bytes)
  }

  func testWriteAllReturnsTheErrorOfTheWriteThatFailed() throws {
    let path = NSTemporaryDirectory() + "syscall-\(UUID().uuidString)"
    defer { unlink(path) }
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
    let fd = open(path, O_RDONLY)
    defer { close(fd) }
    XCTAssertEqual(Syscall.writeAll(fd, Array("x".utf8)), EBADF, "not open for writing")
    XCTAssertEqual(Syscall.writeAll(fd, [UInt8]()), 0, "nothing to write")
    XCTAssertEqual(SystemError("write", errno: EBADF).description, "write: Bad file descriptor")
  }
}

/// What the writing thread reports (read after it is done).
private final class WriteResult: @unchecked Sendable {
  var errno: Int32 = -1
}
