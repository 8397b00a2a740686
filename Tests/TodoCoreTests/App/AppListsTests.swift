import Foundation
import XCTest

@testable import TodoCore

/// Lists in the app (SPEC 9): the header names the list shown, `L` picks one
/// or all, `m` moves the selected item (and `u` takes the move back).
final class AppListsTests: XCTestCase {
  let env = TodoEnvironment.fixed(appNow)

  /// Three lists; Pay rent in Work, Buy milk in Groceries, Call Bob in Personal.
  var document: TodoDocument {
    var rent = appThree[0]
    rent.list = "work"
    var milk = appThree[2]
    milk.list = "groceries"
    var doc = TodoDocument(items: [rent, appThree[1], milk])
    doc.lists = ListBook([
      NamedList(id: "personal", name: "Personal"), NamedList(id: "work", name: "Work", color: "#1e90ff"),
      NamedList(id: "groceries", name: "Groceries"),
    ])
    return doc
  }

  func state(_ size: Size = Size(width: 80, height: 24)) -> (AppState, TodoList) {
    var s = AppState(now: appNow, calendar: env.calendar, size: size)
    _ = reduce(&s, .loaded(document), env: env)
    return (s, TodoList(document: document))
  }

  func press(_ keys: [Key], _ s: inout AppState, _ list: inout TodoList) {
    for k in keys {
      guard let a = KeyMap.action(for: k, in: s) else { continue }
      carryOut(reduce(&s, a, env: env), on: &list, &s, env: env)
    }
  }

  func testAFileOfOneListShowsNoListInTheHeader() {
    let s = appState(appThree)
    XCTAssertNil(s.headerList)
    XCTAssertTrue(
      render(s, size: s.size).lines[0].hasPrefix(" Todo List  "), render(s, size: s.size).lines[0])
  }

  func testLPicksTheListShownOrAll() {
    var (s, list) = state()
    XCTAssertEqual(s.shownListName, "All lists")
    XCTAssertTrue(render(s, size: s.size).lines[0].hasPrefix(" Todo List · All lists"))
    XCTAssertEqual(s.visible.count, 3)
    press([.char("L")], &s, &list)
    guard case .pickList(let p) = s.mode else { return XCTFail("no picker") }
    XCTAssertEqual(p.choices(s.lists), [nil, "personal", "work", "groceries"])
    assertSnapshot(render(s, size: s.size), "lists-picker-80x24")
    press([.down, .down, .enter], &s, &list)
    XCTAssertEqual(s.mode, .list)
    XCTAssertEqual(s.shownList, "work")
    XCTAssertEqual(s.visible.map(\.title), ["Pay rent"])
    let screen = render(s, size: s.size)
    XCTAssertTrue(screen.lines[0].hasPrefix(" Todo List · Work"), screen.lines[0])
    XCTAssertEqual(screen[13, 0].style.colour, .blue, "the list's colour")
    assertSnapshot(screen, "lists-header-80x24")
    XCTAssertEqual(s.badge, 1, "the badge counts every list")
    press([.char("L"), .up, .up, .up, .enter], &s, &list)
    XCTAssertNil(s.shownList)
    XCTAssertEqual(s.visible.count, 3)
    press([.char("L"), .escape], &s, &list)
    XCTAssertEqual(s.mode, .list, "Esc closes the picker")
  }

  func testMMovesTheSelectedItemAndUndoTakesItBack() throws {
    var (s, list) = state()
    let bob = try XCTUnwrap(s.visible.firstIndex { $0.title == "Call Bob" })
    s.selected = bob
    press([.char("m")], &s, &list)
    guard case .pickList(let p) = s.mode else { return XCTFail("no picker") }
    // Issue 37 point 16: on the first list it can go to, not its own ("already in" on Enter).
    XCTAssertEqual(p.selected, 1, "the cursor on the first list it can go to")
    assertSnapshot(render(s, size: s.size), "lists-move-80x24")
    press([.end], &s, &list)
    guard case .pickList(let last) = s.mode else { return XCTFail("no picker") }
    XCTAssertEqual(last.selected, s.lists.lists.count - 1, "End: the last list")
    press([.home], &s, &list)
    guard case .pickList(let first) = s.mode else { return XCTFail("no picker") }
    XCTAssertEqual(first.selected, 0, "Home: the first list")
    press([.char("G"), .char("g"), .down, .enter], &s, &list)
    XCTAssertEqual(list[appID(2)]?.list, "work")
    XCTAssertTrue(s.message.hasPrefix("Edited “Call Bob”"), s.message)
    press([.char("L"), .down, .down, .enter], &s, &list)
    XCTAssertEqual(Set(s.visible.map(\.title)), ["Pay rent", "Call Bob"])
    press([.char("u")], &s, &list)
    XCTAssertNil(list[appID(2)]?.list, "back in the default list")
    XCTAssertEqual(s.visible.map(\.title), ["Pay rent"], "gone from the list shown")
    // Moving to the list it is in changes nothing.
    press([.char("m"), .down, .enter], &s, &list)
    XCTAssertEqual(list[appID(1)]?.list, "work")
    XCTAssertTrue(s.message.contains("already in Work"), s.message)
  }

