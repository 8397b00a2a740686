import Foundation
import XCTest

@testable import TodoCore

/// Sun Nov 22 2026, 10:00 UTC.
let appNow = Date(timeIntervalSince1970: 1_795_341_600)

func appID(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", n))! }

/// An item due `minutes` from `appNow`.
func appItem(_ n: Int, _ title: String, minutes: Double, reminder: Double? = nil) -> TodoItem {
  TodoItem(
    id: appID(n), title: title, deadline: appNow.addingTimeInterval(minutes * 60),
    created: appNow.addingTimeInterval(-86_400), reminder: reminder.map { appNow.addingTimeInterval($0 * 60) }
  )
}

/// A loaded app at 80×24 (or `size`) with these items, clock fixed at `appNow`.
func appState(_ items: [TodoItem], size: Size = Size(width: 80, height: 24), at now: Date = appNow)
  -> AppState
{
  let env = TodoEnvironment.fixed(now)
  var s = AppState(now: now, calendar: env.calendar, size: size)
  _ = reduce(&s, .loaded(TodoDocument(items: items)), env: env)
  return s
}

final class AppReducerTests: XCTestCase {
  let env = TodoEnvironment.fixed(appNow)
  let three = [
    appItem(1, "Pay rent", minutes: -30), appItem(2, "Call Bob", minutes: 60),
    appItem(3, "Buy milk", minutes: 120),
  ]

  /// Runs the runtime's part of a mutation in memory, as FullScreen does on the file.
  func carryOut(_ effects: [Effect], on list: inout TodoList, _ state: inout AppState) {
    for case .mutate(let m) in effects {
      do {
        let change = try m.apply(to: &list, env: env)
        _ = reduce(&state, .mutated(m, change), env: env)
      } catch {
        _ = reduce(&state, .mutationFailed(m, "\(error)"), env: env)
      }
    }
  }

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
    _ = reduce(&s, .page(1), env: env)
    XCTAssertEqual(s.selected, 7)
    XCTAssertEqual(s.top, 0)
    _ = reduce(&s, .page(1), env: env)
    XCTAssertEqual(s.selected, 14)
    XCTAssertEqual(s.top, 7)
    _ = reduce(&s, .moveToBottom, env: env)
    XCTAssertEqual(s.selected, 99)
    XCTAssertEqual(s.top, 92)
  }

  func testCompleteAsksForTheMutationThenKeepsTheRowAndOffersUndo() {
    var s = appState(three)
    _ = reduce(&s, .move(1), env: env)
    let before = s
    let fx = reduce(&s, KeyMap.action(for: .char("c"), in: s)!, env: env)
    XCTAssertEqual(fx, [.mutate(.complete([appID(2)]))])
    XCTAssertEqual(s, before)
    var list = TodoList(three)
    let change = try! list.complete([appID(2)], now: appNow)
    let fx2 = reduce(&s, .mutated(.complete([appID(2)]), change), env: env)
    XCTAssertEqual(fx2, [])
    var expected = appState(list.items.values.map { $0 })
    expected.selected = 1  // the row where it was: now "Buy milk"
    expected.undoStack = [change]
    expected.message = "Completed “Call Bob” — u undoes"
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
      carryOut(fx, on: &list, &s)
    }
    XCTAssertEqual(s.pending.count, 5)
    XCTAssertEqual(s.undoStack.count, 25)
    // Another process edits an item that this app did not touch.
    try! list.edit(appID(30), title: "Changed elsewhere", now: appNow)
    for step in 0..<25 {
      let fx = reduce(&s, .undo, env: env)
      XCTAssertEqual(fx.count, 1, "step \(step)")
      guard case .mutate(.undo) = fx[0] else { return XCTFail("step \(step): \(fx)") }
      carryOut(fx, on: &list, &s)
    }
    XCTAssertEqual(s.pending.count, 30)
    XCTAssertTrue(s.undoStack.isEmpty)
    XCTAssertEqual(list[appID(30)]?.title, "Changed elsewhere")
    XCTAssertEqual(list.items.values.filter { $0.completed != nil }.count, 0)
    XCTAssertEqual(reduce(&s, .undo, env: env), [])
    XCTAssertEqual(s.message, "Nothing to undo")
  }

  func testAddByKeysWithTheDeadlineTypedThenSaves() {
    var s = appState(three)
    var list = TodoList(three)
    func press(_ keys: [Key]) -> [Effect] {
      var all: [Effect] = []
      for k in keys { if let a = KeyMap.action(for: k, in: s) { all += reduce(&s, a, env: env) } }
      return all
    }
    XCTAssertEqual(press([.char("a")]), [])
    XCTAssertEqual(s.mode, .form(Form(purpose: .add)))
    XCTAssertEqual(press("Tea".map(Key.char) + [.enter]), [])
    guard case .form(let f1) = s.mode else { return XCTFail() }
    XCTAssertEqual(f1.title.text, "Tea")
    XCTAssertEqual(f1.focus, .deadline)
    let fx = press("tomorrow 9am".map(Key.char) + [.enter])
    let nine = Date(timeIntervalSince1970: 1_795_424_400)  // Mon Nov 23 09:00 UTC
    XCTAssertEqual(fx, [.mutate(.add(title: "Tea", deadline: nine))])
    guard case .form = s.mode else { return XCTFail("the form stays until the save is done") }
    carryOut(fx, on: &list, &s)
    XCTAssertEqual(s.mode, .list)
    XCTAssertEqual(s.selectedItem?.title, "Tea")
    XCTAssertEqual(s.message, "Added “Tea” — u undoes")
  }

  func testABlankDeadlineTakesTheHintedDefault() {
    var s = appState([])
    _ = reduce(&s, .add, env: env)
    for c in "Tea" { _ = reduce(&s, .form(.edit(.insert(String(c)))), env: env) }
    _ = reduce(&s, .form(.submit), env: env)
    XCTAssertEqual(
      reduce(&s, .form(.submit), env: env), [.mutate(.add(title: "Tea", deadline: appNow + 3600))])
  }

  func testABadDeadlineKeepsTheFormAndSaysWhy() {
    var s = appState(three)
    _ = reduce(&s, .add, env: env)
    _ = reduce(&s, .form(.edit(.insert("Tea"))), env: env)
    _ = reduce(&s, .form(.submit), env: env)
    _ = reduce(&s, .form(.edit(.insert("someday"))), env: env)
    XCTAssertEqual(reduce(&s, .form(.submit), env: env), [.bell])
    guard case .form(let f) = s.mode else { return XCTFail() }
    XCTAssertEqual(f.title.text, "Tea")
    XCTAssertEqual(f.deadline.text, "someday")
    XCTAssertEqual(f.error, DeadlineProblem(text: "someday").message)
  }

  func testAFailedSaveKeepsEverythingTyped() {
    var s = appState(three)
    _ = reduce(&s, .add, env: env)
    _ = reduce(&s, .form(.edit(.insert("Tea"))), env: env)
    _ = reduce(&s, .form(.submit), env: env)
    let m = Mutation.add(title: "Tea", deadline: appNow + 3600)
    XCTAssertEqual(reduce(&s, .form(.submit), env: env), [.mutate(m)])
    XCTAssertEqual(reduce(&s, .mutationFailed(m, "disk full"), env: env), [.bell])
    guard case .form(let f) = s.mode else { return XCTFail() }
    XCTAssertEqual(f.title.text, "Tea")
    XCTAssertEqual(f.error, "disk full")
  }

  func testAddIsRefusedWhenSixtyFourNotificationsArePending() {
    let full = (1...64).map { appItem($0, "Item \($0)", minutes: Double($0)) }
    var s = appState(full)
    let before = s
    XCTAssertEqual(reduce(&s, KeyMap.action(for: .char("+"), in: s)!, env: env), [])
    var expected = before
    expected.message =
      "64 notifications are already pending, the limit is 64; complete or delete an item first"
    XCTAssertEqual(s, expected)
  }

  func testEditPrefillsTheTitleAndSendsOnlyWhatChanged() {
    var s = appState(three)
    _ = reduce(&s, KeyMap.action(for: .enter, in: s)!, env: env)
    guard case .form(let f) = s.mode else { return XCTFail() }
    XCTAssertEqual(f.title.text, "Pay rent")
    XCTAssertEqual(f.purpose, .edit(appID(1), deadline: three[0].deadline))
    _ = reduce(&s, .form(.edit(.insert(" now"))), env: env)
    _ = reduce(&s, .form(.submit), env: env)
    XCTAssertEqual(
      reduce(&s, .form(.submit), env: env), [.mutate(.edit(appID(1), title: "Pay rent now", deadline: nil))])
  }

  func testAnEditThatChangesNothingSavesNothing() {
    var s = appState(three)
    _ = reduce(&s, .edit(appID(2)), env: env)
    _ = reduce(&s, .form(.submit), env: env)
    XCTAssertEqual(reduce(&s, .form(.submit), env: env), [])
    XCTAssertEqual(s.mode, .list)
    XCTAssertEqual(s.message, "Nothing changed")
  }

  func testThePickerTurnsDayHourAndMinuteWheels() {
    var s = appState(three)
    _ = reduce(&s, .add, env: env)
    _ = reduce(&s, .form(.edit(.insert("Tea"))), env: env)
    _ = reduce(&s, .form(.nextField), env: env)
    _ = reduce(&s, .form(.edit(.insert("2026-11-23 23:59"))), env: env)
    _ = reduce(&s, .form(.nextField), env: env)
    func picker() -> DatePicker? {
      if case .form(let f) = s.mode, f.focus == .picker { return f.picker }
      return nil
    }
    let start = Date(timeIntervalSince1970: 1_795_478_340)  // Nov 23 23:59 UTC
    XCTAssertEqual(picker(), DatePicker(date: start, part: .day))
    _ = reduce(&s, KeyMap.action(for: .up, in: s)!, env: env)
    XCTAssertEqual(picker()?.date, start + 86_400)
    _ = reduce(&s, KeyMap.action(for: .right, in: s)!, env: env)
    _ = reduce(&s, KeyMap.action(for: .up, in: s)!, env: env)  // 23 → 0, same day, as a wheel
    XCTAssertEqual(picker()?.date, start + 86_400 - 23 * 3600)
    _ = reduce(&s, KeyMap.action(for: .right, in: s)!, env: env)
    _ = reduce(&s, KeyMap.action(for: .up, in: s)!, env: env)  // 59 → 0, same hour
    XCTAssertEqual(picker()?.date, start + 86_400 - 23 * 3600 - 59 * 60)
    _ = reduce(&s, KeyMap.action(for: .down, in: s)!, env: env)
    _ = reduce(&s, KeyMap.action(for: .down, in: s)!, env: env)
    XCTAssertEqual(picker()?.date, start + 86_400 - 23 * 3600 - 60)
    XCTAssertEqual(
      reduce(&s, .form(.submit), env: env),
      [.mutate(.add(title: "Tea", deadline: start + 86_400 - 23 * 3600 - 60))])
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
      reduce(&s, KeyMap.action(for: .char("y"), in: s)!, env: env), [.mutate(.delete([appID(1)]))])
  }

  func testSwipeRevealsActionsThatActOnTheRow() {
    var s = appState(three)
    _ = reduce(&s, .move(1), env: env)
    _ = reduce(&s, KeyMap.action(for: .left, in: s)!, env: env)
    XCTAssertEqual(s.mode, .swipe(appID(2)))
    XCTAssertEqual(
      reduce(&s, KeyMap.action(for: .char("r"), in: s)!, env: env),
      [.mutate(.remind(appID(2), at: appNow + 1800))])
    XCTAssertEqual(s.mode, .list)
    _ = reduce(&s, KeyMap.action(for: .char("h"), in: s)!, env: env)
    _ = reduce(&s, KeyMap.action(for: .right, in: s)!, env: env)
    XCTAssertEqual(s.mode, .list)
    _ = reduce(&s, KeyMap.action(for: .left, in: s)!, env: env)
    XCTAssertEqual(reduce(&s, KeyMap.action(for: .enter, in: s)!, env: env), [.mutate(.complete([appID(2)]))])
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
    XCTAssertEqual(
      reduce(&s, KeyMap.action(for: .char("c"), in: s)!, env: env), [.mutate(.complete([appID(1)]))])
    XCTAssertNil(s.banner)
    _ = reduce(&s, .fired([note(2)], bell: false), env: env)
    XCTAssertEqual(
      reduce(&s, KeyMap.action(for: .char("r"), in: s)!, env: env),
      [.mutate(.remind(appID(1), at: appNow + 1800))])
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
    XCTAssertTrue(lines.contains { $0.keys == "u" }, "every key is listed")
    _ = reduce(&s, KeyMap.action(for: .down, in: s)!, env: env)
    XCTAssertEqual(s.helpTop, 1)
    _ = reduce(&s, KeyMap.action(for: .pageDown, in: s)!, env: env)
    _ = reduce(&s, KeyMap.action(for: .pageDown, in: s)!, env: env)
    _ = reduce(&s, KeyMap.action(for: .pageDown, in: s)!, env: env)
    _ = reduce(&s, KeyMap.action(for: .pageDown, in: s)!, env: env)
    _ = reduce(&s, KeyMap.action(for: .pageDown, in: s)!, env: env)
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

final class AppTextFieldTests: XCTestCase {
  func testTheTitleFieldIsConstrained() {
    var f = TextField("")
    XCTAssertFalse(f.apply(.insert(String(repeating: "é", count: 300))), "a long paste is cut")
    XCTAssertEqual(f.characters.count, 200)
    XCTAssertEqual(f.cursor, 200)
    f.apply(.killToStart)
    XCTAssertEqual(f.text, "")
    XCTAssertFalse(f.apply(.insert("a\u{1B}[31mb\u{7}c")))
    XCTAssertEqual(f.text, "a[31mbc", "control characters are left out")
    f.apply(.insert("line\nbreak\ttab"))
    XCTAssertEqual(f.text, "a[31mbcline break tab")
  }

  func testCursorMovementAndEditing() {
    var f = TextField("Buy milk")
    f.apply(.home)
    f.apply(.right)
    f.apply(.right)
    f.apply(.right)
    f.apply(.insert(" oat"))
    XCTAssertEqual(f.text, "Buy oat milk")
    f.apply(.backspace)
    f.apply(.backspace)
    XCTAssertEqual(f.text, "Buy o milk")
    f.apply(.deleteForward)
    XCTAssertEqual(f.text, "Buy omilk")
    f.apply(.killToStart)
    XCTAssertEqual(f.text, "milk")
    XCTAssertEqual(f.cursor, 0)
    f.apply(.end)
    f.apply(.left)
    f.apply(.killToEnd)
    XCTAssertEqual(f.text, "mil")
    f.apply(.home)
    f.apply(.left)
    f.apply(.backspace)
    XCTAssertEqual(f.text, "mil")
    XCTAssertEqual(f.cursor, 0)
  }
}

final class AppIncrementalTests: XCTestCase {
  /// Applying each change in place gives the same rows as reading the whole list again.
  func testChangesAppliedInPlaceMatchAFreshRead() {
    let env = TodoEnvironment(
      now: { appNow }, uuid: { UUID() }, calendar: TodoEnvironment.fixed(appNow).calendar)
    var rng = SystemRandomNumberGenerator()
    var items = (1...200).map {
      appItem($0, "Item \($0)", minutes: Double(Int.random(in: -100...100, using: &rng)))
    }
    items += (201...210).map { appItem($0, "Same time \($0)", minutes: 5) }
    var list = TodoList(items)
    var s = appState(items)
    for step in 0..<300 {
      let ids = Array(list.items.keys)
      let id = ids.randomElement(using: &rng)!
      let m: Mutation
      switch Int.random(in: 0..<5, using: &rng) {
      case 0: m = .complete([id])
      case 1: m = .delete([id])
      case 2: m = .edit(id, title: nil, deadline: appNow + Double(Int.random(in: -60...60, using: &rng)) * 60)
      case 3: m = .undo(s.undoStack.last ?? Change(before: [:], after: [:], summary: ""))
      default:
        m = .add(title: "New \(step)", deadline: appNow + Double(Int.random(in: -60...60, using: &rng)) * 60)
      }
      guard let change = try? m.apply(to: &list, env: env) else { continue }
      if case .undo = m, !s.undoStack.isEmpty { s.undoStack.removeLast() }
      _ = reduce(&s, .mutated(m, change), env: env)
      XCTAssertEqual(s.pending, list.sorted(), "step \(step): \(m)")
    }
  }

  /// Narrowing the filter as it is typed (searching only the rows shown) finds
  /// what a search of all items finds, through typing, Backspace and Ctrl-U.
  func testTypingTheFilterFindsWhatAFullSearchFinds() {
    let env = TodoEnvironment.fixed(appNow)
    let titles = ["Buy milk", "Büy bread", "BUY MILK now", "call bob", "Milkshake", "Zoë's milk", "mil"]
    var s = appState(
      titles.enumerated().map { appItem($0.offset + 1, $0.element, minutes: Double($0.offset)) })
    _ = reduce(&s, .startFilter, env: env)
    let edits: [TextField.Edit] =
      "buy milk".map { .insert(String($0)) } + [.backspace, .backspace, .insert("lk"), .killToStart]
      + "mil".map { .insert(String($0)) } + [.home, .insert("k"), .end, .insert("k")]
    for e in edits {
      _ = reduce(&s, .filter(e), env: env)
      let q = s.filter.text.trimmingCharacters(in: .whitespaces)
      let expected = q.isEmpty ? s.pending : s.pending.filter { AppState.matches($0.title, q) }
      XCTAssertEqual(s.visible.map(\.title), expected.map(\.title), "after \(e): “\(q)”")
    }
    XCTAssertEqual(s.visible.map(\.title), [])  // "kmilk"
  }
}
