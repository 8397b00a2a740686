import Foundation
import XCTest

@testable import TodoCore

/// The sync over the real iCalendar mapping: two data files ("machines", in
/// two time zones) through one vdir.
final class SyncICalTests: OneVdirTestCase {
  func machine(_ name: String, _ zone: String, at offset: TimeInterval = 0) -> VdirSync {
    let env = TodoEnvironment.fixed(t0 + offset, timeZone: TimeZone(identifier: zone)!)
    return VdirSync(
      store: Store(path: dir + "/\(name).plist"), vdirPath: dir + "/vdir", codec: .iCalendar(env: env),
      env: env)
  }

  func items(_ m: VdirSync) throws -> [String: TodoItem] {
    Dictionary(uniqueKeysWithValues: try m.store.load().items.map { ($0.icalUID, $0) })
  }

  func testItemsCrossBetweenTwoMachinesInTwoTimeZonesAndSettle() throws {
    let a = machine("a", "Europe/Berlin")
    let b = machine("b", "America/New_York")
    var weekly = TodoItem(
      id: UUID(), title: "Team call, weekly; bring notes", deadline: t0 + 86_400, created: t0, modified: t0)
    weekly.repeatRule = "FREQ=WEEKLY;BYDAY=MO,TH"
    weekly.warn = 900
    let someday = TodoItem(id: UUID(), title: "Learn the cello", deadline: nil, created: t0, modified: t0)
    var done = TodoItem(
      id: UUID(), title: "Done already", deadline: t0 - 3600, created: t0 - 7200, modified: t0)
    done.completed = t0 - 60
    let seed = Change(
      before: [:], after: [weekly.id: weekly, someday.id: someday, done.id: done], summary: "")
    try a.store.mutate { $0.apply(seed) }

    XCTAssertEqual(try a.run().count(.vdir, .created), 3)
    XCTAssertEqual(try b.run().count(.list, .created), 3)
    let onA = try items(a)
    let onB = try items(b)
    XCTAssertEqual(Set(onB.keys), Set(onA.keys))
    for (uid, item) in onA {
      XCTAssertEqual(SyncFields(onB[uid]!), SyncFields(item), uid)
      XCTAssertEqual(onB[uid]!.modified, item.modified, uid)
    }
    // Settled: no side writes anything more.
    XCTAssertFalse(try a.run().wrote)
    XCTAssertFalse(try b.run().wrote)

    // B edits the title; A edits the warning of the same item: both arrive.
    let uid = weekly.icalUID
    try b.store.mutate { list in _ = try list.edit(weekly.id, title: "Team call (moved)", now: t0 + 100) }
    try a.store.mutate { list in _ = try list.edit(weekly.id, now: t0 + 50) { $0.warn = 1800 } }
    _ = try machine("b", "America/New_York", at: 110).run()
    _ = try machine("a", "Europe/Berlin", at: 120).run()
    _ = try machine("b", "America/New_York", at: 130).run()
    for m in [a, b] {
      let i = try items(m)[uid]!
      XCTAssertEqual(i.title, "Team call (moved)")
      XCTAssertEqual(i.warn, 1800)
      XCTAssertEqual(i.repeatRule, "FREQ=WEEKLY;BYDAY=MO,TH")
    }
    XCTAssertFalse(try a.run().wrote)
    XCTAssertFalse(try b.run().wrote)
  }

  func testAForeignFileKeepsItsNameUIDAndUnmappedProperties() throws {
    let ics = """
      BEGIN:VCALENDAR\r
      VERSION:2.0\r
      PRODID:-//Nextcloud Tasks//EN\r
      BEGIN:VTODO\r
      UID:Phone-Task-7f3a@Example.COM\r
      DTSTAMP:20261120T100000Z\r
      LAST-MODIFIED:20261120T100000Z\r
      SUMMARY:Buy milk\r
      DUE;TZID=Europe/Berlin:20261124T183000\r
      PRIORITY:1\r
      CATEGORIES:errands\r
      X-APPLE-SORT-ORDER:42\r
      END:VTODO\r
      END:VCALENDAR\r

      """
    try Data(ics.utf8).write(to: URL(fileURLWithPath: dir + "/vdir/7f3a.ics"))
    let a = machine("a", "America/New_York")
    XCTAssertEqual(try a.run().count(.list, .created), 1)
    let item = try items(a)["Phone-Task-7f3a@Example.COM"]
    XCTAssertEqual(item?.title, "Buy milk")
    XCTAssertEqual(item?.deadline, Date(timeIntervalSince1970: 1_795_541_400))  // 17:30 UTC
    // A change here rewrites the same file, with what we do not map kept.
    try a.store.mutate { list in _ = try list.complete([item!.id], now: t0 + 10) }
    XCTAssertEqual(try machine("a", "America/New_York", at: 20).run().count(.vdir, .updated), 1)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: dir + "/vdir"), ["7f3a.ics"])
    let text = try String(contentsOfFile: dir + "/vdir/7f3a.ics", encoding: .utf8)
    for needle in [
      "UID:Phone-Task-7f3a@Example.COM", "PRIORITY:1", "CATEGORIES:errands", "X-APPLE-SORT-ORDER:42",
      "STATUS:COMPLETED",
    ] {
      XCTAssertTrue(text.contains(needle), "\(needle) missing from\n\(text)")
    }
    let back = try ICalMapping.items(
      fromICS: Data(text.utf8), path: "7f3a.ics", now: t0, calendar: .localGregorian)
    XCTAssertEqual(back.first?.deadline, item?.deadline)
  }

  /// The unmapped properties are iCalendar text with CR LF line ends: the
  /// data file keeps them exactly (a raw CR would come back as LF, and the
  /// writer once put U+FFFD for every line end), so a sync after a sync
  /// finds nothing changed.
  func testUnmappedPropertiesSurviveTheDataFileByteForByte() throws {
    let extra = "CLASS:PRIVATE\r\nRESOURCES:a,b\r\nX-TODO-NOTE:two\\nlines\twith a tab\r\n"
    var item = TodoItem(id: UUID(), title: "x", deadline: t0, created: t0, modified: t0)
    item.icalExtra = extra
    let store = Store(path: dir + "/extra.plist")
    try store.mutate { $0.apply(Change(before: [:], after: [item.id: item], summary: "")) }
    XCTAssertEqual(try store.load().items.first?.icalExtra, extra, "lean reader")
    let data = try Data(contentsOf: URL(fileURLWithPath: store.path))
    XCTAssertEqual(try PlistCodec.decodeWithFoundation(data).items.first?.icalExtra, extra, "Foundation")
  }
}
