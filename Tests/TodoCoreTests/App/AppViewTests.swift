import Foundation
import XCTest

@testable import TodoCore

/// The `v` view (pending, completed, all; x/c reopens a completed item) and
/// the list's headings and scroll marks (SPEC 4).
final class AppViewTests: XCTestCase {
  let env = TodoEnvironment.fixed(appNow)

  func testVSwitchesTheViewAndXReopensACompletedItem() {
    var done = appItem(4, "Filed taxes", minutes: -600)
    done.completed = appNow - 60
    var list = TodoList(appThree + [done])
    var s = appState(appThree + [done])
    XCTAssertEqual(s.visible.map(\.title), ["Pay rent", "Call Bob", "Buy milk"])
    _ = reduce(&s, KeyMap.action(for: .char("v"), in: s)!, env: env)
    XCTAssertEqual(s.view, .completed)
    XCTAssertEqual(s.visible.map(\.title), ["Filed taxes"])
    XCTAssertEqual(s.sections, [AppState.Section(title: "Completed", start: 0)])
    XCTAssertEqual(KeyMap.action(for: .char("c"), in: s), .reopen(appID(4)))
    // Swiped, a completed row offers to reopen it.
    var swiped = s
    _ = reduce(&swiped, KeyMap.action(for: .left, in: swiped)!, env: env)
    XCTAssertEqual(KeyMap.action(for: .enter, in: swiped), .reopen(appID(4)))
    XCTAssertTrue(render(swiped, size: swiped.size).lines[2].hasSuffix(" Reopen "))
    let fx = reduce(&s, KeyMap.action(for: .char("x"), in: s)!, env: env)
    XCTAssertEqual(fx, [.commit(.reopen([appID(4)]))])
    carryOut(fx, on: &list, &s, env: env)
    XCTAssertNil(list[appID(4)]?.completed)
    XCTAssertEqual(list[appID(4)]?.notifiedDeadline, nil)
    XCTAssertEqual(s.message, "Reopened “Filed taxes” — u undoes")
    XCTAssertEqual(s.visible, [], "gone from the completed view")
    XCTAssertEqual(s.badge, 2, "overdue again")
    // u completes it again.
    carryOut(reduce(&s, .undo, env: env), on: &list, &s, env: env)
    XCTAssertNotNil(list[appID(4)]?.completed)
    XCTAssertEqual(s.visible.map(\.title), ["Filed taxes"])
    _ = reduce(&s, .switchView, env: env)
    XCTAssertEqual(s.view, .all)
    XCTAssertEqual(s.visible.map(\.title), ["Pay rent", "Call Bob", "Buy milk", "Filed taxes"])
    XCTAssertEqual(s.sections.map(\.title), ["Overdue", "Today", "Completed"])
    XCTAssertEqual(KeyMap.action(for: .char("c"), in: s), .reopen(appID(4)), "the selection stayed on it")
    _ = reduce(&s, .moveToTop, env: env)
    XCTAssertEqual(KeyMap.action(for: .char("c"), in: s), .complete(appID(1)), "a pending row completes")
    _ = reduce(&s, .switchView, env: env)
    XCTAssertEqual(s.view, .pending)
  }

  func testHeadingsGroupTheItemsByWhenTheyAreDue() {
    let items = [
      appItem(1, "Late", minutes: -30), appItem(2, "Soon", minutes: 60),
      appItem(3, "Tomorrow morning", minutes: 23 * 60),  // Mon 09:00
      appItem(4, "Thursday", minutes: 4 * 24 * 60), appItem(5, "Next month", minutes: 30 * 24 * 60),
      TodoItem(id: appID(6), title: "Some day", deadline: nil, created: appNow),
    ]
    var s = appState(items)
    XCTAssertEqual(
      s.sections.map(\.title), ["Overdue", "Today", "Tomorrow", "This week", "Later", "Someday"])
    XCTAssertEqual(s.sections.map(\.start), [0, 1, 2, 3, 4, 5])
    XCTAssertEqual(s.rowCount, 12)
    XCTAssertEqual(s.content(ofRow: 0), .heading("Overdue"))
    XCTAssertEqual(s.content(ofRow: 1), .item(0))
    XCTAssertEqual(s.content(ofRow: 11), .item(5))
    XCTAssertEqual(s.row(of: 5), 11)
    // At midnight the headings move: the timer is set for it.
    XCTAssertEqual(s.nextChange, appNow + 3600)  // "Soon" at 11:00 first
    _ = reduce(&s, .tick(appNow + 14 * 3600), env: env)  // Mon 00:00
    XCTAssertEqual(s.sections.map(\.title), ["Overdue", "Today", "This week", "Later", "Someday"])
    XCTAssertEqual(s.sections.map(\.start), [0, 2, 3, 4, 5])
    XCTAssertEqual(s.nextChange, appNow + 23 * 3600, "Mon 09:00, before the next midnight")
  }

  /// Issue 25: on a Thursday, "This week" held next Monday and Tuesday (it was the next seven days).
  func testThisWeekEndsWithTheCalendarWeek() {
    let thursday = appNow + 4 * 86_400  // Thu Nov 26 2026, 10:00 UTC
    let items = [
      appItem(1, "Saturday", minutes: 6 * 1440), appItem(2, "Sunday", minutes: 7 * 1440),
      appItem(3, "Next Monday", minutes: 8 * 1440), appItem(4, "Next Tuesday", minutes: 9 * 1440),
    ]
    for (firstWeekday, inWeek) in [(1, ["Saturday"]), (2, ["Saturday", "Sunday"])] {
      var cal = TodoEnvironment.fixed(thursday).calendar
      cal.firstWeekday = firstWeekday
      var s = AppState(now: thursday, calendar: cal, size: Size(width: 80, height: 24))
      _ = reduce(&s, .loaded(TodoDocument(items: items)), env: .fixed(thursday))
      XCTAssertEqual(s.sections.map(\.title), ["This week", "Later"], "first weekday \(firstWeekday)")
      XCTAssertEqual(
        s.visible.prefix(s.sections[1].start).map(\.title), inWeek, "first weekday \(firstWeekday)")
    }
  }

  func testACutTitleEndsWithAnEllipsis() {
    var c = Canvas(width: 10, height: 1)
    XCTAssertEqual(c.putCut("Buy milk and bread", x: 1, y: 0, limit: 9), 9)
    XCTAssertEqual(c.lines[0], " Buy mil… ")
    var w = Canvas(width: 8, height: 1)
    w.putCut("山田さんと", x: 0, y: 0, limit: 8)  // a wide character never straddles the "…"
    XCTAssertEqual(w.lines[0], "山田さ… ")
    var fits = Canvas(width: 8, height: 1)
    fits.putCut("Buy milk", x: 0, y: 0, limit: 8)
    XCTAssertEqual(fits.lines[0], "Buy milk")
  }
}
