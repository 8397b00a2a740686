import Foundation

/// The one table from keys to actions (SPEC 4), by what has the keyboard.
/// The backend turns raw terminal keys into ``Key``s; this turns them into
/// ``Action``s; ``reduce(_:_:env:)`` does the rest.
public enum KeyMap {
  /// The action for `key` in `state`, or nil when the key does nothing there.
  public static func action(for key: Key, in state: AppState) -> Action? {
    if case .mouse(let m) = key { return state.fatal == nil ? .mouse(m) : nil }
    if state.fatal != nil { return key == .char("q") || key == .escape ? .quit : nil }
    switch state.mode {
    case .list:
      guard let key = state.keys.translate(key) else { return nil }
      return state.days.span == .list ? list(key, state) : days(key, state)
    case .swipe(let id): return swipe(key, id, done: state.item(id).map { !$0.isPending } ?? false)
    case .filter: return filter(key)
    case .form(let f) where f.askingToDiscard:
      switch key {
      case .char("y"), .char("Y"): return .form(.discard(true))
      case .char("n"), .char("N"): return .form(.discard(false))
      case .escape: return .escape
      default: return nil
      }
    case .form(let f): return form(key, focus: f.focus)
    case .help: return help(key)
    case .confirmDelete:
      return key == .escape ? .escape : .confirmDelete(key == .char("y") || key == .char("Y"))
    case .pickList(let p): return picker(key, p.step)
    case .askSubtasks(let q): return subtaskAnswer(key, q)
    }
  }

  static func list(_ key: Key, _ state: AppState) -> Action? {
    if let m = movement(key) { return m }
    let id = state.selectedItem?.id
    // The banner's own keys, shown in it: they act on its item, as a
    // notification's buttons do; the other keys keep acting on the row.
    let banner = state.banner?.itemID
    let done = state.selectedItem.map { !$0.isPending } ?? false
    switch key {
    case .char("C"): return banner.map(Action.complete)
    case .char("R"): return banner.map(Action.remind)
    case .char("a"), .char("+"): return .add
    case .char("A"): return id.map(Action.addChild)
    case .char(" "), .char("z"): return id.map(Action.toggleFold)
    case .enter, .char("e"): return id.map(Action.edit)
    case .left, .char("h"): return id.map(Action.swipe)
    case .char("x"), .char("c"): return id.map { done ? .reopen($0) : .complete($0) }
    case .char("v"): return .switchView
    case .char("w"): return .days(.switchSpan)
    case .char("L"): return .list(.pickShown)
    case .char("m"): return id.map { .list(.pickMove($0)) }
    case .char("r"): return id.map(Action.remind)
    case .char("d"), .delete: return id.map(Action.askDelete)
    case .char("u"): return .undo
    case .char("U"), .ctrl("r"): return .redo
    case .char("/"): return .startFilter
    case .char("?"): return .help
    case .char("q"): return .quit
    case .escape: return .escape
    default: return nil
    }
  }

  static func movement(_ key: Key) -> Action? {
    switch key {
    case .up, .char("k"): return .move(-1)
    case .down, .char("j"): return .move(1)
    case .pageUp: return .page(-1)
    case .pageDown: return .page(1)
    case .home, .char("g"): return .moveToTop
    case .end, .char("G"): return .moveToBottom
    default: return nil
    }
  }

  static func picker(_ key: Key, _ step: ListPicker.Step = .choosing) -> Action? {
    switch (step, key) {
    case (_, .escape): return .escape
    case (.naming, .enter): return .list(.saveName)
    case (.naming, _): return textEdit(key).map { .list(.name($0)) }
    case (.deleting, _): return .list(.confirmDelete(key == .char("y") || key == .char("Y")))
    case (.choosing, .up), (.choosing, .char("k")): return .list(.turn(-1))
    case (.choosing, .down), (.choosing, .char("j")): return .list(.turn(1))
    // The first and the last choice, as in the list (the turn stops at the ends).
    case (.choosing, .home), (.choosing, .char("g")), (.choosing, .pageUp): return .list(.turn(-10_000))
    case (.choosing, .end), (.choosing, .char("G")), (.choosing, .pageDown): return .list(.turn(10_000))
    case (.choosing, .enter): return .list(.choose)
    case (.choosing, .char("a")), (.choosing, .char("+")): return .list(.startNaming(rename: false))
    case (.choosing, .char("r")): return .list(.startNaming(rename: true))
    case (.choosing, .char("d")), (.choosing, .delete): return .list(.askDelete)
    case (.choosing, .char("q")): return .escape
    default: return nil
    }
  }

  static func help(_ key: Key) -> Action? {
    switch key {
    case .escape, .char("q"), .char("?"): return .escape
    case .up, .char("k"): return .scrollHelp(-1)
    case .down, .char("j"): return .scrollHelp(1)
    case .pageUp: return .scrollHelp(-5)
    case .pageDown, .char(" "): return .scrollHelp(5)
    default: return nil
    }
  }

