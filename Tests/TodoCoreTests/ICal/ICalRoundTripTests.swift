import Foundation
import XCTest

@testable import TodoCore

/// Random items, with properties we do not map, written as iCalendar and read
/// back: the same items.
final class ICalRoundTripTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_795_000_000)

  static let titles = [
    "Pay rent", "Zoë's birthday — 生日快乐 🎂", "a; b, c \\ d", "Müller: \"quotes\" & 'apostrophes' > less",
    String(repeating: "日本語のテキスト ", count: 12) + "終", "x",
  ]
  static let rules = ["FREQ=DAILY", "FREQ=WEEKLY;BYDAY=MO,TH", "FREQ=MONTHLY;INTERVAL=2", "FREQ=YEARLY"]
  /// Properties and components the mapping keeps (those with a field since
  /// SPEC 8 are the random item's own fields, below).
  static let extras = [
    "X-APPLE-SORT-ORDER:712345678\n", "X-MOZ-GENERATION:3\n",
    "X-TODO-THING;X-PARAM=a:value with spaces\n", "CLASS:PRIVATE\n", "URL:https://example.org/a?b=c\n",
    "BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT30M\nDESCRIPTION:Start\nEND:VALARM\n",
    "BEGIN:VALARM\nACTION:AUDIO\nTRIGGER;VALUE=DATE-TIME:20261128T170000Z\nEND:VALARM\n",
  ]

  /// The fields a person edits as a line that travel as a plain property (``ICalForm``).
  static let lineFields = ItemField.typed.filter {
    $0.kind == .text && $0.text?.edit != nil && $0.icalForm != nil
  }

  /// Whether the property of this line is a field's (the table's `ical:`).
  static func mapped(_ line: String) -> Bool {
    let name = String(line.prefix { $0 != ":" && $0 != ";" })
    return ItemField.all.contains { $0.ical == .property(name) }
  }

  static let notes = ["Line one\nline two, with a comma; and a semicolon", "x", "Zoë — 生日快乐 🎂\n\n\\ end"]
  static let tagWords = ["Home", "Work", "日本語", "errands"]

  func randomItem(_ rng: inout SplitMix) -> TodoItem {
    func near() -> Date { now.addingTimeInterval(TimeInterval(Int(rng.next() % 20_000_000)) - 10_000_000) }
    var uid: String? = nil
    var id = UUID(
      uuid: withUnsafeBytes(of: (rng.next(), rng.next())) { b in
        (b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15])
      })
    switch rng.next() % 3 {
    case 0: uid = "\(rng.next() % 100_000)-\(rng.next())@host.example.org"
    case 1: uid = id.uuidString.lowercased()
    default: break
    }
    if let u = uid, UUID(uuidString: u) == nil { id = UUID.derived(from: u) }
    let created = rng.chance(4) ? rng.instant() : near()
    var item = TodoItem(
      id: id, title: rng.pick(Self.titles),
      deadline: rng.chance(5) ? nil : (rng.chance(3) ? rng.instant() : near()),
      created: created)
    item.uid = uid
    if rng.chance(2) { item.modified = near() }
    if rng.chance(3) { item.completed = near() } else if rng.chance(5) { item.cancelled = true }
    if rng.chance(3) { item.repeatRule = rng.pick(Self.rules) }
    if rng.chance(3) { item.warn = Int(rng.next() % 10) * 300 }
    if rng.chance(2) { item.sequence = Int(rng.next() % 10) }
    // The fields of SPEC 8.
    if rng.chance(2) { item.note = rng.pick(Self.notes) }
    if rng.chance(2) { item.priority = Int(rng.next() % 9) + 1 }
    if rng.chance(2) { item.tags = Array(Self.tagWords.filter { _ in rng.chance(2) }) }
    if rng.chance(3) { item.start = rng.chance(3) ? rng.instant() : near() }
    if rng.chance(3), item.completed != nil || !item.cancelled { item.progress = Int(rng.next() % 101) }
    if item.progress == 0, item.completed != nil { item.progress = nil }  // 0 % is STATUS:IN-PROCESS, pending only
    if rng.chance(3) { item.reminder = near() }
    // Every field a person edits as a line and the table maps to a plain property (a URL, a place).
    for field in Self.lineFields where rng.chance(2) {
      field.set(
        &item,
        .text(
          field.icalForm?.value == .raw
            ? "https://example.org/\(rng.next() % 1000)?a=b" : rng.pick(Self.titles)))
    }
    var extra = ""
    // Properties first, then components, as the writer puts them; those the table maps are fields.
    let props = Self.extras.filter { !$0.hasPrefix("BEGIN:") && !Self.mapped($0) }.filter { _ in rng.chance(3)
    }
    extra += props.joined()
    // Each VALARM is an alert, kept whole when it holds more than the plain form (issue 36);
    // one at a time only beside the reminder (alone, an alarm at a time of another app is the reminder).
    var components = Self.extras.filter { $0.hasPrefix("BEGIN:") }.filter { _ in rng.chance(3) }
    for c in components where item.reminder != nil || !c.contains("VALUE=DATE-TIME") {
      item.alerts.append(ItemAlert(stored: c))
    }
    components = []
    for a in [ItemAlert(.start(600)), ItemAlert(.deadline(900)), ItemAlert(.at(near()))] where rng.chance(4) {
      item.alerts.append(a)
    }
    extra += components.joined()
    item.icalExtra = extra.isEmpty ? nil : extra
    return item
  }

  func testRandomItemsWithUnknownPropertiesComeBackTheSame() throws {
    var rng = SplitMix(seed: 15)
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = TimeZone(identifier: "Australia/Lord_Howe")!  // half-hour DST
    for round in 0..<40 {
      let items = (0..<25).map { _ in randomItem(&rng) }
      let text = ICalMapping.ics(for: items, now: now, calendar: cal)
      // Read as of the last instant there is: a time of a change later than
      // now would count as now, and the generator makes times up to year 9999.
      let back = try ICalMapping.items(
        fromICS: Data(text.utf8), path: "round \(round)",
        now: Date(timeIntervalSince1970: Instants.validRange.upperBound), calendar: cal)
      XCTAssertEqual(back.count, items.count)
      for (a, b) in zip(items, back) where a != b {
        XCTFail("round \(round):\n\(a)\n≠\n\(b)\n\(text)")
        return
      }
    }
  }

  /// An item read from another app, edited here (new deadline, warning), keeps its
  /// DUE's zone and its alarm's other lines; read again, it is the edited item.
  func testAnEditedItemKeepsItsFormsAndReadsBackTheSame() throws {
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = TimeZone(identifier: "America/New_York")!
    let data = ICalFixtureTests.fixture("thunderbird-berlin.ics")
    var items = try ICalMapping.items(fromICS: data, path: "tb", now: now, calendar: cal)
    let k = try XCTUnwrap(items.firstIndex { $0.title == "Steuererklärung abgeben" })
    items[k].deadline = ISO8601DateFormatter().date(from: "2026-12-24T11:00:00Z")  // 12:00 CET
    items[k].warn = 3600
    let text = ICalMapping.ics(for: items, now: now, calendar: cal)
    XCTAssertTrue(text.contains("DUE;TZID=Europe/Berlin:20261224T120000\r\n"), text)
    XCTAssertTrue(text.contains("TRIGGER;RELATED=END:-PT1H\r\n"), text)
    XCTAssertTrue(text.contains("DESCRIPTION:Default Mozilla Description\r\n"), text)
    XCTAssertEqual(text.components(separatedBy: "BEGIN:VTIMEZONE").count, 2, "one VTIMEZONE for both items")
    let back = try ICalMapping.items(fromICS: Data(text.utf8), path: "tb", now: now, calendar: cal)
    XCTAssertEqual(back[k].deadline, items[k].deadline)
    XCTAssertEqual(back[k].warn, 3600)
    // Exported again, the same text: a sync with nothing to do writes nothing.
    XCTAssertEqual(ICalMapping.ics(for: back, now: now, calendar: cal), text)
  }

  /// A TZID without its VTIMEZONE (libical's built-in zone) is written back with the same TZID.
  func testATZIDWithoutVTimezoneKeepsItsName() throws {
    let cal = ICalFixtureTests.calendar()
    let items = try ICalMapping.items(
      fromICS: ICalFixtureTests.fixture("todoman-lowercase.ics"), path: "t", now: now, calendar: cal)
    let text = ICalMapping.ics(for: items, now: now, calendar: cal)
    XCTAssertTrue(text.contains("DUE;TZID=Europe/Berlin:20261123T090000\r\n"), text)
    XCTAssertEqual(try ICalMapping.items(fromICS: Data(text.utf8), path: "t", now: now, calendar: cal), items)
  }

  /// Items from several files written into one: each reads back the same,
  /// though they now share the calendar's VTIMEZONE (one had none of its own).
  func testItemsFromSeveralFilesReadBackTheSameFromOne() throws {
    let cal = ICalFixtureTests.calendar()
    var items: [TodoItem] = []
    for f in ["thunderbird-berlin.ics", "todoman-lowercase.ics", "apple-reminders.ics", "evolution-date.ics"]
    {
      items += try ICalMapping.items(fromICS: ICalFixtureTests.fixture(f), path: f, now: now, calendar: cal)
    }
    let text = ICalMapping.ics(for: items, now: now, calendar: cal)
    XCTAssertEqual(text.components(separatedBy: "BEGIN:VTIMEZONE").count, 2, text)
    XCTAssertEqual(
      try ICalMapping.items(fromICS: Data(text.utf8), path: "all", now: now, calendar: cal), items)
  }

  /// Kept text is taken apart once: the DUE's form, a STATUS we do not map and the
  /// warning's alarm go where the mapping puts them, the rest comes out once, in order.
  func testKeptTextIsTakenApartOnceAndNothingIsLostOrDoubled() throws {
    let cal = ICalFixtureTests.calendar()
    var item = TodoItem(
      id: UUID(uuidString: "6F1C2D3E-4B5A-4C6D-8E7F-0A1B2C3D4E5F")!, title: "Kept", deadline: now,
      created: now)
    item.warn = 600
    item.icalExtra =
      "PRIORITY:1\nDUE;TZID=Europe/Berlin:20261124T090000\nSTATUS:IN-PROCESS\nDESCRIPTION:DUE soon\\, STATUS ok\n"
      + "BEGIN:VALARM\nACTION:AUDIO\nTRIGGER;RELATED=END:-PT5M\nEND:VALARM\n"
      + "BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT1M\nDESCRIPTION:x\nEND:VALARM\n"
    let text = ICalMapping.ics(for: [item], now: now, calendar: cal)
    func count(_ s: String) -> Int { text.components(separatedBy: s).count - 1 }
    XCTAssertEqual(count("\r\nDUE;TZID=Europe/Berlin:"), 1, text)
    XCTAssertEqual(count("STATUS:IN-PROCESS\r\n"), 1, text)
    XCTAssertEqual(count("PRIORITY:1\r\nDESCRIPTION:DUE soon\\, STATUS ok\r\n"), 1, text)
    XCTAssertEqual(count("BEGIN:VALARM"), 2, text)
    XCTAssertEqual(
      count("ACTION:AUDIO\r\nTRIGGER;RELATED=END:-PT10M\r\n"), 1, "the warning's alarm, kept: \(text)")
    XCTAssertEqual(count("TRIGGER:-PT1M\r\n"), 1, text)
    XCTAssertEqual(count("BEGIN:VTIMEZONE"), 1, text)
    let back = try ICalMapping.items(fromICS: Data(text.utf8), path: "k", now: now, calendar: cal)
    XCTAssertEqual(back.first?.deadline, item.deadline)
    XCTAssertEqual(back.first?.warn, 600)
    // Read back, the properties that now have fields are in them, no longer kept
    // (SPEC 8); so is the item from before, upgraded; and both write the same text.
    XCTAssertEqual(back.first?.priority, 1)
    XCTAssertEqual(back.first?.note, "DUE soon, STATUS ok")
    XCTAssertEqual(back.first?.progress, 0)
    XCTAssertFalse(back.first?.icalExtra?.contains("PRIORITY") ?? true)
    let upgraded = item.adoptingKeptFields(calendar: cal)
    XCTAssertEqual(upgraded, back.first)
    XCTAssertEqual(
      ICalMapping.ics(for: back, now: now, calendar: cal),
      ICalMapping.ics(for: [upgraded], now: now, calendar: cal))
  }

  func testADateOnlyDueStaysADateWhileItIsNineInTheMorning() throws {
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = TimeZone(identifier: "America/New_York")!
    var items = try ICalMapping.items(
      fromICS: ICalFixtureTests.fixture("evolution-date.ics"), path: "e", now: now, calendar: cal)
    XCTAssertTrue(
      ICalMapping.ics(for: items, now: now, calendar: cal).contains("DUE;VALUE=DATE:20261124\r\n"))
    items[0].deadline = items[0].deadline!.addingTimeInterval(86_400)
    XCTAssertTrue(
      ICalMapping.ics(for: items, now: now, calendar: cal).contains("DUE;VALUE=DATE:20261125\r\n"))
    items[0].deadline = items[0].deadline!.addingTimeInterval(3600)  // 10:00: a time now
    XCTAssertTrue(ICalMapping.ics(for: items, now: now, calendar: cal).contains("DUE:20261125T150000Z\r\n"))
  }

  func testWrittenFieldsAndKeptCurrentStamps() throws {
    let t0 = Date(timeIntervalSince1970: 1_795_000_000)
    var item = TodoItem(
      id: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, title: "Pay rent", deadline: nil,
      created: t0, modified: t0.addingTimeInterval(60), cancelled: true, sequence: 3)
    item.warn = 900
    let text = ICalMapping.ics(for: [item], now: now, calendar: .localGregorian)
    for line in [
      "UID:00000000-0000-0000-0000-000000000001", "DTSTAMP:20261118T110740Z", "CREATED:20261118T110640Z",
      "LAST-MODIFIED:20261118T110740Z", "SEQUENCE:3", "SUMMARY:Pay rent", "STATUS:CANCELLED",
      "TRIGGER;RELATED=END:-PT15M",
    ] {
      XCTAssertTrue(text.contains(line + "\r\n"), "\(line) in\n\(text)")
    }
    XCTAssertFalse(text.contains("DUE"), "a someday item has no DUE")
  }
}
