import Foundation

/// The item's detail (Enter on a row, SPEC 8): the edit form's title,
/// deadline (with its picker), repeat rule and warning, and with them the
/// start (with a picker of its own), priority, every field of the table
/// edited as a line of text (the progress, …), tags, list, parent and note.
/// Every field shows what the item has; saving writes only the fields
/// touched, so a field another process changes meanwhile keeps its value.
///
/// The note, priority, tags and progress start with the item's values (a
/// field is touched when it no longer reads as that value); the start, like
/// the deadline, starts blank with the item's value as its hint.
public struct Detail: Equatable, Sendable {
  /// The fields top to bottom, which is also their Tab order (a date field's
  /// picker follows it): the rows in the places they have (``placed``), then a
  /// row ``Form/Focus/line(_:)`` for every other field of the table edited as
  /// a line of text (``lineFields``), in the table's order.
  public static let fields: [Form.Focus] =
    placed + lineFields.filter { f in !placed.contains { field($0) == f } }.map { .line($0) }

  /// The rows in the places they have had since the detail began: those that
  /// edit their field their own way (a picker, a cycle, the file's lists,
  /// completion from the file's tags, many lines) and the progress, a line.
  static let placed: [Form.Focus] =
    [.title, .deadline, .start, .repeatRule, .warning, .priority]
    + (ItemField.named("progress").map { [.line($0)] } ?? []) + [.tags, .list, .parent, .note]

  /// The labels of ``fields``: a field of the table's, its text form's (``TextForm/detailLabel``).
  public static func label(_ f: Form.Focus) -> String {
    if let label = field(f)?.text?.detailLabel { return label }
    switch f {
    case .title: return "Title"
    case .deadline, .picker: return "Deadline"
    case .repeatRule: return "Repeat"
    case .warning: return "Warning"
    case .alert: return "Alert"
    default: return ""
    }
  }

  /// The field of the table a row edits (a picker: its field's), nil for the
  /// add form's own four (title, deadline, repeat, warning: special cases).
  public static func field(_ f: Form.Focus) -> ItemField? {
    switch f {
    case .title, .deadline, .picker, .repeatRule, .warning: return nil
    case .start, .startPicker: return ItemField.named("start")
    case .priority: return ItemField.named("priority")
    case .line(let field): return field
    case .tags: return ItemField.named("tags")
    case .list: return ItemField.named("list")
    case .parent: return ItemField.named("parent")
    case .note: return ItemField.named("note")
    case .alert: return ItemField.named("alerts")
    }
  }

  /// The fields edited as a line of text (``TextForm/edit``), in the table's order.
  static let lineFields = ItemField.typed.filter { $0.text?.edit != nil }

  public var note: TextArea
  /// The note as the field first held it: unchanged, it is not saved.
  public private(set) var initialNote: String
  /// The priority as iCalendar has it, nil for none.
  public var priority: Int?
  public private(set) var initialPriority: Int?
  /// The fields edited as a line of text (``lineFields``), as typed, by field name.
  public var lines: [String: TextField] = [:]
  /// Their values as the item has them: a field is touched when its text no longer reads as that.
  public private(set) var initialLines: [String: FieldValue] = [:]
  /// The start as typed; blank keeps the item's (`keptStart`), `none` clears it.
  public var start: TextField
  public var startPicker: DatePicker?
  public private(set) var keptStart: Date?
  /// The tags of the file's items, the most used first: what Tab completes.
  public let known: [String]
  /// The id of the list chosen (← → go through the file's lists), and the item's.
  public var list: String
  public internal(set) var initialList: String
  /// The parent as typed (a title, or a short id); blank keeps the item's (`keptParent`), `none` clears it.
  public var parent: TextField
  /// The iCalendar UID of the item's parent, as the file has it.
  public internal(set) var keptParent: String?
  /// The alerts' rows (issue 36): each alert in its `--alert` form as typed, then a blank row that adds one.
  public internal(set) var alertRows: [TextField] = []
  /// The alerts as the item has them, and their rows' texts: a row left as it was keeps its alert as stored.
  public internal(set) var initialAlerts: [ItemAlert] = []
  var initialAlertTexts: [String] = []

