import Foundation

/// The keys of the list (and of the week and month views) as the settings
/// file gives them (SPEC 4: any action to any key). An action the file names
/// takes the file's keys instead of its own; a key the file gives an action
/// does that action, whatever it did before; every other key keeps its default.
public struct KeyBindings: Equatable, Sendable {
  /// The actions a key can be given, by their names in the file's `[keys]` table.
  public enum Action: String, CaseIterable, Sendable {
    case add, add_subtask, fold, edit, swipe, complete, remind, delete, undo, redo
    case view, calendar, lists, move, filter, help, quit
    case up, down, page_up, page_down, top, bottom

    /// The keys it has by default; the first is what ``KeyMap`` is written for.
    public var defaults: [Key] {
      switch self {
      case .add: return [.char("a"), .char("+")]
      case .add_subtask: return [.char("A")]
      case .fold: return [.char(" "), .char("z")]
      case .edit: return [.enter, .char("e")]
      case .swipe: return [.left, .char("h")]
      case .complete: return [.char("x"), .char("c")]
      case .remind: return [.char("r")]
      case .delete: return [.char("d"), .delete]
      case .undo: return [.char("u")]
      case .redo: return [.char("U"), .ctrl("r")]
      case .view: return [.char("v")]
      case .calendar: return [.char("w")]
      case .lists: return [.char("L")]
      case .move: return [.char("m")]
      case .filter: return [.char("/")]
      case .help: return [.char("?")]
      case .quit: return [.char("q")]
      case .up: return [.up, .char("k")]
      case .down: return [.down, .char("j")]
      case .page_up: return [.pageUp]
      case .page_down: return [.pageDown]
      case .top: return [.home, .char("g")]
      case .bottom: return [.end, .char("G")]
      }
    }

    /// The description of its line in the help (``KeyMap/help``), where its keys are shown.
    var helpLine: String? {
      switch self {
      case .add, .add_subtask: return "add: title, Enter, deadline, Enter saves; A: a subtask"
      case .fold: return "fold a parent's subtasks ([2/5] done); a on one: a sibling"
      case .edit: return "the item's detail: see and edit every field"
      case .swipe: return "swipe: Enter/c complete, r remind, → Esc close"
      case .complete: return "complete (in the completed view: reopen)"
      case .remind: return "remind in 30 minutes"
      case .delete: return "delete (asks first)"
      case .undo, .redo: return "undo; redo"
      case .view: return "the view: pending, completed, all"
      case .calendar: return KeyMap.calendarHelp
      case .lists, .move: return "lists: the list shown, or all; move the item to another"
      case .filter: return "filter titles, tags, notes; Enter keeps, Esc clears"
      case .help: return "this help (↑ ↓ scroll)"
      case .quit: return "quit (Esc closes what is open)"
      case .up, .down: return "move"
      case .page_up, .page_down: return "move a page"
      case .top, .bottom: return "first, last"
      }
    }
  }

  /// The file's keys, by action.
  public private(set) var given: [Action: [Key]] = [:]
  /// The action of each key the file gives.
  private var byKey: [Key: Action] = [:]

  public init() {}

  /// Gives `action` these keys (instead of its defaults).
  public mutating func bind(_ action: Action, to keys: [Key]) {
    for (k, a) in byKey where a == action { byKey[k] = nil }
    given[action] = keys
    for k in keys { byKey[k] = action }
  }

  /// The keys in force for an action.
  public func keys(for action: Action) -> [Key] { given[action] ?? action.defaults }

  /// The key ``KeyMap`` knows that does what `key` does here, or nil when it does nothing.
  public func translate(_ key: Key) -> Key? {
    if given.isEmpty { return key }
    if let a = byKey[key] { return a.defaults[0] }
    // A default key of an action the file moved elsewhere does nothing now.
    if given.keys.contains(where: { $0.defaults.contains(key) }) { return nil }
    return key
  }

  /// The help table with the keys in force on the lines of the actions the file rebinds.
  public func help(_ table: [(String, String)]) -> [(String, String)] {
    guard !given.isEmpty else { return table }
    return table.map { keys, what in
      let here = Action.allCases.filter { $0.helpLine == what }
      guard here.contains(where: { given[$0] != nil }) else { return (keys, what) }
      return (
        here.map { self.keys(for: $0).map(Self.name).joined(separator: " ") }.joined(separator: "  "), what
      )
    }
  }

  // MARK: - Key names

  static let named: [(String, Key)] = [
    ("enter", .enter), ("return", .enter), ("tab", .tab), ("backtab", .backTab), ("shift-tab", .backTab),
    ("esc", .escape), ("escape", .escape), ("backspace", .backspace), ("delete", .delete), ("del", .delete),
    ("up", .up), ("down", .down), ("left", .left), ("right", .right), ("pgup", .pageUp),
    ("pageup", .pageUp), ("pgdn", .pageDown), ("pagedown", .pageDown), ("home", .home), ("end", .end),
    ("space", .char(" ")),
  ]

  /// The key a name in the file means: one character (`x`, `D`, `?`), `ctrl-r`
  /// (or `C-r`, `^r`), or a named key (`enter`, `esc`, `left`, `pgdn`, `space`, …).
  public static func key(named text: String) -> Key? {
    let lower = text.lowercased()
    if let k = named.first(where: { $0.0 == lower })?.1 { return k }
    for prefix in ["ctrl-", "ctrl+", "c-", "^"] where lower.hasPrefix(prefix) {
      let rest = lower.dropFirst(prefix.count)
      if rest.count == 1, let c = rest.first, c.isASCII, c.isLetter { return .ctrl(c) }
      return nil
    }
    if text.count == 1, let c = text.first, !c.isWhitespace, c.unicodeScalars.allSatisfy({ $0.value >= 0x20 })
    {
      return .char(c)
    }
    return nil
  }

  /// A key's name as the help and `config` show it.
  public static func name(_ key: Key) -> String {
    switch key {
    case .char(" "): return "Space"
    case .char(let c): return String(c)
    case .ctrl(let c): return "Ctrl-" + String(c).uppercased()
    case .paste: return "paste"
    case .mouse: return "mouse"
    case .up: return "↑"
    case .down: return "↓"
    case .left: return "←"
    case .right: return "→"
    case .pageUp: return "PgUp"
    case .pageDown: return "PgDn"
    case .home: return "Home"
    case .end: return "End"
    case .enter: return "Enter"
    case .tab: return "Tab"
    case .backTab: return "Shift-Tab"
    case .escape: return "Esc"
    case .backspace: return "Backspace"
    case .delete: return "Delete"
    }
  }
}