  func testAListShownThatIsGoneShowsAllAgain() {
    var (s, _) = state()
    s.shownList = "groceries"
    var doc = document
    doc.lists = ListBook([NamedList(id: "personal", name: "Personal")])
    _ = reduce(&s, .loaded(doc), env: env)
    XCTAssertNil(s.shownList)
    XCTAssertEqual(s.visible.count, 3)
  }

  func testTheHeaderAndThePickerAt40x10() {
    var (s, list) = state(Size(width: 40, height: 10))
    press([.char("L"), .down, .enter], &s, &list)
    assertSnapshot(render(s, size: s.size), "lists-header-40x10")
    press([.char("L")], &s, &list)
    assertSnapshot(render(s, size: s.size), "lists-picker-40x10")
  }

  func testColoursMapToTheNearestTerminalColour() {
    XCTAssertEqual(Style.Colour.nearest("#ff0000"), .red)
    XCTAssertEqual(Style.Colour.nearest("#2e8b57"), .green)
    XCTAssertEqual(Style.Colour.nearest("#0000FFFF"), .blue)
    XCTAssertEqual(Style.Colour.nearest("#ffd700"), .yellow)
    XCTAssertEqual(Style.Colour.nearest("#808080"), .none)
    XCTAssertEqual(Style.Colour.nearest("blue"), .none)
  }

  /// `a` with one list shown adds into it; with all lists, into the default one.
  func testAnItemAddedGoesIntoTheListShown() throws {
    var (s, list) = state()
    press([.char("L"), .down, .down, .enter], &s, &list)
    XCTAssertEqual(s.shownList, "work")
    press([.char("a")] + "Plan".map { Key.char($0) } + [.enter, .enter], &s, &list)
    let added = try XCTUnwrap(list.items.values.first { $0.title == "Plan" })
    XCTAssertEqual(added.list, "work")
    XCTAssertTrue(s.visible.contains { $0.id == added.id }, "in sight")
    press(
      [.char("L"), .up, .up, .enter, .char("a")] + "Tea".map { Key.char($0) } + [.enter, .enter], &s, &list)
    XCTAssertNil(try XCTUnwrap(list.items.values.first { $0.title == "Tea" }).list, "the default list")
    // The settings' default_list (issue 38), by name, while all lists are shown; an unknown one: the file's.
    s.defaultList = "Groceries"
    press([.char("a")] + "Rice".map { Key.char($0) } + [.enter, .enter], &s, &list)
    XCTAssertEqual(try XCTUnwrap(list.items.values.first { $0.title == "Rice" }).list, "groceries")
    s.defaultList = "Nowhere"
    press([.char("a")] + "Salt".map { Key.char($0) } + [.enter, .enter], &s, &list)
    XCTAssertNil(try XCTUnwrap(list.items.values.first { $0.title == "Salt" }).list)
  }

  func typed(_ text: String) -> [Key] { text.map { Key.char($0) } }

  /// `a` in the picker adds a list, `u` takes it back and `U` makes it again
  /// (the undo answered no lists before: "Nothing to undo", the list kept).
  func testAListAddedInThePickerIsUndoneAndRedone() throws {
    var (s, list) = state()
    press([.char("L"), .char("a")] + typed("Errands"), &s, &list)
    assertSnapshot(render(s, size: s.size), "lists-add-80x24")
    press([.enter], &s, &list)
    XCTAssertEqual(list.lists.lists.map(\.name), ["Personal", "Work", "Groceries", "Errands"])
    guard case .pickList(let p) = s.mode else { return XCTFail("the picker closed") }
    XCTAssertEqual(p.step, .choosing)
    XCTAssertEqual(p.choices(s.lists)[p.selected], "errands", "the cursor on the new list")
    XCTAssertTrue(s.message.hasPrefix("Added the list “Errands” — u undoes"), s.message)
    press([.escape, .char("u")], &s, &list)
    XCTAssertEqual(list.lists.lists.map(\.name), ["Personal", "Work", "Groceries"])
    XCTAssertEqual(s.lists, list.lists, "the screen's lists are the file's")
    XCTAssertEqual(s.message, "Undid: Added the list “Errands” — U redoes")
    press([.char("U")], &s, &list)
    XCTAssertEqual(list.lists.lists.map(\.name), ["Personal", "Work", "Groceries", "Errands"])
    XCTAssertEqual(s.lists, list.lists)
    press([.char("u")], &s, &list)
    XCTAssertNil(list.lists.list(id: "errands"))
  }

