import Foundation
import XCTest

@testable import TodoCore

/// A collection emptied on one side (issue 34 point 3): vdirsyncer refuses
/// it ("Storage … was completely emptied"); the round carries it out with
/// `--force-delete` for that collection only, when the emptying is what
/// happened, and tells the rest with its real cause, never "offline".
extension ServerListsTests {
  /// vdirsyncer's refusal of `collection`, emptied on `storage`'s side.
  func refusal(_ collection: String, _ storage: String) -> String {
    #"echo 'error: p/\#(collection): Storage "\#(storage)/\#(collection)" was completely emptied. If you want to delete ALL entries on BOTH sides, then use `vdirsyncer sync --force-delete p/\#(collection)`. Otherwise delete the files for p/\#(collection) in your status directory.' >&2"#
  }

  /// The fake vdirsyncer refuses `sync` with `refusals` until a `--force-delete` ran.
  func phoneRefusing(_ refusals: [String]) throws {
    try """
    if [ "$1 $2" = "sync --force-delete" ]; then touch \(dir)/forced; exit 0; fi
    if [ "$1" = sync ] && [ ! -f \(dir)/forced ]; then \(refusals.joined(separator: "; ")); exit 1; fi
    """.write(toFile: dir + "/phone", atomically: true, encoding: .utf8)
  }

  func folders(_ names: [String: Int]) throws {
    for (name, files) in names {
      try FileManager.default.createDirectory(atPath: local + "/" + name, withIntermediateDirectories: true)
      for n in 0..<files {
        try "x".write(toFile: local + "/\(name)/\(n).ics", atomically: true, encoding: .utf8)
      }
    }
  }

  func testAListEmptiedOnTheServerIsEmptiedHereForThatCollectionOnly() throws {
    try folders(["home": 1, "work": 1])
    let lines = Lines()
    let s = try serverKnowing(["home", "work"], there: ["home", "work"], lines: lines)
    try phoneRefusing([refusal("work", "p_remote")])
    XCTAssertNotEqual(s.runOnce(), .failed(""), "\(lines.all)")
    XCTAssertTrue(calls().contains("sync --force-delete p/work"), "that collection only")
    XCTAssertTrue(
      FileManager.default.fileExists(atPath: local + "/work/" + ServerSync.emptiedMarker),
      "for our sync to follow")
    XCTAssertEqual(ServerStatus.load(ServerPaths(folder: dir + "/config"))?.ok, true)
    XCTAssertEqual(lines.all, ["the list “work” was emptied on the server: its items are deleted here too"])
  }

  func testAListEmptiedHereIsEmptiedOnTheServerOnlyWhenOurSyncEmptiedIt() throws {
    try folders(["home": 0, "work": 1])
    let lines = Lines()
    let s = try serverKnowing(["home", "work"], there: ["home", "work"], lines: lines)
    s.dataFile = dir + "/todos.plist"
    try phoneRefusing([refusal("home", "p_local")])
    // No record of our sync emptying it (files removed by other means): refused, told.
    guard case .failed(let why) = s.runOnce() else { return XCTFail("carried out") }
    XCTAssertEqual(
      why,
      "the list “home”: its folder here was emptied, but not by deleting its items here; nothing is deleted on the server"
    )
    XCTAssertFalse(calls().contains { $0.contains("--force-delete") })
    XCTAssertEqual(lines.all.filter { $0.contains("offline") }, [])
    // Our sync's status of the folder: empty (the list's last item deleted in the data file).
    try SyncStatus(vdir: local + "/home").save(
      SyncStatus.path(dataFile: dir + "/todos.plist", vdir: local + "/home"))
    XCTAssertNotEqual(s.runOnce(now: { Date() + 3600 }), .failed(""))
    XCTAssertTrue(calls().contains("sync --force-delete p/home"))
    XCTAssertTrue(
      lines.all.contains("the list “home” was emptied here: its items are deleted on the server too"),
      "\(lines.all)")
  }

  func testEveryCalendarEmptiedOnTheServerAtOnceDeletesNothingHere() throws {
    try folders(["home": 1, "work": 2])
    let lines = Lines()
    let s = try serverKnowing(["home", "work"], there: ["home", "work"], lines: lines)
    try phoneRefusing([refusal("home", "p_remote"), refusal("work", "p_remote")])
    guard case .failed(let why) = s.runOnce() else { return XCTFail("carried out") }
    let cause =
      "emptied on the server with every other calendar (a server that lost its data?); nothing is deleted here"
    XCTAssertEqual(why, "the list “home”: \(cause); the list “work”: \(cause)")
    XCTAssertFalse(calls().contains { $0.contains("--force-delete") })
    XCTAssertEqual(lines.all, ["sync with the server failed: \(why); trying again in 5 s, then less often"])
    XCTAssertEqual(
      ServerStatus.load(ServerPaths(folder: dir + "/config"))?.lastError, why, "sync status names it")
  }
}
