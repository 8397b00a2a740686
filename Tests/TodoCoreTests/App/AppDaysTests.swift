import Foundation
import XCTest

@testable import TodoCore

/// The week and the month views (SPEC 4, issue 38 point 1): w switches
/// list → week → month, the header says which, the arrows move the day,
/// Enter shows the day's items (which act as in the list), a adds on the day;
/// the list's view, filter and lists apply. Snapshots at 80×24 and 40×12.
final class AppDaysTests: XCTestCase {
  let env = TodoEnvironment.fixed(appNow)  // Sun Nov 22 2026, 10:00 UTC

  /// Items over the coming days: two overdue, a crowded Tuesday, a someday item.
  var items: [TodoItem] {
    var out = [
      appItem(1, "Pay rent", minutes: -90),
      appItem(2, "Call 山田さん about the 🎉 party", minutes: 60),
      appItem(3, "Buy milk", minutes: 24 * 60 - 60),
      appItem(4, "Team meeting", minutes: 3 * 24 * 60 + 60),
      appItem(5, "Renew passport", minutes: 20 * 24 * 60),
      TodoItem(id: appID(6), title: "Learn the cello", deadline: nil, created: appNow),
      appItem(7, "Old bill", minutes: -3 * 24 * 60),
    ]
    for k in 0..<6 {
      out.append(appItem(10 + k, "Tuesday task \(k + 1)", minutes: 2 * 24 * 60 + Double(k) * 30))
    }
    return out
  }

  func state(_ size: Size = Size(width: 80, height: 24), _ keys: [Key] = []) -> AppState {
    var s = appState(items, size: size)
    _ = pressKeys(&s, keys, env: env)
    return s
  }

  func testWeekAndMonthSnapshots() {
    assertSnapshot(
      render(state(Size(width: 80, height: 24), [.char("w")]), size: Size(width: 80, height: 24)),
      "week-80x24")
    assertSnapshot(
      render(state(Size(width: 40, height: 12), [.char("w")]), size: Size(width: 40, height: 12)),
      "week-40x12")
    let month = [Key.char("w"), .char("w")]
    assertSnapshot(
      render(state(Size(width: 80, height: 24), month), size: Size(width: 80, height: 24)), "month-80x24")
    assertSnapshot(
      render(state(Size(width: 40, height: 12), month), size: Size(width: 40, height: 12)), "month-40x12")
  }

  func testWSwitchesAndTheHeaderSaysWhich() {
    var s = state()
    XCTAssertEqual(s.days.span, .list)
    _ = pressKeys(&s, [.char("w")], env: env)
    XCTAssertEqual(s.days.span, .week)
    XCTAssertTrue(render(s, size: s.size).lines[0].contains("Todo List · week"))
    _ = pressKeys(&s, [.char("w")], env: env)
    XCTAssertEqual(s.days.span, .month)
    XCTAssertTrue(render(s, size: s.size).lines[0].contains("Todo List · month"))
    _ = pressKeys(&s, [.char("w")], env: env)
    XCTAssertEqual(s.days.span, .list)
    XCTAssertFalse(render(s, size: s.size).lines[0].contains("· month"))
    XCTAssertFalse(render(s, size: s.size).lines[0].contains("· week"))
  }

  func testArrowsMoveTheDay() {
    let cal = env.calendar
    let today = cal.startOfDay(for: appNow)
    func day(_ n: Int) -> Date { cal.date(byAdding: .day, value: n, to: today)! }
    var s = state(Size(width: 80, height: 24), [.char("w")])
    // The week starts today; g (Home) comes back to it.
    XCTAssertEqual(s.selectedDay, today)
    _ = pressKeys(&s, [.right, .right, .down], env: env)
    XCTAssertEqual(s.selectedDay, day(3))
    _ = pressKeys(&s, [.left, .up], env: env)
    XCTAssertEqual(s.selectedDay, day(1))
    _ = pressKeys(&s, [.pageDown], env: env)
    XCTAssertEqual(s.selectedDay, day(8))
    _ = pressKeys(&s, [.char("w"), .up], env: env)  // the month: ↑ is a week back
    XCTAssertEqual(s.selectedDay, day(1))
    _ = pressKeys(&s, [.pageDown], env: env)  // a month on
    XCTAssertEqual(s.selectedDay, cal.date(byAdding: .month, value: 1, to: day(1))!)
    _ = pressKeys(&s, [.home], env: env)
    XCTAssertEqual(s.selectedDay, today)
  }

