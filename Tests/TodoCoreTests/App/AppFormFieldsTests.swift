import Foundation
import XCTest

@testable import TodoCore

/// The form's repeat and warning fields (issue 25, point 12): the RULE and
/// DURATION of `--repeat` and `--warn`, read by the same code, saved through
/// the one operation path, an edit sending only what was touched.
final class AppFormFieldsTests: XCTestCase {
  let env = TodoEnvironment.fixed(appNow)
  /// Mon Nov 23 09:00 UTC: "tomorrow 9am" from `appNow`.
  let nine = Date(timeIntervalSince1970: 1_795_424_400)

  func press(_ s: inout AppState, _ keys: [Key]) -> [Effect] { pressKeys(&s, keys, env: env) }

  func type(_ text: String) -> [Key] { text.map(Key.char) }

  func form(_ s: AppState) -> Form? { openForm(s) }

  func testAddByKeysWithAWeeklyRepeatAndAFifteenMinuteWarning() {
    var s = appState(appThree)
    var list = TodoList(appThree)
    _ = press(&s, [.char("a")] + type("Standup") + [.enter] + type("tomorrow 9am"))
    _ = press(&s, [.tab])
    XCTAssertEqual(form(s)?.focus, .picker)
    _ = press(&s, [.tab])
    XCTAssertEqual(form(s)?.focus, .repeatRule)
    _ = press(&s, type("weekly") + [.tab])
    XCTAssertEqual(form(s)?.focus, .warning)
    let fx = press(&s, type("15m") + [.enter])
    XCTAssertEqual(
      fx, [.commit(.add(title: "Standup", deadline: nine, repeatRule: "FREQ=WEEKLY", warn: 900))])
    carryOut(fx, on: &list, &s, env: env)
    XCTAssertEqual(s.mode, .list)
    let added = list.items.values.first { $0.title == "Standup" }
    XCTAssertEqual(added?.repeatRule, "FREQ=WEEKLY")
    XCTAssertEqual(added?.warn, 900)
    XCTAssertEqual(added?.deadline, nine)
  }

  /// Every form `--repeat` and `--warn` take, read as the command line reads them.
  func testTheFieldsTakeTheFormsOfTheCommandLine() throws {
    let rules = [
      "daily", "weekdays", "weekly", "every mon,thu", "every 2 weeks", "FREQ=MONTHLY;BYMONTHDAY=-1", "none",
    ]
    for text in rules {
      var f = Form(purpose: .add)
      f.repeatRule.apply(.insert(text))
      XCTAssertEqual(try f.resolvedRepeat().get(), try RepeatRule.parseOrNone(text), text)
    }
    var f = Form(purpose: .add)
    f.repeatRule.apply(.insert("every mon,thu"))
    XCTAssertEqual(try f.resolvedRepeat().get(), "FREQ=WEEKLY;BYDAY=MO,TH")
    for (text, seconds) in [("15m", 900), ("1h", 3600), ("1h30m", 5400), ("in 2d", 172_800), ("none", nil)] {
      var f = Form(purpose: .add)
      f.warning.apply(.insert(text))
      XCTAssertEqual(try f.resolvedWarning(now: appNow, calendar: env.calendar).get(), seconds, text)
    }
    XCTAssertEqual(Form(purpose: .add).resolvedRepeat(), .success(nil), "blank: no repeat")
    XCTAssertEqual(EarlyWarning.text(5400), "1h30m")
    XCTAssertEqual(EarlyWarning.text(900), "15m")
  }

  func testABadRuleOrDurationKeepsTheFormAndTakesTheKeyboardThere() {
    var s = appState(appThree)
    _ = press(
      &s, [.char("a")] + type("Tea") + [.enter, .tab, .tab] + type("every blue moon") + [.tab] + type("soon"))
    XCTAssertEqual(press(&s, [.enter]), [.bell])
    XCTAssertEqual(form(s)?.focus, .repeatRule, "the first field that does not read")
    XCTAssertEqual(
      form(s)?.resolvedRepeat(), .failure(FieldProblem(text: "every blue moon", kind: .repeatRule)))
    _ = press(&s, [.ctrl("u")] + type("every mon,thu"))
    XCTAssertEqual(press(&s, [.enter]), [.bell])
    XCTAssertEqual(form(s)?.focus, .warning)
    XCTAssertEqual(
      form(s)?.resolvedWarning(now: appNow, calendar: env.calendar),
      .failure(FieldProblem(text: "soon", kind: .warning)))
    _ = press(&s, [.ctrl("u")] + type("0m"))
    XCTAssertEqual(press(&s, [.enter]), [.bell], "a warning of no time is refused, as --warn 0m is")
    _ = press(&s, [.ctrl("u")] + type("1h"))
    XCTAssertEqual(
      press(&s, [.enter]),
      [
        .commit(
          .add(title: "Tea", deadline: appNow + 3600, repeatRule: "FREQ=WEEKLY;BYDAY=MO,TH", warn: 3600))
      ])
  }

