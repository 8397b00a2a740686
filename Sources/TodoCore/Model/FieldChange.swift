import Foundation

/// One change an `add` or `edit` makes to one field of the table (``ItemField``):
/// ``TodoOperation/add(title:deadline:repeatRule:warn:changes:)`` and
/// ``TodoOperation/edit(_:title:deadline:repeatRule:warn:changes:)`` take a list
/// of them, applied in order, so an edit writes only the fields it names.
public struct FieldChange: Equatable, Sendable, CustomStringConvertible {
  /// What it does to the field.
  public enum Action: Equatable, Hashable, Sendable {
    /// Sets the value (``FieldValue/absent`` clears it).
    case set(FieldValue)
    /// Adds an element to a list of texts (the tags), when it is not there yet.
    case add(String)
    /// Removes an element from a list of texts, whatever its case.
    case remove(String)
  }

  public let field: ItemField
  public let action: Action

  public init(_ field: ItemField, _ action: Action) {
    self.field = field
    self.action = action
  }

  /// The change of the field of this name (``ItemField/named(_:)``), which must be one.
  public init(_ name: String, _ action: Action) {
    guard let f = ItemField.named(name) else { preconditionFailure("no field \(name)") }
    self.init(f, action)
  }

  /// Sets the field of this name to `value`.
  public static func set(_ name: String, _ value: FieldValue) -> FieldChange {
    FieldChange(name, .set(value))
  }

  /// Sets the field of this name to `value`, or clears it (nil).
  public static func set(_ name: String, text value: String?) -> FieldChange { .set(name, FieldValue(value)) }
  public static func set(_ name: String, integer value: Int?) -> FieldChange { .set(name, FieldValue(value)) }
  public static func set(_ name: String, date value: Date?) -> FieldChange { .set(name, FieldValue(value)) }

  /// Clears the field of this name.
  public static func clear(_ name: String) -> FieldChange { FieldChange(name, .set(.absent)) }

  public static func == (a: FieldChange, b: FieldChange) -> Bool {
    a.field === b.field && a.action == b.action
  }

  public var description: String { "\(field.name): \(action)" }

  /// Makes the change to `item`: a date in whole seconds, as the data file holds it.
  public func apply(to item: inout TodoItem) {
    switch action {
    case .set(.date(let d)): field.set(&item, .date(d.wholeSeconds))
    case .set(let v): field.set(&item, v)
    case .add(let e):
      var all = field.get(item).texts ?? []
      if !all.contains(e) { all.append(e) }
      field.set(&item, .texts(all))
    case .remove(let e):
      var all = field.get(item).texts ?? []
      all.removeAll { $0.caseInsensitiveCompare(e) == .orderedSame }
      field.set(&item, all.isEmpty ? .absent : .texts(all))
    }
  }
}

extension [FieldChange] {
  /// Makes the changes to `item`, in order.
  public func apply(to item: inout TodoItem) {
    for c in self { c.apply(to: &item) }
  }

  /// Whether one of them changes the field of this name.
  public func touches(_ name: String) -> Bool { contains { $0.field.name == name } }

  /// The value the last of them that sets the field of this name sets (nil: none sets it).
  public func value(of name: String) -> FieldValue? {
    for c in reversed() where c.field.name == name { if case .set(let v) = c.action { return v } }
    return nil
  }
}
