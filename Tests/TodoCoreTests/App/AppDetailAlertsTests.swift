import Foundation
import XCTest

@testable import TodoCore

/// The detail's alerts (SPEC 8, issue 36 point 3): a row per alert in its
/// `--alert` form, a blank row that adds one, emptying a row removes its
/// alert; a row left as it was keeps the alert byte for byte (a phone's
/// sound alarm); saving sends the list only when a row changed; undo.
final class AppDetailAlertsTests: XCTestCase {
  let env = TodoEnvironment.fixed(appNow)

  /// A phone's alarm: a sound 15 minutes before the deadline, with lines we do not write.
  static let phone =
    "BEGIN:VALARM\nACTION:AUDIO\nTRIGGER;RELATED=END:-PT15M\nATTACH;VALUE=URI:Chord\nX-WR-ALARMUID:7D1F-22\nEND:VALARM\n"

  /// Due in an hour, started an hour ago: 15m before, 1h before the start, at Mon 9:00, the phone's.
  var item: TodoItem {
    var a = appItem(1, "Pay rent", minutes: 60)
    a.start = appNow - 3600
    a.alerts = [
      ItemAlert(.deadline(-900)), ItemAlert(.start(-3600)), ItemAlert(.at(appNow + 83_400)),
      ItemAlert(stored: Self.phone),
    ]
    return a
  }

  func press(_ s: inout AppState, _ keys: [Key]) -> [Effect] { pressKeys(&s, keys, env: env) }
  func type(_ text: String) -> [Key] { text.map(Key.char) }
  func detail(_ s: AppState) -> Detail? { openForm(s)?.detail }

  /// Tab until alert row `k` has the keyboard.
  func tab(toAlert k: Int, _ s: inout AppState) {
    for _ in 0..<60 where openForm(s)?.focus != .alert(k) { _ = press(&s, [.tab]) }
    XCTAssertEqual(openForm(s)?.focus, .alert(k))
  }

  func screen(_ s: AppState) -> String { render(s, size: s.size).lines.joined(separator: "\n") }

  func testEachAlertIsARowInItsAlertFormThenARowThatAddsOne() {
    var s = appState([item])
    _ = press(&s, [.enter])
    XCTAssertEqual(
      detail(s)?.alertRows.map(\.text), ["15m", "start-1h", "at 2026-11-23T09:10", "15m", ""],
      "each in the form --alert takes; the last row adds one")
    XCTAssertEqual(
      try AlertForm.parse("at 2026-11-23T09:10", now: appNow, calendar: env.calendar),
      ItemAlert(.at(appNow + 83_400)),
      "the text reads back as the same alert")
    for a in [
      ItemAlert(.deadline(-5400)), ItemAlert(.deadline(0)), ItemAlert(.deadline(900)), ItemAlert(.start(0)),
      ItemAlert(.start(-86_400)), ItemAlert(.start(1800)), ItemAlert(.at(appNow + 45)),
    ] {
      let text = AlertForm.text(a, calendar: env.calendar) ?? ""
      XCTAssertEqual(try AlertForm.parse(text, now: appNow, calendar: env.calendar), a, text)
    }
    tab(toAlert: 3, &s)
    XCTAssertTrue(screen(s).contains("→ 15m before the deadline, sound"), screen(s))
    tab(toAlert: 1, &s)
    XCTAssertTrue(screen(s).contains("→ 1h before the start"), screen(s))
  }

  /// Changes one, removes one, adds one: one change, the whole list; the phone's alarm
  /// (not touched) written back byte for byte; undo gives the alerts back.
  func testAddChangeRemoveKeepsThePhonesAlarmAndUndoes() {
    var list = TodoList([item])
    var s = appState([item])
    _ = press(&s, [.enter])
    tab(toAlert: 1, &s)
    _ = press(&s, [.ctrl("u")] + type("due+15m"))
    tab(toAlert: 2, &s)
    _ = press(&s, [.ctrl("u")])
    XCTAssertTrue(screen(s).contains("→ removed when saved"), screen(s))
    tab(toAlert: 4, &s)
    _ = press(&s, type("at tomorrow 8:00"))
    XCTAssertEqual(detail(s)?.alertRows.count, 6, "typing on the last row adds a blank one after it")
    XCTAssertTrue(screen(s).contains("→ at Mon Nov 23 at 8:00 AM"), screen(s))
    let fx = press(&s, [.ctrl("s")])
    let expected = [
      ItemAlert(.deadline(-900)), ItemAlert(.deadline(900)), ItemAlert(stored: Self.phone),
      ItemAlert(.at(appNow + 79_200)),
    ]
    XCTAssertEqual(fx, [.commit(.edit(appID(1), changes: [.alerts(expected)]))], "only the alerts")
    carryOut(fx, on: &list, &s, env: env)
    XCTAssertEqual(s.mode, .list)
    let saved = list[appID(1)]?.alerts ?? []
    XCTAssertEqual(saved.map(\.anchor), expected.map(\.anchor))
    XCTAssertEqual(saved[2].stored, Self.phone, "the phone's alarm byte for byte")
    XCTAssertEqual(list[appID(1)]?.start, item.start, "nothing else written")
    carryOut(press(&s, [.char("u")]), on: &list, &s, env: env)
    XCTAssertEqual(list[appID(1)]?.alerts, item.alerts, "undo: the alerts as they were")
  }

  /// A row that does not read: saving refuses, the keyboard on it, the forms in red; nothing written.
  func testABadAlertIsRefusedWithTheForms() {
    var s = appState([item])
    _ = press(&s, [.enter])
    tab(toAlert: 4, &s)
    _ = press(&s, type("soonish"))
    _ = press(&s, [.tab, .tab])
    XCTAssertEqual(press(&s, [.ctrl("s")]), [.bell])
    XCTAssertEqual(openForm(s)?.focus, .alert(4), "the keyboard on the row that does not read")
    let c = render(s, size: s.size)
    let y = c.lines.firstIndex { $0.contains("not an alert: try 15m, due+15m") }
    XCTAssertNotNil(y, screen(s))
    if let y {
      let x = c.lines[y].distance(from: c.lines[y].startIndex, to: c.lines[y].range(of: "not an")!.lowerBound)
      XCTAssertEqual(c[x, y].style.colour, .red, "in red")
    }
  }

  /// Another field touched: the alerts are not written; a row typed and typed back is no change.
  func testUntouchedAlertsAreNotWritten() {
    var s = appState([item])
    _ = press(&s, [.enter])
    tab(toAlert: 0, &s)
    _ = press(&s, [.ctrl("u")] + type("15m "))
    XCTAssertEqual(press(&s, [.ctrl("s")]), [], "the same alert: nothing to write")
    XCTAssertEqual(s.message, "Nothing changed")
    _ = press(&s, [.enter])
    tab(toAlert: 3, &s)
    _ = press(&s, [.backspace] + type("m"))
    XCTAssertEqual(
      press(&s, [.ctrl("s")]), [], "the phone's alarm retyped as it reads: it stays as stored")
  }

  /// The file's alerts change while the detail is open: untouched, the rows follow them.
  func testUntouchedAlertsFollowTheFile() {
    var s = appState([item])
    _ = press(&s, [.enter])
    tab(toAlert: 4, &s)
    var changed = item
    changed.alerts = [ItemAlert(.start(0))]
    _ = reduce(&s, .loaded(TodoDocument(items: [changed])), env: env)
    XCTAssertEqual(detail(s)?.alertRows.map(\.text), ["start", ""])
    XCTAssertEqual(openForm(s)?.focus, .alert(1), "the keyboard on a row still there")
  }
}