  public init(
    _ item: TodoItem, known: [String] = [], lists: ListBook = .implicit, calendar: Calendar = .current
  ) {
    note = TextArea(item.note ?? "")
    initialNote = note.text
    priority = item.priority.flatMap { $0 > 0 ? $0 : nil }
    initialPriority = priority
    start = TextField("", limit: 64)
    keptStart = item.start
    self.known = known
    list = lists.listID(of: item)
    initialList = list
    parent = TextField("", limit: 200)
    keptParent = item.parent
    for f in Self.lineFields { takeLine(f, of: item) }
    takeAlerts(item, calendar: calendar)
  }

  /// The line of `f` as the item has it.
  mutating func takeLine(_ f: ItemField, of item: TodoItem) {
    guard let edit = f.text?.edit else { return }
    let value = f.get(item)
    lines[f.name] = TextField(edit.text(value), limit: edit.limit)
    initialLines[f.name] = value
  }

  /// The tags as typed: separated by commas, or by spaces (``FieldText/tags(_:)``).
  public var tags: TextField {
    get { lines["tags"] ?? TextField("") }
    set { lines["tags"] = newValue }
  }
  var initialTags: [String] { initialLines["tags"]?.texts ?? [] }

  /// What the line of the field of this name reads as (its form's ``TextForm/Edit/read``).
  public func lineReading(_ name: String) -> Result<FieldValue, FieldText.Problem> {
    guard let read = ItemField.named(name)?.text?.edit?.read else { return .success(.absent) }
    return Result { try read(lines[name]?.text ?? "") }.mapError {
      $0 as? FieldText.Problem ?? .init(message: "\($0)")
    }
  }

  /// Whether the line of the field of this name was changed: a text that does not read counts (saving says why).
  public func lineTouched(_ name: String) -> Bool {
    guard case .success(let v) = lineReading(name) else { return true }
    return v != initialLines[name]
  }

  /// The tags of `items`, the most used first (then by name): what the tag field completes.
  public static func knownTags(_ items: [TodoItem]) -> [String] {
    var count: [String: Int] = [:]
    for i in items { for t in i.tags { count[t, default: 0] += 1 } }
    return count.keys.sorted { (count[$0]!, $1) > (count[$1]!, $0) }
  }

  // MARK: - Touched

  public var noteTouched: Bool { note.text != initialNote }
  public var priorityTouched: Bool { priority != initialPriority }
  public var startTouched: Bool { !start.isEmpty || startPicker?.isTurned == true }
  public var listTouched: Bool { list != initialList }
  /// Whether a parent was typed (blank keeps the item's).
  public var parentTouched: Bool { !parent.isEmpty }
  public var isTouched: Bool {
    noteTouched || priorityTouched || startTouched || listTouched || parentTouched || alertsTouched
      || Self.lineFields.contains { lineTouched($0.name) }
  }

  // MARK: - Reading the fields

  public func resolvedStart(now: Date, calendar: Calendar) -> Result<Date?, DeadlineProblem> {
    Form.resolveWhen(start, picker: startPicker, now: now, calendar: calendar) { .success(keptStart) }
  }

  public func resolvedTags() -> Result<[String], FieldText.Problem> {
    lineReading("tags").map { $0.texts ?? [] }
  }

  /// What saving writes: the touched fields only, as the edit operation
  /// carries them (tags as the ones added and removed, so that a tag another
  /// process added meanwhile stays); or the first field that does not read.
  public func edits(now: Date, calendar: Calendar) -> Result<[FieldChange], FieldFailure> {
    var e: [FieldChange] = []
    for focus in Self.fields {
      guard let field = Self.field(focus) else { continue }
      switch focus {
      case .start:
        guard startTouched else { continue }
        guard case .success(let d) = resolvedStart(now: now, calendar: calendar) else {
          return .failure(FieldFailure(field: .start))
        }
        e.append(FieldChange(field, .set(FieldValue(d))))
      case .priority: if priorityTouched { e.append(FieldChange(field, .set(FieldValue(priority)))) }
      case .note:
        if noteTouched { e.append(FieldChange(field, .set(note.isEmpty ? .absent : .text(note.text)))) }
      default:
        guard lines[field.name] != nil, lineTouched(field.name) else { continue }
        guard case .success(let v) = lineReading(field.name) else {
          return .failure(FieldFailure(field: focus))
        }
        e += Self.changes(field, from: initialLines[field.name] ?? .absent, to: v)
      }
    }
    switch resolvedAlerts(now: now, calendar: calendar) {
    case .success(let list?): e.append(.alerts(list))
    case .success(nil): break
    case .failure(let bad): return .failure(bad)
    }
    return .success(e)
  }

