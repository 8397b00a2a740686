import Foundation
import XCTest

@testable import TodoCore

/// The item's detail (SPEC 8, issue 26): Enter on a row shows and edits every
/// field; saving sends only the fields touched, so that a field another
/// process changed meanwhile keeps its value; Esc asks before discarding.
final class AppDetailTests: XCTestCase {
  let env = TodoEnvironment.fixed(appNow)

  func press(_ s: inout AppState, _ keys: [Key]) -> [Effect] { pressKeys(&s, keys, env: env) }

  func type(_ text: String) -> [Key] { text.map(Key.char) }

  func form(_ s: AppState) -> Form? { openForm(s) }

  /// Tab from the title until `field` has the keyboard.
  func tab(to field: Form.Focus, _ s: inout AppState) {
    for _ in 0..<20 where form(s)?.focus != field { _ = press(&s, [.tab]) }
    XCTAssertEqual(form(s)?.focus, field)
  }

  var items: [TodoItem] {
    var a = appItem(1, "Pay rent", minutes: 60)
    a.tags = ["home", "money"]
    a.note = "IBAN in the folder"
    var b = appItem(2, "Buy milk", minutes: 120)
    b.tags = ["shopping"]
    var c = appItem(3, "Call Bob", minutes: 180)
    c.tags = ["work"]
    return [a, b, c]
  }

  func testEnterOpensTheDetailWithEveryField() {
    var s = appState(items)
    _ = press(&s, [.enter])
    let d = form(s)?.detail
    XCTAssertEqual(d?.note.text, "IBAN in the folder")
    XCTAssertEqual(d?.tags.text, "home, money")
    XCTAssertEqual(d?.known.sorted(), ["home", "money", "shopping", "work"])
    XCTAssertEqual(form(s)?.title.text, "Pay rent")
    _ = press(&s, [.escape])
    XCTAssertEqual(s.mode, .list, "nothing touched: Esc closes without asking")
    _ = press(&s, [.char("e")])
    XCTAssertNotNil(form(s)?.detail, "e opens it too")
  }

  /// The note and the tags touched: the edit carries those two and nothing
  /// else (tags as the ones added and removed).
  func testSavingSendsOnlyTheTouchedFields() {
    var s = appState(items)
    _ = press(&s, [.enter])
    tab(to: .tags, &s)
    _ = press(&s, [.ctrl("u")] + type("home, bills"))
    tab(to: .note, &s)
    _ = press(&s, [.end] + type(" (blue)") + [.enter] + type("second line"))
    XCTAssertEqual(form(s)?.detail?.note.text, "IBAN in the folder (blue)\nsecond line", "Enter: a new line")
    let fx = press(&s, [.ctrl("s")])
    XCTAssertEqual(
      fx,
      [
        .commit(
          .edit(
            appID(1),
            changes: [
              FieldChange("tags", .remove("money")), FieldChange("tags", .add("bills")),
              .set("note", text: "IBAN in the folder (blue)\nsecond line"),
            ]))
      ])
    // Nothing touched: nothing written.
    _ = reduce(&s, .edit(appID(1)), env: env)
    tab(to: .priority, &s)
    XCTAssertEqual(press(&s, [.enter]), [])
    XCTAssertEqual(s.message, "Nothing changed")
  }

  /// SPEC 6 through the app: the CLI sets the priority while the detail edits
  /// the note; the save keeps both (and the detail shows the new priority).
  func testAPriorityTheCLISetMeanwhileSurvivesTheSaveOfTheNote() throws {
    var list = TodoList(items)
    var s = appState(items)
    _ = press(&s, [.enter])
    tab(to: .note, &s)
    _ = press(&s, [.ctrl("u")] + type("new note"))
    // Meanwhile the CLI: edit 1 --priority high, and the app reads the file.
    try TodoOperation.edit(appID(1), title: "Pay the rent", changes: [.set("priority", integer: 1)]).apply(
      to: &list, env: env)
    _ = reduce(&s, .loaded(TodoDocument(items: Array(list.items.values))), env: env)
    XCTAssertEqual(form(s)?.detail?.priority, 1, "an untouched field follows the file")
    XCTAssertEqual(form(s)?.title.text, "Pay the rent", "the title too")
    XCTAssertEqual(form(s)?.detail?.note.text, "new note", "a touched one stays as typed")
    let fx = press(&s, [.ctrl("s")])
    XCTAssertEqual(fx, [.commit(.edit(appID(1), changes: [.set("note", text: "new note")]))])
    carryOut(fx, on: &list, &s, env: env)
    XCTAssertEqual(s.mode, .list)
    XCTAssertEqual(list[appID(1)]?.priority, 1, "the CLI's priority kept")
    XCTAssertEqual(list[appID(1)]?.title, "Pay the rent")
    XCTAssertEqual(list[appID(1)]?.note, "new note", "the app's note saved")
    XCTAssertEqual(list[appID(1)]?.tags, ["home", "money"])
  }

