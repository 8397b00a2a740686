import Foundation
import XCTest

@testable import TodoCore

/// The agenda's days (SPEC 2 `agenda`): overdue items apart and first, the
/// rest under their local day, by time; someday, completed and later items out.
final class AgendaTests: XCTestCase {
  func testDaysInLocalTime() {
    let tz = TimeZone(identifier: "America/New_York")!
    let f = DueFormatter(timeZone: tz, now: appNow)  // Sun Nov 22, 5:00 in New York
    var done = appItem(5, "Done", minutes: 60)
    done.completed = appNow
    let items = [
      appItem(1, "Late", minutes: -60),
      appItem(2, "Tonight", minutes: 18 * 60 + 30),  // 23:30 New York, 04:30 UTC the next day
      appItem(3, "Monday", minutes: 19 * 60 + 30),
      appItem(4, "Far", minutes: 10 * 24 * 60),
      done,
      TodoItem(id: appID(6), title: "Someday", deadline: nil, created: appNow),
    ]
    let a = Agenda(items.reversed(), first: f.today, days: 3, now: appNow, formatter: f)
    XCTAssertEqual(a.overdue.map(\.title), ["Late"])
    XCTAssertEqual(a.days.map { a.rows(of: $0).map(\.title) }, [["Tonight"], ["Monday"], []])
    XCTAssertEqual(a.days.map(\.number), [f.today, f.today + 1, f.today + 2])
    XCTAssertEqual(a.count, 3)
    XCTAssertEqual(Agenda.dayName(f.today, formatter: f), "Today, Sun Nov 22")
    XCTAssertEqual(Agenda.dayName(f.today + 1, formatter: f), "Tomorrow, Mon Nov 23")
    XCTAssertEqual(Agenda.dayName(f.today + 40, formatter: f), "Fri Jan 1 2027")
  }

  func testLinesAlignTheTimes() {
    let f = DueFormatter(timeZone: TimeZone(identifier: "UTC")!, now: appNow, hourCycle: .h24)
    let items = [appItem(1, "Late", minutes: -60), appItem(2, "Soon", minutes: 60)]
    let a = Agenda(items, first: f.today, days: 1, now: appNow, formatter: f)
    let text = String(
      decoding: a.lines(formatter: f, ids: ShortIDs(items.map(\.id)), colour: false), as: UTF8.self)
    XCTAssertEqual(
      text,
      """
      Overdue
        today 9:00  00000000  Late
      Today, Sun Nov 22
        11:00       00000000  Soon

      """.replacingOccurrences(
        of: "00000000  Late", with: ShortIDs(items.map(\.id)).text(appID(1)) + "  Late"
      )
      .replacingOccurrences(of: "00000000  Soon", with: ShortIDs(items.map(\.id)).text(appID(2)) + "  Soon"))
  }

  /// The agenda from the scan's records (the fast path of `agenda`) is the agenda of the loaded items.
  func testTheScansAgendaIsTheItemsAgenda() throws {
    let dir = NSTemporaryDirectory() + "agenda-\(getpid())"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    var items = (0..<300).map { k in
      appItem(k + 1, k % 7 == 0 ? "Zoë's 生日 \(k)" : "Item \(k)", minutes: Double(k * 97 - 3000))
    }
    items[3].priority = 1
    items[4].completed = appNow
    items[5].deadline = nil
    let path = dir + "/todos.plist"
    XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data(PlistCodec.encode(items))))
    let scan = try XCTUnwrap(try PlistScan.scan(store: Store(path: path)))
    let f = DueFormatter(timeZone: TimeZone(identifier: "Europe/Berlin")!, now: appNow)
    let loaded = try Store(path: path).load().items
    for days in [1, 3, 7] {
      let a = Agenda(scan, first: f.today, days: days, now: appNow, formatter: f)
      let b = Agenda(loaded, first: f.today, days: days, now: appNow, formatter: f)
      let ids = ShortIDs(items.map(\.id))
      XCTAssertEqual(
        a.lines(formatter: f, ids: ids, colour: true), b.lines(formatter: f, ids: ids, colour: true))
      XCTAssertEqual(a.overdue.map(\.id), b.overdue.map(\.id))
      XCTAssertEqual(a.days.map { a.rows(of: $0).map(\.id) }, b.days.map { b.rows(of: $0).map(\.id) })
    }
  }
}
