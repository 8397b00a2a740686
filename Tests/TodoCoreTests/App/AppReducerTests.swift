import Foundation
import XCTest

@testable import TodoCore

final class AppReducerTests: XCTestCase {
  let env = TodoEnvironment.fixed(appNow)
  let three = appThree

  /// Runs the runtime's part of a mutation in memory, as FullScreen does on the file.
  func testLoadingSortsByDeadlineCountsTheBadgeAndSetsTheTitle() {
    var s = AppState(now: appNow, calendar: env.calendar, size: Size(width: 80, height: 24))
    let fx = reduce(&s, .loaded(TodoDocument(items: three.reversed())), env: env)
    XCTAssertEqual(fx, [.setTerminalTitle("todo-tui (1)")])
    XCTAssertEqual(s.visible.map(\.title), ["Pay rent", "Call Bob", "Buy milk"])
    XCTAssertEqual(s.badge, 1)
    XCTAssertEqual(s.scheduledCount, 2)
    XCTAssertEqual(s.nextChange, appNow.addingTimeInterval(3600))
    XCTAssertEqual(s.selected, 0)
    XCTAssertTrue(s.loaded)
  }

  func testMovingChangesOnlyTheSelection() {
    var s = appState(three)
    var expected = s
    XCTAssertEqual(reduce(&s, .move(1), env: env), [])
    expected.selected = 1
    XCTAssertEqual(s, expected)
    _ = reduce(&s, .moveToBottom, env: env)
    expected.selected = 2
    XCTAssertEqual(s, expected)
    _ = reduce(&s, .move(5), env: env)
    XCTAssertEqual(s, expected)
    _ = reduce(&s, .moveToTop, env: env)
    expected.selected = 0
    XCTAssertEqual(s, expected)
  }

  func testPagingScrollsTheListToKeepTheSelectionOnScreen() {
    let many = (1...100).map { appItem($0, "Item \($0)", minutes: Double($0)) }
    var s = appState(many, size: Size(width: 80, height: 10))
    let rows = Layout(s, size: s.size).list.count
    XCTAssertEqual(rows, 8)
    // 101 rows (the heading "Today" and 100 items) in 8: 6 show, between the scroll marks.
    XCTAssertEqual(s.listWindow, 6)
    XCTAssertEqual(s.sections, [AppState.Section(title: "Today", start: 0)])
    _ = reduce(&s, .page(1), env: env)
    XCTAssertEqual(s.selected, 7)
    XCTAssertEqual(s.top, 3)  // item 7 is row 8, the last of rows 3…8
    _ = reduce(&s, .page(1), env: env)
    XCTAssertEqual(s.selected, 14)
    XCTAssertEqual(s.top, 10)
    _ = reduce(&s, .moveToBottom, env: env)
    XCTAssertEqual(s.selected, 99)
    XCTAssertEqual(s.top, 95)
    _ = reduce(&s, .moveToTop, env: env)
    XCTAssertEqual(s.top, 0, "the first item's heading shows too")
  }

  func testCompleteAsksForTheMutationThenKeepsTheRowAndOffersUndo() {
    var s = appState(three)
    _ = reduce(&s, .move(1), env: env)
    let before = s
    let fx = reduce(&s, KeyMap.action(for: .char("c"), in: s)!, env: env)
    XCTAssertEqual(fx, [.commit(.complete([appID(2)]))])
    XCTAssertEqual(s, before)
    var list = TodoList(three)
    let change = try! list.complete([appID(2)], now: appNow)
    let fx2 = reduce(&s, .mutated(.complete([appID(2)]), change), env: env)
    XCTAssertEqual(fx2, [])
    var expected = appState(list.items.values.map { $0 })
    expected.selected = 1  // the row where it was: now "Buy milk"
    expected.undoStack = [change]
    expected.message = "Completed “Call Bob” — u undoes"
    expected.messageSince = appNow
    expected.retime(appNow)
    expected.terminalTitle = "todo-tui (1)"
    XCTAssertEqual(s, expected)
    XCTAssertEqual(s.selectedItem?.title, "Buy milk")
  }

