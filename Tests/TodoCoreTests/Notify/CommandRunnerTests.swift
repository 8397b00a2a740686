import Foundation
import XCTest

@testable import TodoCore

/// The runner starts commands with posix_spawn and watches them from one thread.
final class CommandRunnerTests: XCTestCase {
  final class Events: @unchecked Sendable {
    private let lock = NSLock()
    private var all: [CommandRunner.Event] = []
    func add(_ e: [CommandRunner.Event]) {
      lock.lock()
      all += e
      lock.unlock()
    }
    var value: [CommandRunner.Event] {
      lock.lock()
      defer { lock.unlock() }
      return all
    }
    func ended(_ j: CommandRunner.JobID) -> CommandRunner.Ending? {
      for case .ended(let id, let e) in value where id == j { return e }
      return nil
    }
    func lines(_ j: CommandRunner.JobID) -> [String] {
      value.compactMap { if case .line(let id, let l) = $0, id == j { return l } else { return nil } }
    }
  }

  func runner(grace: Double = 30, timeout: Double = 60) -> (CommandRunner, Events) {
    let events = Events()
    return (CommandRunner(grace: grace, timeout: timeout, handler: events.add), events)
  }

  func eventually(_ seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let end = Date() + seconds
    while Date() < end && !condition() { usleep(5_000) }
    return condition()
  }

  func testLinesAndStatusAndStderr() throws {
    let (r, ev) = runner()
    let j = try r.start(
      "/bin/sh", arguments: ["-c", "echo 42; printf 'complete\\nno newline'; echo oops >&2; exit 4"],
      environment: [:])
    XCTAssertTrue(eventually { ev.ended(j) != nil })
    XCTAssertEqual(ev.lines(j), ["42", "complete", "no newline"])
    XCTAssertEqual(ev.ended(j), .exited(4, stderr: "oops"))
    XCTAssertEqual(r.count, 0)
  }

  func testOnlyTheStandardDescriptorsAreInheritedAndSignalsAreAtTheirDefaults() throws {
    // Descriptors this process holds without close-on-exec must not reach the child.
    var leak: [Int32] = [-1, -1]
    XCTAssertEqual(pipe(&leak), 0)
    defer { leak.forEach { close($0) } }
    signal(SIGUSR1, SIG_IGN)
    defer { signal(SIGUSR1, SIG_DFL) }
    var block = sigset_t()
    sigemptyset(&block)
    sigaddset(&block, SIGUSR2)
    pthread_sigmask(SIG_BLOCK, &block, nil)
    defer { pthread_sigmask(SIG_UNBLOCK, &block, nil) }
    let (r, ev) = runner()
    let j = try r.start(
      "/bin/sh",
      arguments: [
        "-c", "ls /proc/self/fd | tr '\\n' ' '; echo; grep -E '^Sig(Blk|Ign)' /proc/self/status; echo \"$A\"",
      ],
      environment: ["A": "b c"])
    XCTAssertTrue(eventually { ev.ended(j) != nil })
    let lines = ev.lines(j)
    XCTAssertEqual(lines.count, 4)
    XCTAssertEqual(lines.first, "0 1 2 3 ", "stdin, stdout, stderr (and ls's own 3)")
    XCTAssertEqual(lines.last, "b c", "exactly the environment")
    // Of the standard signals (1-31) none blocked or ignored; glibc's own (32, 33) are not ours to reset.
    for line in lines.dropFirst().dropLast() {
      let mask = UInt64(line.split(separator: "\t").last!, radix: 16)!
      XCTAssertEqual(mask & 0x7fff_ffff, 0, line)
    }
  }

  func testAMissingCommandThrowsAndLeavesNothingOpen() throws {
    let (r, _) = runner()
    func open() throws -> Int { try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count }
    func startMissing() {
      XCTAssertThrowsError(try r.start("/nonexistent/cmd", arguments: [], environment: [:])) {
        XCTAssertEqual(($0 as? SpawnError)?.errno, ENOENT)
      }
    }
    // The descriptors are counted over the whole process, where another thread may open one
    // or two meanwhile: libdispatch makes its timerfd when it first needs it, and under load
    // that came between the two counts of a single start (27 open, not 26; strace showed it).
    let first = try open()
    startMissing()
    XCTAssertLessThanOrEqual(try open(), first + 2 + 2, "the runner's wake pipe (2) is all that stays")
    // Each failed start opens four (a pty's two ends, a pipe's two) and must close them all:
    // twenty starts would leave twenty of any one left open.
    let before = try open()
    for _ in 0..<20 { startMissing() }
    XCTAssertLessThanOrEqual(try open(), before + 2)
  }

  func testGraceTimeoutAndTerminate() throws {
    let (r, ev) = runner(grace: 0.2, timeout: 0.6)
    let slow = try r.start("/bin/sleep", arguments: ["30"], environment: [:])
    XCTAssertTrue(eventually { ev.ended(slow) != nil })
    XCTAssertEqual(ev.ended(slow), .timedOut)
    // Told still running (at its grace) before it ended (at its timeout): seen in the order
    // of the events, not by looking in between, which a stalled test thread could miss.
    XCTAssertEqual(
      ev.value.filter { $0 == .running(slow) || $0 == .ended(slow, .timedOut) },
      [.running(slow), .ended(slow, .timedOut)])
    // A command that ignores SIGTERM is killed.
    let (r2, ev2) = runner()
    let stubborn = try r2.start(
      "/bin/sh", arguments: ["-c", "trap '' TERM; echo up; sleep 30"], environment: [:])
    XCTAssertTrue(eventually { ev2.lines(stubborn) == ["up"] })
    let t = Date()
    r2.terminate(stubborn)
    XCTAssertTrue(eventually { ev2.ended(stubborn) != nil })
    XCTAssertEqual(ev2.ended(stubborn), .stopped)
    XCTAssertLessThan(Date().timeIntervalSince(t), 5)
  }

  func testStopAllEndsTheWholeProcessGroup() throws {
    let (r, ev) = runner()
    let dir = NSTemporaryDirectory() + "runner-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // A shell that leaves a grandchild running (no exec): it must end too.
    let j = try r.start(
      "/bin/sh", arguments: ["-c", "sleep 30 & echo $! > \(dir)/child; wait"], environment: [:])
    // The shell makes the file, then writes the pid in it: wait for the pid itself.
    func written() -> Int32? {
      (try? String(contentsOfFile: dir + "/child", encoding: .utf8)).flatMap {
        $0.hasSuffix("\n") ? Int32($0.dropLast()) : nil
      }
    }
    XCTAssertTrue(eventually { written() != nil })
    let child = try XCTUnwrap(written())
    r.stopAll()
    XCTAssertEqual(ev.ended(j), .stopped)
    // Ended: gone, or a zombie until whoever adopted it (pid 1, slow here: 2 s) reaps it.
    func ended() -> Bool {
      guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8) else {
        return true
      }
      return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
    }
    XCTAssertTrue(eventually { ended() }, "the grandchild ended with its group")
  }

  func testTicks() throws {
    let (r, ev) = runner()
    r.tick(after: 0.1)
    XCTAssertTrue(eventually { ev.value.contains(.tick) })
    // Cancelled half a second before its time: a stall between the two calls must not fire it.
    r.tick(after: 0.5)
    r.tick(after: nil)
    usleep(800_000)
    XCTAssertEqual(ev.value.filter { $0 == .tick }.count, 1, "a cancelled tick does not come")
  }
}