  func testEscOnAChangedDetailAsksFirst() {
    var s = appState(items)
    _ = press(&s, [.enter])
    tab(to: .priority, &s)
    _ = press(&s, [.right])
    XCTAssertEqual(form(s)?.detail?.priority, 9, "none → low")
    _ = press(&s, [.escape])
    XCTAssertEqual(form(s)?.askingToDiscard, true)
    _ = press(&s, [.char("n")])
    XCTAssertEqual(form(s)?.detail?.priority, 9, "n keeps editing, nothing lost")
    _ = press(&s, [.left])
    XCTAssertEqual(form(s)?.isTouched, false, "back to none: nothing to lose")
    _ = press(&s, [.char("h"), .escape])
    XCTAssertEqual(form(s)?.askingToDiscard, true)
    XCTAssertEqual(press(&s, [.char("y")]), [])
    XCTAssertEqual(s.mode, .list)
    XCTAssertEqual(s.message, "Discarded")
  }

  func testThePriorityCyclesAndKeepsTheItemsOwnValue() {
    var it = items
    it[0].priority = 3  // high, as another client wrote it
    var s = appState(it)
    _ = press(&s, [.enter])
    tab(to: .priority, &s)
    _ = press(&s, [.right])
    XCTAssertEqual(form(s)?.detail?.priority, nil, "high → none")
    _ = press(&s, [.left])
    XCTAssertEqual(form(s)?.detail?.priority, 3, "back to high is its own 3, untouched")
    _ = press(&s, [.char("m")])
    XCTAssertEqual(form(s)?.detail?.priority, 5)
    _ = press(&s, [.char("7")])
    XCTAssertEqual(form(s)?.detail?.priority, 7)
    _ = press(&s, [.char("z")])
    XCTAssertNotNil(form(s)?.error, "a key that names no priority says so")
    _ = press(&s, [.backspace])
    XCTAssertEqual(press(&s, [.enter]), [.commit(.edit(appID(1), changes: [.set("priority", integer: nil)]))])
  }

  func testTabCompletesATagFromTheFile() {
    var s = appState(items)
    _ = press(&s, [.down, .enter])
    tab(to: .tags, &s)
    XCTAssertEqual(form(s)?.detail?.tags.text, "shopping")
    _ = press(&s, type(", wo"))
    XCTAssertEqual(form(s)?.detail?.tagCandidates, ["work"])
    _ = press(&s, [.tab])
    XCTAssertEqual(form(s)?.detail?.tags.text, "shopping, work")
    XCTAssertEqual(form(s)?.focus, .tags, "Tab completed: the keyboard stays")
    _ = press(&s, [.tab])
    XCTAssertEqual(form(s)?.focus, .list, "nothing to complete: Tab moves on")
    // Space-separated, with # as typed.
    _ = press(&s, [.backTab, .ctrl("u")] + type("#Hom"))
    _ = press(&s, [.tab])
    XCTAssertEqual(form(s)?.detail?.tags.text, "#home")
    XCTAssertEqual(try form(s)?.detail?.resolvedTags().get(), ["home"])
  }

