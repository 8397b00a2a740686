import Foundation
import XCTest

@testable import TodoCore

/// A data file of before SPEC 8 (note, priority, tags, start, progress and the
/// alert at a time in the kept iCalendar text) opens; its kept text is moved
/// into the fields, held in one place from the next write; nothing is lost.
final class UpgradeTests: XCTestCase {
  var dir = ""
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "upgrade-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

  /// Kept text as today's import left it (LF line ends), from each of the clients' files.
  static let keptTexts = [
    "DESCRIPTION:Belege im Ordner\\, Formular 2025\\nnicht vergessen\nPRIORITY:1\nX-MOZ-GENERATION:3\n",
    "CATEGORIES:Home,Urgent\nX-APPLE-SORT-ORDER:712345678\n",
    "PRIORITY:9\n",
    "DTSTART:20261128T100000Z\nX-APPLE-SORT-ORDER:736123456\nBEGIN:VALARM\nX-WR-ALARMUID:5E6F\nUID:5E6F\n"
      + "TRIGGER;VALUE=DATE-TIME:20261128T170000Z\nACTION:DISPLAY\nDESCRIPTION:Reminder\nEND:VALARM\n",
    "DUE;TZID=Europe/Berlin:20261201T170000\nDTSTART;TZID=Europe/Berlin:20261130T090000\nSTATUS:IN-PROCESS\n"
      + "PERCENT-COMPLETE:40\nCATEGORIES:a\nCATEGORIES:b\n",
  ]

  /// The kept text of the k-th item that has one: the bench's note of 200
  /// characters, 2 tags and a priority, or one of the clients'.
  static func kept(_ k: Int) -> String {
    let n = keptTexts.count + 1
    guard k % n < keptTexts.count else {
      return "DESCRIPTION:"
        + Array(repeating: "A note of about two hundred characters.", count: 5).joined(separator: " ")
        + "\nCATEGORIES:one,two\nPRIORITY:5\n"
    }
    return keptTexts[k % n]
  }

  /// `n` items as the bench makes them, half with kept text of before.
  func items(_ n: Int) -> [TodoItem] {
    (0..<n).map { k in
      var i = TodoItem(
        id: UUID.derived(from: "upgrade-\(k)"), title: "Item \(k)",
        deadline: t0.addingTimeInterval(Double(k % 500) * 3600), created: t0.addingTimeInterval(-86_400))
      if k % 2 == 0 { i.icalExtra = Self.kept(k / 2) }
      return i
    }
  }

  func ics(_ items: [TodoItem]) throws -> [TodoItem] {
    let text = ICalMapping.ics(for: items, now: t0, calendar: ICalFixtureTests.calendar())
    return try ICalMapping.items(
      fromICS: Data(text.utf8), path: "x", now: t0, calendar: ICalFixtureTests.calendar()
    ).sorted { $0.id.uuidString < $1.id.uuidString }
  }