  func testUndoGoesBackTwentyFiveStepsAndKeepsWhatOthersChanged() {
    let items = (1...30).map { appItem($0, "Item \($0)", minutes: Double($0) * 10) }
    var list = TodoList(items)
    var s = appState(items)
    for _ in 0..<25 {
      let fx = reduce(&s, KeyMap.action(for: .char("x"), in: s)!, env: env)
      carryOut(fx, on: &list, &s, env: env)
    }
    XCTAssertEqual(s.pending.count, 5)
    XCTAssertEqual(s.undoStack.count, 25)
    // Another process edits an item that this app did not touch.
    try! list.edit(appID(30), title: "Changed elsewhere", now: appNow)
    for step in 0..<25 {
      let fx = reduce(&s, .undo, env: env)
      XCTAssertEqual(fx.count, 1, "step \(step)")
      guard case .commit(.undo) = fx[0] else { return XCTFail("step \(step): \(fx)") }
      carryOut(fx, on: &list, &s, env: env)
    }
    XCTAssertEqual(s.pending.count, 30)
    XCTAssertTrue(s.undoStack.isEmpty)
    XCTAssertEqual(list[appID(30)]?.title, "Changed elsewhere")
    XCTAssertEqual(list.items.values.filter { $0.completed != nil }.count, 0)
    XCTAssertEqual(reduce(&s, .undo, env: env), [])
    XCTAssertEqual(s.message, "Nothing to undo")
  }

  func testFilterNarrowsAsYouTypeEnterKeepsEscClears() {
    var s = appState(three)
    _ = reduce(&s, .move(2), env: env)
    _ = reduce(&s, KeyMap.action(for: .char("/"), in: s)!, env: env)
    XCTAssertEqual(s.mode, .filter)
    for c in "L" { _ = reduce(&s, KeyMap.action(for: .char(c), in: s)!, env: env) }
    XCTAssertEqual(s.visible.map(\.title), ["Call Bob", "Buy milk"])
    XCTAssertEqual(s.selectedItem?.title, "Buy milk", "the selection stays on its item")
    _ = reduce(&s, KeyMap.action(for: .char("k"), in: s)!, env: env)
    XCTAssertEqual(s.visible.map(\.title), ["Buy milk"])
    _ = reduce(&s, KeyMap.action(for: .enter, in: s)!, env: env)
    XCTAssertEqual(s.mode, .list)
    XCTAssertEqual(s.visible.map(\.title), ["Buy milk"])
    _ = reduce(&s, KeyMap.action(for: .escape, in: s)!, env: env)
    XCTAssertEqual(s.visible.count, 3)
    XCTAssertEqual(s.selectedItem?.title, "Buy milk")
    XCTAssertEqual(s.filter, TextField(""))
  }

  func testDeleteAsksFirst() {
    var s = appState(three)
    _ = reduce(&s, KeyMap.action(for: .char("d"), in: s)!, env: env)
    XCTAssertEqual(s.mode, .confirmDelete(appID(1)))
    XCTAssertEqual(reduce(&s, KeyMap.action(for: .char("n"), in: s)!, env: env), [])
    XCTAssertEqual(s.mode, .list)
    XCTAssertEqual(s.message, "Not deleted")
    _ = reduce(&s, KeyMap.action(for: .char("d"), in: s)!, env: env)
    XCTAssertEqual(
      reduce(&s, KeyMap.action(for: .char("y"), in: s)!, env: env), [.commit(.delete([appID(1)]))])
  }

  func testSwipeRevealsActionsThatActOnTheRow() {
    var s = appState(three)
    _ = reduce(&s, .move(1), env: env)
    _ = reduce(&s, KeyMap.action(for: .left, in: s)!, env: env)
    XCTAssertEqual(s.mode, .swipe(appID(2)))
    XCTAssertEqual(
      reduce(&s, KeyMap.action(for: .char("r"), in: s)!, env: env),
      [.commit(.remind(appID(2), at: appNow + 1800))])
    XCTAssertEqual(s.mode, .list)
    _ = reduce(&s, KeyMap.action(for: .char("h"), in: s)!, env: env)
    _ = reduce(&s, KeyMap.action(for: .right, in: s)!, env: env)
    XCTAssertEqual(s.mode, .list)
    _ = reduce(&s, KeyMap.action(for: .left, in: s)!, env: env)
    XCTAssertEqual(reduce(&s, KeyMap.action(for: .enter, in: s)!, env: env), [.commit(.complete([appID(2)]))])
  }

