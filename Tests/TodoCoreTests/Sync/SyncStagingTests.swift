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