  func testTheNoteIsAConstrainedField() {
    var s = appState(items)
    _ = press(&s, [.enter])
    tab(to: .note, &s)
    _ = press(&s, [.ctrl("u"), .paste("a\tb\r\nc\u{1B}[31md\u{07}")])
    XCTAssertEqual(
      form(s)?.detail?.note.text, "a b\nc[31md", "tab a space, CR LF a line feed, controls left out")
    XCTAssertNotNil(form(s)?.error)
    var area = TextArea("", limit: TextArea.noteLimit)
    XCTAssertFalse(area.apply(.insert(String(repeating: "x", count: 10_001))))
    XCTAssertEqual(area.characters.count, 10_000, "cut at the limit")
    // Ctrl-U deletes to the start of the line, not of the note.
    _ = press(&s, [.ctrl("u")])
    XCTAssertEqual(form(s)?.detail?.note.text, "a b\n")
    // ↑ ↓ move by shown row, then out of the note.
    _ = press(&s, [.backspace, .ctrl("u")] + type("one") + [.enter] + type("two"))
    _ = press(&s, [.up])
    XCTAssertEqual(form(s)?.focus, .note)
    XCTAssertEqual(form(s)?.detail?.note.cursor, 3, "end of the first line")
    _ = press(&s, [.up])
    XCTAssertEqual(form(s)?.focus, .parent)
  }

  /// The note wraps at cell boundaries: a wide character that would straddle
  /// the edge starts the next row; ↓ keeps the column in cells.
  func testTheNoteWrapsWideCharactersWhole() {
    var area = TextArea("ab山田さん\n🎉x")
    XCTAssertEqual(area.rows(width: 5).map { String(area.characters[$0]) }, ["ab山", "田さ", "ん", "🎉x"])
    area.apply(.home)  // the start of the last line
    XCTAssertEqual(area.cursorPlace(width: 5).row, 3)
    XCTAssertTrue(area.moveRow(-3, width: 5))
    XCTAssertEqual(area.cursor, 0)
    area.apply(.right)
    area.apply(.right)  // after "ab": column 2
    XCTAssertEqual(area.cursorPlace(width: 5).column, 2)
    XCTAssertTrue(area.moveRow(1, width: 5))
    XCTAssertEqual(area.cursor, 4, "after 田: the same column")
    XCTAssertEqual(area.cursorPlace(width: 5).column, 2)
    XCTAssertTrue(area.moveRow(1, width: 5))
    XCTAssertEqual(area.cursor, 6, "after ん, the end of its row")
    area.apply(.right)
    XCTAssertEqual(area.cursorPlace(width: 5).row, 3, "past the line feed: the next line")
    XCTAssertFalse(area.moveRow(5, width: 5))
    // Words go whole to the next row; a word longer than a row is cut.
    let words = TextArea("bring the cake and a 🎉 balloonballoon")
    XCTAssertEqual(
      words.rows(width: 10).map { String(words.characters[$0]) },
      ["bring the ", "cake and ", "a 🎉 ", "balloonbal", "loon"])
  }

  func testTheStartTakesAWhenOrThePicker() {
    var s = appState(items)
    _ = press(&s, [.enter])
    tab(to: .start, &s)
    _ = press(&s, type("soonish"))
    XCTAssertEqual(press(&s, [.ctrl("s")]), [.bell])
    XCTAssertEqual(form(s)?.focus, .start, "the field that does not read takes the keyboard")
    _ = press(&s, [.ctrl("u"), .tab])
    XCTAssertEqual(form(s)?.focus, .startPicker)
    _ = press(&s, [.up])  // a day later than the deadline it starts from
    let start = items[0].deadline! + 86_400
    XCTAssertEqual(press(&s, [.enter]), [.commit(.edit(appID(1), changes: [.set("start", date: start)]))])
  }

  /// A row dimmed until its start: the screen is due to change then, and does.
  func testARowDimmedUntilItsStartBrightensThen() {
    var it = items
    it[0].start = appNow + 600
    var s = appState(it)
    XCTAssertEqual(s.nextChange, appNow + 600, "the start, sooner than any deadline")
    let y = render(s, size: s.size).lines.firstIndex { $0.contains("Pay rent") }!
    XCTAssertTrue(render(s, size: s.size)[1, y].style.attributes.contains(.dim))
    _ = reduce(&s, .tick(appNow + 600), env: env)
    XCTAssertFalse(render(s, size: s.size)[1, y].style.attributes.contains(.dim))
    XCTAssertEqual(s.nextChange, appNow + 3600, "then the first deadline")
  }

