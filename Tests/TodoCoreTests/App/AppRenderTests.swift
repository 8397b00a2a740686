import Foundation
import XCTest

@testable import TodoCore

/// Compares a rendered screen with a snapshot file under Snapshots/ (text rows,
/// then one style letter a cell; see ``Canvas/styleLines``). `RECORD_SNAPSHOTS=1`
/// writes the files instead, to be reviewed with `git diff`.
func assertSnapshot(_ canvas: Canvas, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
  let dir = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("Snapshots")
  let url = dir.appendingPathComponent(name + ".txt")
  let text =
    canvas.lines.map { $0 + "|" }.joined(separator: "\n") + "\n--- styles\n"
    + canvas.styleLines.map { $0 + "|" }.joined(separator: "\n") + "\n"
  if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
    try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try! text.write(to: url, atomically: true, encoding: .utf8)
    return
  }
  guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
    return XCTFail("no snapshot \(name).txt; record it with RECORD_SNAPSHOTS=1", file: file, line: line)
  }
  if expected != text {
    let got = text.split(separator: "\n", omittingEmptySubsequences: false)
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let first = Array(zip(got, want)).firstIndex { $0 != $1 } ?? min(got.count, want.count)
    XCTFail(
      "\(name) differs at line \(first + 1):\n got: \(first < got.count ? got[first] : "")\nwant: \(first < want.count ? want[first] : "")\n\(text)",
      file: file, line: line)
  }
}

final class AppRenderTests: XCTestCase {
  let env = TodoEnvironment.fixed(appNow)
  let items = [
    appItem(1, "Pay rent", minutes: -30),
    appItem(2, "Call 山田さん about the 🎉 party and the very long list of things to bring along", minutes: 60),
    appItem(3, "Buy milk", minutes: 120, reminder: 30),
    appItem(4, "Evil \u{1B}]2;pwned\u{07} title", minutes: 60 * 24 * 400),
  ]
  let big = Size(width: 80, height: 24)
  let small = Size(width: 40, height: 10)

  func state(_ size: Size, _ actions: [Action] = []) -> AppState {
    var s = appState(items, size: size)
    for a in actions { _ = reduce(&s, a, env: env) }
    return s
  }

  func both(_ name: String, _ actions: [Action]) {
    assertSnapshot(render(state(big, actions), size: big), name + "-80x24")
    assertSnapshot(render(state(small, actions), size: small), name + "-40x10")
  }

  func testList() { both("list", [.move(1)]) }

  func testSwipeOpen() { both("swipe", [.move(1), .swipe(appID(2))]) }

  func testForm() {
    both(
      "form",
      [.add, .form(.edit(.insert("Tea with 山田さん"))), .form(.submit), .form(.edit(.insert("tomorrow 9am")))])
  }

  /// Issue 25: the title field's hint said "Tab picker" where Tab moves to the
  /// deadline, and "Enter save" where Enter moves there too (SPEC 4: title, Enter, deadline, Enter saves).
  func testTheTitleFieldsHintNamesTheDeadline() {
    let c = render(state(big, [.add, .form(.edit(.insert("Tea")))]), size: big)
    assertSnapshot(c, "form-title-80x24")
    XCTAssertTrue(c.lines.contains { $0.contains("Tab/Enter deadline  Esc cancel") })
    XCTAssertFalse(c.lines.contains { $0.contains("Enter save") })
  }

  func testFormPicker() {
    both(
      "picker", [.add, .form(.edit(.insert("Tea"))), .form(.nextField), .form(.nextField), .form(.turn(1))])
  }

  /// Issue 25: the form sets repeat and warning, each with its live reading.
  func testFormWithRepeatAndWarning() {
    let typed: [Action] = [
      .add, .form(.edit(.insert("Standup"))), .form(.submit), .form(.edit(.insert("tomorrow 9am"))),
      .form(.nextField), .form(.nextField), .form(.edit(.insert("every mon,thu"))), .form(.nextField),
      .form(.edit(.insert("15m"))),
    ]
    both("form-fields", typed)
    let c = render(state(big, typed), size: big)
    XCTAssertTrue(c.lines.contains { $0.contains("│ Repeat     every mon,thu") })
    XCTAssertTrue(c.lines.contains { $0.contains("→ FREQ=WEEKLY;BYDAY=MO,TH, then Thu Nov 26 at 9:00 AM") })
    XCTAssertTrue(c.lines.contains { $0.contains("→ 15m before: Mon Nov 23 at 8:45 AM") })
    // At 40×10 the reading shown is the field with the keyboard's.
    let small = render(state(self.small, typed), size: self.small)
    XCTAssertTrue(
      small.lines.contains { $0.contains("→ 15m before: Mon Nov") }, small.lines.joined(separator: "\n"))
    XCTAssertEqual(small.lines[8], " └────────────────────────────────────┘ ", "above the status line")
  }

