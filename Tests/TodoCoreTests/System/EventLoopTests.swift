import Foundation
import XCTest

@testable import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// ``EventLoop`` over pipes: each ready descriptor's handler, in the order added.
final class EventLoopTests: XCTestCase {
  var pipes: [(read: Int32, write: Int32)] = []

  func makePipe() -> (read: Int32, write: Int32) {
    var fds: [Int32] = [0, 0]
    XCTAssertEqual(pipe(&fds), 0)
    pipes.append((fds[0], fds[1]))
    return (fds[0], fds[1])
  }

  override func tearDown() {
    for p in pipes {
      close(p.read)
      close(p.write)
    }
  }

  func send(_ fd: Int32, _ text: String) { XCTAssertEqual(Syscall.writeAll(fd, Array(text.utf8)), 0) }

  func take(_ fd: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 64)
    let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
    return String(decoding: buffer[0..<max(0, n)], as: UTF8.self)
  }

  func testOnlyTheReadyDescriptorsHandlersRunInTheOrderAdded() throws {
    let a = makePipe()
    let b = makePipe()
    let c = makePipe()
    let loop = EventLoop()
    var seen: [String] = []
    loop.add(c.read) { _ in seen.append("c:" + self.take(c.read)) }
    loop.add(a.read) { _ in seen.append("a:" + self.take(a.read)) }
    loop.add(b.read) { _ in seen.append("b:" + self.take(b.read)) }
    send(a.write, "1")
    send(c.write, "2")
    XCTAssertTrue(try loop.turn(timeout: 1))
    XCTAssertEqual(seen, ["c:2", "a:1"], "b was not ready; c was added first")
  }

  func testATimeoutWithNothingReadyRunsNoHandler() throws {
    let a = makePipe()
    let loop = EventLoop()
    var ran = false
    loop.add(a.read) { _ in ran = true }
    let start = Date()
    XCTAssertFalse(try loop.turn(timeout: 0.05))
    XCTAssertFalse(ran)
    XCTAssertGreaterThanOrEqual(Date().timeIntervalSince(start), 0.04)
  }

  func testAClosedWriterIsReportedAsHangUp() throws {
    let a = makePipe()
    close(a.write)
    pipes[0].write = -1
    let loop = EventLoop()
    var events: Int16 = 0
    loop.add(a.read) { events = $0 }
    try loop.turn(timeout: 1)
    XCTAssertNotEqual(events & Int16(POLLHUP), 0)
  }

  /// Runs round after round (beforeWait, handlers, afterRound) until a handler
  /// stops it; the handlers after it in that round do not run.
  func testRunGoesOnUntilAHandlerStopsIt() throws {
    let a = makePipe()
    let b = makePipe()
    let loop = EventLoop()
    var log: [String] = []
    var rounds = 0
    loop.add(a.read) { _ in
      let text = self.take(a.read)
      log.append(text)
      if text.contains("q") { loop.stop() }
    }
    loop.add(b.read) { _ in log.append("b") }
    try loop.run(
      beforeWait: {
        rounds += 1
        if rounds == 1 { self.send(a.write, "x") }
        if rounds == 2 {
          self.send(a.write, "q")
          self.send(b.write, "y")
        }
      },
      afterRound: { log.append("drawn") })
    XCTAssertEqual(log, ["x", "drawn", "q"])
    XCTAssertTrue(loop.stopped)
  }

  /// A signal during the wait (handler installed without SA_RESTART) is not an
  /// error: the loop waits again and gets the data written after it.
  func testASignalDuringTheWaitIsNotAnError() throws {
    let a = makePipe()
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in }
    sigemptyset(&action.sa_mask)
    var old = sigaction()
    XCTAssertEqual(sigaction(SIGUSR2, &action, &old), 0)
    defer { sigaction(SIGUSR2, &old, nil) }
    let me = pthread_self()
    let writer = a.write
    Thread.detachNewThread {
      usleep(50_000)
      pthread_kill(me, SIGUSR2)
      usleep(50_000)
      _ = Syscall.writeAll(writer, Array("z".utf8))
    }
    let loop = EventLoop()
    var got = ""
    var interrupted = 0
    loop.add(a.read) { _ in
      got = self.take(a.read)
      loop.stop()
    }
    try loop.run(timeout: 5, afterRound: { interrupted += 1 })
    XCTAssertEqual(got, "z")
    XCTAssertLessThanOrEqual(interrupted, 1, "at most one round ended by the signal, then the data")
  }
}
