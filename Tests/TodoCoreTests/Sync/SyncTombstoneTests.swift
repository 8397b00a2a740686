import Foundation
import XCTest

@testable import TodoCore

/// An item deleted here that comes back into the vdir (issue 34's soak): our upload reached
/// the server, its answer was lost, and vdirsyncer, with no record of it, brought the
/// server's copy back once our sync had removed the file (``SyncTombstones``).
extension SyncEngineTests {
  func name(_ n: Int) -> String { id(n).uuidString + ".ics" }

  /// Items 1 ("a") and 2 ("b") synced; item 1 deleted here and its file removed by a sync
  /// at 10 s; answers the bytes of item 1's file as the first sync wrote them.
  func deletedHere() throws -> Data {
    try seed(item(1, "a"), item(2, "b"))
    _ = try sync()
    let bytes = try Data(contentsOf: URL(fileURLWithPath: vdir + "/" + name(1)))
    try store.mutate { list in _ = try list.delete([id(1)]) }
    let r = try sync(at: 10)
    XCTAssertEqual(r.lines.map { "\($0.side) \($0.kind) \($0.title)" }, ["vdir deleted a"])
    XCTAssertNil(try files()[name(1)])
    return bytes
  }

  func lines(_ r: SyncReport) -> [String] { r.lines.map { "\($0.side) \($0.kind) \($0.title)" } }

  func testAnItemDeletedHereThatComesBackAsWeWroteItIsDeletedAgain() throws {
    let echo = try deletedHere()
    try echo.write(to: URL(fileURLWithPath: vdir + "/" + name(1)))  // vdirsyncer's download
    let r = try sync(at: 20)
    XCTAssertEqual(lines(r), ["vdir deleted a"])
    XCTAssertEqual(Set(try listItems().values.map(\.title)), ["b"])
    XCTAssertEqual(Set(try files().values.map(\.title)), ["b"])
    XCTAssertFalse(try sync(at: 30).wrote)
  }

  func testAnOlderCopyOfOursThatComesBackIsDeletedAgain() throws {
    try seed(item(1, "a"), item(2, "b"))
    _ = try sync()
    let first = try Data(contentsOf: URL(fileURLWithPath: vdir + "/" + name(1)))
    try store.mutate { list in _ = try list.edit(id(1), title: "a2", now: t0 + 5) }
    XCTAssertEqual(lines(try sync(at: 6)), ["vdir updated a2"])
    try store.mutate { list in _ = try list.delete([id(1)]) }
    XCTAssertEqual(lines(try sync(at: 10)), ["vdir deleted a2"])
    // The server holds the first upload only (the edit's upload never got through).
    try first.write(to: URL(fileURLWithPath: vdir + "/" + name(1)))
    XCTAssertEqual(lines(try sync(at: 20)), ["vdir deleted a"])
    XCTAssertEqual(Set(try listItems().values.map(\.title)), ["b"])
    XCTAssertEqual(Set(try files().values.map(\.title)), ["b"])
  }

  func testAnItemDeletedHereThatComesBackChangedElsewhereIsKeptAndTold() throws {
    _ = try deletedHere()
    var edited = item(1, "a on the phone", modified: 15)
    edited.sequence = 1
    try writeFile(name(1), edited)
    let r = try sync(at: 20)
    XCTAssertEqual(lines(r), ["list kept a on the phone"])
    XCTAssertEqual(Set(try listItems().values.map(\.title)), ["a on the phone", "b"])
    XCTAssertEqual(Set(try files().values.map(\.title)), ["a on the phone", "b"])
    // Its tombstone went with it: deleted here again later, it is deleted there.
    try store.mutate { list in _ = try list.delete([id(1)]) }
    XCTAssertEqual(lines(try sync(at: 30)), ["vdir deleted a on the phone"])
  }

