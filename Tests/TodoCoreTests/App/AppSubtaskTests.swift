import Foundation
import XCTest

@testable import TodoCore

/// Subtasks in the app (SPEC 9): children indented under their parent with the
/// done count, folding (Space, z), A adds a child and a on a child a sibling,
/// completing or deleting a parent asks; snapshots at 80×24 and 40×10.
final class AppSubtaskTests: XCTestCase {
  let env = TodoEnvironment.fixed(appNow)

  /// A trip (Later) with three subtasks, one done, one with its own subtask; an
  /// orphan whose parent is not here; a plain item.
  var items: [TodoItem] {
    let trip = appItem(1, "Plan the trip", minutes: 5 * 24 * 60)
    func child(_ n: Int, _ title: String, _ minutes: Double, of p: TodoItem) -> TodoItem {
      var i = appItem(n, title, minutes: minutes)
      i.parent = p.icalUID
      return i
    }
    let pack = child(3, "Pack the bags", 4 * 24 * 60, of: trip)
    var visa = child(4, "Get the visa", -60, of: trip)
    visa.completed = appNow - 600
    var orphan = appItem(6, "Orphan subtask", minutes: 90)
    orphan.parent = "not-here@phone"
    return [
      trip, child(2, "Book the hotel", 30, of: trip), pack, visa,
      child(5, "Buy socks — a very long title that is cut at forty columns", 100, of: pack), orphan,
      appItem(7, "Water the plants", minutes: 60),
    ]
  }

  func titles(_ s: AppState) -> [String] {
    s.visible.map {
      String(repeating: " ", count: s.tree.indent(of: $0.id)) + $0.title + s.tree.suffix(of: $0.id)
    }
  }

  func testChildrenUnderTheirParentWithTheDoneCount() {
    let s = appState(items)
    XCTAssertEqual(
      titles(s),
      [
        "Water the plants", "Orphan subtask", "Plan the trip [1/3]", "  Book the hotel",
        "  Pack the bags [0/1]", "    Buy socks — a very long title that is cut at forty columns",
      ])
    XCTAssertEqual(s.sections.map(\.title), ["Today", "This week"], "a subtask under its parent's heading")
    assertSnapshot(render(s, size: s.size), "subtasks-80x24")
    let small = appState(items, size: Size(width: 40, height: 10))
    assertSnapshot(render(small, size: small.size), "subtasks-40x10")
  }

  func testSpaceAndZFoldAndUnfoldAParent() {
    var s = appState(items)
    let trip = appID(1)
    s.selected = s.visible.firstIndex { $0.id == appID(2) }!  // a subtask: folds its parent
    XCTAssertEqual(KeyMap.action(for: .char(" "), in: s), .toggleFold(appID(2)))
    _ = reduce(&s, .toggleFold(appID(2)), env: env)
    XCTAssertEqual(titles(s).last, "Plan the trip [1/3] ▸")
    XCTAssertEqual(s.selectedItem?.id, trip, "the selection on the folded parent")
    var small = s
    _ = reduce(&small, .resized(Size(width: 40, height: 10)), env: env)
    assertSnapshot(render(small, size: small.size), "subtasks-folded-40x10")
    XCTAssertEqual(KeyMap.action(for: .char("z"), in: s), .toggleFold(trip))
    _ = reduce(&s, .toggleFold(trip), env: env)
    XCTAssertEqual(s.visible.count, 6)
    s.selected = s.visible.firstIndex { $0.id == appID(7) }!
    _ = reduce(&s, .toggleFold(appID(7)), env: env)
    XCTAssertEqual(s.message, "“Water the plants” has no subtasks")
  }

  func testAAddsAChildAndaOnAChildASibling() throws {
    var list = TodoList(items)
    var s = appState(items)
    s.selected = s.visible.firstIndex { $0.id == appID(3) }!  // Pack the bags, a subtask of the trip
    XCTAssertEqual(KeyMap.action(for: .char("A"), in: s), .addChild(appID(3)))
    for (action, parent) in [(Action.addChild(appID(3)), appID(3)), (.add, appID(1))] {
      _ = reduce(&s, action, env: env)
      for ch in "Label" { _ = reduce(&s, .form(.edit(.insert(String(ch)))), env: env) }
      _ = reduce(&s, .form(.submit), env: env)  // title, Enter, deadline (the default), Enter saves
      let effects = reduce(&s, .form(.submit), env: env)
      XCTAssertEqual(effects.count, 1, "\(effects) \(s.mode) \(s.message)")
      carryOut(effects, on: &list, &s, env: env)
      let added = try XCTUnwrap(
        list.items.values.first { $0.title == "Label" && $0.parent == parent.uuidString })
      list = TodoList(list.items.values.filter { $0.id != added.id })
      s.selected = s.visible.firstIndex { $0.id == appID(3) }!
    }
    // a on a top-level row: a top-level item.
    s.selected = s.visible.firstIndex { $0.id == appID(7) }!
    _ = reduce(&s, .add, env: env)
    XCTAssertNil(s.tree.addParent)
  }

