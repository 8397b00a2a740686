import Foundation
import XCTest

@testable import TodoCore

/// Bug: `export --format ics` wrote every item in one VCALENDAR that named no
/// list, so an import put them all in the default list. The export writes one
/// VCALENDAR a list, named as calendar programs name one (RFC 7986 NAME,
/// X-WR-CALNAME, X-APPLE-CALENDAR-COLOR); the import puts each named
/// VCALENDAR's items in the list of that name.
final class ImportListsICalTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  var dir: String!
  var env: TodoEnvironment { .at(t0, in: TimeZone(identifier: "UTC")!) }

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "import-lists-ics-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

  /// A file or folder of Tests/TodoCoreTests/ICal/Fixtures.
  static func fixturePath(_ name: String) -> String {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("ICal/Fixtures/\(name)").path
  }

  /// A file of three lists: the default one renamed "Personal", "Work, Q4" (coloured, a
  /// comma to escape) and "Home" (coloured), two items in Work, one in each other.
  func source() throws -> Store {
    let store = Store(path: dir + "/source.plist")
    try store.commit(.renameList(id: "tasks", name: "Personal"), env: env)
    try store.commit(.addList(name: "Work, Q4", color: "#336699"), env: env)
    try store.commit(.addList(name: "Home", color: "#FF0000"), env: env)
    try store.commit(.add(title: "In Personal", deadline: t0), env: env)
    for title in ["In Work, Q4", "Also In Work, Q4"] {
      try store.commit(
        .add(title: title, deadline: nil, changes: [.set("list", text: "work-q4")]), env: env)
    }
    try store.commit(.add(title: "In Home", deadline: t0, changes: [.set("list", text: "home")]), env: env)
    return store
  }

  /// The export as `export --format ics` writes it.
  func exported(_ doc: TodoDocument) -> String {
    let items = doc.items.sorted(by: TodoItem.byDeadline)
    return ICalLists.pieces(for: items, lists: doc.lists, now: t0, calendar: env.calendar)
      .map { String(decoding: $0, as: UTF8.self) }.joined()
  }

  func write(_ text: String, _ name: String) -> String {
    let path = dir + "/" + name
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    return path
  }

  /// `path` imported into a new file, after `prepare`; the file.
  func importing(_ path: String, into name: String, prepare: (Store) throws -> Void = { _ in }) throws
    -> Store
  {
    let store = Store(path: dir + "/\(name).plist")
    try prepare(store)
    try store.commit(.importing(try ImportFormats.read(path, env: env)), env: env)
    return store
  }

  /// The fixture `name` imported into a new file gives these lists, and each item (by title)
  /// is in the list named; the fixture's path.
  @discardableResult
  func assertImportedIntoANewFile(
    _ name: String, lists: [NamedList], members: [String: String], line: UInt = #line
  ) throws -> String {
    let path = Self.fixturePath(name)
    let fresh = try importing(path, into: "fresh-\(name)")
    XCTAssertEqual(try fresh.load().lists.lists, lists, line: line)
    XCTAssertEqual(try membership(fresh), members, line: line)
    return path
  }

  /// Each item's title → the name of its list.
  func membership(_ store: Store) throws -> [String: String] {
    let list = TodoList(document: try store.load())
    var out: [String: String] = [:]
    for item in list.items.values { out[item.title] = list.lists.list(id: list.lists.listID(of: item))?.name }
    return out
  }

  func testExportThenImportIntoANewFileKeepsTheListsAndTheirItems() throws {
    let source = try source()
    let path = write(exported(try source.load()), "all.ics")
    let fresh = try importing(path, into: "fresh")
    XCTAssertEqual(try fresh.load().lists.lists, try source.load().lists.lists)
    let want = [
      "In Personal": "Personal", "In Work, Q4": "Work, Q4", "Also In Work, Q4": "Work, Q4", "In Home": "Home",
    ]
    XCTAssertEqual(try membership(fresh), want)
    XCTAssertEqual(try membership(source), want)
    // Again: nothing changes.
    let again = try fresh.commit(.importing(try ImportFormats.read(path, env: env)), env: env)
    XCTAssertEqual(ImportCount(again), ImportCount(unchanged: 4))
    XCTAssertNil(again.lists)
  }

  func testIntoAFileOfOtherListsEachGoesToTheListOfItsName() throws {
    let path = write(exported(try source().load()), "all.ics")
    let other = try importing(path, into: "other") {
      try $0.commit(.addList(name: "home"), env: env)
      try $0.commit(.add(title: "mine", deadline: nil), env: env)
    }
    let lists = try other.load().lists.lists
    XCTAssertEqual(lists.map(\.name), ["Tasks", "home", "Personal", "Work, Q4"])
    XCTAssertEqual(lists.last?.color, "#336699")
    XCTAssertTrue(lists.allSatisfy { ListBook.isFitID($0.id) })
    XCTAssertEqual(
      try membership(other),
      [
        "mine": "Tasks", "In Personal": "Personal", "In Work, Q4": "Work, Q4", "Also In Work, Q4": "Work, Q4",
        "In Home": "home",
      ])
  }

  func testTheExportNamesEachCalendarAsCalendarProgramsDo() throws {
    let text = exported(try source().load())
    XCTAssertEqual(text.components(separatedBy: "BEGIN:VCALENDAR\r\n").count - 1, 3)
    XCTAssertTrue(
      text.contains(
        "PRODID:-//todo-tui//todo-tui//EN\r\nNAME:Work\\, Q4\r\nX-WR-CALNAME:Work, Q4\r\n"
          + "X-APPLE-CALENDAR-COLOR:#336699\r\nBEGIN:VTODO\r\n"), text)
    XCTAssertTrue(text.contains("NAME:Personal\r\nX-WR-CALNAME:Personal\r\nBEGIN:VTODO\r\n"), text)
    // The default list's calendar comes first.
    XCTAssertLessThan(
      try XCTUnwrap(text.range(of: "NAME:Personal")).lowerBound,
      try XCTUnwrap(text.range(of: "NAME:Home")).lowerBound)
  }

  /// The name goes among the calendar's properties, before its VTIMEZONEs (an item's zone).
  func testTheNameComesBeforeTheZones() throws {
    let r = try ICalMapping.read(
      ICalFixtureTests.fixture("thunderbird-berlin.ics"), path: "b.ics", now: t0, calendar: env.calendar)
    let items = r.items.map {
      var i = $0; i.list = "work"; return i
    }
    let book = ListBook([NamedList(id: "tasks", name: "Tasks"), NamedList(id: "work", name: "Work")])
    let text = String(
      decoding: Array(ICalLists.pieces(for: items, lists: book, now: t0, calendar: env.calendar).joined()),
      as: UTF8.self)
    XCTAssertTrue(text.contains("NAME:Work\r\nX-WR-CALNAME:Work\r\nBEGIN:VTIMEZONE\r\n"), text)
    XCTAssertTrue(
      text.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//todo-tui//todo-tui//EN\r\nNAME:Tasks\r\n"))
  }

  /// A file that names no list (the implicit `Tasks` alone) exports as before: one VCALENDAR, no name.
  func testAFileOfTheImplicitListAloneExportsAsBefore() throws {
    var list = TodoList()
    try list.commit(.add(title: "a", deadline: t0), env: env)
    try list.commit(.add(title: "b", deadline: nil), env: env)
    let items = Array(list.items.values).sorted(by: TodoItem.byDeadline)
    for book in [ListBook.implicit, ListBook([NamedList(id: "tasks", name: "Tasks")])] {
      let text = Array(ICalLists.pieces(for: items, lists: book, now: t0, calendar: env.calendar).joined())
      XCTAssertEqual(text, Array(ICalMapping.icsPieces(for: items, now: t0, calendar: env.calendar).joined()))
      XCTAssertFalse(String(decoding: text, as: UTF8.self).contains("NAME"))
    }
  }

  /// An empty list is an empty VCALENDAR, and comes back.
  func testAnEmptyListComesBack() throws {
    let store = Store(path: dir + "/e.plist")
    try store.commit(.addList(name: "Someday"), env: env)
    try store.commit(.add(title: "x", deadline: nil), env: env)
    let fresh = Store(path: dir + "/e-fresh.plist")
    let path = write(exported(try store.load()), "e.ics")
    try fresh.commit(.importing(try ImportFormats.read(path, env: env)), env: env)
    XCTAssertEqual(try fresh.load().lists.lists.map(\.name), ["Tasks", "Someday"])
  }

  /// Apple Calendar's export, two of them in one file: each calendar's items in its list,
  /// colour `#RRGGBBAA` kept as written, an escaped comma read.
  func testAppleCalendarExportsGoToTheirLists() throws {
    let path = try assertImportedIntoANewFile(
      "apple-calendar-lists.ics",
      lists: [
        NamedList(id: "tasks", name: "Home", color: "#1D9BF6"),
        NamedList(id: "work-q4", name: "Work, Q4", color: "#34C759FF"),
      ],
      members: [
        "Water the plants": "Home", "Call the plumber": "Home", "Send the quarterly report": "Work, Q4",
      ])
    // Into a file that holds items: its default list stays; Home and Work are added.
    let used = try importing(path, into: "used") {
      try $0.commit(.add(title: "mine", deadline: nil), env: env)
    }
    XCTAssertEqual(try used.load().lists.lists.map(\.name), ["Tasks", "Home", "Work, Q4"])
    XCTAssertEqual(try membership(used)["Send the quarterly report"], "Work, Q4")
    XCTAssertEqual(try membership(used)["mine"], "Tasks")
  }

  /// Thunderbird's export names no calendar: two of its exports in one file go to the
  /// default list, as any file that names nothing, and no list is made.
  func testUnnamedCalendarsGoToTheDefaultList() throws {
    let path = Self.fixturePath("thunderbird-two-exports.ics")
    let store = Store(path: dir + "/tb.plist")
    try store.commit(.addList(name: "Work"), env: env)
    let change = try store.commit(.importing(try ImportFormats.read(path, env: env)), env: env)
    XCTAssertNil(change.lists)
    XCTAssertEqual(try membership(store), ["Renew the passport": "Tasks", "Book the dentist": "Tasks"])
    // One unnamed and one named: the unnamed one's items to the default list, the other's to its list.
    let apple = String(decoding: ICalFixtureTests.fixture("apple-calendar-lists.ics"), as: UTF8.self)
    let thunderbird = String(decoding: ICalFixtureTests.fixture("thunderbird-two-exports.ics"), as: UTF8.self)
    let mixed = write(thunderbird + apple, "mixed.ics")
    let fresh = try importing(mixed, into: "mixed")
    XCTAssertEqual(try fresh.load().lists.lists.map(\.name), ["Tasks", "Home", "Work, Q4"])
    XCTAssertEqual(try membership(fresh)["Book the dentist"], "Tasks")
    XCTAssertEqual(try membership(fresh)["Call the plumber"], "Home")
  }

  /// Nextcloud's export of each task list (one file a calendar, X-WR-CALNAME and
  /// X-APPLE-CALENDAR-COLOR, as sabre/dav's ICSExportPlugin writes it), imported as a folder.
  func testAFolderOfNamedCalendarsGoesToTheirLists() throws {
    try assertImportedIntoANewFile(
      "nextcloud-export",
      lists: [
        NamedList(id: "tasks", name: "Errands", color: "#e78074"),
        NamedList(id: "personal", name: "Personal", color: "#0082c9"),
      ],
      members: ["Pick up the parcel": "Errands", "Plan the holidays": "Personal"])
  }

  /// A name that cannot be a list's as written (a line feed, blanks) is made safe; a blank
  /// one is no name; a colour not of the `#` form (a CSS3 name in RFC 7986's COLOR) is left out.
  func testANameFromElsewhereIsMadeSafe() throws {
    func calendar(_ props: String, _ uid: String) -> String {
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\n\(props)BEGIN:VTODO\r\nUID:\(uid)\r\nSUMMARY:\(uid)\r\n"
        + "END:VTODO\r\nEND:VCALENDAR\r\n"
    }
    let text =
      calendar("NAME:  Two\\nlines \r\nCOLOR:turquoise\r\nX-WR-CALNAME:ignored\r\n", "a")
      + calendar("X-WR-CALNAME:\\n\r\n", "b") + calendar("NAME:Hex\r\nCOLOR:#00FF00\r\n", "c")
    let r = try ImportFormats.read(write(text, "odd.ics"), env: env)
    XCTAssertNil(r.defaultList)
    XCTAssertEqual(
      r.lists.map { NamedList(id: "", name: $0.name, color: $0.color) },
      [NamedList(id: "", name: "Two\u{FFFD}lines"), NamedList(id: "", name: "Hex", color: "#00FF00")])
    XCTAssertNil(r.items.first { $0.title == "b" }?.list)
  }
}