  func testADeletionSurvivesAKillBeforeTheStatusWasSaved() throws {
    try seed(item(1, "a"), item(2, "b"))
    _ = try sync()
    let statusFile = try VdirSync(
      store: store, vdirPath: vdir, codec: TestCodec.codec(parses), env: .fixed(t0)
    )
    .statusPath()
    let status = try Data(contentsOf: URL(fileURLWithPath: statusFile))
    let echo = try Data(contentsOf: URL(fileURLWithPath: vdir + "/" + name(1)))
    try store.mutate { list in _ = try list.delete([id(1)]) }
    _ = try sync(at: 10)
    // Killed once the file was removed, before the status was saved: the old status is there.
    try status.write(to: URL(fileURLWithPath: statusFile))
    _ = try sync(at: 15)  // gone on both sides: its entry dropped
    try echo.write(to: URL(fileURLWithPath: vdir + "/" + name(1)))
    XCTAssertEqual(lines(try sync(at: 20)), ["vdir deleted a"])
    XCTAssertEqual(Set(try listItems().values.map(\.title)), ["b"])
  }

  func testADeletionIsRememberedThirtyDays() throws {
    let echo = try deletedHere()
    try echo.write(to: URL(fileURLWithPath: vdir + "/" + name(1)))
    XCTAssertEqual(lines(try sync(at: 31 * 86_400)), ["list created a"])
    XCTAssertEqual(Set(try listItems().values.map(\.title)), ["a", "b"])
  }
}

extension SyncListsTests {
  /// Moved here to another list (its file removed from the first folder), then moved back
  /// unchanged on the phone: the data file holds it, so it is no echo of a deletion of ours.
  func testAnItemMovedHereAndBackOnThePhoneIsNotTakenForADeletionOfOurs() throws {
    try collection("a-home", name: "Home", items: [("h1", "Paint")])
    try collection("b-work", name: "Work")
    let a = store("a")
    try sync(a)
    let id = try XCTUnwrap(try a.load().items.first?.id)
    try a.commit(
      .edit(id, changes: [.set("list", text: try a.load().lists.field(for: "b-work"))]), env: .fixed(t0))
    try sync(a, at: 10)
    XCTAssertEqual(files("a-home"), [])
    let data = try Data(contentsOf: URL(fileURLWithPath: root + "/b-work/h1.ics"))
    try FileManager.default.removeItem(atPath: root + "/b-work/h1.ics")
    try data.write(to: URL(fileURLWithPath: root + "/a-home/h1.ics"))
    try sync(a, at: 20)
    let doc = try a.load()
    XCTAssertEqual(doc.items.count, 1, "none lost")
    XCTAssertEqual(doc.items.first.map { doc.lists.listID(of: $0) }, "a-home")
    XCTAssertEqual(files("a-home"), ["h1.ics"])
    XCTAssertEqual(files("b-work"), [])
  }
}

final class SyncTombstonesFileTests: XCTestCase {
  func testTheFileReadsBackWhatWasSavedAndABadLineIsLeftOut() throws {
    let file = NSTemporaryDirectory() + "tombs-\(UUID().uuidString)"
    defer { unlink(file) }
    var item = TodoItem(
      id: UUID(), title: "tab\there, a line\nand \\ too",
      deadline: Date(timeIntervalSince1970: 1_795_000_000),
      created: Date(timeIntervalSince1970: 1_794_000_000),
      modified: Date(timeIntervalSince1970: 1_794_500_000))
    item.sequence = 3
    var tombs = SyncTombstones()
    tombs.items["a@x"] = SyncTombstone(deleted: Date(timeIntervalSince1970: 1_795_000_100), item: item)
    tombs.items["b@x"] = SyncTombstone(
      deleted: Date(timeIntervalSince1970: 1_795_000_200), modified: nil, sequence: nil,
      base: SyncFields(title: "b"))
    try tombs.save(file)
    XCTAssertEqual(SyncTombstones.load(file), tombs)
    // A line cut short (a disk fault, an edit by hand) is left out; the others stay.
    let text = try String(contentsOfFile: file, encoding: .utf8) + "c@x\t12\n"
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    XCTAssertEqual(SyncTombstones.load(file), tombs)
    // None left: the file goes.
    try SyncTombstones().save(file)
    XCTAssertFalse(FileManager.default.fileExists(atPath: file))
  }
}