  /// At 40×10 with a filter kept, the four fields need the filter's line: the form goes over it.
  func testTheFormFitsAt40x10WithAFilterKept() {
    let c = render(state(small, [.startFilter, .filter(.insert("a")), .keepFilter, .add]), size: small)
    XCTAssertEqual(c.lines[1], " ┌─ Add item ─────────────────────────┐ ")
    XCTAssertEqual(c.lines[8], " └────────────────────────────────────┘ ")
  }

  func testFormWithAnUnreadableRuleAt40x10() {
    both(
      "form-bad-rule",
      [
        .add, .form(.edit(.insert("Tea"))), .form(.previousField), .form(.previousField),
        .form(.edit(.insert("every blue moon"))),
      ])
  }

  func testEditFormHintsWhatItKeeps() {
    var s = appState(
      [
        TodoItem(
          id: appID(9), title: "Standup", deadline: appNow + 3600, created: appNow, repeatRule: "FREQ=DAILY",
          warn: 900)
      ],
      size: big)
    _ = reduce(&s, .edit(appID(9)), env: env)
    let c = render(s, size: big)
    assertSnapshot(c, "form-edit-80x24")
    XCTAssertTrue(c.lines.contains { $0.contains("│ Repeat     unchanged: FREQ=DAILY") })
    XCTAssertTrue(c.lines.contains { $0.contains("│ Warning    unchanged: 15m") })
  }

  func testFormWithAnUnreadableDeadline() {
    assertSnapshot(
      render(state(big, [.add, .form(.submit), .form(.edit(.insert("someday")))]), size: big),
      "form-bad-80x24")
  }

  func testTheFormFitsAboveTheStatusLineWithABanner() {
    let n = ScheduledNotification(
      fireDate: items[0].deadline!, kind: .deadline, itemID: appID(1), title: "Pay rent",
      deadline: items[0].deadline, badge: 1)
    let c = render(state(small, [.fired([n], bell: false), .add]), size: small)
    XCTAssertEqual(c.lines[8], " └────────────────────────────────────┘ ")
    XCTAssertEqual(c.lines[1], " ┌─ Add item ─────────────────────────┐ ", "four fields, over the banner")
  }

  func testHelp() { both("help", [.help]) }

  func testBanner() {
    let n = ScheduledNotification(
      fireDate: items[0].deadline!, kind: .deadline, itemID: appID(1), title: "Pay rent",
      deadline: items[0].deadline, badge: 1)
    both("banner", [.fired([n], bell: false)])
  }

  func testFilterAndDeleteQuestion() {
    assertSnapshot(render(state(big, [.startFilter, .filter(.insert("mil"))]), size: big), "filter-80x24")
    assertSnapshot(render(state(small, [.askDelete(appID(1))]), size: small), "delete-40x10")
  }

  func testTooSmall() {
    let size = Size(width: 39, height: 10)
    let c = render(state(size), size: size)
    XCTAssertEqual(c.lines[0], "too small: 40×10 at least              ")
    XCTAssertEqual(Set(c.lines.dropFirst()), [String(repeating: " ", count: 39)])
    let tiny = Size(width: 12, height: 3)
    XCTAssertEqual(render(state(tiny), size: tiny).lines, ["too small: 4", "            ", "            "])
  }

  func testOverdueDueTextIsRedAndTheOthersAreNot() {
    let c = render(state(big), size: big)
    let row = c.lines.firstIndex { $0.contains("Pay rent") }!
    let due = c.lines[row].range(of: "! today 9:30 AM")!  // the overdue glyph, then the deadline
    let col = c.lines[row].distance(from: c.lines[row].startIndex, to: due.lowerBound)
    XCTAssertEqual(c[col, row].style.colour, .red)
    XCTAssertEqual(c[col + 2, row].style.colour, .red)
    XCTAssertTrue(c.lines[row + 2].contains("  today 11:00 AM"), c.lines[row + 2])
    XCTAssertEqual(c[col + 2, row + 2].style.colour, .none)
    XCTAssertEqual(
      c.lines[0], " Todo List                                           1 overdue · 4/64 scheduled ")
  }

