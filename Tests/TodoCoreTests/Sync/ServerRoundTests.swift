import Foundation
import XCTest

@testable import TodoCore

/// The round's timing, order and words (issue 33, points 5, 6 and 12): the
/// next poll counts from the start of a run, a deletion brought by the sync
/// reaches our sync before the names' metasync, a refused emptying is not
/// "offline", and a run stopped (a quit, Ctrl-C) leaves no process behind.
final class ServerRoundTests: ServerTestCase {
  let t0 = Date(timeIntervalSince1970: 1_800_000_000)

  /// A clock 4 s later at each reading: a run slow under load.
  func slowClock() -> () -> Date {
    var t = t0
    return {
      defer { t += 4 }
      return t
    }
  }

  func testThePollIsDueThePollIntervalAfterTheRunBegan() throws {
    let s = try server(try fake("exit 0"), lines: Lines())
    XCTAssertEqual(s.runOnce(now: slowClock()), .unchanged)
    // Counted from its end, a run that took 8 s under load put the next poll
    // 8 s later, past the poll interval plus 5 s for a change made just after it read the server.
    XCTAssertEqual(s.nextRun, t0 + 60, "the poll interval after the run began")

    let failing = try server(try fake("echo 'error: Cannot connect to host' >&2; exit 1"), lines: Lines())
    let clock = slowClock()
    XCTAssertEqual(failing.runOnce(now: clock), .failed("Cannot connect to host"))
    XCTAssertEqual(failing.nextRun, clock() - 4 + 5, "a retry: its pause after the failed run ended")
  }

  func testWhatTheSyncBroughtReachesOurSyncBeforeTheNamesAreSynced() throws {
    try FileManager.default.createDirectory(atPath: dir + "/local/tasks", withIntermediateDirectories: true)
    try "x".write(toFile: dir + "/local/tasks/gone.ics", atomically: true, encoding: .utf8)
    // The sync deletes a file here (an item deleted on the phone); metasync writes a name.
    let program = try fake(
      """
      [ "$3" = sync ] && rm -f \(dir)/local/tasks/gone.ics
      [ "$3" = metasync ] && printf 'Tasks' >\(dir)/local/tasks/displayname
      exit 0
      """)
    let s = try server(program, lines: Lines(), namesPair: "n")
    var order: [String] = []
    s.follow(
      vdirChanged: false,
      resync: {
        order.append("our sync after " + (self.calls.last ?? ""))
        return false
      })
    let verbs = calls.map { $0.split(separator: " ").dropFirst(2).first.map(String.init) ?? "" }
    XCTAssertEqual(verbs, ["discover", "sync", "metasync"], "\(calls)")
    XCTAssertEqual(
      order,
      ["our sync after -c \(dir)/v.conf sync p", "our sync after -c \(dir)/v.conf metasync n"],
      "the deletion went to our sync before the metasync ran; the names it brought after it")
    // Nothing owed: the next follow runs nothing before the poll.
    s.follow(vdirChanged: false, resync: { false })
    XCTAssertEqual(calls.count, 3)
  }

