import ArgumentParser
import Foundation
import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// The options of SPEC 8 on `add` and `edit`, one for each field of the table
/// with a text form (``ItemField/text``) but the parent (``ParentOption``):
/// declared here, as the parser needs; their help, their checks, the changes
/// they make and whether one is given come from the table's forms.
struct FieldOptions: ParsableArguments {
  @Option(name: .long, help: Self.help("note")) var note: String?
  @Option(name: .long, help: Self.help("priority")) var priority: String?
  @Option(
    name: .long, parsing: .unconditionalSingleValue, help: Self.help("tag"), completion: TagCompletion.kind)
  var tag: [String] = []
  @Option(name: .long, help: Self.help("start")) var start: String?
  @Option(name: .long, help: Self.help("progress")) var progress: String?
  @Option(name: .long, help: Self.help("list"), completion: ListCompletion.kind) var list: String?

  /// The values given to each option, by its name (``TextForm/option``).
  var given: [String: [String]] {
    [
      "note": note.map { [$0] } ?? [], "priority": priority.map { [$0] } ?? [], "tag": tag,
      "start": start.map { [$0] } ?? [], "progress": progress.map { [$0] } ?? [],
      "list": list.map { [$0] } ?? [],
    ]
  }

  /// Whether the option of a field of the table is given (the parent's is ``ParentOption``'s).
  var any: Bool { ItemField.typed.contains { !(given[$0.text!.option] ?? []).isEmpty } }

  /// The help of the option of this name, from its field's text form (a date
  /// field's help says the forms a time takes).
  static func help(_ option: String) -> ArgumentHelp {
    guard let field = ItemField.option(option), let form = field.text else { return ArgumentHelp() }
    return ArgumentHelp(
      form.help, discussion: field.kind == .date ? TimeEcho.whenHelp : "", valueName: form.valueName)
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

  /// Every value reads as its field's form says (a time's grammar is checked when run, as --due's).
  func validate() throws {
    let context = TextForm.Context(now: Date(), calendar: .current)
    for field in ItemField.typed {
      for value in given[field.text!.option] ?? [] {
        do { _ = try Self.changes(field, value, context) } catch let e as ValidationError { throw e } catch {}
      }
    }
  }

  /// The changes one value of the field's option makes; a value that is not
  /// one of the field's forms is a usage error that names the option and the forms.
  static func changes(_ field: ItemField, _ value: String, _ context: TextForm.Context) throws
    -> [FieldChange]
  {
    do {
      return try field.changes(value, context)
    } catch let p as FieldText.Problem {
      throw ValidationError("--\(field.text!.option) '\(value)': \(p.message)")
    }
  }

  /// `--priority`'s value as the list's filter reads it: nil when not given, `.some(nil)` for none.
  static func priority(_ text: String?) throws -> Int?? {
    guard let text, let field = ItemField.option("priority") else { return nil }
    let changes = try Self.changes(field, text, TextForm.Context(now: Date(), calendar: .current))
    guard case .integer(let p) = changes.value(of: field.name) else { return .some(nil) }
    return .some(p)
  }

  /// The changes, read and checked before the change (the note from stdin once), in the table's order.
  func values(env: TodoEnvironment) throws -> [FieldChange] {
    let context = TextForm.Context(now: env.now(), calendar: env.calendar) {
      String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
    }
    return try ItemField.typed.flatMap { field in
      try (given[field.text!.option] ?? []).flatMap { try Self.changes(field, $0, context) }
    }
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
