import Foundation
import XCTest

@testable import TodoCore

/// `import` reads any of our formats, recognised from the content, and merges.
final class ImportFormatsTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  var dir: URL!

  override func setUpWithError() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  }

  override func tearDown() { try? FileManager.default.removeItem(at: dir) }

  var env: TodoEnvironment {
    var e = TodoEnvironment.fixed(t0, timeZone: TimeZone(identifier: "Europe/Berlin")!)
    e.now = { [t0] in t0 }
    return e
  }

  func sample() -> [TodoItem] {
    func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", n))! }
    return [
      TodoItem(
        id: id(1), title: "Pay rent & <deposit>", deadline: t0.addingTimeInterval(3600), created: t0,
        modified: t0.addingTimeInterval(-5), reminder: t0.addingTimeInterval(1800),
        repeatRule: "FREQ=MONTHLY",
        warn: 900, sequence: 1, icalExtra: "X-FOO;X-P=1:bar\n", note: "Landlord: Zoë\nIBAN in the folder",
        priority: 1, tags: ["home", "money"], start: t0.addingTimeInterval(-86_400), progress: 40),
      TodoItem(id: id(2), title: "Someday: learn the cello", deadline: nil, created: t0),
      TodoItem(
        id: id(3), title: "Zoë — 生日快乐 🎂", deadline: t0.addingTimeInterval(-60), created: t0,
        completed: t0.addingTimeInterval(-30), notifiedDeadline: t0.addingTimeInterval(-60)),
      TodoItem(
        id: UUID.derived(from: "abc@example.org"), title: "Cancelled", deadline: t0, created: t0,
        cancelled: true, uid: "abc@example.org"),
    ]
  }

  func testTheFormatIsRecognisedFromTheContent() {
    XCTAssertEqual(ImportFormats.kind(of: Data("\u{FEFF}begin:vcalendar\r\n".utf8)), .ics)
    XCTAssertEqual(ImportFormats.kind(of: Data(" \n[ {}]".utf8)), .json)
    XCTAssertEqual(ImportFormats.kind(of: Data("<?xml version".utf8)), .plist)
    XCTAssertEqual(ImportFormats.kind(of: Data("bplist00".utf8)), .plist)
  }

  /// `export --format plist|json|ics` → import: the same items, for every format.
  func testEveryExportFormatImportsBackToTheSameItems() throws {
    let items = sample()
    let tz = TimeZone(identifier: "Europe/Berlin")!
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = tz
    let exports: [(String, Data)] = [
      ("plist", Data(PlistCodec.encode(items))),
      ("json", Data(JSONExchange.encode(items, now: t0, scheduled: [], timeZone: tz).utf8)),
      ("ics", Data(ICalMapping.ics(for: items, now: t0, calendar: cal).utf8)),
    ]
    for (name, data) in exports {
      let back = try ImportFormats.decode(data, path: name, env: env).items
      var expected = items
      if name == "ics" {  // what iCalendar does not carry: delivery records
        for k in expected.indices { expected[k].notifiedDeadline = nil }
      }
      XCTAssertEqual(back.sorted(by: TodoItem.byDeadline), expected.sorted(by: TodoItem.byDeadline), name)
    }
  }

  func testImportingTwiceChangesNothingReopensNothingRefiresNothing() throws {
    var list = TodoList(sample())
    let before = list
    let ics = Data(ICalMapping.ics(for: sample(), now: t0, calendar: env.calendar).utf8)
    let nextcloud = ICalFixtureTests.fixture("nextcloud-tasks.ics")
    for data in [ics, nextcloud, nextcloud] {
      ImportFormats.merge(try ImportFormats.imported(data, path: "x", env: env), into: &list)
    }
    let once = list
    // A later import of the same files: nothing changes, though "now" moved on.
    var later = env
    later.now = { [t0] in t0.addingTimeInterval(86_400) }
    for data in [ics, nextcloud] {
      ImportFormats.merge(try ImportFormats.imported(data, path: "x", env: later), into: &list)
    }
    XCTAssertEqual(list, once)
    for item in before.items.values { XCTAssertEqual(list[item.id], item, item.title) }
    // "Done somehow" (COMPLETED status, no date) keeps its first completion time.
    XCTAssertEqual(list.items.values.first { $0.title == "Done somehow" }?.completed, t0)
  }

  func testAnImportNeverReopensACompletedItem() throws {
    var items = sample()
    var list = TodoList(items)
    items[2].completed = nil
    ImportFormats.merge(.init(items: items, warnings: [], undatedCompletions: []), into: &list)
    XCTAssertEqual(list[items[2].id]?.completed, t0.addingTimeInterval(-30))
    XCTAssertEqual(list[items[2].id]?.notifiedDeadline, t0.addingTimeInterval(-60))
  }

  func testAFolderOfICSFilesAndStdin() throws {
    for f in ["thunderbird-berlin.ics", "evolution-date.ics", "nextcloud-tasks.ics"] {
      try ICalFixtureTests.fixture(f).write(to: dir.appendingPathComponent(f))
    }
    try Data("not a calendar".utf8).write(to: dir.appendingPathComponent("README.txt"))
    let r = try ImportFormats.read(dir.path, env: env)
    XCTAssertEqual(r.items.count, 2 + 1 + 5)
    let s = try ImportFormats.read("-", stdin: { ICalFixtureTests.fixture("evolution-date.ics") }, env: env)
    XCTAssertEqual(s.items.map(\.title), ["Renew passport"])
    // One bad file in the folder: an error naming it, nothing read.
    try ICalFixtureTests.fixture("bad-value.ics").write(to: dir.appendingPathComponent("z-bad.ics"))
    XCTAssertThrowsError(try ImportFormats.read(dir.path, env: env)) { e in
      XCTAssertTrue("\(e)".contains("z-bad.ics"), "\(e)")
    }
  }

  func testABadJSONEntryIsOneErrorNamingIt() {
    let data = Data(#"[{"id": "not-a-uuid", "title": "x"}]"#.utf8)
    XCTAssertThrowsError(try ImportFormats.decode(data, path: "in.json", env: env)) { e in
      XCTAssertTrue("\(e)".contains("in.json"), "\(e)")
      XCTAssertTrue("\(e)".contains("not-a-uuid"), "\(e)")
    }
    let far = Data(
      #"[{"id": "00000000-0000-0000-0000-000000000001", "title": "x", "deadline": "0000-01-01T00:00:00Z"}]"#
        .utf8)
    XCTAssertThrowsError(try ImportFormats.decode(far, path: "far.json", env: env))
  }

  /// Times of a change from elsewhere later than now count as now, in every format.
  func testAChangeTimeInTheFutureCountsAsNowInEveryFormat() throws {
    var item = sample()[0]
    item.created = t0 + 20 * 365 * 86_400
    item.modified = t0 + 20 * 365 * 86_400
    let tz = TimeZone(identifier: "Europe/Berlin")!
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = tz
    let exports: [(String, Data)] = [
      ("plist", Data(PlistCodec.encode([item]))),
      ("json", Data(JSONExchange.encode([item], now: t0, scheduled: [], timeZone: tz).utf8)),
      ("ics", Data(ICalMapping.ics(for: [item], now: t0, calendar: cal).utf8)),
    ]
    for (name, data) in exports {
      let back = try ImportFormats.decode(data, path: name, env: env).items
      XCTAssertEqual(back.first?.modified, t0, name)
      XCTAssertEqual(back.first?.created, t0, name)
      XCTAssertEqual(back.first?.deadline, item.deadline, name)
    }
  }
}
