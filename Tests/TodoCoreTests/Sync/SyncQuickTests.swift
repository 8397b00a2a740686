import Foundation
import XCTest

@testable import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// A sync costs what its work is (issue 28.4): with nothing to do it reads no
/// file whose size and time are unchanged, and writes nothing.
/// Overwrites `path` in place with as many other bytes and puts its modification time back:
/// the same size, time and inode, so only a reader of the bytes can tell.
func scribble(_ path: String) throws {
  var st = stat()
  XCTAssertEqual(stat(path, &st), 0)
  let fd = open(path, O_WRONLY)
  XCTAssertGreaterThanOrEqual(fd, 0)
  let junk = [UInt8](repeating: UInt8(ascii: "#"), count: Int(st.st_size))
  XCTAssertEqual(junk.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }, junk.count)
  close(fd)
  var times = [st.st_atim, st.st_mtim]
  XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
}

extension SyncEngineTests {
  func statusFile() throws -> String {
    try VdirSync(store: store, vdirPath: vdir, codec: TestCodec.codec(parses), env: .fixed(t0)).statusPath()
  }

  func testASyncWithNothingToDoReadsNoFileWhoseSizeAndTimeAreUnchanged() throws {
    try seed(item(1, "a"), item(2, "b"), item(3, "c"))
    _ = try sync()
    let before = try snapshot()
    // Every file a sync could read, made unreadable without changing its size, time or inode.
    let status = try statusFile()
    for f in [store.path, status, vdir + "/" + (try files().keys.sorted()[0])] { try scribble(f) }
    parses.reset()
    let r = try sync(at: 60)
    XCTAssertEqual(r.lines, [])
    XCTAssertEqual(r.warnings, [])
    XCTAssertFalse(r.wrote)
    XCTAssertEqual(parses.value, 0)
    XCTAssertEqual(try snapshot(), before, "a sync with nothing to do touched a file")
  }