  func testCompletingAParentWithOpenSubtasksAsks() throws {
    var list = TodoList(items)
    var s = appState(items)
    let trip = appID(1)
    s.selected = s.visible.firstIndex { $0.id == trip }!
    XCTAssertEqual(reduce(&s, .complete(trip), env: env), [], "nothing committed before the answer")
    guard case .askSubtasks(let q) = s.mode else { return XCTFail("no question: \(s.mode)") }
    XCTAssertEqual(Set(q.below), [appID(2), appID(3), appID(5)], "the open ones below it")
    let screen = render(s, size: s.size).lines[23]
    // Issue 37 point 11: all of them, this one only, or nothing.
    XCTAssertTrue(
      screen.contains("Complete its 3 open subtasks too? a: all, o: “Plan the trip” only, n: nothing"), screen
    )
    XCTAssertEqual(KeyMap.action(for: .char("n"), in: s), .answerSubtasks(.no))
    XCTAssertEqual(KeyMap.action(for: .char("a"), in: s), .answerSubtasks(.withChildren))
    XCTAssertEqual(KeyMap.action(for: .char("o"), in: s), .answerSubtasks(.keepChildren))
    XCTAssertEqual(
      reduce(&s, .answerSubtasks(.keepChildren), env: env), [.commit(.complete([trip]))], "this one only")
    _ = reduce(&s, .complete(trip), env: env)
    _ = reduce(&s, .answerSubtasks(.no), env: env)
    XCTAssertEqual(s.mode, .list)
    XCTAssertEqual(s.message, "Not completed")
    _ = reduce(&s, .complete(trip), env: env)
    carryOut(reduce(&s, .answerSubtasks(.withChildren), env: env), on: &list, &s, env: env)
    for id in [trip, appID(2), appID(3), appID(5)] { XCTAssertNotNil(list[id]?.completed, "\(id)") }
    // A subtask with nothing below it completes at once.
    XCTAssertEqual(reduce(&s, .complete(appID(7)), env: env), [.commit(.complete([appID(7)]))])
  }

  func testDeletingAParentAsksWhatBecomesOfItsSubtasks() throws {
    for (answer, gone) in [(SubtaskAnswer.withChildren, 5), (.keepChildren, 1)] {
      var list = TodoList(items)
      var s = appState(items)
      _ = reduce(&s, .askDelete(appID(1)), env: env)
      guard case .askSubtasks(let q) = s.mode else { return XCTFail("no question: \(s.mode)") }
      XCTAssertEqual(q.kind, .delete)
      XCTAssertTrue(
        render(s, size: s.size).lines[23].contains(
          "Delete “Plan the trip” and its 4 subtasks? y: with them, k: keep them"))
      XCTAssertEqual(KeyMap.action(for: .char("k"), in: s), .answerSubtasks(.keepChildren))
      carryOut(reduce(&s, .answerSubtasks(answer), env: env), on: &list, &s, env: env)
      XCTAssertEqual(list.items.count, items.count - gone, "\(answer)")
      if answer == .keepChildren {
        XCTAssertNil(list[appID(2)]?.parent, "moved up to the top level")
        XCTAssertEqual(list[appID(5)]?.parent, appID(3).uuidString, "below them, unchanged")
      }
    }
    // A row without subtasks: the plain question.
    var s = appState(items)
    _ = reduce(&s, .askDelete(appID(7)), env: env)
    XCTAssertEqual(s.mode, .confirmDelete(appID(7)))
    // k does nothing when completing: only y, n and Esc answer.
    _ = reduce(&s, .escape, env: env)
    _ = reduce(&s, .complete(appID(1)), env: env)
    XCTAssertNil(KeyMap.action(for: .char("k"), in: s))
    XCTAssertEqual(KeyMap.action(for: .escape, in: s), .answerSubtasks(.no))
  }
}
