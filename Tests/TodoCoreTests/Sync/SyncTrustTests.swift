import Foundation
import XCTest

@testable import TodoCore

/// What a sync must not lose or bring back when others write meanwhile, when
/// another client renames UIDs, and when another client's file names are long.
extension SyncEngineTests {
  /// A codec that runs `meanwhile` once, the first time the sync renders a
  /// file: after the sync read the data file, before it writes it.
  func codec(meanwhile: @escaping @Sendable () throws -> Void) -> VdirCodec {
    let base = TestCodec.codec(parses)
    let once = ParseCount()
    return VdirCodec(
      parse: base.parse,
      render: { item, now in
        once.bump()
        if once.value == 1 { try! meanwhile() }
        return base.render(item, now)
      })
  }

  func testADeliveryRecordedDuringASyncDoesNotBringBackAnItemDeletedInTheVdir() throws {
    try seed(item(1, "deleted elsewhere", due: -60), item(2, "edited here"))
    _ = try sync()
    let gone = id(1).uuidString + ".ics"
    try FileManager.default.removeItem(atPath: vdir + "/" + gone)
    _ = try store.mutate { list in try list.edit(id(2), title: "edited here again", now: t0 + 10) }
    // The notifier records item 1's delivery while the sync writes item 2's file.
    let store = self.store!
    let due = t0 - 60
    let one = id(1)
    let r = try VdirSync(
      store: store, vdirPath: vdir,
      codec: codec(meanwhile: {
        _ = try store.mutate { $0.markDelivered(one, kind: .deadline, fireDate: due) }
      }),
      env: .fixed(t0 + 20)
    ).run()
    XCTAssertEqual(r.warnings, [])
    XCTAssertNil(try listItems()[id(1).uuidString], "deleted in the vdir, so deleted here")
    _ = try sync(at: 30)
    XCTAssertNil(try files()[gone], "not made again in the vdir")
    XCTAssertNil(try listItems()[id(1).uuidString])
    XCTAssertEqual(try listItems()[id(2).uuidString]?.title, "edited here again")
  }

  func testAUserEditDuringASyncStillKeepsAnItemDeletedInTheVdir() throws {
    try seed(item(1, "deleted elsewhere"), item(2, "edited here"))
    _ = try sync()
    try FileManager.default.removeItem(atPath: vdir + "/" + id(1).uuidString + ".ics")
    _ = try store.mutate { list in try list.edit(id(2), title: "edited here again", now: t0 + 10) }
    let store = self.store!
    let one = id(1)
    let at = t0 + 15
    let r = try VdirSync(
      store: store, vdirPath: vdir,
      codec: codec(meanwhile: {
        _ = try store.mutate { try $0.edit(one, title: "renamed meanwhile", now: at) }
      }),
      env: .fixed(t0 + 20)
    ).run()
    XCTAssertEqual(r.warnings, ["1 items changed during the sync were kept"])
    XCTAssertEqual(try listItems()[id(1).uuidString]?.title, "renamed meanwhile")
  }

  func testAUIDWhoseCaseChangedInTheVdirKeepsTheItemsLocalFields() throws {
    let uuid = UUID(uuidString: "DEADBEEF-0000-4000-8000-00000000ABCD")!
    var a = item(1, "pay rent", due: 3600)
    a.id = uuid
    a.reminder = t0 + 1800
    a.notifiedDeadline = t0 - 7200
    a.otherKeys = ["colour": "<string>red</string>"]
    try seed(a)
    _ = try sync()
    // Another client writes the file again with the UID in lower case (and a new title).
    let name = uuid.uuidString + ".ics"
    var v = try files()[name]!
    v.uid = uuid.uuidString.lowercased()
    v.title = "pay the rent"
    v.modified = t0 + 50
    try FileManager.default.removeItem(atPath: vdir + "/" + name)
    try writeFile("renamed.ics", v)
    let r = try sync(at: 60)
    XCTAssertEqual(r.lines.map { "\($0.side) \($0.kind)" }, ["list updated"])
    let l = try store.load().items
    XCTAssertEqual(l.count, 1)
    XCTAssertEqual(l.first?.id, uuid)
    XCTAssertEqual(l.first?.title, "pay the rent")
    XCTAssertEqual(l.first?.icalUID, uuid.uuidString.lowercased())
    XCTAssertEqual(l.first?.reminder, t0 + 1800, "the pending reminder stays")
    XCTAssertEqual(l.first?.notifiedDeadline, t0 - 7200)
    XCTAssertEqual(l.first?.otherKeys, ["colour": "<string>red</string>"])
    XCTAssertEqual(Array(try files().keys), ["renamed.ics"])
    XCTAssertFalse(try sync(at: 70).wrote)
  }

  func testAFileWithA250ByteNameIsWrittenBack() throws {
    try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
    let name = String(repeating: "n", count: 246) + ".ics"
    XCTAssertEqual(name.utf8.count, 250)
    try writeFile(name, item(1, "made elsewhere"))
    _ = try sync()
    _ = try store.mutate { list in try list.edit(id(1), title: "changed here", now: t0 + 10) }
    let r = try sync(at: 20)
    XCTAssertEqual(r.lines.map { "\($0.side) \($0.kind)" }, ["vdir updated"])
    XCTAssertEqual(try files()[name]?.title, "changed here")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: vdir), [name], "no temporary left")
  }
}
