import Foundation

// The text forms of the table's fields (``ItemField/text``, set in `ItemFields.swift`).
extension TextForm {
  /// The note: any text (`\n` a new line, `-` the standard input), shown whole.
  static let note = TextForm(
    option: "note", valueName: "text", help: "The note (- reads it from stdin); edit: none removes it.",
    label: "note", detailLabel: "Note",
    read: { text, context in
      if text == "-" {
        var input = context.input()
        while input.hasSuffix("\n") || input.hasSuffix("\r") { input.removeLast() }
        return [.set(input.isEmpty ? .absent : .text(input))]
      }
      if isNone(text) { return [.set(.absent)] }
      return [.set(.text(text.replacingOccurrences(of: "\\n", with: "\n")))]
    },
    show: { v, _ in v.text }, whole: true)

  /// The priority: high, medium, low, none or 0-9 (iCalendar's PRIORITY).
  static let priority = TextForm(
    option: "priority", valueName: "p", help: "high, medium, low, none, or 0-9 (iCalendar's PRIORITY).",
    label: "priority", detailLabel: "Priority",
    read: { text, _ in
      guard let p = FieldText.priority(text) else {
        throw FieldText.Problem(message: "expected high, medium, low, none or 0-9")
      }
      return [.set(p == 0 ? .absent : .integer(p))]
    },
    show: { v, _ in v.integer.map { FieldText.priorityName($0) + " (\($0))" } })

  /// The tags: one a value, `+T` adds, `-T` removes, none clears them all; the detail: a line of them.
  static let tags = TextForm(
    option: "tag", valueName: "tag",
    help: "A tag (repeatable); edit: +T adds it, -T removes it, none removes them all.",
    label: "tags", detailLabel: "Tags",
    read: { text, _ in
      var t = text.trimmingCharacters(in: .whitespaces)
      // `none` clears them all, as with every other field (`+none` is the tag "none").
      if t.lowercased() == "none" { return [.set(.absent)] }
      var add = true
      if t.hasPrefix("+") || t.hasPrefix("-") {
        add = t.first == "+"
        t = String(t.dropFirst()).trimmingCharacters(in: .whitespaces)
      }
      if t.hasPrefix("#") { t.removeFirst() }
      guard !t.isEmpty, FieldText.isTag(t) else {
        throw FieldText.Problem(
          message:
            "a tag is a word or words without commas or control characters (--tag none clears them all)")
      }
      return [add ? .add(t) : .remove(t)]
    },
    show: { v, _ in v.texts.map { $0.map { "#" + Title.displaySafe($0) }.joined(separator: " ") } },
    edit: Edit(
      text: { FieldText.tagsText($0.texts ?? []) },
      read: {
        let t = try FieldText.tags($0); return t.isEmpty ? .absent : .texts(t)
      }, limit: 1_000,
      reading: { v in
        guard let tags = v.texts, !tags.isEmpty else { return "→ no tags" }
        return "→ " + tags.map { "#" + Title.displaySafe($0) }.joined(separator: " ")
      }))

  /// The start: a time as the deadline takes it, or none.
  static let start = TextForm(
    option: "start", valueName: "when", help: "When work on it may start (as --due), or none.",
    label: "start", detailLabel: "Start",
    read: { text, context in
      if isNone(text) { return [.set(.absent)] }
      return [.set(.date(try WhenParser(now: context.now, calendar: context.calendar).parse(text)))]
    },
    show: { v, f in v.date.map { f.dateText($0, weekday: true) } })

  /// The progress: a percentage, or none.
  static let progress = TextForm(
    option: "progress", valueName: "n%", help: "How far along it is: N% (0-100), or none.",
    label: "progress", detailLabel: "Progress",
    read: { text, _ in
      guard !text.trimmingCharacters(in: .whitespaces).isEmpty, let p = try? FieldText.progress(text) else {
        throw FieldText.Problem(message: "expected a percentage from 0% to 100%, or none")
      }
      return [.set(FieldValue(p))]
    },
    show: { v, _ in v.integer.map { "\($0)%" } },
    edit: Edit(
      text: { $0.integer.map { "\($0)%" } ?? "" }, read: { FieldValue(try FieldText.progress($0)) }, limit: 8,
      reading: { v in v.integer.map { "→ \($0)% done" } ?? "→ no progress" }))

  /// The list, by name among the file's lists (read and shown where the file is).
  static let list = TextForm(
    option: "list", valueName: "name",
    help: "The list (by name; add: default $TODO_TUI_LIST, else the first list); edit: moves it there.",
    label: "list", detailLabel: "List", read: nil, show: nil)

  /// The parent, an item of the file (read and shown where the file is).
  static let parent = TextForm(
    option: "parent", valueName: "id",
    help:
      "Make it a subtask of this item (a UUID, iCalendar UID or unique prefix); edit: none makes it a top-level item.",
    label: "parent", detailLabel: "Parent", read: nil, show: nil)

  /// The form of a field that holds one line of text (a place, an address):
  /// the option takes the text, `none` clears it; `show` writes it; the detail
  /// gives it a row and edits it as a line (`→ no url` under it while empty).
  /// A new text field's entry needs no more than this.
  public static func line(option: String, valueName: String, help: String, detailLabel: String) -> TextForm {
    TextForm(
      option: option, valueName: valueName, help: help, label: option, detailLabel: detailLabel,
      read: { text, _ in
        if isNone(text) { return [.set(.absent)] }
        let line = text.trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty, Title.isClean(line) else {
          throw FieldText.Problem(message: "expected a line of text without control characters, or none")
        }
        return [.set(.text(line))]
      },
      show: { v, _ in v.text.map(Title.displaySafe) },
      edit: Edit(
        text: { $0.text ?? "" },
        read: { text in
          let line = text.trimmingCharacters(in: .whitespaces)
          if line.isEmpty || isNone(line) { return .absent }
          guard Title.isClean(line) else {
            throw FieldText.Problem(message: "a line of text without control characters, or none")
          }
          return .text(line)
        }, limit: 1_000,
        reading: { v in v.text.map { "→ " + Title.displaySafe($0) } ?? "→ no " + option }))
  }
}
