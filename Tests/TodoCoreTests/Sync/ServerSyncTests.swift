import Foundation
import XCTest

@testable import TodoCore

/// The server set-up and the daemon's runs of vdirsyncer (SPEC 10), with a
/// stand-in vdirsyncer (a shell script) that does what each test needs.
final class ServerSyncTests: ServerTestCase {
  // MARK: the configuration

  func testTheConfigurationFetchesThePasswordAndHoldsNone() throws {
    let c = VdirsyncerConfig(
      url: "https://caldav.example.com/dav/", user: "ann@example.com",
      passwordCommand: "pass show \"caldav\"",
      vdirRoot: "/home/ann/cal \"x\"", statusPath: "/home/ann/.config/todo-tui/vdirsyncer-status",
      resolveCommand: ["/usr/bin/todo-tui", "sync", "resolve", "--file", "/d/todos.plist"])
    let text = c.text
    XCTAssertTrue(text.contains(#"password.fetch = ["shell", "pass show \"caldav\""]"#), text)
    XCTAssertFalse(text.contains("\npassword ="), "no password of its own")
    XCTAssertTrue(text.contains(#"path = "/home/ann/cal \"x\"/""#), "paths as JSON strings: \(text)")
    XCTAssertTrue(text.contains(#"collections = ["from a", "from b"]"#))
    XCTAssertTrue(text.contains(#"fileext = ".ics""#))
    XCTAssertTrue(text.contains(#"item_types = ["VTODO"]"#))
    XCTAssertTrue(
      text.contains(
        #"conflict_resolution = ["command", "/usr/bin/todo-tui", "sync", "resolve", "--file", "/d/todos.plist"]"#
      ))
    // The lists' names: a pair of their own, where this side wins a conflict
    // (a command cannot settle metasync's), over the same two sides.
    let sections = ServerSetup.sections(text)
    let names = try XCTUnwrap(sections["pair todo_tui_names"])
    XCTAssertEqual(names["metadata"], #"["displayname", "color"]"#)
    XCTAssertEqual(names["conflict_resolution"], #""a wins""#)
    XCTAssertEqual(names["collections"], #"["from a", "from b"]"#)
    XCTAssertEqual(names["a"], sections["pair todo_tui"]?["a"])
    XCTAssertEqual(names["b"], sections["pair todo_tui"]?["b"])
    XCTAssertNil(sections["pair todo_tui"]?["metadata"])
    // Every value is JSON, as vdirsyncer reads it.
    for (name, section) in ServerSetup.sections(text) {
      for (key, value) in section {
        XCTAssertNoThrow(
          try JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed),
          "\(name).\(key)")
      }
    }
  }

  func testSetUpPutsTheConfigurationInPlaceOnlyAfterDiscoveryWorked() throws {
    let secret = "hunter2-\(UUID().uuidString)"
    try secret.write(toFile: dir + "/password", atomically: true, encoding: .utf8)
    let env = [
      "TODO_TUI_VDIRSYNCER": try fake("echo 'error: Unknown error occurred: 401, Unauthorized' >&2; exit 1")
    ]
    let root = dir + "/data/calendars"
    XCTAssertThrowsError(
      try ServerSetup.caldav(
        url: "https://example.com/dav/", user: "ann", passwordCommand: "cat \(dir)/password", vdirRoot: root,
        resolve: ["todo-tui"], paths: paths, environment: env)
    ) { e in
      XCTAssertEqual(
        "\(e)", "cannot reach the lists at https://example.com/dav/: 401, Unauthorized; nothing was set up")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: paths.folder), "nothing left: \(calls)")
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/data"))

    let ok = [
      "TODO_TUI_VDIRSYNCER": try fake(
        """
        mkdir -p \(root)/tasks \(root)/work
        # metasync: the server's names, as vdirsyncer writes them (no line feed)
        [ "$3" = metasync ] && printf 'Tasks' >\(root)/tasks/displayname
        exit 0
        """)
    ]
    let (record, found) = try ServerSetup.caldav(
      url: "https://example.com/dav/", user: "ann", passwordCommand: "cat \(dir)/password", vdirRoot: root,
      resolve: ["todo-tui"], paths: paths, environment: ok)
    XCTAssertEqual(found.map(\.name), ["Tasks", "work"])
    XCTAssertEqual(found.map(\.folder), [root + "/tasks", root + "/work"])
    XCTAssertEqual(try ServerRecord.load(paths), record)
    XCTAssertEqual(record.vdirRoot, root, "the whole root is synced: every calendar a list")
    XCTAssertTrue(record.collections)
    XCTAssertEqual(record.namesPair, "todo_tui_names")
    XCTAssertEqual(
      calls.suffix(2).map { $0.split(separator: " ").dropFirst(2).joined(separator: " ") },
      ["discover todo_tui todo_tui_names", "metasync todo_tui_names"])
    for name in try FileManager.default.contentsOfDirectory(atPath: paths.folder) {
      let text = (try? String(contentsOfFile: paths.folder + "/" + name, encoding: .utf8)) ?? ""
      XCTAssertFalse(text.contains(secret), "the password is in \(name)")
    }
    XCTAssertTrue(
      try String(contentsOfFile: paths.vdirsyncerConfig, encoding: .utf8).contains("cat \(dir)/password"))
  }

  func testAServerWithNoListGetsOne() throws {
    let env = ["TODO_TUI_VDIRSYNCER": try fake("echo 'todo_tui_local:'; echo 'todo_tui_remote:'")]
    let root = dir + "/calendars"
    let (_, found) = try ServerSetup.caldav(
      url: "https://example.com/", user: "ann", passwordCommand: "true", vdirRoot: root,
      resolve: ["todo-tui"],
      paths: paths, environment: env)
    XCTAssertEqual(found, [.init(name: "Tasks", folder: root + "/tasks")])
    XCTAssertEqual(try String(contentsOfFile: root + "/tasks/displayname", encoding: .utf8), "Tasks")
    XCTAssertEqual(
      calls.map { $0.split(separator: " ").dropFirst(2).first ?? "" }, ["discover", "discover", "metasync"],
      "discovery again, which makes it on the server, then its name: \(calls)")
  }

  func testANamedSetUpIsReadFromItsConfiguration() throws {
    let conf = dir + "/mine.conf"
    try """
    [general]
    status_path = "~/.vdirsyncer/status/"
    [pair cal]
    a = "cal_remote"
    b = "cal_local"
    collections = null
    [storage cal_remote]
    type = "caldav"
    url = "https://x/"
    [storage cal_local]
    type = "filesystem"
    path = "\(dir)/local/"
    fileext = ".ics"
    """.write(toFile: conf, atomically: true, encoding: .utf8)
    let record = try ServerSetup.existing(config: conf, pair: "cal", vdir: nil, paths: paths)
    XCTAssertEqual(
      record,
      ServerRecord(config: conf, pair: "cal", vdirRoot: dir + "/local", collections: false, own: false))
    XCTAssertNil(record.namesPair, "the user's own set-up: vdirsyncer's sync only")
    XCTAssertThrowsError(try ServerSetup.existing(config: conf, pair: "nope", vdir: nil, paths: paths)) {
      XCTAssertEqual("\($0)", "\(conf) has no pair nope (it has: cal)")
    }
  }

  // MARK: runs

  func testTheRetryScheduleDoublesFromTheFirstPauseUpToThePollInterval() {
    let s = RetrySchedule(first: 5, poll: 60)
    XCTAssertEqual((0...7).map { s.pause(afterFailures: $0) }, [60, 5, 10, 20, 40, 60, 60, 60])
    XCTAssertEqual(
      RetrySchedule(first: 5, poll: 3).pause(afterFailures: 1), 3, "never more than the poll interval")
    XCTAssertEqual(s.pause(afterFailures: 10_000), 60)
  }

  func testOfflineIsToldOnceAndBackOnceWithGrowingPauses() throws {
    try "x".write(toFile: dir + "/down", atomically: true, encoding: .utf8)
    let program = try fake(
      "if [ -e \(dir)/down ]; then echo 'error: Unknown error occurred for p/tasks: Cannot connect to host' >&2; echo 'error: Use `-vdebug` to see the full traceback.' >&2; exit 1; fi"
    )
    let lines = Lines()
    let s = try server(program, lines: lines)
    var t = Date(timeIntervalSince1970: 1_800_000_000)
    var pauses: [TimeInterval] = []
    for _ in 0..<4 {
      XCTAssertEqual(s.runOnce(now: { t }), .failed("Cannot connect to host"))
      pauses.append(s.nextRun.timeIntervalSince(t))
      t = s.nextRun
    }
    XCTAssertEqual(pauses, [5, 10, 20, 40])
    XCTAssertEqual(
      lines.all, ["server offline: Cannot connect to host; trying again in 5 s, then less often"])
    var status = try XCTUnwrap(ServerStatus.load(paths))
    XCTAssertFalse(status.ok)
    XCTAssertEqual(status.lastError, "Cannot connect to host")
    XCTAssertEqual(status.failingSince, Date(timeIntervalSince1970: 1_800_000_000))
    unlink(dir + "/down")
    XCTAssertEqual(s.runOnce(now: { t }), .unchanged)
    XCTAssertEqual(s.runOnce(now: { t + 60 }), .unchanged)
    XCTAssertEqual(lines.all.count, 2)
    XCTAssertEqual(lines.all.last, "server back online: synced")
    XCTAssertEqual(s.nextRun, t + 120, "the poll interval again")
    status = try XCTUnwrap(ServerStatus.load(paths))
    XCTAssertTrue(status.ok)
    XCTAssertEqual(status.lastSuccess, t + 60)
    XCTAssertEqual(status.lastError, "Cannot connect to host", "the last error is kept")
    XCTAssertNil(status.failingSince)
  }

  func testOneRunAtATime() throws {
    let lines = Lines()
    let s = try server(try fake("exit 0"), lines: lines)
    try FileManager.default.createDirectory(atPath: paths.folder, withIntermediateDirectories: true)
    let held = try XCTUnwrap(try FileLock.take(paths.lock, wait: false))
    XCTAssertEqual(s.runOnce(), .busy)
    XCTAssertEqual(calls, [], "vdirsyncer was not started while another run holds the lock")
    XCTAssertEqual(s.failures, 0, "a busy lock is not a failure")
    close(held)
    XCTAssertEqual(s.runOnce(), .unchanged)
    XCTAssertEqual(calls, ["-c \(dir)/v.conf sync p"])
  }

  func testARunThatChangesFilesHereIsToldAndOurSyncFollows() throws {
    let s = try server(try fake("echo new >\(dir)/local/a.ics"), lines: Lines())
    var resyncs = 0
    s.follow(
      vdirChanged: false,
      resync: {
        resyncs += 1; return false
      })
    XCTAssertEqual(resyncs, 1)
    // Not due again before the poll interval unless our sync wrote to the vdir.
    XCTAssertFalse(s.isDue(now: Date()))
    s.follow(
      vdirChanged: false,
      resync: {
        resyncs += 1; return false
      })
    XCTAssertEqual(calls.count, 1)
    s.follow(
      vdirChanged: true,
      resync: {
        resyncs += 1; return false
      })
    XCTAssertEqual(calls.count, 2, "a push is owed")
  }

  func testAHangingRunIsEndedAfterItsTimeout() throws {
    let s = try server(try fake("exec sleep 30"), lines: Lines(), timeout: 0.5)
    let start = Date()
    XCTAssertEqual(s.runOnce(), .failed("no answer within the time allowed (ended)"))
    XCTAssertLessThan(Date().timeIntervalSince(start), 5)
  }

}
