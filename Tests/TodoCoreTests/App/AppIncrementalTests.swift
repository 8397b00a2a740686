import Foundation
import XCTest

@testable import TodoCore

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
      let m: TodoOperation
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
