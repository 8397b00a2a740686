import Foundation
import XCTest

@testable import TodoCore

/// Every list with the server (SPEC 9, 10): our set-up's runs discover the
/// collections when a list is made here and metasync the lists' names; our
/// vdir sync runs over the whole root, and the base vdirsyncer's conflicts
/// are merged against is kept for every collection.
final class ServerListsTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_800_000_000)
  var dir = ""
  var local = ""

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "server-lists-\(UUID().uuidString)"
    local = dir + "/local"
    try FileManager.default.createDirectory(atPath: local + "/work", withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

  /// A stand-in vdirsyncer that logs its command (`discover p n`, `sync p`, …) and runs `body`.
  func server(_ body: String = "exit 0") throws -> ServerSync {
    let path = dir + "/vdirsyncer"
    try "#!/bin/sh\nshift 2; echo \"$@\" >>\(dir)/calls\n\(body)\n".write(
      toFile: path, atomically: true, encoding: .utf8)
    chmod(path, 0o755)
    return try ServerSync(
      engine: Vdirsyncer(executable: path, config: dir + "/v.conf", timeout: 10, environment: [:]),
      pair: "p", namesPair: "n", paths: ServerPaths(folder: dir + "/config"), local: local,
      schedule: RetrySchedule(first: 5, poll: 60), report: { _ in })
  }

  /// The commands run since the last call.
  func calls() -> [String] {
    let text = (try? String(contentsOfFile: dir + "/calls", encoding: .utf8)) ?? ""
    unlink(dir + "/calls")
    return text.split(separator: "\n").map(String.init)
  }

  func testAListMadeHereIsDiscoveredAndItsNameMetasynced() throws {
    let s = try server()
    XCTAssertEqual(s.runOnce(now: { self.t0 }), .unchanged)
    XCTAssertEqual(calls(), ["discover p n", "sync p", "metasync n"], "the first run: the whole round")
    XCTAssertEqual(s.runOnce(now: { self.t0 + 1 }), .unchanged)
    XCTAssertEqual(calls(), ["sync p"], "nothing changed here, no poll due: the items only")
    // `lists add Groceries` here: its folder, then discovery makes its calendar there.
    try FileManager.default.createDirectory(atPath: local + "/groceries", withIntermediateDirectories: true)
    try "Groceries".write(toFile: local + "/groceries/displayname", atomically: true, encoding: .utf8)
    XCTAssertEqual(s.runOnce(now: { self.t0 + 2 }), .unchanged)
    XCTAssertEqual(calls(), ["discover p n", "sync p", "metasync n"])
    // A rename here: its name goes across.
    try "Shopping".write(toFile: local + "/groceries/displayname", atomically: true, encoding: .utf8)
    XCTAssertEqual(s.runOnce(now: { self.t0 + 3 }), .unchanged)
    XCTAssertEqual(calls(), ["sync p", "metasync n"])
    // The poll: names changed there come here.
    XCTAssertEqual(s.runOnce(now: { self.t0 + 64 }), .unchanged)
    XCTAssertEqual(calls(), ["sync p", "metasync n"])
    // Now and then discovery again: a calendar made on the server becomes a list here.
    XCTAssertEqual(s.runOnce(now: { self.t0 + 700 }), .unchanged)
    XCTAssertEqual(calls(), ["discover p n", "sync p", "metasync n"])
  }

  func testAListMadeHereOwesARunThoughNoItemWasWritten() throws {
    let s = try server()
    s.follow(vdirChanged: false, now: { self.t0 }, resync: { false })
    XCTAssertEqual(calls(), ["discover p n", "sync p", "metasync n"])
    s.follow(vdirChanged: false, now: { self.t0 + 1 }, resync: { false })
    XCTAssertEqual(calls(), [], "nothing owed, no poll due")
    // Our sync made the folder of a new list (no item in it: no item written).
    try FileManager.default.createDirectory(atPath: local + "/groceries", withIntermediateDirectories: true)
    try "Groceries".write(toFile: local + "/groceries/displayname", atomically: true, encoding: .utf8)
    s.follow(vdirChanged: false, now: { self.t0 + 2 }, resync: { false })
    XCTAssertEqual(
      calls(), ["discover p n", "sync p", "metasync n"], "the new list goes to the server at once")
  }

  func testANameFromTheServerIsAChangeHereAndAFailedMetasyncAFailure() throws {
    let s = try server(
      "[ \"$1\" = metasync ] && printf Job >\(local)/work/displayname; [ -e \(dir)/down ] && [ \"$1\" = metasync ] && { echo 'error: Unknown error occurred: Metasync conflict for key displayname' >&2; exit 1; }; exit 0"
    )
    XCTAssertEqual(s.runOnce(now: { self.t0 }), .changed, "metasync wrote a name here: our sync follows")
    try "x".write(toFile: dir + "/down", atomically: true, encoding: .utf8)
    try "Work".write(toFile: local + "/work/displayname", atomically: true, encoding: .utf8)
    XCTAssertEqual(s.runOnce(now: { self.t0 + 1 }), .failed("Metasync conflict for key displayname"))
  }

  func store() -> Store { Store(path: dir + "/todos.plist") }

  func testTheServersRootIsARootEvenEmpty() throws {
    let env = TodoEnvironment.fixed(t0)
    try FileManager.default.removeItem(atPath: local + "/work")
    try store().commit(.add(title: "Milk", deadline: nil), env: env)
    let sync = VdirSync(store: store(), vdirPath: local, codec: .iCalendar(env: env), env: env)
    sync.isRoot = true
    _ = try sync.run()
    let top = try FileManager.default.contentsOfDirectory(atPath: local)
    XCTAssertEqual(top, ["tasks"], "a collection for the list, no item file in the root")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: local + "/tasks").filter { $0.hasSuffix(".ics") }
        .count, 1)
  }

  func testTheBaseIsKeptForEachCollection() throws {
    let env = TodoEnvironment.fixed(t0)
    try store().commit(.add(title: "Milk", deadline: nil), env: env)
    try store().commit(.addList(name: "Work", color: nil), env: env)
    try store().commit(
      .add(title: "Report", deadline: nil, changes: [.set("list", text: "work")]), env: env)
    let sync = VdirSync(store: store(), vdirPath: local, codec: .iCalendar(env: env), env: env)
    _ = try sync.run()
    ConflictResolve.keepBase(of: sync)
    let data = try store().resolvedPath()
    for folder in ["tasks", "work"] {
      let status = SyncStatus.path(dataFile: data, vdir: local + "/" + folder)
      XCTAssertEqual(
        FileManager.default.contents(atPath: status + ConflictResolve.keptSuffix),
        FileManager.default.contents(atPath: status), folder)
      XCTAssertNotNil(FileManager.default.contents(atPath: status), folder)
    }
  }
}
