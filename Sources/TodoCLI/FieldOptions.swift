import ArgumentParser
import Foundation
import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// The options of SPEC 8 on `add` and `edit`: note, priority, tags, start, progress.
struct FieldOptions: ParsableArguments {
  @Option(
    name: .long,
    help: ArgumentHelp("The note (- reads it from stdin); edit: none removes it.", valueName: "text"))
  var note: String?
  @Option(
    name: .long, help: ArgumentHelp("high, medium, low, none, or 0-9 (iCalendar's PRIORITY).", valueName: "p")
  )
  var priority: String?
  @Option(
    name: .long, parsing: .unconditionalSingleValue,
    help: ArgumentHelp(
      "A tag (repeatable); edit: +T adds it, -T removes it, none removes them all.", valueName: "tag"),
    completion: TagCompletion.kind)
  var tag: [String] = []
  @Option(
    name: .long,
    help: ArgumentHelp(
      "When work on it may start (as --due), or none.", discussion: TimeEcho.whenHelp, valueName: "when"))
  var start: String?
  @Option(name: .long, help: ArgumentHelp("How far along it is: N% (0-100), or none.", valueName: "n%"))
  var progress: String?
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The list (by name; add: default $TODO_TUI_LIST, else the first list); edit: moves it there.",
      valueName: "name"),
    completion: ListCompletion.kind)
  var list: String?

  /// Whether any of them is given.
  var given: Bool {
    note != nil || priority != nil || !tag.isEmpty || start != nil || progress != nil || list != nil
  }

  /// An empty set, for the fast path (reading an option that was not parsed stops the program).
  static var none: FieldOptions {
    var o = FieldOptions()
    (o.note, o.priority, o.tag, o.start, o.progress, o.list) = (nil, nil, [], nil, nil, nil)
    return o
  }

  /// The `list` field for the list named `name` among the file's lists (nil: not given);
  /// an unknown name is an error that names the lists there are.
  static func listField(_ name: String?, in source: some ItemSource) throws -> FieldChange? {
    guard let name else { return nil }
    let list = try source.lists.named(name)
    return .set("list", text: source.lists.field(for: list.id))
  }

  /// `--list`, else (for `add`) `TODO_TUI_LIST` when set, else the settings' default list.
  func listName(orDefault: Bool) -> String? {
    if let list { return list }
    return orDefault ? CLI.settings.defaultList : nil
  }

  func validate() throws {
    _ = try Self.priority(priority)
    _ = try Self.progress(progress)
    _ = try Self.tagEdits(tag)
  }

  /// `--priority`: nil when not given, `.some(nil)` for none (or 0), else 1-9:
  /// high is 1, medium 5, low 9 (as Apple Reminders, Thunderbird and Tasks.org write them).
  static func priority(_ text: String?) throws -> Int?? {
    guard let text else { return nil }
    guard let p = FieldText.priority(text) else {
      throw ValidationError("--priority '\(text)': expected high, medium, low, none or 0-9")
    }
    return .some(p == 0 ? nil : p)
  }

  /// `--progress`: nil when not given, `.some(nil)` for none, else 0-100.
  static func progress(_ text: String?) throws -> Int?? {
    guard let text else { return nil }
    guard !text.trimmingCharacters(in: .whitespaces).isEmpty, let p = try? FieldText.progress(text) else {
      throw ValidationError("--progress '\(text)': expected a percentage from 0% to 100%, or none")
    }
    return .some(p)
  }

  /// `--tag` values: each a tag to add (`T` or `+T`) or to remove (`-T`).
  static func tagEdits(_ values: [String]) throws -> [(tag: String, add: Bool)] {
    try values.map { v in
      var t = v.trimmingCharacters(in: .whitespaces)
      // `none` clears them all, as with every other field (`+none` is the tag "none").
      if t.lowercased() == "none" { return ("", false) }
      var add = true
      if t.hasPrefix("+") || t.hasPrefix("-") {
        add = t.first == "+"
        t = String(t.dropFirst()).trimmingCharacters(in: .whitespaces)
      }
      if t.hasPrefix("#") { t.removeFirst() }
      guard !t.isEmpty, FieldText.isTag(t) else {
        throw ValidationError(
          "--tag '\(v)': a tag is a word or words without commas or control characters (--tag none clears them all)"
        )
      }
      return (t, add)
    }
  }

  /// The note given, `-` read from stdin (its last line feed dropped); nil when not given, `.some(nil)` for none.
  func noteText() throws -> String?? {
    guard let note else { return nil }
    if note == "-" {
      var text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
      while text.hasSuffix("\n") || text.hasSuffix("\r") { text.removeLast() }
      return .some(text.isEmpty ? nil : text)
    }
    if note.trimmingCharacters(in: .whitespaces).lowercased() == "none" { return .some(nil) }
    return .some(note.replacingOccurrences(of: "\\n", with: "\n"))
  }

  /// The changes, read and checked before the change (the note from stdin once).
  func values(env: TodoEnvironment) throws -> [FieldChange] {
    var out: [FieldChange] = []
    if let n = try noteText() { out.append(.set("note", text: n)) }
    if let p = try Self.priority(priority) { out.append(.set("priority", integer: p)) }
    out += try Self.tagEdits(tag).map {
      $0.tag.isEmpty ? .clear("tags") : FieldChange("tags", $0.add ? .add($0.tag) : .remove($0.tag))
    }
    if let s = try start.map({ try TimeEcho.due($0, env: env) }) { out.append(.set("start", date: s)) }
    if let p = try Self.progress(progress) { out.append(.set("progress", integer: p)) }
    return out
  }
}

/// Completion of tags: the tags of the data file's items, most used first.
enum TagCompletion {
  static let kind = CompletionKind.custom { words, _, _ in candidates(words: words) }

  static func candidates(words: [String]) -> [String] {
    guard let doc = try? Store(path: IDCompletion.path(words: words)).load() else { return [] }
    var count: [String: Int] = [:]
    for i in doc.items { for t in i.tags { count[t, default: 0] += 1 } }
    let tags = count.keys.sorted { (count[$0]!, $1) > (count[$1]!, $0) }
    // edit: +T and -T complete too.
    let typed = words.last ?? ""
    if let sign = typed.first, sign == "+" || sign == "-" { return tags.map { String(sign) + $0 } }
    return tags
  }
}