  /// The changes from one value of a field to another: a list of texts as the
  /// elements removed and added (so that one another process added meanwhile stays).
  static func changes(_ field: ItemField, from old: FieldValue, to new: FieldValue) -> [FieldChange] {
    guard field.kind == .texts else { return [FieldChange(field, .set(new))] }
    let (was, now) = (old.texts ?? [], new.texts ?? [])
    return was.filter { !now.contains($0) }.map { FieldChange(field, .remove($0)) }
      + now.filter { !was.contains($0) }.map { FieldChange(field, .add($0)) }
  }

  /// A field that does not read, where saving puts the keyboard.
  public struct FieldFailure: Error, Equatable, Sendable {
    public var field: Form.Focus
  }

  /// Takes the item as the file now has it (another process changed it): the
  /// fields not touched here show its values, so that what is seen is what is kept.
  public mutating func follow(_ item: TodoItem, calendar: Calendar = .current) {
    if !noteTouched {
      note = TextArea(item.note ?? "")
      initialNote = note.text
    }
    if !priorityTouched {
      priority = item.priority.flatMap { $0 > 0 ? $0 : nil }
      initialPriority = priority
    }
    for f in Self.lineFields where !lineTouched(f.name) && f.get(item) != initialLines[f.name] {
      takeLine(f, of: item)
    }
    keptStart = item.start
    if !alertsTouched && item.alerts != initialAlerts { takeAlerts(item, calendar: calendar) }
  }

  // MARK: - Editing

  /// The priorities ← and → go through: none, low, medium, high.
  static let priorityCycle: [Int?] = [nil, 9, 5, 1]

  /// Moves the priority `by` steps along none, low, medium, high (round).
  /// Landing on the item's own level gives back its own value (a 3 stays 3).
  public mutating func cyclePriority(_ by: Int) {
    let level = Self.level(priority)
    let next = Self.priorityCycle[((level + by) % 4 + 4) % 4]
    priority = Self.level(next) == Self.level(initialPriority) ? initialPriority : next
  }

  /// Sets the priority from a typed key: h, m, l, n (none) or a digit 0-9.
  /// Returns false for a key that names none.
  public mutating func typePriority(_ text: String) -> Bool {
    guard let p = FieldText.priority(text) else { return false }
    priority = p == 0 ? nil : p
    return true
  }

  /// 0 none, 1 low, 2 medium, 3 high.
  static func level(_ p: Int?) -> Int {
    guard let p, p > 0 else { return 0 }
    return p < 5 ? 3 : p == 5 ? 2 : 1
  }

  /// The tag being typed: the text from the last separator to the cursor (without `#`).
  var typedTag: String {
    let before = tags.characters[..<tags.cursor]
    let commas = tags.text.contains(",")
    let start = before.lastIndex { commas ? $0 == "," : $0 == " " }.map { $0 + 1 } ?? 0
    var word = String(before[start...]).trimmingCharacters(in: .whitespaces)
    while word.hasPrefix("#") { word.removeFirst() }
    return word
  }

  /// The known tags that complete the one being typed (not already in the field).
  public var tagCandidates: [String] {
    let word = typedTag
    guard !word.isEmpty else { return [] }
    let have = Set((try? FieldText.tags(tags.text)) ?? [])
    return known.filter {
      $0.count > word.count && $0.lowercased().hasPrefix(word.lowercased()) && !have.contains($0)
    }
  }

  /// Tab in the tag field: completes the tag being typed as far as the known
  /// tags agree (the whole tag when one matches). False when there is nothing to complete.
  public mutating func completeTag() -> Bool {
    let word = typedTag
    let candidates = tagCandidates
    guard let first = candidates.first else { return false }
    var common = first
    for c in candidates.dropFirst() {
      while !c.lowercased().hasPrefix(common.lowercased()) { common.removeLast() }
    }
    guard common.count > word.count else { return false }
    // The typed letters take the known tag's case: remove them, insert the tag.
    for _ in 0..<word.count { tags.apply(.backspace) }
    tags.apply(.insert(common))
    return true
  }
}
