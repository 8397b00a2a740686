import Foundation
import XCTest

@testable import TodoCore

/// The add/edit form: typing, the deadline field, the picker, saving.
final class AppFormTests: XCTestCase {
  let env = TodoEnvironment.fixed(appNow)
  let three = appThree

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
    XCTAssertEqual(fx, [.commit(.add(title: "Tea", deadline: nine))])
    guard case .form = s.mode else { return XCTFail("the form stays until the save is done") }
    carryOut(fx, on: &list, &s, env: env)
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
      reduce(&s, .form(.submit), env: env), [.commit(.add(title: "Tea", deadline: appNow + 3600))])
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
    XCTAssertEqual(f.focus, .deadline, "the keyboard stays on the field that says why")
    XCTAssertEqual(
      f.resolvedDeadline(now: appNow, calendar: env.calendar), .failure(DeadlineProblem(text: "someday")))
  }

  func testAFailedSaveKeepsEverythingTyped() {
    var s = appState(three)
    _ = reduce(&s, .add, env: env)
    _ = reduce(&s, .form(.edit(.insert("Tea"))), env: env)
    _ = reduce(&s, .form(.submit), env: env)
    let m = TodoOperation.add(title: "Tea", deadline: appNow + 3600)
    XCTAssertEqual(reduce(&s, .form(.submit), env: env), [.commit(m)])
    XCTAssertEqual(reduce(&s, .mutationFailed(m, "disk full"), env: env), [.bell])
    guard case .form(let f) = s.mode else { return XCTFail() }
    XCTAssertEqual(f.title.text, "Tea")
    XCTAssertEqual(f.error, "disk full")
  }

  func testAddIsNotRefusedWhenSixtyFourNotificationsArePending() {
    let full = (1...64).map { appItem(100 + $0, "Item \($0)", minutes: Double($0) / 2) }  // all within the hour
    var s = appState(full)
    var list = TodoList(full)
    _ = reduce(&s, KeyMap.action(for: .char("+"), in: s)!, env: env)
    guard case .form = s.mode else { return XCTFail("the form did not open: \(s.message)") }
    for c in "Tea" { _ = reduce(&s, .form(.edit(.insert(String(c)))), env: env) }
    _ = reduce(&s, .form(.submit), env: env)  // to the deadline: the default, in an hour
    carryOut(reduce(&s, .form(.submit), env: env), on: &list, &s, env: env)
    XCTAssertEqual(list.count, 65, "added")
    XCTAssertEqual(
      s.message, "Added “Tea”; waits for a slot: 64 sooner notifications are scheduled — u undoes")
    XCTAssertEqual(s.scheduledCount, 64)
    XCTAssertEqual(s.waitingCount, 1)
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
      reduce(&s, .form(.submit), env: env), [.commit(.edit(appID(1), title: "Pay rent now", deadline: nil))])
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
    _ = reduce(&s, KeyMap.action(for: .down, in: s)!, env: env)  // minutes go by 5: 0 → 55 → 50
    XCTAssertEqual(picker()?.date, start + 86_400 - 23 * 3600 - 9 * 60)
    XCTAssertEqual(
      reduce(&s, .form(.submit), env: env),
      [.commit(.add(title: "Tea", deadline: start + 86_400 - 23 * 3600 - 9 * 60))])
  }

  func testTheMinuteWheelStepsByFiveFromWhateverWasTyped() {
    var p = DatePicker(date: Date(timeIntervalSince1970: 1_795_424_580), part: .minute)  // 09:03
    p.turn(1, calendar: env.calendar)
    XCTAssertEqual(p.date, Date(timeIntervalSince1970: 1_795_424_700))  // 09:05
    p.turn(-1, calendar: env.calendar)
    XCTAssertEqual(p.date, Date(timeIntervalSince1970: 1_795_424_400))  // 09:00
    p.turn(-1, calendar: env.calendar)
    XCTAssertEqual(p.date, Date(timeIntervalSince1970: 1_795_424_400 + 55 * 60), "wraps in its hour")
    var q = DatePicker(date: Date(timeIntervalSince1970: 1_795_424_580 + 17), part: .minute)  // 09:03:17
    q.turn(-1, calendar: env.calendar)
    XCTAssertEqual(q.date, Date(timeIntervalSince1970: 1_795_424_400), "seconds dropped")
  }

  func testOpeningThePickerNeverLosesWhatWasTyped() {
    var s = appState(three)
    _ = reduce(&s, .add, env: env)
    _ = reduce(&s, .form(.edit(.insert("Tea"))), env: env)
    _ = reduce(&s, .form(.nextField), env: env)
    _ = reduce(&s, .form(.edit(.insert("tomorrow 9am"))), env: env)
    func form() -> Form? { if case .form(let f) = s.mode { return f } else { return nil } }
    _ = reduce(&s, .form(.nextField), env: env)
    let nine = Date(timeIntervalSince1970: 1_795_424_400)  // Mon Nov 23 09:00 UTC
    XCTAssertEqual(form()?.picker, DatePicker(date: nine), "the picker starts from what was typed")
    XCTAssertEqual(form()?.deadline.text, "tomorrow 9am")
    _ = reduce(&s, .form(.previousField), env: env)
    XCTAssertEqual(form()?.focus, .deadline)
    XCTAssertEqual(form()?.deadline.text, "tomorrow 9am", "back from the picker: the text is there")
    _ = reduce(&s, .form(.nextField), env: env)
    _ = reduce(&s, .form(.edit(.insert(" "))), env: env)  // typing in the picker goes back to the text
    XCTAssertEqual(form()?.focus, .deadline)
    XCTAssertEqual(form()?.deadline.text, "tomorrow 9am ")
    XCTAssertNil(form()?.picker)
  }

  /// The form saves only what the user touched (SPEC 6): a title another
  /// process changed while the form was open is not put back.
  func testAnEditSavesOnlyTheTouchedFields() {
    var s = appState(three)
    var items = three
    _ = reduce(&s, .edit(appID(1)), env: env)
    items[0].title = "Renamed elsewhere"
    _ = reduce(&s, .loaded(TodoDocument(items: items)), env: env)
    _ = reduce(&s, .form(.submit), env: env)
    XCTAssertEqual(reduce(&s, .form(.submit), env: env), [], "nothing touched: nothing saved")
    XCTAssertEqual(s.message, "Nothing changed")
    _ = reduce(&s, .edit(appID(1)), env: env)
    items[0].title = "Renamed again"
    _ = reduce(&s, .loaded(TodoDocument(items: items)), env: env)
    _ = reduce(&s, .form(.submit), env: env)
    _ = reduce(&s, .form(.edit(.insert("tomorrow 9am"))), env: env)
    let nine = Date(timeIntervalSince1970: 1_795_424_400)
    XCTAssertEqual(
      reduce(&s, .form(.submit), env: env), [.commit(.edit(appID(1), title: nil, deadline: .some(nine)))])
    // "none" makes it a someday item.
    _ = reduce(&s, .edit(appID(2)), env: env)
    _ = reduce(&s, .form(.nextField), env: env)
    _ = reduce(&s, .form(.edit(.insert("none"))), env: env)
    XCTAssertEqual(
      reduce(&s, .form(.submit), env: env), [.commit(.edit(appID(2), title: nil, deadline: .some(nil)))])
    // Carried out on a list where others changed the title: only the deadline moves.
    var list = TodoList(items)
    _ = try! TodoOperation.edit(appID(1), title: nil, deadline: .some(nine)).apply(to: &list, env: env)
    XCTAssertEqual(list[appID(1)]?.title, "Renamed again")
    XCTAssertEqual(list[appID(1)]?.deadline, nine)
  }
}