  /// `r` renames the list under the cursor; a name taken is refused with the text kept.
  func testAListRenamedInThePickerIsUndone() throws {
    var (s, list) = state()
    press([.char("L"), .down, .down, .char("r"), .ctrl("u")] + typed("personal"), &s, &list)
    press([.enter], &s, &list)
    XCTAssertEqual(list.lists.list(id: "work")?.name, "Work", "a name taken")
    guard case .pickList(let p) = s.mode, case .naming(let field, let id) = p.step else {
      return XCTFail("the name typed is gone: \(s.mode)")
    }
    XCTAssertEqual(field.text, "personal")
    XCTAssertEqual(id, "work")
    XCTAssertTrue(s.message.contains("already a list 'Personal'"), s.message)
    press([.ctrl("u")] + typed("Office") + [.enter], &s, &list)
    XCTAssertEqual(list.lists.list(id: "work")?.name, "Office")
    XCTAssertEqual(s.lists.list(id: "work")?.name, "Office")
    press([.escape, .char("u")], &s, &list)
    XCTAssertEqual(list.lists.list(id: "work")?.name, "Work")
    XCTAssertEqual(s.lists.list(id: "work")?.name, "Work")
    XCTAssertEqual(list[appID(1)]?.list, "work", "its item still in it")
  }

  /// `d` asks; y deletes the list and its items; `u` brings back both, whole.
  func testAListDeletedWithItsItemsComesBackWholeOnUndo() throws {
    var (s, list) = state()
    let milk = try XCTUnwrap(list[appID(3)])
    XCTAssertEqual(milk.list, "groceries")
    press([.char("L"), .down, .down, .down, .char("d")], &s, &list)
    guard case .pickList(let p) = s.mode, p.step == .deleting("groceries", items: 1) else {
      return XCTFail("no question: \(s.mode)")
    }
    assertSnapshot(render(s, size: s.size), "lists-delete-80x24")
    press([.char("n")], &s, &list)
    XCTAssertNotNil(list.lists.list(id: "groceries"), "n keeps it")
    press([.char("d"), .char("y")], &s, &list)
    XCTAssertNil(list.lists.list(id: "groceries"))
    XCTAssertNil(list[appID(3)], "its item deleted with it")
    XCTAssertFalse(s.visible.contains { $0.id == appID(3) })
    press([.escape, .char("u")], &s, &list)
    XCTAssertEqual(list.lists.lists.map(\.name), ["Personal", "Work", "Groceries"])
    let back = try XCTUnwrap(list[appID(3)], "the item back")
    XCTAssertTrue(back.sameUserFields(as: milk), "whole")
    XCTAssertEqual(back.list, "groceries")
    XCTAssertTrue(s.visible.contains { $0.id == appID(3) })
    XCTAssertEqual(s.lists, list.lists)
    press([.char("U")], &s, &list)
    XCTAssertNil(list.lists.list(id: "groceries"), "redo deletes again")
    XCTAssertNil(list[appID(3)])
  }

  /// The only list is not offered for deletion; "All lists" is neither renamed nor deleted.
  func testTheOnlyListAndAllListsAreNotDeleted() {
    var s = appState(appThree)
    var list = TodoList(document: TodoDocument(items: appThree))
    press([.char("L"), .char("d")], &s, &list)
    XCTAssertEqual(s.message, "Pick a list to delete")
    press([.down, .char("d")], &s, &list)
    XCTAssertTrue(s.message.contains("is the only list"), s.message)
    press([.char("r")], &s, &list)
    guard case .pickList(let p) = s.mode, case .naming(let field, "tasks") = p.step else {
      return XCTFail("\(s.mode)")
    }
    XCTAssertEqual(field.text, "Tasks")
    press([.escape], &s, &list)
    guard case .pickList(let q) = s.mode else { return XCTFail("Esc closed the picker") }
    XCTAssertEqual(q.step, .choosing, "Esc: back to the choices")
  }
}
