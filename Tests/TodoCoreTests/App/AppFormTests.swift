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
    XCTAssertEqual(fx, [.mutate(.add(title: "Tea", deadline: nine))])
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

}
