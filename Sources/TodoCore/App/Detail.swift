import Foundation

/// The item's detail (Enter on a row, SPEC 8): the edit form's title,
/// deadline (with its picker), repeat rule and warning, and with them the
/// start (with a picker of its own), priority, progress, tags and note.
/// Every field shows what the item has; saving writes only the fields
/// touched, so a field another process changes meanwhile keeps its value.
///
/// The note, priority, tags and progress start with the item's values (a
/// field is touched when it no longer reads as that value); the start, like
/// the deadline, starts blank with the item's value as its hint.
public struct Detail: Equatable, Sendable {
  /// The fields top to bottom, which is also their Tab order (a date field's
  /// picker follows it). A new field of the item is one more entry here, with
  /// its editor below and its row in Render+Detail.swift.
  public static let fields: [Form.Focus] = [
    .title, .deadline, .start, .repeatRule, .warning, .priority, .progress, .tags, .list, .parent, .note,
  ]

  /// The labels of ``fields``.
  public static func label(_ f: Form.Focus) -> String {
    switch f {
    case .title: return "Title"
    case .deadline, .picker: return "Deadline"
    case .start, .startPicker: return "Start"
    case .repeatRule: return "Repeat"
    case .warning: return "Warning"
    case .priority: return "Priority"
    case .progress: return "Progress"
    case .tags: return "Tags"
    case .list: return "List"
    case .parent: return "Parent"
    case .note: return "Note"
    }
  }

  public var note: TextArea
  /// The note as the field first held it: unchanged, it is not saved.
  public private(set) var initialNote: String
  /// The priority as iCalendar has it, nil for none.
  public var priority: Int?
  public private(set) var initialPriority: Int?
  /// The tags as typed: separated by commas, or by spaces (``FieldText/tags(_:)``).
  public var tags: TextField
  public private(set) var initialTags: [String]
  /// The start as typed; blank keeps the item's (`keptStart`), `none` clears it.
  public var start: TextField
  public var startPicker: DatePicker?
  public private(set) var keptStart: Date?
  /// The progress as typed (`40%`, `40`, blank or `none` for none).
  public var progress: TextField
  public private(set) var initialProgress: Int?
  /// The tags of the file's items, the most used first: what Tab completes.
  public let known: [String]
  /// The id of the list chosen (← → go through the file's lists), and the item's.
  public var list: String
  public internal(set) var initialList: String
  /// The parent as typed (a title, or a short id); blank keeps the item's (`keptParent`), `none` clears it.
  public var parent: TextField
  /// The iCalendar UID of the item's parent, as the file has it.
  public internal(set) var keptParent: String?

  public init(_ item: TodoItem, known: [String] = [], lists: ListBook = .implicit) {
    note = TextArea(item.note ?? "")
    initialNote = note.text
    priority = item.priority.flatMap { $0 > 0 ? $0 : nil }
    initialPriority = priority
    tags = TextField(FieldText.tagsText(item.tags), limit: Detail.tagsLimit)
    initialTags = item.tags
    start = TextField("", limit: 64)
    keptStart = item.start
    progress = TextField(item.progress.map { "\($0)%" } ?? "", limit: 8)
    initialProgress = item.progress
    self.known = known
    list = lists.listID(of: item)
    initialList = list
    parent = TextField("", limit: 200)
    keptParent = item.parent
  }

  /// The longest tags field, in characters.
  public static let tagsLimit = 1_000

  /// The tags of `items`, the most used first (then by name): what the tag field completes.
  public static func knownTags(_ items: [TodoItem]) -> [String] {
    var count: [String: Int] = [:]
    for i in items { for t in i.tags { count[t, default: 0] += 1 } }
    return count.keys.sorted { (count[$0]!, $1) > (count[$1]!, $0) }
  }

  // MARK: - Touched

  public var noteTouched: Bool { note.text != initialNote }
  public var priorityTouched: Bool { priority != initialPriority }
  /// A tag text that does not read counts as touched: saving says why.
  public var tagsTouched: Bool { (try? resolvedTags().get()) != initialTags }
  public var startTouched: Bool { !start.isEmpty || startPicker?.isTurned == true }
  public var progressTouched: Bool {
    guard case .success(let p) = resolvedProgress() else { return true }
    return p != initialProgress
  }
  public var listTouched: Bool { list != initialList }
  /// Whether a parent was typed (blank keeps the item's).
  public var parentTouched: Bool { !parent.isEmpty }
  public var isTouched: Bool {
    noteTouched || priorityTouched || tagsTouched || startTouched || progressTouched || listTouched
      || parentTouched
  }

  // MARK: - Reading the fields

  public func resolvedStart(now: Date, calendar: Calendar) -> Result<Date?, DeadlineProblem> {
    Form.resolveWhen(start, picker: startPicker, now: now, calendar: calendar) { .success(keptStart) }
  }

  public func resolvedTags() -> Result<[String], FieldText.Problem> {
    Result { try FieldText.tags(tags.text) }.mapError { $0 as? FieldText.Problem ?? .init(message: "\($0)") }
  }

  public func resolvedProgress() -> Result<Int?, FieldText.Problem> {
    Result { try FieldText.progress(progress.text) }.mapError {
      $0 as? FieldText.Problem ?? .init(message: "\($0)")
    }
  }

  /// What saving writes: the touched fields only, as the edit operation
  /// carries them (tags as the ones added and removed, so that a tag another
  /// process added meanwhile stays); or the first field that does not read.
  public func edits(now: Date, calendar: Calendar) -> Result<[FieldChange], FieldFailure> {
    var e: [FieldChange] = []
    if startTouched {
      switch resolvedStart(now: now, calendar: calendar) {
      case .success(let d): e.append(.set("start", FieldValue(d)))
      case .failure: return .failure(FieldFailure(field: .start))
      }
    }
    if priorityTouched { e.append(.set("priority", FieldValue(priority))) }
    if progressTouched {
      guard case .success(let p) = resolvedProgress() else { return .failure(FieldFailure(field: .progress)) }
      e.append(.set("progress", FieldValue(p)))
    }
    if tagsTouched {
      guard case .success(let t) = resolvedTags() else { return .failure(FieldFailure(field: .tags)) }
      e += initialTags.filter { !t.contains($0) }.map { FieldChange("tags", .remove($0)) }
      e += t.filter { !initialTags.contains($0) }.map { FieldChange("tags", .add($0)) }
    }
    if noteTouched { e.append(.set("note", FieldValue(note.isEmpty ? nil : note.text))) }
    return .success(e)
  }

  /// A field that does not read, where saving puts the keyboard.
  public struct FieldFailure: Error, Equatable, Sendable {
    public var field: Form.Focus
  }

  /// Takes the item as the file now has it (another process changed it): the
  /// fields not touched here show its values, so that what is seen is what is kept.
  public mutating func follow(_ item: TodoItem) {
    if !noteTouched {
      note = TextArea(item.note ?? "")
      initialNote = note.text
    }
    if !priorityTouched {
      priority = item.priority.flatMap { $0 > 0 ? $0 : nil }
      initialPriority = priority
    }
    if !tagsTouched && item.tags != initialTags {
      tags = TextField(FieldText.tagsText(item.tags), limit: Detail.tagsLimit)
      initialTags = item.tags
    }
    if !progressTouched && item.progress != initialProgress {
      progress = TextField(item.progress.map { "\($0)%" } ?? "", limit: 8)
      initialProgress = item.progress
    }
    keptStart = item.start
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