  static func swipe(_ key: Key, _ id: UUID, done: Bool) -> Action? {
    switch key {
    case .enter, .char("c"), .char("x"): return done ? .reopen(id) : .complete(id)
    case .char("r"): return .remind(id)
    case .right, .char("l"), .escape: return .escape
    case .char("q"): return .quit
    default: return movement(key)
    }
  }

  static func filter(_ key: Key) -> Action? {
    switch key {
    case .enter: return .keepFilter
    case .escape: return .escape
    case .up, .down: return movement(key)
    default: return textEdit(key).map(Action.filter)
    }
  }

  static func form(_ key: Key, focus: Form.Focus = .title) -> Action? {
    switch key {
    // The note is multi-line: Enter starts a new line there; Ctrl-S saves from any field.
    case .enter where focus == .note: return .form(.edit(.insert("\n")))
    case .ctrl("o") where focus == .note: return .form(.openEditor)
    case .ctrl("s"): return .form(.save)
    case .enter: return .form(.submit)
    case .escape: return .escape
    case .tab: return .form(.nextField)
    case .backTab: return .form(.previousField)
    case .up: return .form(.turn(1))
    case .down: return .form(.turn(-1))
    default: return textEdit(key).map { .form(.edit($0)) }
    }
  }

  /// Keys that edit a text field.
  static func textEdit(_ key: Key) -> TextField.Edit? {
    switch key {
    case .char(let c): return .insert(String(c))
    case .paste(let s): return .insert(s)
    case .backspace, .ctrl("h"): return .backspace
    case .delete, .ctrl("d"): return .deleteForward
    case .left, .ctrl("b"): return .left
    case .right, .ctrl("f"): return .right
    case .home, .ctrl("a"): return .home
    case .end, .ctrl("e"): return .end
    case .ctrl("u"): return .killToStart
    case .ctrl("k"): return .killToEnd
    default: return nil
    }
  }

  /// The line of the help that says what w does.
  static let calendarHelp = "switch list, week, month (the header says which)"

  /// The help screen: every key, as the table above binds it (``KeyBindings/help(_:)``: with the user's keys).
  public static let help: [(String, String)] = [
    ("↑ ↓  k j", "move"),
    ("PgUp PgDn", "move a page"),
    ("g G  Home End", "first, last"),
    ("a  +  A", "add: title, Enter, deadline, Enter saves; A: a subtask"),
    ("Space  z", "fold a parent's subtasks ([2/5] done); a on one: a sibling"),
    ("Enter  e", "the item's detail: see and edit every field"),
    ("←  h", "swipe: Enter/c complete, r remind, → Esc close"),
    ("x  c", "complete (in the completed view: reopen)"),
    ("v", "the view: pending, completed, all"),
    ("w", calendarHelp),
    ("← → ↑ ↓", "week, month: the day; Enter its items; a adds on it"),
    ("L  m", "lists: the list shown, or all; move the item to another"),
    ("a  r  d", "in the lists (L): add, rename, delete a list; u undoes"),
    ("r", "remind in 30 minutes"),
    ("C  R", "with a banner up: complete, remind its item"),
    ("d", "delete (asks first)"),
    ("u  U  Ctrl-R", "undo; redo"),
    ("/", "filter titles, tags, notes; Enter keeps, Esc clears"),
    ("Tab", "form: next field; on a date, its picker (↑↓ turn, ←→ part)"),
    ("Ctrl-S", "form: save from any field, the note too"),
    ("repeat  warn", "weekly, every mon,thu, RRULE…; 15m, 1h; none clears"),
    ("start", "as a deadline, with its picker; none clears"),
    ("priority", "← → or Space: none, low, medium, high; h m l n or 0-9"),
    ("tags", "comma- or space-separated; Tab completes"),
    ("list", "← → or Space: the file's lists"),
    ("parent", "type a title or id until one matches; none: top level"),
    ("progress", "40% (0-100%), or none"),
    ("note", "Enter: a new line; ↑↓ its rows; at most 10,000 characters"),
    ("Ctrl-O", "on the note: write it in $EDITOR; Ctrl-S then saves"),
    ("Ctrl-U", "in a field: delete to the start (of the line, in the note)"),
    ("?", "this help (↑ ↓ scroll)"),
    ("q", "quit (Esc closes what is open)"),
    ("!  ✓  ✗", "overdue; completed; cancelled"),
    ("◷  △", "a reminder is pending; an early warning (--warn) is to come"),
    ("↻  ⊘", "repeats; no slot (over 64)"),
    ("!!!  !!  !", "priority high, medium, low (before the title)"),
    ("#tag  ✎  40%", "tags; a note; progress; a dimmed row: not started"),
  ]
}
