import Foundation
import XCTest

@testable import TodoCore

/// A session of key presses in the manner of TCA's TestStore: after each key,
/// the whole state must equal the previous one with only the stated changes,
/// and the effects must be exactly the stated ones.
final class AppSessionTests: XCTestCase {
  let env = TodoEnvironment.fixed(appNow)
  var state = appState([
    appItem(1, "Pay rent", minutes: -30), appItem(2, "Call Bob", minutes: 60),
    appItem(3, "Buy milk", minutes: 120),
  ])

  func press(
    _ key: Key, _ effects: [Effect] = [], file: StaticString = #filePath, line: UInt = #line,
    _ change: (inout AppState) -> Void = { _ in }
  ) {
    var expected = state
    change(&expected)
    guard let action = KeyMap.action(for: key, in: state) else {
      return XCTFail("\(key) does nothing here", file: file, line: line)
    }
    let got = reduce(&state, action, env: env)
    XCTAssertEqual(got, effects, "effects of \(key)", file: file, line: line)
    XCTAssertEqual(state, expected, "state after \(key)", file: file, line: line)
  }

  /// The same for an action of the runtime (time, the file, a save done).
  func send(
    _ action: Action, _ effects: [Effect] = [], file: StaticString = #filePath, line: UInt = #line,
    _ change: (inout AppState) -> Void = { _ in }
  ) {
    var expected = state
    change(&expected)
    XCTAssertEqual(reduce(&state, action, env: env), effects, "effects of \(action)", file: file, line: line)
    XCTAssertEqual(state, expected, "state after \(action)", file: file, line: line)
  }

  func testASessionOfKeys() {
    press(.char("j")) { $0.selected = 1 }
    press(.char("h")) { $0.mode = .swipe(appID(2)) }
    press(.right) { $0.mode = .list }
    press(.char("?")) {
      $0.mode = .help
      $0.helpTop = 0
    }
    press(.char("j"))  // all of the help fits at 80×24: nothing to scroll
    press(.escape) { $0.mode = .list }
    press(.char("d")) { $0.mode = .confirmDelete(appID(2)) }
    press(.char("y"), [.mutate(.delete([appID(2)]))]) { $0.mode = .list }
    var list = TodoList(state.pending)
    let deletion = try! list.delete([appID(2)])
    send(.mutated(.delete([appID(2)]), deletion)) {
      $0.apply(deletion)
      $0.undoStack = [deletion]
      $0.message = "Deleted “Call Bob” — u undoes"
    }
    XCTAssertEqual(state.selectedItem?.title, "Buy milk", "the next row is selected")
    send(.tick(appNow + 3600)) { $0.retime(appNow + 3600) }
    XCTAssertEqual(state.nextChange, appNow + 7200)
    press(.char("/")) { $0.mode = .filter }
    press(.char("m")) {
      $0.filter.apply(.insert("m"))
      $0.refilter(keeping: appID(3))
    }
    XCTAssertEqual(state.visible.map(\.title), ["Buy milk"])
    press(.enter) { $0.mode = .list }
    press(.escape) {
      $0.filter = TextField("")
      $0.refilter(keeping: appID(3))
    }
    XCTAssertEqual(state.selectedItem?.title, "Buy milk")
    press(.char("a")) {
      $0.mode = .form(Form(purpose: .add))
      $0.message = ""
    }
    press(.char("T")) { $0.mode = .form(self.form { $0.title.apply(.insert("T")) }) }
    press(.ctrl("u")) { $0.mode = .form(self.form { $0.title.apply(.killToStart) }) }
    press(.tab) { $0.mode = .form(self.form { $0.focus = .deadline }) }
    press(.tab) {
      $0.mode = .form(
        self.form {
          $0.focus = .picker
          $0.picker = DatePicker(date: appNow + 3600)
        })
    }
    press(.up) { $0.mode = .form(self.form { $0.picker?.date = appNow + 3600 + 86_400 }) }
    press(.enter, [.bell]) {
      $0.mode = .form(
        self.form {
          $0.error = "the title is empty"
          $0.focus = .title
        })
    }
    press(.escape) {
      $0.mode = .list
      $0.message = "Cancelled"
    }
    press(.char("u"), [.mutate(.undo(deletion))]) { $0.undoStack = [] }
    press(.char("u")) { $0.message = "Nothing to undo" }
  }

  /// The form now, changed.
  func form(_ change: (inout Form) -> Void) -> Form {
    guard case .form(var f) = state.mode else {
      XCTFail("no form open")
      return Form(purpose: .add)
    }
    change(&f)
    return f
  }
}