  /// The ASCII search finds what Foundation's finds, case aside; other text goes to Foundation (accents).
  func testTheFiltersSearchAgreesWithFoundations() {
    let texts = ["IBAN in the folder", "Pay RENT", "", "a", "ab", "café", "Straße", "x\ny", "[31m"]
    let queries = [
      "", "iban", "FOLDER", "rent", "pay r", "b", "abc", "cafe", "CAFÉ", "strasse", "\n", "[3", "zz",
    ]
    for t in texts {
      for q in queries {
        let foundation = t.range(of: q, options: [.caseInsensitive, .diacriticInsensitive]) != nil
        XCTAssertEqual(AppState.matches(t, q), foundation, "“\(t)” ∋ “\(q)”")
      }
    }
    XCTAssertNil(AppState.asciiContains("café", "cafe"), "accents: Foundation decides")
    XCTAssertTrue(AppState.matches("Café", "cafe"))
  }

  /// SPEC 8: the filter matches tags and notes too.
  func testTheFilterMatchesTagsAndNotes() {
    var s = appState(items)
    _ = press(&s, [.char("/")] + type("iban"))
    XCTAssertEqual(s.visible.map(\.id), [appID(1)], "the note")
    _ = press(&s, [.ctrl("u")] + type("#shop"))
    XCTAssertEqual(s.visible.map(\.id), [appID(2)], "a tag, with #")
    _ = press(&s, [.ctrl("u")] + type("WORK"))
    XCTAssertEqual(s.visible.map(\.id), [appID(3)], "a tag, any case")
    _ = press(&s, [.ctrl("u")] + type("milk"))
    XCTAssertEqual(s.visible.map(\.id), [appID(2)], "the title still")
  }
  // MARK: - List and Parent (SPEC 8: the detail edits every field)

  /// Two lists, Pay rent in the first (the default, as a file without `list` has it).
  func twoLists(_ items: [TodoItem]) -> (AppState, TodoList) {
    var doc = TodoDocument(items: items)
    doc.lists = ListBook([NamedList(id: "personal", name: "Personal"), NamedList(id: "work", name: "Work")])
    var s = appState([])
    _ = reduce(&s, .loaded(doc), env: env)
    return (s, TodoList(document: doc))
  }

  /// ← → choose the list, a typed title the parent: the save carries those
  /// two and nothing else, and the file then has both (the parent, Buy milk,
  /// in Work: a subtask lives in its parent's list, SPEC 9).
  func testSavingTheListAndTheParentSendsOnlyThem() {
    var inWork = items
    inWork[1].list = "work"
    var (s, list) = twoLists(inWork)
    _ = press(&s, [.enter])
    tab(to: .list, &s)
    XCTAssertEqual(form(s)?.detail?.list, "personal")
    _ = press(&s, [.right])
    XCTAssertEqual(form(s)?.detail?.list, "work")
    _ = press(&s, [.char(" ")])
    XCTAssertEqual(form(s)?.detail?.list, "personal", "Space goes round")
    XCTAssertEqual(form(s)?.isTouched, false, "back on its own list: nothing to lose")
    _ = press(&s, [.left])
    XCTAssertEqual(form(s)?.detail?.list, "work")
    tab(to: .parent, &s)
    // "b" matches Buy milk and Call Bob: saving says so, and keeps the detail open.
    _ = press(&s, type("b"))
    XCTAssertEqual(press(&s, [.ctrl("s")]), [.bell])
    XCTAssertEqual(form(s)?.focus, .parent)
    XCTAssertTrue(form(s)?.error?.hasPrefix("2 match: “Buy milk”") == true, form(s)?.error ?? "")
    _ = press(&s, type("uy"))
    let fx = press(&s, [.ctrl("s")])
    XCTAssertEqual(
      fx,
      [
        .commit(
          .edit(appID(1), changes: [.set("list", text: "work"), .set("parent", text: items[1].icalUID)]))
      ]
    )
    carryOut(fx, on: &list, &s, env: env)
    XCTAssertEqual(s.mode, .list)
    XCTAssertEqual(list[appID(1)]?.list, "work")
    XCTAssertEqual(list[appID(1)]?.parent, items[1].icalUID)
    XCTAssertEqual(list[appID(1)]?.tags, ["home", "money"], "the other fields as they were")
    XCTAssertEqual(list[appID(1)]?.note, "IBAN in the folder")
    // Its own parent typed again, and its list chosen again: nothing to write.
    _ = reduce(&s, .edit(appID(1)), env: env)
    tab(to: .parent, &s)
    _ = press(&s, type("Buy milk"))
    XCTAssertEqual(press(&s, [.enter]), [])
    XCTAssertEqual(s.message, "Nothing changed")
    // A short id names it too, and none takes it to the top level (to the default list, as nil).
    _ = reduce(&s, .edit(appID(1)), env: env)
    tab(to: .list, &s)
    _ = press(&s, [.right])
    tab(to: .parent, &s)
    _ = press(&s, type("none"))
    XCTAssertEqual(
      press(&s, [.enter]),
      [.commit(.edit(appID(1), changes: [.set("list", text: nil), .set("parent", text: nil)]))])
    _ = reduce(&s, .edit(appID(2)), env: env)
    tab(to: .parent, &s)
    _ = press(&s, type(appID(3).uuidString.lowercased()))
    XCTAssertEqual(
      press(&s, [.enter]), [.commit(.edit(appID(2), changes: [.set("parent", text: items[2].icalUID)]))])
  }