  func testEnterShowsTheDaysItemsWhichActAsInTheList() {
    var s = state(Size(width: 80, height: 24), [.char("w"), .home, .right, .right])  // Tuesday
    _ = pressKeys(&s, [.enter], env: env)
    XCTAssertEqual(s.days.span, .list)
    XCTAssertEqual(s.visible.map(\.title), (1...6).map { "Tuesday task \($0)" })
    XCTAssertTrue(render(s, size: s.size).lines[0].contains("Tue Nov 24"), render(s, size: s.size).lines[0])
    // x completes the highlighted item, as in the list.
    let effects = pressKeys(&s, [.down, .char("x")], env: env)
    XCTAssertEqual(effects, [.commit(.complete([appID(11)]))])
    // Esc goes back to the week, on the same day.
    _ = pressKeys(&s, [.escape], env: env)
    XCTAssertEqual(s.days.span, .week)
    XCTAssertEqual(s.visible.count, items.count)
  }

  func testAddOnTheSelectedDay() {
    var s = state(Size(width: 80, height: 24), [.char("w"), .home, .right, .right, .right])  // Wednesday
    _ = pressKeys(&s, [.char("a")], env: env)
    guard let form = openForm(s) else { return XCTFail("no form") }
    XCTAssertEqual(form.deadline.text, "2026-11-25 9:00")
    _ = pressKeys(&s, "Water".map { .char($0) } + [.enter], env: env)
    let effects = pressKeys(&s, [.enter], env: env)
    guard case .commit(.add(_, let deadline, _, _, _))? = effects.first else {
      return XCTFail("no add: \(effects)")
    }
    XCTAssertEqual(deadline, env.calendar.date(from: DateComponents(year: 2026, month: 11, day: 25, hour: 9)))
  }

  func testTheFilterAndTheViewApply() {
    var s = state(
      Size(width: 80, height: 24), [.char("/")] + "milk".map { .char($0) } + [.enter, .char("w")])
    XCTAssertEqual(
      s.itemCount(from: s.day(1, after: s.selectedDay), to: s.day(2, after: s.selectedDay)).all, 1)
    XCTAssertEqual(s.itemCount(from: s.selectedDay, to: s.day(1, after: s.selectedDay)).all, 0)
    let week = render(s, size: s.size).lines.joined(separator: "\n")
    XCTAssertTrue(week.contains("Buy milk"))
    XCTAssertFalse(week.contains("Tuesday task"))
    _ = pressKeys(&s, [.escape], env: env)  // the filter cleared: every item is back
    XCTAssertTrue(render(s, size: s.size).lines.joined().contains("Tuesday task"))
  }

  /// The month counts every day's items with two binary searches, the same as a scan.
  func testMonthCountsAgreeWithAScan() {
    let s = state(Size(width: 80, height: 24), [.char("w"), .char("w")])
    var day = s.calendar.dateInterval(of: .month, for: appNow)!.start
    for _ in 0..<30 {
      let end = s.day(1, after: day)
      let scan = s.visible.filter { ($0.deadline.map { $0 >= day && $0 < end }) ?? false }
      let (all, late) = s.itemCount(from: day, to: end)
      XCTAssertEqual(all, scan.count)
      XCTAssertEqual(late, scan.filter { $0.isOverdue(at: appNow) }.count)
      day = end
    }
  }

  /// Overdue is a deadline at or before now, to the second, whatever fraction the clock has.
  func testOverdueCountsAtTheSecond() {
    let items = [
      TodoItem(id: appID(1), title: "At", deadline: appNow, created: appNow),
      TodoItem(id: appID(2), title: "Next", deadline: appNow + 1, created: appNow),
    ]
    for t in [appNow, appNow.addingTimeInterval(0.5)] {
      let s = appState(items, at: t)
      let day = s.calendar.startOfDay(for: t)
      let (all, late) = s.itemCount(from: day, to: s.day(1, after: day))
      XCTAssertEqual(late, 1, "the deadline at \(t) is overdue, the next second's not")
      XCTAssertEqual(all, 2)
    }
  }
}