  func testAFileWhoseSizeOrTimeChangedIsRead() throws {
    try seed(item(1, "abc"), item(2, "b"))
    _ = try sync()
    // Written in place with as many bytes: only the time tells.
    let name = try files().first { $0.value.title == "abc" }!.key
    let path = vdir + "/" + name
    var st = stat()
    stat(path, &st)
    let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    let fd = open(path, O_WRONLY)
    let bytes = Array(text.replacingOccurrences(of: "\"abc\"", with: "\"xyz\"").utf8)
    XCTAssertEqual(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }, bytes.count)
    close(fd)
    var times = [st.st_atim, timespec(tv_sec: st.st_mtim.tv_sec + 1, tv_nsec: st.st_mtim.tv_nsec)]
    XCTAssertEqual(utimensat(AT_FDCWD, path, &times, 0), 0)
    parses.reset()
    let r = try sync(at: 60)
    XCTAssertEqual(parses.value, 1)
    XCTAssertEqual(r.count(.list, .updated), 1)
    XCTAssertEqual(try listItems()[id(1).uuidString]?.title, "xyz")
    // The data file changed here: read, and the change reaches the vdir.
    try store.mutate { list in
      var i = list.items[id(2)]!
      let before = i
      i.title = "b2"
      list.apply(Change(before: [i.id: before], after: [i.id: i], summary: ""))
    }
    parses.reset()
    let r2 = try sync(at: 120)
    XCTAssertEqual(r2.count(.vdir, .updated), 1)
    XCTAssertEqual(parses.value, 0)
    XCTAssertFalse(try sync(at: 180).wrote)
  }

  /// A file that holds no to-do (an event of a calendar that holds both) is
  /// left alone, and not read again while it is unchanged.
  func testAFileWithoutAToDoIsNotReadAgain() throws {
    try seed(item(1, "a"))
    let base = TestCodec.codec(parses)
    let codec = VdirCodec(
      parse: { data, path in data.starts(with: Array("EVENT".utf8)) ? [] : try base.parse(data, path) },
      render: base.render)
    func run(_ at: TimeInterval) throws -> SyncReport {
      try VdirSync(store: store, vdirPath: vdir, codec: codec, env: .fixed(t0 + at)).run()
    }
    _ = try run(0)
    try Data("EVENT of a calendar".utf8).write(to: URL(fileURLWithPath: vdir + "/event.ics"))
    parses.reset()
    XCTAssertEqual(try run(60).lines, [])
    XCTAssertEqual(parses.value, 0, "a file without a to-do is not a to-do: nothing parsed")
    let before = try snapshot()
    try scribble(vdir + "/event.ics")
    let r = try run(120)
    XCTAssertFalse(r.wrote)
    XCTAssertEqual(r.warnings, [])
    XCTAssertEqual(try snapshot(), before)
    XCTAssertEqual(try String(contentsOfFile: vdir + "/event.ics", encoding: .utf8).first, "#")
  }

  /// The data file changed by another writer after the sync read it: the
  /// next sync must not take it for the file the sync left.
  func testAChangeMadeHereWhileASyncRanIsSyncedNext() throws {
    for vdirSideToo in [false, true] {
      try tearDownWithError()
      try setUpWithError()
      try seed(item(1, "a"), item(2, "b"))
      if vdirSideToo {
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        try writeFile("phone.ics", item(3, "from the phone"))
      }
      let s = VdirSync(store: store, vdirPath: vdir, codec: TestCodec.codec(parses), env: .fixed(t0))
      s.afterLoad = { [store] in
        try? store!.mutate { list in
          var i = list.items[self.id(1)]!
          let before = i
          i.title = "a, meanwhile"
          i.modified = self.t0 + 30
          list.apply(Change(before: [i.id: before], after: [i.id: i], summary: ""))
        }
      }
      _ = try s.run()
      let r = try sync(at: 60)
      XCTAssertEqual(r.count(.vdir, .updated), 1, "vdir side too: \(vdirSideToo)")
      XCTAssertEqual(try files().values.first { $0.id == id(1) }?.title, "a, meanwhile")
      XCTAssertFalse(try sync(at: 120).wrote)
    }
  }

  func testTheQuickRecordReadsBackAndAnEtagNamesItsStamp() throws {
    var f = VdirFingerprint()
    f.add(name: "a.ics".utf8, FileStamp(size: 3, seconds: 4, nanoseconds: 5, inode: 6))
    let q = SyncQuickCheck(
      status: .absent, data: FileStamp(size: 1, seconds: 2, nanoseconds: 3, inode: 4), vdir: f)
    XCTAssertEqual(SyncQuickCheck.load(dir + "/none"), nil)
    try q.save(dir + "/q")
    XCTAssertEqual(SyncQuickCheck.load(dir + "/q"), q)
    var st = stat()
    stat(dir + "/q", &st)
    XCTAssertEqual(FileStamp(etag: VdirFolder.etag(st)), FileStamp(st))
    XCTAssertNil(FileStamp(etag: "12;34;56"))
    // Order does not count; a name, a size, a time or an inode does.
    var g = VdirFingerprint()
    g.add(name: "b.ics".utf8, FileStamp(size: 3, seconds: 4, nanoseconds: 5, inode: 6))
    g.add(name: "a.ics".utf8, FileStamp(size: 3, seconds: 4, nanoseconds: 5, inode: 6))
    f.add(name: "b.ics".utf8, FileStamp(size: 3, seconds: 4, nanoseconds: 5, inode: 6))
    XCTAssertEqual(f, g)
    for other in [
      FileStamp(size: 4, seconds: 4, nanoseconds: 5, inode: 6),
      FileStamp(size: 3, seconds: 4, nanoseconds: 6, inode: 6),
      FileStamp(size: 3, seconds: 4, nanoseconds: 5, inode: 7),
    ] {
      var h = VdirFingerprint()
      h.add(name: "b.ics".utf8, other)
      h.add(name: "a.ics".utf8, FileStamp(size: 3, seconds: 4, nanoseconds: 5, inode: 6))
      XCTAssertNotEqual(h, g)
    }
  }
}

extension SyncEngineTests {
  /// A new item's file is put in place only if no file of that name appeared
  /// meanwhile (checked and renamed in one step); its etag is the one it was written with.
  func testANewFileNeverReplacesOneMadeMeanwhile() throws {
    try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
    let folder = VdirFolder(path: vdir)
    let batch = VdirFolder.Batch(folder: folder)
    try batch.stage(Data("ours a".utf8), as: "a.ics", fresh: true)
    try batch.stage(Data("ours b".utf8), as: "b.ics", fresh: true)
    try Data("theirs".utf8).write(to: URL(fileURLWithPath: vdir + "/a.ics"))
    var asked: [String] = []
    let placed = try batch.commit(stillExpected: {
      asked.append($0); return true
    })
    XCTAssertEqual(Array(placed.keys), ["b.ics"])
    XCTAssertEqual(placed["b.ics"], folder.currentEtag("b.ics"))
    XCTAssertEqual(asked, [], "a new file needs no look before it is renamed")
    XCTAssertEqual(try String(contentsOfFile: vdir + "/a.ics", encoding: .utf8), "theirs")
    XCTAssertEqual(try String(contentsOfFile: vdir + "/b.ics", encoding: .utf8), "ours b")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: vdir).sorted(), ["a.ics", "b.ics"])
  }
}

