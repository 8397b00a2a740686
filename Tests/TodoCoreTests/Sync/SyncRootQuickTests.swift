import Foundation
import XCTest

@testable import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// A root with nothing changed since its last sync (issue 28.4, SyncRootQuick):
/// nothing is read, not the data file, nor a collection's files or metadata;
/// and every kind of change is still seen.
extension SyncListsTests {
  /// Syncs until a sync has nothing to do; fails when none comes within a few.
  func settle(_ s: Store, from offset: TimeInterval) throws {
    for k in 0..<4 {
      let r = try sync(s, at: offset + Double(k))
      if r.lines.isEmpty && r.warnings.isEmpty && !r.wrote { return }
    }
    XCTFail("no sync with nothing to do")
  }

  func quickFile(_ s: Store) throws -> String {
    SyncQuickCheck.path(ofStatus: SyncStatus.path(dataFile: try s.resolvedPath(), vdir: root))
  }

  func testARootWithNothingChangedReadsNoFile() throws {
    try collection("work", name: "Work", color: "#ff0000", items: [("u1", "a"), ("u2", "b")])
    try collection("home", name: "Home", items: [("u3", "c")])
    let s = store()
    try sync(s)
    try settle(s, from: 60)
    try settle(s, from: 120)
    XCTAssertNotNil(SyncRootQuick.load(try quickFile(s)), "a root sync with nothing to do leaves its record")
    // Every file such a sync could read, made unreadable without changing its size, time or inode.
    let dataFile = try s.resolvedPath()
    var scribbled = [dataFile, root + "/work/u1.ics", root + "/work/displayname", root + "/home/displayname"]
    scribbled += ["work", "home"].map { SyncStatus.path(dataFile: dataFile, vdir: root + "/" + $0) }
    for f in scribbled { try scribble(f) }
    let r = try sync(s, at: 300)
    XCTAssertEqual(r.lines, [])
    XCTAssertEqual(r.warnings, [])
    XCTAssertFalse(r.wrote)
    for f in scribbled {
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: f)).first, UInt8(ascii: "#"), f)
    }
  }

  /// A sync that changed only the collections (an edit here) leaves the record
  /// itself: the next, with nothing to do, reads nothing. One that changed the
  /// data file (a change there) leaves none that holds.
  func testASyncThatChangedOnlyTheCollectionsLeavesItsRecord() throws {
    try collection("work", name: "Work", items: [("u1", "a"), ("u2", "b")])
    try collection("home", name: "Home", items: [("u3", "c")])
    let s = store()
    try sync(s)
    try settle(s, from: 60)
    try ics("u4", "d").write(toFile: root + "/home/u4.ics", atomically: true, encoding: .utf8)
    XCTAssertEqual(try sync(s, at: 100).count(.list, .created), 1)
    let dataFile = try s.resolvedPath()
    XCTAssertFalse(SyncRootQuick.load(try quickFile(s))?.holds(root: root, dataFile: dataFile) ?? false)
    try s.mutate { list in
      var i = list.items.values.first { $0.title == "c" }!
      let before = i
      i.title = "c2"
      list.apply(Change(before: [i.id: before], after: [i.id: i], summary: ""))
    }
    XCTAssertEqual(try sync(s, at: 200).count(.vdir, .updated), 1)
    XCTAssertTrue(SyncRootQuick.load(try quickFile(s))?.holds(root: root, dataFile: dataFile) ?? false)
    try scribble(dataFile)
    let r = try sync(s, at: 300)
    XCTAssertEqual(r.lines, [])
    XCTAssertFalse(r.wrote)
  }

  func testARootWithARecordStillSeesEveryChange() throws {
    try collection("work", name: "Work", items: [("u1", "a"), ("u2", "b")])
    try collection("home", name: "Home", items: [("u3", "c")])
    let s = store()
    try sync(s)
    try settle(s, from: 60)
    var t: TimeInterval = 100
    func next() throws -> SyncReport {
      XCTAssertNotNil(SyncRootQuick.load(try quickFile(s)))
      t += 100
      let r = try sync(s, at: t)
      try settle(s, from: t + 10)
      return r
    }
    // A list renamed there (displayname written in place, its folder untouched).
    let name = root + "/home/displayname"
    let fd = open(name, O_WRONLY | O_TRUNC)
    XCTAssertEqual(Array("Household".utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }, 9)
    close(fd)
    _ = try next()
    XCTAssertEqual(try s.load().lists.list(id: "home")?.name, "Household")
    // A file new in a collection.
    try ics("u4", "d").write(toFile: root + "/work/u4.ics", atomically: true, encoding: .utf8)
    XCTAssertEqual(try next().count(.list, .created), 1)
    XCTAssertEqual(try placement(s)["d"], "Work")
    // A file written in place with as many bytes, its time changed.
    let u1 = root + "/work/u1.ics"
    let text = try String(contentsOfFile: u1, encoding: .utf8).replacingOccurrences(
      of: "SUMMARY:a", with: "SUMMARY:z")
    let f1 = open(u1, O_WRONLY)
    XCTAssertEqual(Array(text.utf8).withUnsafeBytes { write(f1, $0.baseAddress, $0.count) }, text.utf8.count)
    close(f1)
    var st = stat()
    stat(u1, &st)
    var times = [st.st_atim, timespec(tv_sec: st.st_mtim.tv_sec + 5, tv_nsec: st.st_mtim.tv_nsec)]
    XCTAssertEqual(utimensat(AT_FDCWD, u1, &times, 0), 0)
    XCTAssertEqual(try next().count(.list, .updated), 1)
    XCTAssertNotNil(try placement(s)["z"])
    // A collection new there.
    try collection("shop", name: "Shopping", items: [("u5", "e")])
    _ = try next()
    XCTAssertEqual(try placement(s)["e"], "Shopping")
    // An item changed here.
    try s.mutate { list in
      var i = list.items.values.first { $0.title == "c" }!
      let before = i
      i.title = "c2"
      list.apply(Change(before: [i.id: before], after: [i.id: i], summary: ""))
    }
    XCTAssertEqual(try next().count(.vdir, .updated), 1)
    XCTAssertTrue(try String(contentsOfFile: root + "/home/u3.ics", encoding: .utf8).contains("SUMMARY:c2"))
    // A file removed there.
    XCTAssertEqual(unlink(root + "/work/u2.ics"), 0)
    XCTAssertEqual(try next().count(.list, .deleted), 1)
    XCTAssertNil(try placement(s)["b"])
  }

  func testARecordIsReadBackAsWritten() {
    var f = VdirFingerprint()
    f.add(name: "a.ics".utf8, FileStamp(size: 3, seconds: 4, nanoseconds: 5, inode: 6))
    let r = SyncRootQuick(
      data: FileStamp(size: 1, seconds: 2, nanoseconds: 3, inode: 4), names: f,
      folders: [.init(name: "my list é", status: .absent, vdir: f, meta: VdirFingerprint())])
    let file = dir + "/record"
    XCTAssertNoThrow(try r.save(file))
    XCTAssertEqual(SyncRootQuick.load(file), r)
    XCTAssertNil(SyncQuickCheck.load(file), "a single folder's reader takes no root's record")
  }
}