  /// A parent under its own subtask is refused in place, by the check of
  /// `edit --parent` (which refuses the same parent); nothing is sent.
  func testAParentThatWouldCloseACycleIsRefused() throws {
    var it = items
    it[0].parent = it[1].icalUID  // Pay rent is a subtask of Buy milk
    var list = TodoList(it)
    var s = appState(it)
    _ = reduce(&s, .edit(appID(2)), env: env)
    tab(to: .parent, &s)
    _ = press(&s, type("rent"))
    let said = "A cycle: “Pay rent” is a subtask of this item"
    guard case .form(let f) = s.mode else { return XCTFail("no detail") }
    XCTAssertEqual(
      detailReading(
        .parent, f, s, DueFormatter(timeZone: s.calendar.timeZone, now: s.now, hourCycle: s.hourCycle)
      ).0, said)
    XCTAssertEqual(press(&s, [.ctrl("s")]), [.bell])
    XCTAssertEqual(form(s)?.error, said)
    XCTAssertEqual(form(s)?.focus, .parent)
    XCTAssertEqual(form(s)?.detail?.parent.text, "rent", "what was typed is kept")
    // The CLI refuses the same parent.
    XCTAssertThrowsError(
      try TodoOperation.edit(appID(2), changes: [.set("parent", text: it[0].icalUID)]).apply(
        to: &list, env: env)
    ) { XCTAssertEqual("\($0)", TodoError.cycle("Buy milk").description) }
    // Itself, by its id: not a candidate.
    _ = press(&s, [.ctrl("u")] + type(appID(2).uuidString))
    XCTAssertEqual(press(&s, [.ctrl("s")]), [.bell])
    XCTAssertTrue(form(s)?.error?.hasPrefix("No item matches") == true, "the item is not its own candidate")
    XCTAssertEqual(s.pending.first { $0.id == appID(1) }?.parent, it[1].icalUID, "nothing changed")
  }

  /// SPEC 6: the CLI changes the title and the priority while the detail sets
  /// the parent; the save keeps all three.
  func testAParentSetWhileTheCLIChangedAnotherFieldKeepsBoth() throws {
    var list = TodoList(items)
    var s = appState(items)
    _ = press(&s, [.enter])
    tab(to: .parent, &s)
    _ = press(&s, type("call"))
    try TodoOperation.edit(appID(1), title: "Pay the rent", changes: [.set("priority", integer: 1)]).apply(
      to: &list, env: env)
    _ = reduce(&s, .loaded(TodoDocument(items: Array(list.items.values))), env: env)
    XCTAssertEqual(form(s)?.detail?.parent.text, "call", "the typed parent stays")
    let fx = press(&s, [.ctrl("s")])
    XCTAssertEqual(fx, [.commit(.edit(appID(1), changes: [.set("parent", text: items[2].icalUID)]))])
    carryOut(fx, on: &list, &s, env: env)
    XCTAssertEqual(list[appID(1)]?.parent, items[2].icalUID, "the app's parent saved")
    XCTAssertEqual(list[appID(1)]?.title, "Pay the rent", "the CLI's title kept")
    XCTAssertEqual(list[appID(1)]?.priority, 1, "the CLI's priority kept")
  }
}
