import Foundation

/// A field as a person types and reads it, the table's `text:` (``ItemField/text``):
/// the option `add` and `edit` take for it, how a typed value becomes a change,
/// the row `show` writes, and the detail view's row and its editing. The
/// command line's options, their checks, `show` and the detail loop over the
/// table's forms; the forms themselves are in `FieldText+Forms.swift`.
public struct TextForm: Sendable {
  /// What reading a typed value may need: the time (a date), the standard input (`-`).
  public struct Context: Sendable {
    public var now: Date
    public var calendar: Calendar
    /// The standard input, read whole (for a value `-`).
    public var input: @Sendable () -> String

    public init(now: Date, calendar: Calendar, input: @escaping @Sendable () -> String = { "" }) {
      self.now = now
      self.calendar = calendar
      self.input = input
    }
  }

  /// How the detail view edits it as a line of text: the text for a value, and
  /// back; what its row shows empty, and the line under it while it is edited.
  /// The detail gives such a field its row (``Form/Focus/line(_:)``) with no more than this.
  public struct Edit: Sendable {
    /// The text the field starts with for a value.
    public let text: @Sendable (FieldValue) -> String
    /// The value of a text; a ``FieldText/Problem`` names the forms it takes.
    public let read: @Sendable (String) throws -> FieldValue
    /// The longest text, in characters.
    public let limit: Int
    /// What the row shows while its text is empty.
    public let hint: String
    /// The line under the row while it has the keyboard, for the value its text reads as (`→ 40% done`).
    public let reading: @Sendable (FieldValue) -> String

    init(
      text: @escaping @Sendable (FieldValue) -> String,
      read: @escaping @Sendable (String) throws -> FieldValue,
      limit: Int, hint: String = "none", reading: @escaping @Sendable (FieldValue) -> String
    ) {
      self.text = text
      self.read = read
      self.limit = limit
      self.hint = hint
      self.reading = reading
    }
  }

  /// The option of `add` and `edit`, without its `--`.
  public let option: String
  /// The option's value, as `--help` names it.
  public let valueName: String
  /// The option's line of `--help`.
  public let help: String
  /// The label of its row in `show`.
  public let label: String
  /// The label of its row in the detail view.
  public let detailLabel: String
  /// Reads one value given to the option into what it does to the field; a
  /// ``FieldText/Problem`` names the forms it takes. Nil: the value names
  /// something in the file (a list, an item), read where the file is.
  public let read: (@Sendable (String, Context) throws -> [FieldChange.Action])?
  /// The text of its row in `show` for a value (nil: no row). Nil: written
  /// where the file is (the list's name, the parent's title).
  public let show: (@Sendable (FieldValue, DueFormatter) -> String?)?
  /// Whether `show` writes it whole, after the rows, each line indented (the note).
  public let whole: Bool
  /// How the detail view edits it as a line of text (nil: it has an editor of its own).
  public let edit: Edit?

  init(
    option: String, valueName: String, help: String, label: String, detailLabel: String,
    read: (@Sendable (String, Context) throws -> [FieldChange.Action])?,
    show: (@Sendable (FieldValue, DueFormatter) -> String?)?, whole: Bool = false, edit: Edit? = nil
  ) {
    self.option = option
    self.valueName = valueName
    self.help = help
    self.label = label
    self.detailLabel = detailLabel
    self.read = read
    self.show = show
    self.whole = whole
    self.edit = edit
  }

  /// Whether the text is `none` (the value that clears a field), whatever its case and spaces.
  static func isNone(_ text: String) -> Bool {
    text.trimmingCharacters(in: .whitespaces).lowercased() == "none"
  }
}

extension ItemField {
  /// The fields a person types and reads (``text``), in the table's order.
  public static let typed: [ItemField] = all.filter { $0.text != nil }

  /// The field whose option (``TextForm/option``) this is.
  public static func option(_ option: String) -> ItemField? { typed.first { $0.text?.option == option } }

  /// The changes one value given to the field's option makes (throws as ``TextForm/read`` does).
  public func changes(_ typed: String, _ context: TextForm.Context) throws -> [FieldChange] {
    guard let read = text?.read else { return [] }
    return try read(typed, context).map { FieldChange(self, $0) }
  }
}

/// A field is one entry of the table, and so equal only to itself (the detail's
/// ``Form/Focus/line(_:)`` names the field it edits).
extension ItemField: Equatable {
  public static func == (a: ItemField, b: ItemField) -> Bool { a === b }
}
