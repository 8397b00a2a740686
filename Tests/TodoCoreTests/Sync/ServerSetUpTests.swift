import Foundation
import XCTest

@testable import TodoCore

/// `sync setup` (issue 33, points 2, 5 and 6): a set-up belongs to one data
/// file; set up again for another account, vdirsyncer starts from a status of
/// its own; interrupted, it leaves nothing behind.
final class ServerSetUpTests: ServerTestCase {
  var root: String { dir + "/data/calendars" }

  /// A stand-in vdirsyncer that makes a list here at discovery and marks the
  /// status folder its configuration names with what ran.
  func account() throws -> [String: String] {
    [
      "TODO_TUI_VDIRSYNCER": try fake(
        """
        status=$(sed -n 's/^status_path = "\\(.*\\)\\/"$/\\1/p' "$2")
        mkdir -p "$status" \(root)/tasks && touch "$status/$3-ran"
        """)
    ]
  }

  func setUp(user: String, dataFile: String, env: [String: String]) throws -> ServerRecord {
    try ServerSetup.caldav(
      url: "https://example.com/dav/", user: user, passwordCommand: "true", vdirRoot: root,
      resolve: ["todo-tui", "sync", "resolve", "--file", dataFile], paths: paths, environment: env,
      dataFile: dataFile
    ).0
  }

  func testASetUpBelongsToOneDataFile() throws {
    let env = try account()
    let a = dir + "/todos.plist"
    let b = dir + "/notify.plist"
    let record = try setUp(user: "ann", dataFile: a, env: env)
    XCTAssertEqual(record.dataFile, a)
    XCTAssertEqual(try ServerSetUpFor.lookup(paths, dataFile: a, environment: env), .this(record))
    let other = try ServerSetUpFor.lookup(paths, dataFile: b, environment: env)
    XCTAssertEqual(other, .other(record, owner: a))
    XCTAssertEqual(
      other.notHere, "the server is set up for \(a), not for this file: no sync with the server here")
    XCTAssertNil(other.record, "another file's set-up is not used")

    let config = try String(contentsOfFile: paths.vdirsyncerConfig, encoding: .utf8)
    XCTAssertThrowsError(try setUp(user: "ann", dataFile: b, env: env)) {
      XCTAssertEqual(
        "\($0)",
        "the server is already set up for \(a); a set-up serves one data file "
          + "(to set it up again: todo-tui sync setup --file \(a) …); nothing was set up")
    }
    XCTAssertEqual(try String(contentsOfFile: paths.vdirsyncerConfig, encoding: .utf8), config)
    XCTAssertEqual(try ServerRecord.load(paths), record)
    XCTAssertNoThrow(try setUp(user: "ann", dataFile: a, env: env), "its own file sets it up again")

    // A record from before files were recorded: ours names the file in its resolve command…
    var legacy = record
    legacy.dataFile = nil
    XCTAssertEqual(legacy.owner(environment: env), a)
    // …a user's own set-up belongs to the default data file.
    let mine = ServerRecord(
      config: dir + "/mine.conf", pair: "p", vdirRoot: root, collections: true, own: false)
    XCTAssertEqual(
      mine.owner(environment: ["XDG_DATA_HOME": dir + "/xdg", "TODO_TUI_FILE": b]),
      dir + "/xdg/todo-tui/todos.plist")
  }

  func testSettingUpAgainForAnotherUserStartsFromAStatusOfItsOwn() throws {
    let env = try account()
    let data = dir + "/todos.plist"
    _ = try setUp(user: "ann", dataFile: data, env: env)
    let status = paths.vdirsyncerStatus
    XCTAssertTrue(FileManager.default.fileExists(atPath: status + "/discover-ran"))
    // What vdirsyncer kept of ann's calendars (their items, their names).
    try "ann's".write(toFile: status + "/todo_tui_names.json", atomically: true, encoding: .utf8)

    _ = try setUp(user: "bob", dataFile: data, env: env)
    var names = try FileManager.default.contentsOfDirectory(atPath: status).sorted()
    XCTAssertEqual(
      names, ["discover-ran", "metasync-ran"],
      "bob's status: ann's would rename the lists to the new calendars' paths and take them for emptied")
    let config = try String(contentsOfFile: paths.vdirsyncerConfig, encoding: .utf8)
    XCTAssertTrue(config.contains("status_path = \"\(status)/\""), config)
    XCTAssertTrue(config.contains("username = \"bob\""))
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: paths.folder).filter { $0.hasPrefix(".") }, [],
      "no temporary left")

    // The same account again keeps its status.
    try "bob's".write(toFile: status + "/todo_tui_names.json", atomically: true, encoding: .utf8)
    _ = try setUp(user: "bob", dataFile: data, env: env)
    names = try FileManager.default.contentsOfDirectory(atPath: status).sorted()
    XCTAssertEqual(names, ["discover-ran", "metasync-ran", "todo_tui_names.json"])
  }

  func testAnInterruptedSetUpSaysWhatItDoesAndLeavesNothing() throws {
    // A server that never answers: vdirsyncer waits, with a child of its own.
    let env = ["TODO_TUI_VDIRSYNCER": try fake("sleep 30 & echo $! >\(dir)/child; wait")]
    let stop = StopPipe()
    var said: [String] = []
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.5) { stop.fire() }
    let start = Date()
    XCTAssertThrowsError(
      try ServerSetup.caldav(
        url: "https://example.com/dav/", user: "ann", passwordCommand: "true", vdirRoot: root,
        resolve: ["todo-tui"], paths: paths, environment: env, dataFile: dir + "/todos.plist",
        cancel: stop.fd, progress: { said.append($0) })
    ) { XCTAssertTrue($0 is Cancelled, "\($0)") }
    XCTAssertLessThan(Date().timeIntervalSince(start), 5, "ended at once")
    XCTAssertEqual(
      said, ["reaching https://example.com/dav/ (vdirsyncer discover; at most 60 s, Ctrl-C stops it)…"])
    XCTAssertFalse(FileManager.default.fileExists(atPath: paths.folder), "nothing left in the configuration")
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/data"), "no folder of lists left")
    let child = try XCTUnwrap(
      Int32(try String(contentsOfFile: dir + "/child", encoding: .utf8).trimmingCharacters(in: .newlines)))
    var gone = false
    for _ in 0..<100 where !gone {
      gone = kill(child, 0) != 0 || ServerRoundTests.isZombie(child)
      if !gone { usleep(20_000) }
    }
    XCTAssertTrue(gone, "vdirsyncer's child ended with its group")
  }

  func testWhatASetUpKilledLeftIsRemovedByTheNext() throws {
    let gone = Process()
    gone.executableURL = URL(fileURLWithPath: "/bin/true")
    try gone.run()
    gone.waitUntilExit()
    let dead = gone.processIdentifier
    try FileManager.default.createDirectory(
      atPath: paths.folder + "/.vdirsyncer-status.setup-\(dead)/todo_tui", withIntermediateDirectories: true)
    let left = [".vdirsyncer.conf.tmp-setup\(dead)-42", ".vdirsyncer.conf.tmp-setup\(getpid())-7"]
    for name in left { try "x".write(toFile: paths.folder + "/" + name, atomically: false, encoding: .utf8) }
    _ = try setUp(user: "ann", dataFile: dir + "/todos.plist", env: try account())
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: paths.folder).filter { $0.hasPrefix(".") },
      [left[1]], "a running set-up's temporary is spared; those of a set-up killed with -9 are removed")
  }
}
