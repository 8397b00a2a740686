import CLibical
import Foundation
import XCTest

@testable import TodoCore

/// The export writes the same bytes as the one-item-at-a-time writer it
/// replaced: `Fixtures/export-identity*.ics` were written by that writer (the
/// commit that added this file) from the random items made here, and the
/// export must give them back byte for byte, however it cuts the items up.
/// Set `TODO_REGENERATE_EXPORT_FIXTURES=1` to write them again (only when the
/// output is meant to change).
final class ICalExportIdentityTests: XCTestCase {
  static let count = 400
  /// Items written one a file (the vdir's way), each in its own VCALENDAR.
  static let singles = 40

  static let titles = [
    "Pay rent", "Zoë's birthday — 生日快乐 🎂", "a; b, c \\ d", "Müller: \"quotes\" & 'apostrophes' > less",
    String(repeating: "日本語のテキスト ", count: 12) + "終", "x", String(repeating: "é", count: 80),
  ]
  static let rules = ["FREQ=DAILY", "FREQ=WEEKLY;BYDAY=MO,TH", "FREQ=MONTHLY;INTERVAL=2", "not a rule"]
  /// DUE as other apps wrote it: its parameters and form are the written DUE's.
  static let dues = [
    "DUE;TZID=Europe/Berlin:20270101T011300", "DUE;X-P=1;TZID=America/New_York:20261201T100000",
    "DUE;VALUE=DATE:20261201", "DUE:20261201T100000", "DUE:20261201T100000Z",
    "DUE;TZID=Custom/Zone:20261201T100000", "DUE;TZID=Unknown/Nowhere:20261201T100000",
    "DUE;TZID=Australia/Lord_Howe:20270401T013000",
  ]
  static let properties = [
    "DESCRIPTION:Line one\\nline two\\, with a comma\\; and a semicolon", "PRIORITY:5",
    "CATEGORIES:Home,Work",
    "X-MOZ-GENERATION:3", "X-TODO-THING;X-PARAM=a:value with spaces", "STATUS:IN-PROCESS",
    "STATUS:NEEDS-ACTION", "STATUS:X-WAITING", "DTSTART;TZID=Asia/Tokyo:20261128T100000",
    "EXDATE;TZID=Custom/Zone:20261130T100000", "URL:https://example.org/a?b=c", "THIS IS NOT ICALENDAR",
    "X-LONG:" + String(repeating: "ü", count: 60),
  ]
  static let components = [
    "BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER;RELATED=END:-PT15M\nDESCRIPTION:Default Mozilla Description\nEND:VALARM",
    "BEGIN:VALARM\nACTION:AUDIO\nTRIGGER;RELATED=END:PT5M\nEND:VALARM",
    "BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT30M\nDESCRIPTION:Start\nEND:VALARM",
    "BEGIN:VTIMEZONE\nTZID:Custom/Zone\nBEGIN:STANDARD\nDTSTART:19700101T000000\nTZOFFSETFROM:+0530\n"
      + "TZOFFSETTO:+0530\nEND:STANDARD\nEND:VTIMEZONE",
    "BEGIN:VTIMEZONE\nTZID:Custom/Zone\nBEGIN:STANDARD\nDTSTART:19700101T000000\nTZOFFSETFROM:-0330\n"
      + "TZOFFSETTO:-0330\nEND:STANDARD\nEND:VTIMEZONE",
    "BEGIN:VTIMEZONE\nTZID:Europe/Berlin\nBEGIN:DAYLIGHT\nTZOFFSETFROM:+0100\nTZOFFSETTO:+0200\n"
      + "DTSTART:19700329T020000\nRRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3\nEND:DAYLIGHT\nBEGIN:STANDARD\n"
      + "TZOFFSETFROM:+0200\nTZOFFSETTO:+0100\nDTSTART:19701025T030000\nRRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10\n"
      + "END:STANDARD\nEND:VTIMEZONE",
    "BEGIN:VTODO\nUID:occurrence\nRECURRENCE-ID;TZID=Europe/Berlin:20261203T100000\nSUMMARY:Moved\n"
      + "DUE;TZID=Europe/Berlin:20261204T100000\nEND:VTODO",
  ]

