import Foundation
import XCTest

@testable import TodoCore

/// Times from elsewhere are not trusted beyond now: a phone whose clock runs
/// years ahead must not pin an item (SPEC 7, "later change wins").
extension SyncICalTests {
  /// Another client rewrites the only file of the vdir: `title`, LAST-MODIFIED `modified`.
  func phoneEdit(title: String, modified: Date) throws {
    let vdir = dir + "/vdir"
    let name = try FileManager.default.contentsOfDirectory(atPath: vdir).first { $0.hasSuffix(".ics") }!
    let f = DateFormatter()
    f.locale = Locale(identifier: "en_US_POSIX")
    f.timeZone = TimeZone(identifier: "UTC")
    f.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
    var text = try String(contentsOfFile: vdir + "/" + name, encoding: .utf8)
    text = text.replacingOccurrences(
      of: "LAST-MODIFIED:[0-9TZ]+", with: "LAST-MODIFIED:" + f.string(from: modified),
      options: .regularExpression)
    text = text.replacingOccurrences(
      of: "SUMMARY:[^\r\n]*", with: "SUMMARY:" + title, options: .regularExpression)
    try FileManager.default.removeItem(atPath: vdir + "/" + name)
    try text.write(toFile: vdir + "/" + name, atomically: true, encoding: .utf8)
  }

  func testALastModifiedInTheFutureCountsAsNowAndDoesNotPinTheItem() throws {
    let a = machine("a", "Europe/Berlin")
    let item = TodoItem(
      id: UUID(), title: "Water the plants", deadline: t0 + 86_400, created: t0, modified: t0)
    try a.store.mutate { $0.apply(Change(before: [:], after: [item.id: item], summary: "")) }
    _ = try a.run()
    let farAhead = t0 + 20 * 365 * 86_400
    try phoneEdit(title: "From a phone whose clock is wrong", modified: farAhead)
    _ = try machine("a", "Europe/Berlin", at: 10).run()
    var here = try items(a)[item.icalUID]!
    XCTAssertEqual(here.title, "From a phone whose clock is wrong")
    XCTAssertEqual(here.modified, t0 + 10, "a LAST-MODIFIED later than now counts as now")
    // Edited here at +20, then on the phone at +30: both changed the title; the phone's is later.
    try a.store.mutate { list in _ = try list.edit(item.id, title: "Edited here", now: t0 + 20) }
    _ = try machine("a", "Europe/Berlin", at: 25).run()
    try phoneEdit(title: "Edited on the phone later", modified: t0 + 30)
    try a.store.mutate { list in _ = try list.edit(item.id, title: "Edited here again", now: t0 + 28) }
    _ = try machine("a", "Europe/Berlin", at: 40).run()
    here = try items(a)[item.icalUID]!
    XCTAssertEqual(here.title, "Edited on the phone later", "the later change wins")
    XCTAssertEqual(here.modified, t0 + 30)
  }

  func testAnImportedLastModifiedOrCreatedInTheFutureCountsAsNow() throws {
    let ics = """
      BEGIN:VCALENDAR\r
      VERSION:2.0\r
      PRODID:-//test//EN\r
      BEGIN:VTODO\r
      UID:fast-clock@example.com\r
      SUMMARY:Fast clock\r
      CREATED:20990101T000000Z\r
      LAST-MODIFIED:20990101T000000Z\r
      DUE:20991231T000000Z\r
      END:VTODO\r
      END:VCALENDAR\r

      """
    let now = t0 + 0.5
    let items = try ICalMapping.items(
      fromICS: Data(ics.utf8), path: "fast.ics", now: now, calendar: Calendar(identifier: .gregorian))
    XCTAssertEqual(items.first?.modified, t0)
    XCTAssertEqual(items.first?.created, t0)
    XCTAssertEqual(
      items.first?.deadline, Date(timeIntervalSince1970: 4_102_358_400), "a deadline may be far ahead")
  }
}