extension SyncEngineTests {
  /// More new files than are kept open at once: the first run is named while the
  /// rest are written, and a name made meanwhile is still never replaced; no
  /// temporary file is left, and each etag is the file's.
  func testManyNewFilesAreNamedInRunsAndNeverReplaceOneMadeMeanwhile() throws {
    try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
    let folder = VdirFolder(path: vdir)
    let batch = VdirFolder.Batch(folder: folder)
    let n = VdirFolder.Batch.stagedRun + 3
    for k in 0..<n {
      try batch.stage(Data("ours \(k)".utf8), as: "f\(k).ics", fresh: true)
      if k == 0 { try Data("theirs".utf8).write(to: URL(fileURLWithPath: vdir + "/f1.ics")) }
    }
    let placed = try batch.commit(stillExpected: { _ in true })
    XCTAssertEqual(placed.count, n - 1)
    XCTAssertNil(placed["f1.ics"])
    XCTAssertEqual(try String(contentsOfFile: vdir + "/f1.ics", encoding: .utf8), "theirs")
    for k in [0, 2, n - 1] {
      XCTAssertEqual(try String(contentsOfFile: vdir + "/f\(k).ics", encoding: .utf8), "ours \(k)")
      XCTAssertEqual(placed["f\(k).ics"], folder.currentEtag("f\(k).ics"))
    }
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: vdir).count, n)
  }

  func testAFileNameIsTheUIDWhenItIsSafeAndEscapedOtherwise() {
    let cases = [
      ("0000145D-6CAB-40B2-9B9E-C2D2C655F3DC", "0000145D-6CAB-40B2-9B9E-C2D2C655F3DC.ics"),
      ("phone+1@example.com", "phone+1@example.com.ics"), ("a.b_c", "a.b_c.ics"),
      (".hidden", "%2Ehidden.ics"),
      ("odd/uid with space", "odd%2Fuid%20with%20space.ics"), ("é", "%C3%A9.ics"), ("", "item.ics"),
    ]
    for (uid, name) in cases {
      XCTAssertEqual(VdirFolder.href(forUID: uid, taken: { _ in false }), name, uid)
    }
    XCTAssertEqual(VdirFolder.href(forUID: "a", taken: { $0 == "a.ics" }), "a-2.ics")
  }
}

extension SyncEngineTests {
  /// A first sync of many items (more than are made in line): each file is made
  /// a run ahead on another thread and named in order; each holds its own item,
  /// a file made meanwhile under one of the names is kept, and no descriptor is
  /// left open.
  func testManyItemsAreMadeAheadEachInItsOwnFile() throws {
    let n = VdirRender.minimumAhead * 3 + 17
    let items = try seedMany(n)
    func openFiles() throws -> Int {
      try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    }
    let open0 = try openFiles()
    let theirs = items[n - 5].icalUID + ".ics"
    let s = VdirSync(store: store, vdirPath: vdir, codec: TestCodec.codec(parses), env: .fixed(t0))
    s.afterLoad = { try? Data("theirs".utf8).write(to: URL(fileURLWithPath: self.vdir + "/" + theirs)) }
    let r = try s.run()
    XCTAssertEqual(r.count(.vdir, .created), n)
    XCTAssertEqual(r.warnings, ["\(theirs) changed during the sync; it is synced next time"])
    XCTAssertEqual(try String(contentsOfFile: vdir + "/" + theirs, encoding: .utf8), "theirs")
    let names = try FileManager.default.contentsOfDirectory(atPath: vdir)
    XCTAssertEqual(names.count, n)
    for name in names where name != theirs {
      let got = try TestCodec.decode(Data(contentsOf: URL(fileURLWithPath: vdir + "/" + name)))
      XCTAssertEqual(name, got.icalUID + ".ics")
      XCTAssertEqual(got.title, "item \(Int(got.icalUID.suffix(12), radix: 16)!)")
    }
    XCTAssertEqual(try openFiles(), open0, "a descriptor was left open")
  }
}