  func testARefusedEmptyingIsToldAsSuchWithoutForceDelete() throws {
    let program = try fake(
      """
      echo 'error: p/tasks: Storage "p_remote/tasks" was completely emptied. If you want to delete ALL entries on BOTH sides, then use `vdirsyncer sync --force-delete p/tasks`. Otherwise delete the files for p/tasks in your status directory.' >&2
      exit 1
      """)
    let lines = Lines()
    let s = try server(program, lines: lines)
    guard case .failed = s.runOnce(now: { self.t0 }) else { return XCTFail("not a failure") }
    XCTAssertEqual(
      lines.all,
      [
        "sync with the server refused: the calendar tasks on the server was emptied since the last sync, "
          + "and its items are not deleted on the other side on that alone; trying again in 5 s, then less often"
      ])
    let status = try XCTUnwrap(ServerStatus.load(paths))
    XCTAssertFalse(status.lastError?.contains("force-delete") ?? true, status.lastError ?? "")
    XCTAssertEqual(ServerSync.told("Cannot connect to host"), "server offline: Cannot connect to host")
    XCTAssertEqual(
      ServerSync.told("no answer within the time allowed (ended)"),
      "server offline: no answer within the time allowed (ended)")
    XCTAssertEqual(ServerSync.told("403, Forbidden"), "sync with the server failed: 403, Forbidden")
    // Each list told on its own: the server answered for some, so it is not offline, even when a
    // connection dropped on another (Radicale drops one vdirsyncer reuses; test-sync-emptied saw it).
    let some =
      "the list “Work”: emptied on the server, and no other calendar answered with items this time; "
      + "nothing is deleted here yet; the list “Personal”: Server disconnected"
    XCTAssertEqual(ServerSync.told(some), "sync with the server failed: " + some)
    let every = "the list “Work”: Server disconnected; the list “Personal”: Connection reset by peer"
    XCTAssertEqual(ServerSync.told(every), "server offline: " + every)
  }

  func testAStoppedRunEndsItsGroupAndRecordsNothing() throws {
    // vdirsyncer waiting on a server, with a child of its own (the password command).
    let program = try fake("sleep 30 & echo $! >\(dir)/child; wait")
    let stop = StopPipe()
    let lines = Lines()
    let s = try server(program, lines: lines, cancel: stop.fd)
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { stop.fire() }
    let start = Date()
    XCTAssertEqual(s.runOnce(), .stopped)
    XCTAssertLessThan(Date().timeIntervalSince(start), 5, "ended at once, not after the timeout")
    let child = try XCTUnwrap(Int32(try String(contentsOfFile: dir + "/child", encoding: .utf8).trimmed))
    var gone = false
    for _ in 0..<100 where !gone {
      gone = kill(child, 0) != 0 || Self.isZombie(child)
      if !gone { usleep(20_000) }
    }
    XCTAssertTrue(gone, "the run's own child is ended with its group")
    XCTAssertNil(ServerStatus.load(paths), "a stopped run is no failure of the server")
    XCTAssertEqual(lines.all, [])
  }

  func testAVdirsyncerLeftRunningOnOurConfigurationKeepsTheNextRunOff() throws {
    let program = try fake("[ -e \(dir)/quick ] && exit 0; sleep 30 & trap 'kill $!; exit 143' TERM; wait")
    // What a notifier killed with -9 leaves: its vdirsyncer, on our configuration, holding no lock.
    let orphan = Process()
    orphan.executableURL = URL(fileURLWithPath: program)
    orphan.arguments = ["-c", dir + "/v.conf", "sync", "p"]
    try orphan.run()
    defer { orphan.terminate() }
    // Seen once it runs, and once its first line recorded its call: the process shows its command
    // line from its exec, before the script's first line (a make test under load caught it between).
    var seen = false
    for _ in 0..<500 where !seen {
      seen = ServerSync.running(config: dir + "/v.conf") && calls.count == 1
      if !seen { usleep(10_000) }
    }
    XCTAssertTrue(seen)
    XCTAssertFalse(ServerSync.running(config: dir + "/other.conf"))
    let s = try server(program, lines: Lines())
    XCTAssertEqual(s.runOnce(now: { self.t0 }), .busy, "not a second vdirsyncer beside it")
    XCTAssertEqual(calls.count, 1, "only the orphan's own run: \(calls)")
    XCTAssertEqual(s.nextRun, t0 + 5, "tried again shortly")
    orphan.terminate()
    orphan.waitUntilExit()
    try "".write(toFile: dir + "/quick", atomically: true, encoding: .utf8)
    XCTAssertEqual(s.runOnce(now: { self.t0 + 5 }), .unchanged, "once it ended, the next run runs")
    XCTAssertEqual(calls.count, 2)
  }

  static func isZombie(_ pid: Int32) -> Bool {
    ((try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? "").contains(") Z ")
  }
}

extension String {
  fileprivate var trimmed: String { trimmingCharacters(in: .whitespacesAndNewlines) }
}
