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
  @Option(name: .long, help: Self.help("url")) var url: String?
  @Option(name: .long, help: Self.help("location")) var location: String?
  /// Set only by ``none``: no option was parsed (swift-argument-parser decodes a plain
  /// property as its default value).
  var unparsed = false

  /// The values given to each option, by its name (``TextForm/option``): read from the
  /// options declared above (a property `_name` of the parser's wrapper), so that a new
  /// field's option is its one declared line.
  var given: [String: [String]] {
    var out: [String: [String]] = [:]
    if unparsed { return out }
    for child in Mirror(reflecting: self).children {
      guard let label = child.label?.dropFirst() else { continue }
      if let one = child.value as? Option<String?> {
        out[String(label)] = one.wrappedValue.map { [$0] } ?? []
      } else if let many = child.value as? Option<[String]> {
        out[String(label)] = many.wrappedValue
      }
    }
    return out
  }

  /// Whether the option of a field of the table is given (the parent's is ``ParentOption``'s).
  var any: Bool {
    let given = given
    return ItemField.typed.contains { !(given[$0.text!.option] ?? []).isEmpty }
  }

  /// The help of the option of this name, from its field's text form (a date
  /// field's help says the forms a time takes).
  static func help(_ option: String) -> ArgumentHelp {
    guard let field = ItemField.option(option), let form = field.text else { return ArgumentHelp() }
    return ArgumentHelp(
      form.help, discussion: field.kind == .date ? TimeEcho.whenHelp : "", valueName: form.valueName)
  }

  /// None given, for the fast path: no option is read (one that was not parsed stops the
  /// program when read), and parsing nothing costs `add` 0.8 ms of its 4.
  static var none: FieldOptions {
    var o = FieldOptions()
    o.unparsed = true
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
    if let list = given["list"]?.first { return list }
    return orDefault ? CLI.settings.defaultList : nil
  }

  /// Every value reads as its field's form says (a time's grammar is checked when run, as --due's).
  func validate() throws {
    let context = TextForm.Context(now: Date(), calendar: .current)
    let given = given
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
    let given = given
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
