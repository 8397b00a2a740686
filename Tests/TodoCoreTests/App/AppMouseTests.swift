import Foundation
import XCTest

@testable import TodoCore

/// The mouse (SPEC 4, issue 38 point 3), from the reports the backend reads
/// to what the app does: as ``KeyMap`` and ``reduce(_:_:env:)`` take them.
final class AppMouseTests: XCTestCase {
  let env = TodoEnvironment.fixed(appNow)

  func press(_ s: inout AppState, _ events: [MouseEvent]) -> [Effect] {
    pressKeys(&s, events.map(Key.mouse), env: env)
  }

  /// The screen line showing `text` (0-based).
  func line(_ s: AppState, _ text: String) -> Int {
    render(s, size: s.size).lines.firstIndex { $0.contains(text) }!
  }

  func testSGRReports() {
    XCTAssertEqual(MouseEvent(button: 0, x: 5, y: 3, released: false), MouseEvent(.press, x: 4, y: 2))
    XCTAssertEqual(MouseEvent(button: 0, x: 5, y: 3, released: true), MouseEvent(.release, x: 4, y: 2))
    XCTAssertEqual(MouseEvent(button: 32, x: 1, y: 1, released: false), MouseEvent(.drag, x: 0, y: 0))
    XCTAssertEqual(MouseEvent(button: 65, x: 1, y: 1, released: false)?.kind, .wheelDown)
    XCTAssertNil(MouseEvent(button: 2, x: 1, y: 1, released: false), "the right button")
    XCTAssertNil(MouseEvent(button: 4, x: 1, y: 1, released: false), "with Shift: the terminal's")
  }

  func testAClickSelectsARowAndTheWheelScrolls() {
    var s = appState(appThree)
    let y = line(s, "Buy milk")
    _ = press(&s, [MouseEvent(.press, x: 10, y: y), MouseEvent(.release, x: 10, y: y)])
    XCTAssertEqual(s.selectedItem?.title, "Buy milk")
    _ = press(&s, [MouseEvent(.wheelUp, x: 10, y: 5)])
    XCTAssertEqual(s.selected, 0)
    // A click on no row (a heading, the blank below) changes nothing.
    _ = press(&s, [MouseEvent(.press, x: 10, y: 20), MouseEvent(.release, x: 10, y: 20)])
    XCTAssertEqual(s.selected, 0)
  }

  func testADragToTheLeftSwipesAndALongerOneCompletes() {
    var s = appState(appThree)
    let y = line(s, "Call Bob")
    _ = press(
      &s,
      [MouseEvent(.press, x: 40, y: y), MouseEvent(.drag, x: 35, y: y), MouseEvent(.release, x: 35, y: y)])
    XCTAssertEqual(s.mode, .swipe(appID(2)))
    XCTAssertTrue(render(s, size: s.size).lines[y].contains("Complete"))
    _ = pressKeys(&s, [.escape], env: env)
    let effects = press(
      &s,
      [
        MouseEvent(.press, x: 60, y: y), MouseEvent(.drag, x: 40, y: y), MouseEvent(.release, x: 20, y: y),
      ])
    XCTAssertEqual(effects, [.commit(.complete([appID(2)]))])
    XCTAssertEqual(s.mode, .list)
  }

  func testAClickOnAKeysNameInTheFooterDoesTheKey() {
    var s = appState(appThree)
    let footer = render(s, size: s.size).lines[23]
    let x = footer.distance(from: footer.startIndex, to: footer.range(of: "v view")!.lowerBound)
    _ = press(&s, [MouseEvent(.press, x: x + 2, y: 23), MouseEvent(.release, x: x + 2, y: 23)])
    XCTAssertEqual(s.view, .completed)
    let help = render(s, size: s.size).lines[23]
    let h = help.distance(from: help.startIndex, to: help.range(of: "? help")!.lowerBound)
    _ = press(&s, [MouseEvent(.press, x: h, y: 23)])
    XCTAssertEqual(s.mode, .help)
  }

  func testAClickSelectsADayInTheWeekAndTheMonth() {
    let cal = env.calendar
    let today = cal.startOfDay(for: appNow)
    var s = appState(appThree)
    _ = pressKeys(&s, [.char("w")], env: env)
    let y = line(s, "Tue Nov 24")
    _ = press(&s, [MouseEvent(.press, x: 3, y: y)])
    XCTAssertEqual(s.selectedDay, cal.date(byAdding: .day, value: 2, to: today))
    _ = pressKeys(&s, [.char("w")], env: env)
    // The month: the cell of the 5th.
    let screen = render(s, size: s.size).lines
    let row = screen.firstIndex { $0.hasPrefix("  1 ") || $0.contains("  5  ") }!
    let x =
      screen[row].distance(from: screen[row].startIndex, to: screen[row].range(of: " 5 ")!.lowerBound) + 1
    _ = press(&s, [MouseEvent(.press, x: x, y: row)])
    XCTAssertEqual(s.selectedDay, cal.date(from: DateComponents(year: 2026, month: 11, day: 5)))
  }

  /// In the add form and in the detail, a click on a field's line gives it the keyboard.
  func testAClickInAFormMovesToTheField() {
    var s = appState(appThree)
    _ = pressKeys(&s, [.char("a")], env: env)
    let warning = line(s, "Warning")
    _ = press(&s, [MouseEvent(.press, x: 20, y: warning), MouseEvent(.release, x: 20, y: warning)])
    XCTAssertEqual(openForm(s)?.focus, .warning)
    _ = pressKeys(&s, [.char("1"), .char("h")], env: env)
    XCTAssertEqual(openForm(s)?.warning.text, "1h", "typing goes to the clicked field")
    var d = appState(appThree)
    _ = pressKeys(&d, [.enter], env: env)
    let note = line(d, "Note")
    _ = press(&d, [MouseEvent(.press, x: 20, y: note)])
    XCTAssertEqual(openForm(d)?.focus, .note)
    let tags = line(d, "Tags")
    _ = press(&d, [MouseEvent(.press, x: 20, y: tags)])
    XCTAssertEqual(openForm(d)?.focus, .tags)
  }
}