  func testARowTurnsOverdueAtTheSecondItsDeadlinePasses() {
    var s = appState(three)
    XCTAssertEqual(s.nextChange, appNow + 3600)
    XCTAssertEqual(reduce(&s, .tick(appNow + 3599), env: env), [])
    XCTAssertEqual(s.badge, 1)
    XCTAssertEqual(reduce(&s, .tick(appNow + 3600), env: env), [.setTerminalTitle("todo-tui (2)")])
    XCTAssertEqual(s.badge, 2)
    XCTAssertTrue(s.visible[1].isOverdue(at: s.now))
    XCTAssertEqual(s.nextChange, appNow + 7200)
    XCTAssertEqual(s.scheduledCount, 1)
  }

  func testAFiredNotificationShowsABannerWhoseKeysActOnItsItem() {
    var s = appState(three)
    /// The reminder `k` minutes ago (each one a new notification).
    func note(_ k: Double) -> ScheduledNotification {
      ScheduledNotification(
        fireDate: appNow - k * 60, kind: .reminder, itemID: appID(1), title: "Pay rent",
        deadline: three[0].deadline, badge: 1)
    }
    _ = reduce(&s, .move(2), env: env)
    XCTAssertEqual(reduce(&s, .fired([note(1)], bell: true), env: env), [.bell])
    XCTAssertEqual(s.banner, note(1))
    XCTAssertEqual(Layout(s, size: s.size).list, 3..<23)
    // The list's keys act on the highlighted row, and the banner stays.
    XCTAssertEqual(
      reduce(&s, KeyMap.action(for: .char("c"), in: s)!, env: env), [.commit(.complete([appID(3)]))])
    XCTAssertEqual(
      reduce(&s, KeyMap.action(for: .char("r"), in: s)!, env: env),
      [.commit(.remind(appID(3), at: appNow + 1800))])
    XCTAssertEqual(s.banner, note(1))
    // C and R act on the banner's item and dismiss it.
    XCTAssertEqual(
      reduce(&s, KeyMap.action(for: .char("C"), in: s)!, env: env), [.commit(.complete([appID(1)]))])
    XCTAssertNil(s.banner)
    XCTAssertNil(KeyMap.action(for: .char("C"), in: s), "C does nothing without a banner")
    _ = reduce(&s, .fired([note(2)], bell: false), env: env)
    XCTAssertEqual(
      reduce(&s, KeyMap.action(for: .char("R"), in: s)!, env: env),
      [.commit(.remind(appID(1), at: appNow + 1800))])
    _ = reduce(&s, .fired([note(3)], bell: false), env: env)
    _ = reduce(&s, KeyMap.action(for: .escape, in: s)!, env: env)
    XCTAssertNil(s.banner)
    _ = reduce(&s, .fired([note(4)], bell: false), env: env)
    XCTAssertEqual(s.nextChange, appNow + AppState.bannerSeconds)
    _ = reduce(&s, .tick(appNow + AppState.bannerSeconds), env: env)
    XCTAssertNil(s.banner, "a banner goes away by itself")
  }

  func testANotificationTheDaemonDeliveredShowsOnceAsABanner() {
    var s = appState(three)
    var delivered = three
    delivered[0].notifiedDeadline = delivered[0].deadline
    XCTAssertEqual(reduce(&s, .loaded(TodoDocument(items: delivered)), env: env), [])
    let n = ScheduledNotification(
      fireDate: three[0].deadline!, kind: .deadline, itemID: appID(1), title: "Pay rent",
      deadline: three[0].deadline, badge: 1)
    XCTAssertEqual(s.banners, [n])
    // Reading the same file again, or the notifier reporting it, shows nothing new.
    _ = reduce(&s, .loaded(TodoDocument(items: delivered)), env: env)
    XCTAssertEqual(reduce(&s, .fired([n], bell: true), env: env), [])
    XCTAssertEqual(s.banners, [n])
  }

