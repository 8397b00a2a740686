import Foundation
import XCTest

@testable import TodoCore

/// The app's whole screen at 80×24 with fixed data, a fixed clock (Sun Nov 22
/// 2026, 11:00 in Berlin) and a fixed time zone, in two locales: en_US's
/// 12-hour clock and de_DE's 24-hour clock (SPEC 4, issue 18).
final class AppScreenSnapshotTests: XCTestCase {
  let berlin = TimeZone(identifier: "Europe/Berlin")!

  /// One item under each heading, with each mark; one completed.
  var items: [TodoItem] {
    var weekly = appItem(4, "Team meeting", minutes: 3 * 24 * 60 + 60)  // Wed 12:00 Berlin
    weekly.repeatRule = "FREQ=WEEKLY"
    var done = appItem(8, "Filed taxes", minutes: -24 * 60)
    done.completed = appNow - 3600
    return [
      appItem(1, "Pay rent", minutes: -90),
      appItem(2, "Call 山田さん about the 🎉 party and the very long list of things to bring along", minutes: 60),
      appItem(3, "Buy milk", minutes: 24 * 60 - 60, reminder: 30),
      weekly,
      appItem(5, "Renew passport", minutes: 40 * 24 * 60),
      appItem(6, "Dentist", minutes: 400 * 24 * 60),
      TodoItem(id: appID(7), title: "Learn the cello", deadline: nil, created: appNow),
      done,
    ]
  }

  func screen(locale: String, _ actions: [Action] = []) -> Canvas {
    let env = TodoEnvironment.fixed(appNow, timeZone: berlin)
    let cycle = HourCycle.from(environment: ["LANG": locale + ".UTF-8"])
    var s = AppState(now: appNow, calendar: env.calendar, size: Size(width: 80, height: 24), hourCycle: cycle)
    _ = reduce(&s, .loaded(TodoDocument(items: items)), env: env)
    for a in actions { _ = reduce(&s, a, env: env) }
    return render(s, size: s.size)
  }

  func testTheScreenInTwoLocales() {
    XCTAssertEqual(HourCycle.from(environment: ["LANG": "en_US.UTF-8"]), .h12)
    XCTAssertEqual(HourCycle.from(environment: ["LANG": "de_DE.UTF-8"]), .h24)
    assertSnapshot(screen(locale: "en_US", [.move(1)]), "screen-en_US-80x24")
    assertSnapshot(screen(locale: "de_DE", [.move(1)]), "screen-de_DE-80x24")
  }

  func testTheAllViewInTwoLocales() {
    assertSnapshot(screen(locale: "en_US", [.switchView, .switchView]), "screen-all-en_US-80x24")
    assertSnapshot(screen(locale: "de_DE", [.switchView, .switchView]), "screen-all-de_DE-80x24")
  }

  /// SPEC 5: more than 64 notifications wanted: the header says how many wait.
  func testTheHeaderCountsWhatWaitsForASlot() {
    let env = TodoEnvironment.fixed(appNow, timeZone: berlin)
    let many = (1...70).map { appItem($0, "Item \($0)", minutes: Double($0) * 10) }
    var s = AppState(now: appNow, calendar: env.calendar, size: Size(width: 80, height: 24), hourCycle: .h24)
    _ = reduce(&s, .loaded(TodoDocument(items: many)), env: env)
    XCTAssertEqual(s.waitingCount, 6)
    let canvas = render(s, size: s.size)
    XCTAssertTrue(canvas.lines[0].hasSuffix("0 overdue · 64/64 scheduled · 6 waiting "), canvas.lines[0])
    assertSnapshot(canvas, "screen-waiting-80x24")
  }
}