  func testTitlesNeverCarryControlCharacters() {
    let c = render(state(big), size: big)
    for cell in c.cells {
      guard let t = cell.text else { continue }
      XCTAssertFalse(
        t.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(t)")
    }
    XCTAssertTrue(c.lines.contains { $0.contains("Evil \u{FFFD}]2;pwned\u{FFFD} title") })
  }

  func testAnUnscheduledItemIsMarked() {
    let many = (1...66).map { appItem($0, "Item \($0)", minutes: Double($0)) }
    var s = appState(many, size: small)
    _ = reduce(&s, .moveToBottom, env: env)
    let c = render(s, size: small)
    XCTAssertEqual(c.lines[0], " Todo List  0 overdue · 64/64 scheduled ")
    // The list does not fit: its first and last rows carry the scroll marks.
    XCTAssertEqual(c.lines[1], " ↑ 60 more                              ")
    XCTAssertEqual(c.lines[7], " Item 66             today 11:06 AM    ⊘")
    XCTAssertEqual(c.lines[5], " Item 64             today 11:04 AM     ")
    XCTAssertEqual(c.lines[8], String(repeating: " ", count: 40), "nothing below")
    _ = reduce(&s, .moveToTop, env: env)
    let t = render(s, size: small)
    XCTAssertEqual(t.lines[1], String(repeating: " ", count: 40), "nothing above")
    XCTAssertEqual(t.lines[2], " Today ──────────────────────────────── ")
    XCTAssertEqual(t.lines[3], " Item 1              today 10:01 AM     ")
    XCTAssertEqual(t.lines[8], " ↓ 61 more                              ")
  }

  func testAFatalFileErrorIsShownWithQuit() {
    var s = appState([], size: small)
    _ = reduce(&s, .loadFailed("/x/todos.plist is not a readable to-do file (bad)"), env: env)
    let c = render(s, size: small)
    XCTAssertEqual(c.lines[2], " /x/todos.plist is not a readable to-do ")
    XCTAssertEqual(c.lines[3], " file (bad)                             ")
    XCTAssertEqual(c.lines[9], "q quit                                  ")
  }
}

final class AppCanvasTests: XCTestCase {
  func testWideCharactersTakeTwoCellsAndAreCutAtCellBoundaries() {
    var c = Canvas(width: 7, height: 2)
    XCTAssertEqual(c.put("山田🎉ab", x: 0, y: 0), 7)
    XCTAssertEqual(c.lines[0], "山田🎉a")
    XCTAssertEqual(c[1, 0].text, nil)
    c.put("ab山田🎉", x: 0, y: 1)  // 🎉 would straddle the edge: a space instead
    XCTAssertEqual(c.lines[1], "ab山田 ")
    // Overwriting half of a wide character blanks the other half.
    c.put("x", x: 3, y: 1)
    XCTAssertEqual(c.lines[1], "ab x田 ")
  }

  func testCombiningMarksAndZeroWidthStayWithTheirCharacter() {
    XCTAssertEqual(CellWidth.of("e\u{301}" as Character), 1)
    XCTAssertEqual(CellWidth.of("❤️" as Character), 2)  // U+2764 U+FE0F: emoji presentation
    XCTAssertEqual(CellWidth.of("한국어"), 6)
    XCTAssertEqual(CellWidth.of("Zoë"), 3)
    XCTAssertEqual(CellWidth.of("\u{200B}"), 0)
  }

  func testDiffFindsOnlyTheChangedRuns() {
    var a = Canvas(width: 10, height: 3)
    a.put("hello", x: 0, y: 0)
    var b = a
    XCTAssertEqual(b.diff(from: a), [])
    b.put("J", x: 0, y: 0)
    b.put("山", x: 4, y: 2)
    let runs = b.diff(from: a)
    XCTAssertEqual(runs.map { [$0.y, $0.x, $0.cells.count] }, [[0, 0, 1], [2, 4, 2]])
    XCTAssertEqual(b.diff(from: nil).count, 3)
    XCTAssertEqual(b.diff(from: Canvas(width: 9, height: 3)).count, 3)
  }

  /// The width table agrees with the C library's `wcwidth`, which ncurses uses
  /// to place characters, over the BMP and the emoji planes.
  func testWidthsAgreeWithTheCLibrary() throws {
    typealias WCWidth = @convention(c) (wchar_t) -> Int32
    guard setlocale(LC_CTYPE, "C.UTF-8") != nil, let sym = dlsym(nil, "wcwidth") else {
      throw XCTSkip("no C.UTF-8 locale or no wcwidth")
    }
    let wcwidth = unsafeBitCast(sym, to: WCWidth.self)
    var differ: [String] = []
    for v in UInt32(0xA0)...0x1FAFF {
      guard let s = Unicode.Scalar(v), s.properties.generalCategory != .unassigned else { continue }
      let c = wcwidth(wchar_t(v))
      if c < 0 { continue }  // the C library does not know it
      if Int(c) != CellWidth.of(s) { differ.append(String(v, radix: 16) + ":\(c)/\(CellWidth.of(s))") }
    }
    XCTAssertEqual(differ, [])
  }
}