  /// The CPU time this process has used so far, all its threads.
  static func cpuSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  func testTodaysFileOpensAndTheNextWriteHoldsEachValueOnce() throws {
    let old = items(10_000)
    let path = dir + "/todo.plist"
    // Today's file: written by the writer before the fields (the same writer: kept text is a string).
    try Data(PlistCodec.encode(old)).write(to: URL(fileURLWithPath: path))
    let store = Store(path: path)
    // The work it took, in CPU seconds of the process (every thread): a loaded machine
    // stretches the wall clock (5.0 to 7.2 s under load for 0.9 s of work), not the work.
    let start = Self.cpuSeconds()
    let loaded = try store.load().items
    let took = Self.cpuSeconds() - start
    XCTAssertEqual(loaded.count, old.count)
    XCTAssertLessThan(took, 5, "10,000 items, half upgraded, opened in \(took) s of CPU")
    let byID = Dictionary(uniqueKeysWithValues: loaded.map { ($0.id, $0) })
    // The fields hold what the kept text held.
    let first = try XCTUnwrap(byID[old[0].id])
    XCTAssertEqual(first.note, "Belege im Ordner, Formular 2025\nnicht vergessen")
    XCTAssertEqual(first.priority, 1)
    XCTAssertEqual(first.icalExtra, "X-MOZ-GENERATION:3\n")
    XCTAssertEqual(byID[old[2].id]?.tags, ["Home", "Urgent"])
    XCTAssertEqual(byID[old[4].id]?.priority, 9)
    let apple = try XCTUnwrap(byID[old[6].id])
    XCTAssertEqual(apple.start, Date(timeIntervalSince1970: 1_795_860_000))  // 20261128T100000Z
    XCTAssertEqual(apple.reminder, Date(timeIntervalSince1970: 1_795_885_200))  // 20261128T170000Z
    let tb = try XCTUnwrap(byID[old[8].id])
    XCTAssertEqual(tb.progress, 40)
    XCTAssertEqual(tb.tags, ["a", "b"])
    XCTAssertEqual(tb.icalExtra?.contains("\nDTSTART;TZID=Europe/Berlin:20261130T090000\n"), true, "its form")
    XCTAssertEqual(byID[old[10].id]?.note?.count, 199)
    XCTAssertEqual(byID[old[10].id]?.tags, ["one", "two"])
    XCTAssertEqual(byID[old[10].id]?.priority, 5)
    XCTAssertNil(byID[old[10].id]?.icalExtra)
    for i in loaded {
      let kept = (i.icalExtra ?? "").components(separatedBy: "BEGIN:")[0]
      for name in ["DESCRIPTION", "PRIORITY", "CATEGORIES", "PERCENT-COMPLETE", "IN-PROCESS"] {
        XCTAssertFalse(kept.contains(name), "\(i.title): \(name) still kept")
      }
    }
    // Nothing lost: iCalendar of before and after reads as the same items.
    XCTAssertEqual(try ics(old), try ics(loaded))
    // The next write holds the fields; read again, the same items, nothing left to move.
    _ = try store.mutate { list in
      var i = list[old[1].id]!
      i.title = "Touched"
      _ = list.apply(Change(before: [i.id: list[i.id]], after: [i.id: i], summary: ""))
    }
    let file = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertTrue(file.contains("<key>note</key>") && file.contains("<key>tags</key>"))
    XCTAssertFalse(file.contains("PRIORITY:"), "no value in two places")
    let again = try PlistCodec.decode(Data(contentsOf: URL(fileURLWithPath: path))).items
    XCTAssertFalse(
      again.contains { $0.keepsAdoptableProperties && $0.icalExtra?.contains("PRIORITY") == true })
    XCTAssertEqual(again.count, old.count)
  }

  /// The committed data files of today (the tutorial's exports) open as before.
  func testTheCommittedFilesOpen() throws {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    for name in ["tutorial-export.xml.plist", "tutorial-export.binary.plist"] {
      let path = dir + "/" + name
      try FileManager.default.copyItem(atPath: here.appendingPathComponent(name).path, toPath: path)
      let items = try Store(path: path).load(tolerant: true).items
      XCTAssertFalse(items.isEmpty, name)
      XCTAssertEqual(
        items, try PlistCodec.decode(Data(contentsOf: URL(fileURLWithPath: path)), tolerant: true).items, name
      )
    }
  }
}

/// What kept text is upgraded on read (SPEC 8) with alerts (issue 36): every alarm in kept text
/// but the reminder's is an alert of a file of before the alerts, moved once into ``TodoItem/alerts``;
/// an alarm at a time is adopted as the reminder only while the item has none, and a location
/// alarm's placeholder time never is. What today's writer keeps (the reminder's own VALARM
/// beside a reminder) is loaded as written: otherwise every load took such an item through the
/// iCalendar round trip for nothing (the bench with alerts on a third of 10,000 items: `list` 45× slower).
final class UpgradeAlarmTests: XCTestCase {
  static func alarm(_ lines: String...) -> String {
    "BEGIN:VALARM\n" + lines.joined(separator: "\n") + "\nEND:VALARM\n"
  }
  let atTime = UpgradeAlarmTests.alarm(
    "TRIGGER;VALUE=DATE-TIME:20261203T162500Z", "ACTION:DISPLAY", "DESCRIPTION:x")
  let located = UpgradeAlarmTests.alarm(
    "X-WR-ALARMUID:1", "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "ACTION:DISPLAY",
    "X-APPLE-PROXIMITY:ARRIVE")
  let rfc9074 = UpgradeAlarmTests.alarm(
    "TRIGGER;VALUE=DATE-TIME:19760401T005545Z", "ACTION:DISPLAY", "PROXIMITY:DEPART")
  let relative = UpgradeAlarmTests.alarm("TRIGGER;RELATED=END:PT1H", "ACTION:AUDIO")

