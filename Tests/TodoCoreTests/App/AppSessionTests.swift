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
    expectFade(&expected)
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
    expectFade(&expected)
    XCTAssertEqual(reduce(&state, action, env: env), effects, "effects of \(action)", file: file, line: line)
    XCTAssertEqual(state, expected, "state after \(action)", file: file, line: line)
  }

  /// A step that changes the message starts its fade clock (the rule itself
  /// is tested step by step in ``testTheStatusMessageFades``).
  func expectFade(_ expected: inout AppState) {
    if expected.message != state.message { expected.noteMessage(at: env.now()) }
  }

  func testTheStatusMessageFades() {
    press(.char("u")) {
      $0.message = "Nothing to undo"
      $0.messageSince = appNow
      $0.retime(appNow)
    }
    XCTAssertEqual(state.nextChange, appNow + AppState.messageSeconds, "the timer wakes to fade it")
    send(.tick(appNow + 4)) { $0.retime(appNow + 4) }
    send(.tick(appNow + 5)) {
      $0.message = ""
      $0.messageSince = nil
      $0.retime(appNow + 5)
    }
    XCTAssertEqual(state.nextChange, appNow + 3600, "then the next deadline")
  }

  /// While another process holds the file's lock, the status says so and who;
  /// q asks once (a change would be lost), then quits.
  func testWaitingForTheLockKeepsTheAppResponsive() {
    press(.char("c"), [.commit(.complete([appID(1)]))])
    let why = LockBusy(holder: 4242, holderName: "flock").description
    XCTAssertEqual(why, "Waiting for the file's lock, held by process 4242 (flock)")
    send(.lockWait(why)) {
      $0.waitingForLock = why
      $0.message = why
    }
    send(.tick(appNow + 60)) {  // said as long as it lasts, and nothing to wake for
      $0.messageSince = nil
      $0.retime(appNow + 60)
    }
    XCTAssertEqual(state.nextChange, appNow + 3600, "the next deadline, not the message's past fade time")
    press(.char("j")) { $0.selected = 1 }
    press(.char("q")) {
      $0.quitAsked = true
      $0.message = "A change is not saved yet (the file's lock is held): q again quits without it"
    }
    press(.char("q"), [.quit])
    send(.lockWait(nil)) {
      $0.waitingForLock = nil
      $0.quitAsked = false
    }
  }

  func testASessionOfKeys() {
    press(.char("j")) { $0.selected = 1 }
    press(.char("h")) { $0.mode = .swipe(appID(2)) }
    press(.right) { $0.mode = .list }
    press(.char("?")) {
      $0.mode = .help
      $0.helpTop = 0
    }
    press(.char("j")) { $0.helpTop = 1 }  // the help is one line longer than 80×24 holds (subtasks' keys)
    press(.escape) { $0.mode = .list }
    press(.char("d")) { $0.mode = .confirmDelete(appID(2)) }
    press(.char("y"), [.commit(.delete([appID(2)]))]) { $0.mode = .list }
    var list = TodoList(state.pending)
    let deletion = try! list.delete([appID(2)])
    send(.mutated(.delete([appID(2)]), deletion)) {
      $0.apply(deletion)
      $0.undoStack = [deletion]
      $0.message = "Deleted “Call Bob” — u undoes"
    }
    XCTAssertEqual(state.selectedItem?.title, "Buy milk", "the next row is selected")
    send(.tick(appNow + 3600)) {
      $0.message = ""  // faded
      $0.messageSince = nil
      $0.retime(appNow + 3600)
    }
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
    // Esc with something picked asks first; n keeps editing, y discards.
    press(.escape) { $0.mode = .form(self.form { $0.askingToDiscard = true }) }
    press(.char("n")) {
      $0.mode = .form(
        self.form {
          $0.askingToDiscard = false
          $0.error = nil
        })
    }
    press(.escape) { $0.mode = .form(self.form { $0.askingToDiscard = true }) }
    press(.char("y")) {
      $0.mode = .list
      $0.message = "Discarded"
    }
    press(.char("a")) {
      $0.mode = .form(Form(purpose: .add))
      $0.message = ""
    }
    press(.escape) {  // nothing typed: closes at once
      $0.mode = .list
      $0.message = "Cancelled"
    }
    press(.char("u"), [.commit(.undo(deletion))]) { $0.undoStack = [] }
    press(.char("u")) { $0.message = "Nothing to undo" }
  }

  /// u and U (Ctrl-R) after another process renamed the item: each puts back
  /// only the field it changed, and the screen shows the file's title.
  func testUndoAndRedoKeepATitleChangedElsewhere() {
    var list = TodoList(state.pending)
    press(.char("c"), [.commit(.complete([appID(1)]))])
    let completion = try! TodoOperation.complete([appID(1)]).apply(to: &list, env: env)
    send(.mutated(.complete([appID(1)]), completion), [.setTerminalTitle("todo-tui")]) {
      $0.apply(completion)
      $0.undoStack = [completion]
      $0.message = "Completed “Pay rent” — u undoes"
      $0.terminalTitle = "todo-tui"
    }
    try! list.edit(appID(1), title: "Pay the rent", now: appNow)  // the CLI, meanwhile
    press(.char("u"), [.commit(.undo(completion))]) { $0.undoStack = [] }
    let undone = try! TodoOperation.undo(completion).apply(to: &list, env: env)
    XCTAssertEqual(undone.after[appID(1)]??.title, "Pay the rent", "what the undo really left")
    XCTAssertNil(list[appID(1)]?.completed)
    let redoable = Change(before: undone.before, after: undone.after, summary: completion.summary)
    send(.mutated(.undo(completion), undone), [.setTerminalTitle("todo-tui (1)")]) {
      $0.apply(undone)
      $0.redoStack = [redoable]
      $0.message = "Undid: Completed “Pay rent” — U redoes"
      $0.terminalTitle = "todo-tui (1)"
    }
    XCTAssertEqual(state.visible.first?.title, "Pay the rent")
    try! list.edit(appID(1), title: "Pay rent today", now: appNow)  // renamed again
    press(.char("U"), [.commit(.redo(redoable))]) { $0.redoStack = [] }
    let redone = try! TodoOperation.redo(redoable).apply(to: &list, env: env)
    XCTAssertEqual(list[appID(1)]?.title, "Pay rent today")
    XCTAssertNotNil(list[appID(1)]?.completed)
    send(.mutated(.redo(redoable), redone), [.setTerminalTitle("todo-tui")]) {
      $0.apply(redone)
      $0.undoStack = [Change(before: redone.before, after: redone.after, summary: completion.summary)]
      $0.message = "Redid: Completed “Pay rent” — u undoes"
      $0.terminalTitle = "todo-tui"
    }
    press(.ctrl("r")) { $0.message = "Nothing to redo" }
    // A new change clears what could be redone.
    press(.char("u"), [.commit(.undo(self.state.undoStack[0]))]) { $0.undoStack = [] }
    send(.mutationFailed(.undo(redone), "disk full"), [.bell]) {
      $0.undoStack = [redone]
      $0.message = "disk full"
    }
    state.redoStack = [redoable]
    press(.char("c"), [.commit(.complete([appID(2)]))])
    let other = try! TodoOperation.complete([appID(2)]).apply(to: &list, env: env)
    send(.mutated(.complete([appID(2)]), other)) {
      $0.apply(other)
      $0.undoStack = [redone, other]
      $0.redoStack = []
      $0.message = "Completed “Call Bob” — u undoes"
    }
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
