import Foundation
import XCTest

@testable import TodoCore

extension SyncEngineTests {
  /// A sync killed while new items' files were in the staging folder: the next
  /// sync removes the folder, and no file in it is ever taken for an item (a cut
  /// file under an item's name, nor a whole file of an item the list does not have).
  func testALeftoverStagingFolderIsRemovedAndNeverTakenForAnItem() throws {
    let one = item(1, "one")
    try seed(one)
    let staging = vdir + "/" + VdirFolder.Batch.stagingName
    try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
    let cut = TestCodec.encode(one).prefix(5)
    try cut.write(to: URL(fileURLWithPath: staging + "/" + one.icalUID + ".ics"))
    try TestCodec.encode(item(2, "ghost")).write(to: URL(fileURLWithPath: staging + "/ghost.ics"))
    XCTAssertEqual(try VdirFolder(path: vdir).list().files, [:], "a staged file was listed as an item")

    let r = try sync()
    XCTAssertEqual(r.count(.vdir, .created), 1)
    XCTAssertEqual(r.count(.list, .created), 0)
    XCTAssertFalse(FileManager.default.fileExists(atPath: staging), "the staging folder was left")
    XCTAssertEqual(try listItems().keys.sorted(), [one.icalUID])
    XCTAssertEqual(try files().mapValues(\.title), [one.icalUID + ".ics": "one"])
    XCTAssertEqual(try sync().count(.list, .created), 0)
  }

  /// New items' files staged and not committed (a sync failing, or killed, before
  /// they were moved): nothing under an item's name meanwhile, nothing left after.
  func testStagedFilesAreUnderNoItemsNameUntilCommittedAndGoneWhenDiscarded() throws {
    try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
    let folder = VdirFolder(path: vdir)
    let batch = VdirFolder.Batch(folder: folder)
    for k in 0..<3 { try batch.stage(Data("ours \(k)".utf8), as: "f\(k).ics", fresh: true) }
    XCTAssertEqual(try folder.list().files, [:])
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: vdir), [VdirFolder.Batch.stagingName])
    batch.discard()
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: vdir), [])
  }
}

extension SyncEngineTests {
  /// New files made with no name, then named: each whole under its name, a name made
  /// meanwhile kept with its file (ours dropped), fewer at once when descriptors run
  /// out, and no descriptor left open; nothing is ever in the folder but whole files.
  func testUnnamedFilesAreNamedWholeNeverReplacingOneAndFewerAtOnceWhenDescriptorsRunOut() throws {
    try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
    try Data("theirs".utf8).write(to: URL(fileURLWithPath: vdir + "/f7.ics"))
    let d = open(vdir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    defer { close(d) }
    let open0 = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    var low = limit
    low.rlim_cur = rlim_t(open0 + 8)
    XCTAssertEqual(setrlimit(Int32(RLIMIT_NOFILE.rawValue), &low), 0)
    let n = 40
    let made = try VdirFolder.Batch.makeUnnamed(
      n, data: { Data("file \($0)\n".utf8) }, href: { "f\($0).ics" }, in: d, path: vdir)
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    let got = try XCTUnwrap(made, "this file system makes unnamed files")
    for k in 0..<n {
      let text = try String(contentsOfFile: vdir + "/f\(k).ics", encoding: .utf8)
      switch got[k] {
      case .named(let st):
        XCTAssertEqual(text, "file \(k)\n")
        XCTAssertEqual(VdirFolder.etag(st), VdirFolder(path: vdir).currentEtag("f\(k).ics"))
      case .taken: XCTAssertEqual(k, 7)
      case .notNamed: XCTFail("f\(k).ics was not named")
      }
    }
    XCTAssertEqual(try String(contentsOfFile: vdir + "/f7.ics", encoding: .utf8), "theirs")
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: vdir).count, n)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count, open0)
  }
}