  func item(_ kept: String, reminder: Bool) -> TodoItem {
    var i = TodoItem(
      id: UUID(), title: "T", deadline: Date(timeIntervalSince1970: 1_796_000_000), created: .now)
    i.icalExtra = kept
    if reminder { i.reminder = Date(timeIntervalSince1970: 1_795_990_000) }
    return i
  }

  func testAnAlarmAtATimeIsAdoptedOnlyWhileThereIsNoReminder() {
    XCTAssertTrue(item(atTime, reminder: false).keepsAdoptableProperties)
    XCTAssertFalse(item(atTime, reminder: true).keepsAdoptableProperties)
    XCTAssertTrue(item(relative + atTime, reminder: false).keepsAdoptableProperties)
    // Alarms beside the reminder's: alerts of before issue 36, moved once.
    XCTAssertTrue(item(relative + atTime, reminder: true).keepsAdoptableProperties)
    XCTAssertTrue(item(atTime + atTime, reminder: true).keepsAdoptableProperties)
    // The scan asks of the text alone: an alarm at a time counts.
    XCTAssertTrue(TodoItem.keepsAdoptableProperties(atTime))
  }

  func testALocationAlarmsPlaceholderIsNeverAdopted() throws {
    for kept in [located, rfc9074] {
      XCTAssertTrue(item(kept, reminder: false).keepsAdoptableProperties, "an alert of before issue 36")
      let up = item(kept, reminder: false).adoptingKeptFields()
      XCTAssertNil(up.reminder, kept)
      XCTAssertEqual(up.alerts.map(\.anchor), [.place], kept)
      XCTAssertFalse(up.keepsAdoptableProperties, "once")
    }
  }

  /// Loading a file of items as today's writer keeps them changes none of them (no round trip);
  /// an older one is upgraded once, nothing lost, and then loads as written.
  func testAnItemWithAReminderAndMoreAlarmsIsLoadedAsWritten() throws {
    var one = item(atTime, reminder: true)
    one.alerts = [relative, located].map(ItemAlert.init(stored:))
    var doc = TodoDocument(items: [one])
    doc.adoptKeptFields()
    XCTAssertEqual(doc.items, [one])
    var old = TodoDocument(items: [item(relative + located, reminder: true)])
    old.adoptKeptFields()
    XCTAssertEqual(old.items[0].alerts.map(\.anchor), [.deadline(3600), .place])
    XCTAssertEqual(old.items[0].reminder, one.reminder)
    var again = old
    again.adoptKeptFields()
    XCTAssertEqual(again.items, old.items)
  }

  func testTheTodosOwnPropertiesStillAre() {
    for kept in [
      "DESCRIPTION:a note\n", "PRIORITY;X-A=1:5\n", "STATUS:IN-PROCESS\n", "RELATED-TO:abc\n",
      "RELATED-TO;RELTYPE=PARENT:abc\n", "DTSTART:20261203T162500Z\n" + relative,
    ] {
      XCTAssertTrue(item(kept, reminder: true).keepsAdoptableProperties, kept)
    }
    for kept in [
      "DESCRIPTIONS:x\n", "RELATED-TO;RELTYPE=CHILD:abc\n", "X-PRIORITY:5\n",
      Self.alarm("DESCRIPTION:Reminder"),
      "",
    ] {
      XCTAssertFalse(item(kept, reminder: false).keepsAdoptableProperties, kept)
    }
  }
}