  /// Items as the export meets them: every field, and kept text of every kind
  /// (without VTIMEZONEs when `zones` is false: the export's other way).
  static func items(seed: UInt64 = 2026, zones: Bool = true) -> [TodoItem] {
    var rng = SplitMix(seed: seed)
    let now = 1_795_000_000
    func near() -> Date {
      Date(timeIntervalSince1970: TimeInterval(now + Int(rng.next() % 60_000_000) - 30_000_000))
    }
    return (0..<count).map { k in
      let id = UUID(
        uuid: withUnsafeBytes(of: (rng.next(), rng.next())) { b in
          (
            b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14],
            b[15]
          )
        })
      var item = TodoItem(
        id: id, title: rng.pick(titles),
        deadline: rng.chance(6) ? nil : (rng.chance(4) ? rng.instant() : near()),
        created: rng.chance(5) ? rng.instant() : near())
      if rng.chance(4), let d = item.deadline {  // 09:00 local: a DATE-only DUE stays one
        item.deadline = calendar().date(bySettingHour: 9, minute: 0, second: 0, of: d)
      }
      if rng.chance(3) { item.uid = rng.chance(2) ? "\(k)@host.example.org" : id.uuidString.lowercased() }
      if rng.chance(2) { item.modified = near() }
      if rng.chance(4) { item.completed = near() } else if rng.chance(6) { item.cancelled = true }
      if rng.chance(4) { item.repeatRule = rng.pick(rules) }
      if rng.chance(3) { item.warn = Int(rng.next() % 10) * 300 }
      if rng.chance(2) { item.sequence = Int(rng.next() % 10) }
      var lines: [String] = []
      if !rng.chance(4) { lines.append(rng.pick(dues)) }
      lines += properties.filter { _ in rng.chance(5) }
      lines += components.filter { _ in rng.chance(5) }.filter { zones || !$0.contains("VTIMEZONE") }
      if rng.chance(3) { lines.shuffle(using: &rng) }
      let end = rng.chance(2) ? "\r\n" : "\n"
      if !lines.isEmpty || rng.chance(8) {
        item.icalExtra = lines.map { $0.replacingOccurrences(of: "\n", with: end) + end }.joined()
      }
      return item
    }
  }

  static func calendar() -> Calendar {
    var cal = Calendar(identifier: .gregorian)
    cal.timeZone = TimeZone(identifier: "America/Sao_Paulo")!
    return cal
  }

  static let now = Date(timeIntervalSince1970: 1_795_000_000)

  static func url(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
      .appendingPathComponent(name)
  }

  /// The output for the items: all in one VCALENDAR, and the first `singles` one a VCALENDAR each.
  static func outputs(_ items: [TodoItem]) -> (all: String, singles: String) {
    (
      ICalMapping.ics(for: items, now: now, calendar: calendar()),
      items.prefix(singles).map { ICalMapping.ics(for: [$0], now: now, calendar: calendar()) }.joined()
    )
  }

  func testTheExportWritesWhatTheFormerWriterWrote() throws {
    let items = Self.items()
    let (all, singles) = Self.outputs(items)
    let expected = try expect(all, as: "export-identity.ics")
    XCTAssertEqual(all.count, expected.count)
    XCTAssertTrue(all == expected, firstDifference(all, expected))
    let expectedSingles = try expect(singles, as: "export-identity-singles.ics")
    XCTAssertTrue(singles == expectedSingles, firstDifference(singles, expectedSingles))
    assertCutGives(expected, items)
  }

  /// The committed expected text `name` (written from `text` when TODO_REGENERATE_EXPORT_FIXTURES is set).
  func expect(_ text: String, as name: String) throws -> String {
    if ProcessInfo.processInfo.environment["TODO_REGENERATE_EXPORT_FIXTURES"] != nil {
      try Data(text.utf8).write(to: Self.url(name))
    }
    return try String(decoding: Data(contentsOf: Self.url(name)), as: UTF8.self)
  }

  /// Cut into runs written on several cores, unevenly: the same bytes.
  func assertCutGives(_ expected: String, _ items: [TodoItem], line: UInt = #line) {
    for parts in [1, 2, 3, 17, Self.count] {
      let cut = String(
        decoding: ICalExport.bytes(for: items, calendar: Self.calendar(), parts: parts), as: UTF8.self)
      XCTAssertTrue(cut == expected, "\(parts) parts: " + firstDifference(cut, expected), line: line)
    }
  }

  /// Kept text without VTIMEZONEs (every zone libical's own, as after an import
  /// of IANA zones): the export reads and writes each item in one go.
  func testWithoutKeptZonesTheExportWritesWhatTheFormerWriterWrote() throws {
    let items = Self.items(seed: 77, zones: false)
    XCTAssertFalse(items.contains { $0.icalExtra?.contains("VTIMEZONE") ?? false })
    // Read and written in one go here; not so with kept VTIMEZONEs.
    let cal = Self.calendar()
    XCTAssertNotNil(ICalExport.inOneGo(items, runs: [0..<items.count], calendar: cal))
    XCTAssertNil(ICalExport.inOneGo(Self.items(), runs: [0..<Self.count], calendar: cal))
    let all = ICalMapping.ics(for: items, now: Self.now, calendar: Self.calendar())
    let expected = try expect(all, as: "export-identity-builtin.ics")
    XCTAssertTrue(all == expected, firstDifference(all, expected))
    assertCutGives(expected, items)
  }

  /// A DUE with the TZID of a zone libical knows is written in libical's own
  /// zone; the former writer made a zone of the copy of its VTIMEZONE in the
  /// calendar. The same wall clock, across DST, from year 1.
  func testLibicalsZoneAndItsVTIMEZONEGiveTheSameWallClock() throws {
    var rng = SplitMix(seed: 9)
    let lo = Int64(Instants.validRange.lowerBound)
    // Up to 2500 (the fixtures above reach 9999: expanding a zone that far takes a second or two).
    let hi: Int64 = 16_725_225_600
    for tzid in [
      "Europe/Berlin", "America/New_York", "Australia/Lord_Howe", "Europe/Dublin", "Pacific/Chatham",
      "America/Sao_Paulo", "Asia/Kolkata", "Africa/Casablanca", "America/St_Johns", "Pacific/Apia",
    ] {
      let builtin = try XCTUnwrap(LibIcal.builtinZone(tzid))
      let copy = try XCTUnwrap(icaltimezone_new())
      defer { icaltimezone_free(copy, 1) }
      icaltimezone_set_component(copy, try XCTUnwrap(ICalExportHead.builtinComponent(tzid)))
      let own = ICalZoneView { _ in builtin }
      let fromCopy = ICalZoneView { _ in copy }
      // The last instant first: libical expands a zone's changes up to the latest year asked
      // for, again from the start whenever a later one is asked for.
      var instants = [hi, lo]
      // Every year, and the years around now densely (DST rules change often there).
      instants += (0..<300).map { _ in lo + Int64(rng.next() % UInt64(hi - lo)) }
      instants += (0..<2000).map { _ in 1_700_000_000 + Int64(rng.next() % 200_000_000) - 100_000_000 }
      for t in instants {
        let d = Date(timeIntervalSince1970: TimeInterval(t))
        XCTAssertEqual(own.wall(of: d, tzid: tzid), fromCopy.wall(of: d, tzid: tzid), "\(tzid) \(d)")
      }
    }
  }

  /// INTEGER properties (SEQUENCE here) and STATUS made as libical's values directly: the text libical's reader made of them.
  func testValuesMadeDirectlyAreThoseReadFromText() {
    func text(_ body: (ICalTodoBuilder) -> Void) -> String {
      let b = ICalTodoBuilder()
      body(b)
      var out: [UInt8] = []
      b.finish(into: &out)
      return String(decoding: out, as: UTF8.self)
    }
    for n in [0, 1, -5, 2_147_483_647, -2_147_483_648, 2_147_483_648, Int.max, Int.min] {
      XCTAssertEqual(
        text { $0.integer(ICAL_SEQUENCE_PROPERTY, name: "SEQUENCE", n) },
        text { $0.value("SEQUENCE", String(n)) }, "\(n)")
    }
    XCTAssertTrue(
      text { $0.integer(ICAL_SEQUENCE_PROPERTY, name: "SEQUENCE", -5) }.contains("\r\nSEQUENCE:-5\r\n"))
    for s in ["NEEDS-ACTION", "COMPLETED", "CANCELLED", "IN-PROCESS", "X-WAITING"] {
      XCTAssertEqual(text { $0.status(s) }, text { $0.value("STATUS", s) }, s)
    }
  }

  /// The export reads on several threads at once; libical's parser sets an
  /// error's state (a global) around each line, harmless while no error is fatal.
  func testLibicalsErrorsAreNotFatal() {
    XCTAssertEqual(icalerror_get_errors_are_fatal(), 0)
  }

  func firstDifference(_ a: String, _ b: String) -> String {
    let x = a.components(separatedBy: "\r\n")
    let y = b.components(separatedBy: "\r\n")
    for i in 0..<max(x.count, y.count) where i >= x.count || i >= y.count || x[i] != y[i] {
      return "line \(i + 1): \(i < x.count ? x[i] : "(end)") ≠ \(i < y.count ? y[i] : "(end)")"
    }
    return ""
  }
}