  /// An edit sends only the fields the user touched: the item's rule and
  /// warning are the fields' hints, and a blank field keeps them.
  func testAnEditSendsOnlyTheRepeatOrWarningTouched() {
    var items = appThree
    items[1].repeatRule = "FREQ=DAILY"
    items[1].warn = 600
    var s = appState(items)
    _ = reduce(&s, .edit(appID(2)), env: env)
    XCTAssertEqual(
      form(s)?.purpose, .edit(appID(2), deadline: items[1].deadline, repeatRule: "FREQ=DAILY", warn: 600))
    XCTAssertEqual(form(s)?.hint(for: .repeatRule), "unchanged: FREQ=DAILY")
    XCTAssertEqual(form(s)?.hint(for: .warning), "unchanged: 10m")
    // The detail: title, deadline, start, repeat, warning, … (Detail.fields).
    _ = press(&s, [.down, .down, .down, .down] + type("none"))
    XCTAssertEqual(form(s)?.focus, .warning)
    XCTAssertEqual(press(&s, [.enter]), [.commit(.edit(appID(2), warn: .some(nil)))])
    _ = reduce(&s, .edit(appID(2)), env: env)
    XCTAssertEqual(
      press(&s, [.down, .down, .down] + type("every 2 weeks") + [.enter]),
      [.commit(.edit(appID(2), repeatRule: .some("FREQ=WEEKLY;INTERVAL=2")))])
    // Carried out on the file: the deadline, title and warning stay as they were.
    var list = TodoList(items)
    _ = try! TodoOperation.edit(appID(2), repeatRule: .some("FREQ=WEEKLY;INTERVAL=2")).apply(
      to: &list, env: env)
    XCTAssertEqual(list[appID(2)]?.warn, 600)
    XCTAssertEqual(list[appID(2)]?.deadline, items[1].deadline)
  }

  /// Tab passes through the pickers on its way to the repeat field: a picker
  /// opened and left as it was changes no deadline nor start (a someday item stays one).
  func testPassingThroughThePickerChangesNoDeadline() {
    var items = appThree
    items[2].deadline = nil
    var s = appState(items)
    _ = reduce(&s, .edit(appID(3)), env: env)
    _ = press(&s, [.tab, .tab, .tab, .tab, .tab] + type("daily"))
    XCTAssertEqual(form(s)?.focus, .repeatRule)
    XCTAssertNotNil(form(s)?.picker)
    XCTAssertNotNil(form(s)?.detail?.startPicker)
    XCTAssertEqual(press(&s, [.enter]), [.commit(.edit(appID(3), repeatRule: .some("FREQ=DAILY")))])
    // A wheel turned is a deadline picked.
    _ = reduce(&s, .edit(appID(2)), env: env)
    _ = press(&s, [.tab, .tab, .up])
    XCTAssertEqual(press(&s, [.enter]), [.commit(.edit(appID(2), deadline: .some(appNow + 3600 + 86_400)))])
  }

  func testTabAndTheArrowsGoRoundTheFields() {
    var s = appState(appThree)
    _ = press(&s, [.char("a")])
    var order: [Form.Focus] = []
    for _ in 0..<5 {
      _ = press(&s, [.tab])
      order.append(form(s)!.focus)
    }
    XCTAssertEqual(order, [.deadline, .picker, .repeatRule, .warning, .title])
    order = []
    for _ in 0..<5 {
      _ = press(&s, [.backTab])
      order.append(form(s)!.focus)
    }
    XCTAssertEqual(order, [.warning, .repeatRule, .picker, .deadline, .title])
    XCTAssertNil(form(s)?.picker, "Shift-Tab out of the picker closes it")
    _ = press(&s, [.down, .down, .down, .down])
    XCTAssertEqual(form(s)?.focus, .warning, "↓ stops at the last field")
    _ = press(&s, [.up, .up])
    XCTAssertEqual(form(s)?.focus, .deadline)
  }

  func testEscAsksFirstWhenOnlyARuleWasTyped() {
    var s = appState(appThree)
    _ = press(&s, [.char("a"), .backTab] + type("15m"))
    XCTAssertEqual(press(&s, [.escape]), [])
    XCTAssertEqual(form(s)?.askingToDiscard, true)
    _ = press(&s, [.char("y")])
    XCTAssertEqual(s.mode, .list)
  }
}
