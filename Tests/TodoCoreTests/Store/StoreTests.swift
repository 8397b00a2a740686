import Foundation
import XCTest

@testable import TodoCore

final class StoreTests: XCTestCase {
  var dir: String!

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "todo-store-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: dir)
  }

  /// The folder of the store's fixture files.
  static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Fixtures")

  static func fixture(_ name: String) -> Data {
    try! Data(contentsOf: fixtures.appendingPathComponent(name))
  }

  /// The names of the fixture property lists.
  static func fixtureNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasSuffix(".plist") }
  }

  static func sample() -> [TodoItem] {
    let t0 = Date(timeIntervalSince1970: 1_795_000_000)
    return [
      TodoItem(
        id: UUID(uuidString: "6F9619FF-8B86-D011-B42D-00CF4FC964FF")!, title: "Pay rent & <deposit> > 0",
        deadline: t0.addingTimeInterval(3600), created: t0),
      TodoItem(
        id: UUID(uuidString: "0E984725-C51C-4BF4-9960-E1C80E27ABA0")!, title: "Zoë — 生日快乐 🎂 \"q\" 'a'",
        deadline: t0.addingTimeInterval(-60), created: t0.addingTimeInterval(-7200),
        completed: t0, reminder: t0.addingTimeInterval(1800), notifiedDeadline: t0.addingTimeInterval(-60),
        notifiedReminder: nil),
      TodoItem(
        id: UUID(uuidString: "A1B2C3D4-0000-4000-8000-000000000001")!, title: "  spaces  kept  ",
        deadline: Date(timeIntervalSince1970: -86_400 * 365), created: t0, reminder: t0,
        notifiedReminder: t0),
    ]
  }

  func write(_ name: String, _ data: Data) -> String {
    let p = dir + "/" + name
    XCTAssertTrue(FileManager.default.createFile(atPath: p, contents: data))
    return p
  }

  // MARK: - Round trips

  func testRoundTripReadsBackEqual() throws {
    let store = Store(path: dir + "/sub/folder/todos.plist")
    try store.withLock { try store.write(Self.sample()) }
    let doc = try store.load()
    XCTAssertEqual(doc.formatVersion, TodoDocument.currentVersion)
    XCTAssertEqual(doc.items.sorted(by: TodoItem.byDeadline), Self.sample().sorted(by: TodoItem.byDeadline))
    XCTAssertEqual(doc.warnings, [])
  }

  func testLeanEncodingReadsBackEqualThroughFoundation() throws {
    let data = Data(PlistCodec.encode(Self.sample()))
    let viaFoundation = try PlistCodec.decodeWithFoundation(data)
    XCTAssertEqual(viaFoundation.items, Self.sample().sorted(by: TodoItem.byDeadline))
    XCTAssertEqual(viaFoundation.formatVersion, 1)
  }

  func testFoundationEncodingReadsBackEqualThroughLeanReader() throws {
    let data = try PlistCodec.encodeWithFoundation(Self.sample())
    let lean = try XCTUnwrap(
      try LeanPlistReader.read(data, tolerant: false), "the lean reader reads Foundation's XML")
    XCTAssertEqual(lean.items, Self.sample().sorted(by: TodoItem.byDeadline))
  }

  func testFileModesAndFolders() throws {
    let path = dir + "/new/deeper/todos.plist"
    let store = Store(path: path)
    try store.mutate { list in
      try list.add(
        title: "x", deadline: Date(timeIntervalSince1970: 1_900_000_000),
        env: .fixed(Date(timeIntervalSince1970: 1_795_000_000)))
    }
    func mode(_ p: String) throws -> Int {
      (try FileManager.default.attributesOfItem(atPath: p)[.posixPermissions] as! NSNumber).intValue
    }
    XCTAssertEqual(try mode(path), 0o600)
    XCTAssertEqual(try mode(path + ".lock"), 0o600)
    XCTAssertEqual(try mode(dir + "/new/deeper"), 0o700)
    XCTAssertEqual(try mode(dir + "/new"), 0o700)
  }

  func testStoredInstantsAreWholeSeconds() throws {
    let store = Store(path: dir + "/todos.plist")
    let env = TodoEnvironment.fixed(Date(timeIntervalSince1970: 1_795_000_000.9))
    try store.mutate { list in
      try list.add(title: "a", deadline: Date(timeIntervalSince1970: 1_795_100_000.5), env: env)
    }
    let item = try XCTUnwrap(try store.load().items.first)
    XCTAssertEqual(item.deadline?.timeIntervalSince1970, 1_795_100_000)
    XCTAssertEqual(item.created.timeIntervalSince1970, 1_795_000_000)
  }

  // MARK: - The tutorial's export

  func testTutorialExportXMLOpensAndImports() throws {
    try checkTutorial(Self.fixture("tutorial-export.xml.plist"))
  }

  func testTutorialExportBinaryOpensAndImports() throws {
    try checkTutorial(Self.fixture("tutorial-export.binary.plist"))
  }

  func checkTutorial(_ data: Data) throws {
    let path = write("todos.plist", data)
    let store = Store(path: path)
    let doc = try store.load()
    XCTAssertEqual(doc.formatVersion, 0, "the tutorial's layout has no version")
    XCTAssertEqual(doc.items.count, 3)
    let byTitle = Dictionary(uniqueKeysWithValues: doc.items.map { ($0.title, $0) })
    let rent = try XCTUnwrap(byTitle["Pay rent & <deposit>"], "\(byTitle.keys)")
    XCTAssertEqual(rent.id.uuidString, "6F9619FF-8B86-D011-B42D-00CF4FC964FF")
    XCTAssertEqual(
      rent.deadline?.timeIntervalSince1970, 1_795_424_400, "2026-11-23T09:00:00Z, fraction dropped")
    XCTAssertNotNil(byTitle["Zoë's birthday — 生日快乐 🎂"])
    XCTAssertNotNil(byTitle["Müller: \"quotes\" & 'apostrophes' > less"])
    // It opens as the data file: a change upgrades it to our version, keeping every item.
    try store.mutate { list in try list.complete([rent.id], now: Date(timeIntervalSince1970: 1_795_000_000)) }
    let after = try store.load()
    XCTAssertEqual(after.formatVersion, 1)
    XCTAssertEqual(Set(after.items.map(\.title)), Set(doc.items.map(\.title)))
    // And it imports into another list.
    let imported = try ImportFormats.decode(data)
    var list = TodoList()
    list.merge(imported.items)
    XCTAssertEqual(list.count, 3)
  }

  // MARK: - Bad files: an error that names the file, and the file untouched

  func assertCorrupt(_ data: Data, _ fragment: String, file: StaticString = #filePath, line: UInt = #line)
    throws
  {
    let path = write("todos.plist", data)
    let store = Store(path: path)
    XCTAssertThrowsError(try store.load(), file: file, line: line) { e in
      guard case .corruptFile(let p, let detail) = e as? TodoError else {
        return XCTFail("not a corrupt-file error: \(e)", file: file, line: line)
      }
      XCTAssertEqual(p, path, file: file, line: line)
      XCTAssertTrue(detail.contains(fragment), "[\(detail)] lacks [\(fragment)]", file: file, line: line)
      XCTAssertTrue("\(e)".contains(path), file: file, line: line)
    }
    XCTAssertThrowsError(try store.mutate { list in try list.delete([]) }, file: file, line: line)
    XCTAssertEqual(
      FileManager.default.contents(atPath: path), data, "never overwritten", file: file, line: line)
  }

  func testEmptyFile() throws { try assertCorrupt(Data(), "empty") }

  func testTruncatedFile() throws {
    let full = PlistCodec.encode(Self.sample())
    for cut in [10, full.count / 3, full.count / 2, full.count - 12] {
      try assertCorrupt(Data(full.prefix(cut)), "property list parser")
    }
  }

  func testGarbage() throws {
    try assertCorrupt(Data("this is not a plist\n".utf8), "property list parser")
    try assertCorrupt(
      Data([0x3C, 0x3F] + (0..<4096).map { _ in UInt8.random(in: 0...255) }), "property list parser")
  }

  func testWrongTypes() throws {
    func plist(_ body: String) -> Data {
      Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\">\(body)</plist>".utf8)
    }
    try assertCorrupt(plist("<array><string>x</string></array>"), "not a dictionary")
    try assertCorrupt(plist("<dict><key>todoItems</key><array/></dict>"), "todoItems is a array")
    try assertCorrupt(
      plist("<dict><key>formatVersion</key><string>1</string><key>todoItems</key><dict/></dict>"),
      "formatVersion")
    let u = "6F9619FF-8B86-D011-B42D-00CF4FC964FF"
    try assertCorrupt(
      plist(
        "<dict><key>todoItems</key><dict><key>\(u)</key><dict><key>UUID</key><string>\(u)</string><key>title</key><string>t</string><key>deadline</key><string>tomorrow</string></dict></dict></dict>"
      ),
      "'deadline' has the wrong type")
    try assertCorrupt(
      plist(
        "<dict><key>todoItems</key><dict><key>\(u)</key><dict><key>UUID</key><string>\(u)</string><key>deadline</key><date>2026-01-01T00:00:00Z</date></dict></dict></dict>"
      ),
      "no title")
    try assertCorrupt(
      plist(
        "<dict><key>todoItems</key><dict><key>\(u)</key><dict><key>UUID</key><string>0E984725-C51C-4BF4-9960-E1C80E27ABA0</string><key>title</key><string>t</string><key>deadline</key><date>2026-01-01T00:00:00Z</date></dict></dict></dict>"
      ),
      "differs from its UUID")
    try assertCorrupt(
      plist(
        "<dict><key>todoItems</key><dict><key>nope</key><dict><key>UUID</key><string>nope</string><key>title</key><string>t</string><key>deadline</key><date>2026-01-01T00:00:00Z</date></dict></dict></dict>"
      ),
      "not a UUID")
  }

  func testNewerVersionOpensReadOnly() throws {
    var text = String(decoding: PlistCodec.encode(Self.sample()), as: UTF8.self)
    text = text.replacingOccurrences(of: "<integer>1</integer>", with: "<integer>7</integer>")
    let data = Data(text.utf8)
    let path = write("todos.plist", data)
    let store = Store(path: path)
    let doc = try store.load()
    XCTAssertEqual(doc.formatVersion, 7)
    XCTAssertEqual(doc.items.count, 3, "it can still be read")
    XCTAssertThrowsError(try store.mutate { list in try list.delete([Self.sample()[0].id]) }) { e in
      XCTAssertEqual(e as? TodoError, .newerFormat(path: path, version: 7, known: 1))
      XCTAssertTrue("\(e)".contains("read-only"))
    }
    XCTAssertEqual(FileManager.default.contents(atPath: path), data)
  }

  func testMissingFileIsAnEmptyList() throws {
    XCTAssertEqual(try Store(path: dir + "/none.plist").load().items, [])
  }

  func testDirectoryAndDanglingSymlink() throws {
    try FileManager.default.createDirectory(atPath: dir + "/adir", withIntermediateDirectories: true)
    XCTAssertThrowsError(try Store(path: dir + "/adir").load()) { e in
      XCTAssertTrue("\(e)".contains("is a directory"), "\(e)")
    }
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/link", withDestinationPath: dir + "/missing/x.plist")
    XCTAssertThrowsError(try Store(path: dir + "/link").load()) { e in
      XCTAssertTrue("\(e)".contains("missing file"), "\(e)")
    }
  }

  func testSymlinkedFileIsWrittenThrough() throws {
    let real = dir + "/real.plist"
    let store = Store(path: real)
    try store.withLock { try store.write(Self.sample()) }
    try FileManager.default.createSymbolicLink(atPath: dir + "/link.plist", withDestinationPath: real)
    let viaLink = Store(path: dir + "/link.plist")
    try viaLink.mutate { list in try list.delete([Self.sample()[0].id]) }
    XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.plist"), real)
    XCTAssertEqual(try store.load().items.count, 2)
  }

  func testStrayTemporariesAreCleanedUnderTheLock() throws {
    let store = Store(path: dir + "/todos.plist")
    let stray = dir + "/.todos.plist.tmp-123-456"
    XCTAssertTrue(FileManager.default.createFile(atPath: stray, contents: Data("half".utf8)))
    try store.mutate { list in
      try list.add(
        title: "x", deadline: Date(timeIntervalSince1970: 1_900_000_000),
        env: .fixed(Date(timeIntervalSince1970: 1_795_000_000)))
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: stray))
    let names = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    XCTAssertEqual(names, ["todos.plist", "todos.plist.badge", "todos.plist.lock"])  // the badge index: BadgeIndex
  }

  func testAFailedChangeWritesNothing() throws {
    let store = Store(path: dir + "/todos.plist")
    try store.withLock { try store.write(Self.sample()) }
    let before = FileManager.default.contents(atPath: dir + "/todos.plist")
    XCTAssertThrowsError(
      try store.mutate { list in
        try list.complete([Self.sample()[0].id], now: Date())
        _ = try list.resolve("ffff")  // no such item: the whole command fails
      })
    XCTAssertEqual(FileManager.default.contents(atPath: dir + "/todos.plist"), before)
  }

  func testDuplicateEntriesAreAnError() throws {
    let one = String(decoding: PlistCodec.encode([Self.sample()[0]]), as: UTF8.self)
    let line = one.split(separator: "\n").first { $0.contains("<key>6F96") }!
    let doubled = one.replacingOccurrences(of: String(line), with: String(line) + "\n" + line)
    try assertCorrupt(Data(doubled.utf8), "twice")
  }
}
