import Foundation
import XCTest

@testable import TodoCore

/// The rows' marks of SPEC 8 and the item's detail, as screens at 80×24 and
/// 40×10, wide characters (CJK, emoji) in titles, tags and notes.
final class AppDetailSnapshotTests: XCTestCase {
  let env = TodoEnvironment.fixed(appNow)
  let big = Size(width: 80, height: 24)
  let small = Size(width: 40, height: 10)

  /// Every mark: priorities, tags, a note, progress, a start to come, with wide characters.
  var items: [TodoItem] {
    var rent = appItem(1, "Pay rent", minutes: -30)
    rent.priority = 1
    rent.note = "IBAN in the folder"
    rent.tags = ["home", "money"]
    var call = appItem(2, "Call 山田さん about the 🎉 party", minutes: 60)
    call.priority = 5
    call.tags = ["友達", "🎉"]
    call.progress = 40
    var milk = appItem(3, "Buy milk", minutes: 120, reminder: 30)
    milk.priority = 9
    milk.tags = ["shopping"]
    milk.note = "oat, not cow"
    var later = appItem(4, "Plan the garden", minutes: 60 * 24 * 3)
    later.start = appNow + 86_400  // not started: dimmed
    later.progress = 100
    var long = appItem(
      5, "A title long enough to need every cell of the row and more, 長いタイトル", minutes: 60 * 24 * 40)
    long.tags = ["one", "two"]
    long.note = "x"
    return [rent, call, milk, later, long]
  }

  func state(_ size: Size, _ keys: [Key] = []) -> AppState {
    var s = appState(items, size: size)
    for k in keys { if let a = KeyMap.action(for: k, in: s) { _ = reduce(&s, a, env: env) } }
    return s
  }

  func testRowsWithEveryMark() {
    let c = render(state(big, [.down]), size: big)
    assertSnapshot(c, "rows-marks-80x24")
    let rent = c.lines.first { $0.contains("Pay rent") } ?? ""
    XCTAssertTrue(rent.hasPrefix(" !!! Pay rent #home #money ✎ "), rent)
    let call = c.lines.first { $0.contains("山田") } ?? ""
    XCTAssertTrue(call.contains("!! Call 山田さん about the 🎉 party #友達 #🎉"), call)
    XCTAssertTrue(call.contains("  today 11:00 AM ") && call.hasSuffix(" 40%     "), call)
    // Not started: the title dimmed, not hidden.
    let y = c.lines.firstIndex { $0.contains("Plan the garden") }!
    XCTAssertTrue(c[1, y].style.attributes.contains(.dim))
    let small = render(state(self.small), size: self.small)
    assertSnapshot(small, "rows-marks-40x10")
    // The title wins at 40 columns: the tags give way first.
    let rent40 = small.lines.first { $0.contains("Pay rent") } ?? ""
    XCTAssertTrue(rent40.hasPrefix(" !!! Pay rent ✎") || rent40.hasPrefix(" !!! Pay rent #"), rent40)
  }

  /// The detail of an item with a two-line note in Japanese and emoji tags,
  /// the keyboard in the note; at 40×10 the fields scroll to it.
  func testTheDetail() {
    var s = appState(items, size: big)
    _ = reduce(&s, .move(1), env: env)
    for k: Key in [.enter] + Array(repeating: .down, count: 10) {
      if let a = KeyMap.action(for: k, in: s) { _ = reduce(&s, a, env: env) }
    }
    for k: Key in [.paste("山田さんに電話する 🎉\nbring the cake")] {
      if let a = KeyMap.action(for: k, in: s) { _ = reduce(&s, a, env: env) }
    }
    guard case .form(let f) = s.mode else { return XCTFail("no detail") }
    XCTAssertEqual(f.focus, .note)
    assertSnapshot(render(s, size: big), "detail-note-80x24")
    s.size = small
    let c = render(s, size: small)
    assertSnapshot(c, "detail-note-40x10")
    XCTAssertTrue(c.lines.contains { $0.contains("bring the cake") }, "the cursor's row shows")
    XCTAssertTrue(c.lines.contains { $0.contains("↑ more") })
  }

  /// The detail as it opens, at both sizes: every field with what the item has.
  func testTheDetailAsItOpens() {
    let c = render(state(big, [.down, .enter]), size: big)
    assertSnapshot(c, "detail-80x24")
    for label in ["Title", "Deadline", "Start", "Repeat", "Warning", "Priority", "Progress", "Tags", "Note"] {
      XCTAssertTrue(c.lines.contains { $0.contains("│ " + label) }, label)
    }
    let s = state(small, [.down, .enter] + Array(repeating: .down, count: 5))
    let small = render(s, size: self.small)
    assertSnapshot(small, "detail-priority-40x10")
    XCTAssertTrue(small.lines.contains { $0.contains("│ Priority") }, "scrolled to the field")
    XCTAssertTrue(small.lines.contains { $0.contains("↓ more") })
  }
  /// The List and the Parent: at 80×24 the list chosen with →, the parent
  /// typed and read live; at 40×10 the fields scroll to the parent, whose
  /// reading refuses a cycle.
  func testTheDetailsListAndParent() {
    var doc = TodoDocument(items: items)
    doc.items[1].parent = doc.items[0].icalUID  // the party call is a subtask of Pay rent
    doc.lists = ListBook([NamedList(id: "personal", name: "Personal"), NamedList(id: "work", name: "Work")])
    var s = AppState(now: appNow, calendar: env.calendar, size: big)
    _ = reduce(&s, .loaded(doc), env: env)
    _ = reduce(&s, .edit(doc.items[0].id), env: env)
    let keys: [Key] = Array(repeating: .down, count: 8) + [.right, .down] + "milk".map(Key.char)
    for k in keys { if let a = KeyMap.action(for: k, in: s) { _ = reduce(&s, a, env: env) } }
    let c = render(s, size: big)
    assertSnapshot(c, "detail-list-parent-80x24")
    XCTAssertTrue(c.lines.contains { $0.contains("│ List") && $0.contains("Work") }, "the list chosen")
    XCTAssertTrue(c.lines.contains { $0.contains("│ Parent") && $0.contains("milk") })
    XCTAssertTrue(c.lines.contains { $0.contains("→ a subtask of “Buy milk”") })
    // The party call's own subtask may not be its parent.
    var t = AppState(now: appNow, calendar: env.calendar, size: small)
    _ = reduce(&t, .loaded(doc), env: env)
    _ = reduce(&t, .edit(doc.items[0].id), env: env)
    for k in Array(repeating: Key.down, count: 9) + "party".map(Key.char) {
      if let a = KeyMap.action(for: k, in: t) { _ = reduce(&t, a, env: env) }
    }
    let small = render(t, size: self.small)
    assertSnapshot(small, "detail-parent-cycle-40x10")
    XCTAssertTrue(small.lines.contains { $0.contains("│ Parent") && $0.contains("party") })
    XCTAssertTrue(small.lines.contains { $0.contains("A cycle: “Call 山田") }, "the cycle refused, live")
  }
}