  func testAChangeFromElsewhereKeepsTheSelectionAndTheFormInProgress() {
    var s = appState(three)
    _ = reduce(&s, .move(2), env: env)
    _ = reduce(&s, .add, env: env)
    _ = reduce(&s, .form(.edit(.insert("Half-typed"))), env: env)
    let formBefore = s.mode
    var items = three
    items.append(appItem(9, "From the CLI", minutes: 1))
    XCTAssertEqual(reduce(&s, .loaded(TodoDocument(items: items)), env: env), [])
    XCTAssertEqual(s.mode, formBefore)
    XCTAssertEqual(s.selectedItem?.title, "Buy milk")
    XCTAssertEqual(s.selected, 3)
    XCTAssertEqual(s.visible.map(\.title), ["Pay rent", "From the CLI", "Call Bob", "Buy milk"])
  }

  func testANewerFormatIsReadOnly() {
    var s = appState([])
    _ = reduce(&s, .loaded(TodoDocument(formatVersion: 99, items: three)), env: env)
    XCTAssertNotNil(s.readOnly)
    XCTAssertEqual(reduce(&s, .complete(appID(1)), env: env), [.bell])
    XCTAssertEqual(s.message, s.readOnly)
    XCTAssertEqual(reduce(&s, .add, env: env), [])
    XCTAssertEqual(s.mode, .list)
    XCTAssertEqual(reduce(&s, .undo, env: env), [])
  }

  func testAnUnreadableFileOnlyLetsYouQuit() {
    var s = appState([])
    _ = reduce(&s, .loadFailed("x.plist is not a readable to-do file"), env: env)
    XCTAssertNil(KeyMap.action(for: .char("a"), in: s))
    XCTAssertEqual(KeyMap.action(for: .char("q"), in: s), .quit)
    XCTAssertEqual(reduce(&s, .quit, env: env), [.quit])
  }

  func testHelpScrollsOnASmallScreen() {
    var s = appState(three, size: Size(width: 40, height: 10))
    _ = reduce(&s, KeyMap.action(for: .char("?"), in: s)!, env: env)
    XCTAssertEqual(s.mode, .help)
    let lines = helpLines(width: 40)
    XCTAssertGreaterThan(lines.count, 7)
    XCTAssertTrue(lines.contains { $0.keys == "u  U  Ctrl-R" }, "every key is listed")
    _ = reduce(&s, KeyMap.action(for: .down, in: s)!, env: env)
    XCTAssertEqual(s.helpTop, 1)
    _ = reduce(&s, KeyMap.action(for: .pageDown, in: s)!, env: env)
    _ = reduce(&s, KeyMap.action(for: .pageDown, in: s)!, env: env)
    _ = reduce(&s, KeyMap.action(for: .pageDown, in: s)!, env: env)
    _ = reduce(&s, KeyMap.action(for: .pageDown, in: s)!, env: env)
    _ = reduce(&s, KeyMap.action(for: .pageDown, in: s)!, env: env)
    _ = reduce(&s, KeyMap.action(for: .pageDown, in: s)!, env: env)
    for _ in 0..<12 { _ = reduce(&s, KeyMap.action(for: .pageDown, in: s)!, env: env) }  // past the end
    XCTAssertEqual(s.helpTop, lines.count - 7, "stops at the last line")
    let last = render(s, size: s.size).lines[8]
    XCTAssertTrue(last.contains(lines.last!.text), last)
    _ = reduce(&s, KeyMap.action(for: .char("?"), in: s)!, env: env)
    XCTAssertEqual(s.mode, .list)
  }

  func testEscClosesWhateverIsOpen() {
    var s = appState(three)
    for open in [Action.help, .swipe(appID(1)), .add, .startFilter, .askDelete(appID(1))] {
      _ = reduce(&s, open, env: env)
      XCTAssertNotEqual(s.mode, .list)
      _ = reduce(&s, KeyMap.action(for: .escape, in: s)!, env: env)
      XCTAssertEqual(s.mode, .list, "\(open)")
    }
    XCTAssertEqual(KeyMap.action(for: .char("q"), in: s), .quit)
  }
}
