import CLibical
import Foundation

// The plain properties of the field table (``ItemField/icalForm``): one loop reads them
// (``ICalMapping/item(_:zones:now:calendar:)``), one writes them (``ICalMapping/write``),
// one adopts them from kept text (``TodoItem/upgraded(calendar:)``). A field with a form
// needs nothing else here; the hand-written cases are UID, the deadline's DUE, STATUS and
// COMPLETED (with cancelled), and the alarms.

/// A field the table maps to a plain property, with what libical calls the property.
struct ICalField: @unchecked Sendable {
  let field: ItemField
  let form: ICalForm
  /// The property's name (upper case).
  let name: String
  let kind: icalproperty_kind
  /// A change time (``ICalForm/Value/stamp``): its place among the kept times written without Z.
  let stampSlot: Int

  /// Every line of it may be the field (a list of texts, or the first as written), so the
  /// reader does not count it among the kinds seen.
  var everyLine: Bool { form.value == .texts || form.take == .firstAsWritten }
}

enum ICalFields {
  /// The order the writer puts the table's fields in: those it always put so
  /// (``ItemField/firstICalOrder``), then the other fields with a form, in table order.
  static let writeOrder: [ItemField] =
    ItemField.firstICalOrder
    + ItemField.all.filter { f in
      f.icalForm != nil && !ItemField.firstICalOrder.contains { $0 === f }
    }

  /// The fields with a form, in ``writeOrder``.
  static let plain: [ICalField] = {
    _ = LibIcal.ready
    var out: [ICalField] = []
    var stamps = 0
    for f in writeOrder {
      guard let form = f.icalForm, case .property(let name) = f.ical else { continue }
      let kind = icalproperty_string_to_kind(name)
      guard kind != ICAL_X_PROPERTY, kind != ICAL_NO_PROPERTY, kind.rawValue < 1024 else {
        fatalError("the field table maps \(f.name) to \(name), which libical does not know")
      }
      if form.value == .stamp { stamps += 1 }
      out.append(ICalField(field: f, form: form, name: name, kind: kind, stampSlot: stamps))
    }
    return out
  }()

  /// What the writer writes after UID and DTSTAMP and before the alarms, in ``writeOrder``.
  enum Step {
    case field(ICalField)
    /// The deadline (DUE in the form it came in).
    case due
    /// STATUS, COMPLETED (the completion and the cancelled flag).
    case status
  }

  static let steps: [Step] = writeOrder.compactMap { f in
    if let p = plain.first(where: { $0.field === f }) { return .field(p) }
    if f === ItemField.deadline { return .due }
    if f === ItemField.completed { return .status }
    return nil
  }

  /// The kept change times written without Z, in the writer's order: DTSTAMP's, each
  /// ``ICalForm/Value/stamp`` field's (``ICalField/stampSlot``), COMPLETED's (the last).
  static let stampCount = plain.filter { $0.form.value == .stamp }.count + 2

  /// For each libical property kind, its number in ``plain`` + 1; 0: no field's.
  static let byKind: [UInt8] = {
    var table = [UInt8](repeating: 0, count: Int(plain.map(\.kind.rawValue).max() ?? 0) + 1)
    for (k, f) in plain.enumerated() { table[Int(f.kind.rawValue)] = UInt8(k + 1) }
    return table
  }()

  /// The field a property of this kind is, if any.
  @inline(__always) static func field(ofKind kind: UInt32) -> ICalField? {
    let table = byKind
    guard kind < table.count, table[Int(kind)] != 0 else { return nil }
    return plain[Int(table[Int(kind)]) - 1]
  }

  /// The kinds whose first kept property is a template of the time written (its
  /// parameters, its form): DUE, DTSTAMP, COMPLETED and the fields' times and change times.
  static let timeKinds: [icalproperty_kind] =
    [ICAL_DUE_PROPERTY, ICAL_DTSTAMP_PROPERTY, ICAL_COMPLETED_PROPERTY]
    + plain.filter { [.time, .stamp].contains($0.form.value) }.map(\.kind)

  /// The fields an older version kept as text (``ICalForm/adopted``).
  static let adopted = plain.filter(\.form.adopted)
}

extension ICalMapping {
  /// Reads property `p` into its field `f` of `item`; false: it is not the field (its
  /// parameters, its value), and stays kept. A time's form other than UTC is appended to
  /// `forms`, a change time written without Z to its slot of `stamps` (``ICalFields/stampCount``).
  static func read(
    _ f: ICalField, _ p: ICalPropertyRef, into item: inout TodoItem, stamps: inout [[UInt8]],
    forms: inout [UInt8], calendar: Calendar
  ) -> Bool {
    switch f.form.take {
    case .first: break
    case .firstWithoutParameters: guard p.parameterCount == 0 else { return false }
    case .firstAsWritten:
      guard f.field.get(item) == .absent, p.hasOnly(f.form.parameters) else { return false }
    }
    let value: FieldValue
    switch f.form.value {
    case .title:
      let s = p.text ?? p.value
      value = .text(Title.isClean(s) ? s : Title.sanitize(s, cuttingAt: .max))
    case .text:
      let s = p.text ?? p.value
      guard f.form.take != .firstAsWritten || !s.isEmpty else { return false }
      value = .text(s)
    case .raw: value = .text(p.value)
    case .integer(let range, let zeroIsNone):
      guard let n = Int(p.value), range?.contains(n) ?? true else { return false }
      value = zeroIsNone && n == 0 ? .absent : .integer(n)
    case .texts:
      var all = f.field.get(item).texts ?? []
      for t in texts(p) where !all.contains(t) { all.append(t) }
      value = all.isEmpty ? .absent : .texts(all)
    case .time:
      guard let time = p.time else { return false }
      value = .date(instant(time, calendar: calendar))
      if case .utc = time, p.parameterCount == 0 {} else { p.appendText(to: &forms) }
    case .stamp:
      // UTC even when written without Z (RFC 5545 3.8.7.1-3); written back so.
      guard let time = p.time else { return false }
      if case .floating(let w) = time {
        value = .date(utc(w))
        p.appendText(to: &stamps[f.stampSlot])
      } else {
        value = .date(instant(time, calendar: calendar))
      }
    }
    f.field.set(&item, value)
    return true
  }

  /// The texts of a comma list (CATEGORIES). libical reads a comma list into one
  /// property a value (and an escaped comma as a comma), so its value is split at
  /// commas; empty ones are left out.
  static func texts(_ p: ICalPropertyRef) -> [String] {
    LibIcal.string(icalvalue_get_text(icalproperty_get_value(p.p))).split(separator: ",").map {
      $0.trimmingCharacters(in: .whitespaces)
    }.filter { !$0.isEmpty }
  }

  /// Writes field `f` of `item`, when it has a value, in its form.
  static func write(
    _ f: ICalField, of item: TodoItem, kept: ICalKept, to b: ICalTodoBuilder, zones: ICalZoneView,
    calendar: Calendar
  ) {
    switch (f.form.value, f.field.get(item)) {
    case (.title, .text(let s)), (.text, .text(let s)): b.text(f.kind, s, parameters: f.form.parameters)
    case (.raw, .text(let s)): b.value(f.name, s)
    case (.integer(_, let zeroIsNone), .integer(let n)):
      if !zeroIsNone || n != 0 { b.integer(f.kind, name: f.name, n) }
    case (.texts, .texts(let all)): b.texts(f.kind, all)
    case (.time, .date(let d)):
      writeTime(f.kind, d, form: kept.form(of: f.kind), kept: kept, to: b, zones: zones, calendar: calendar)
    case (.time, .absent):
      // One in the kept text of an item from before the field was (no value yet): written as it is.
      b.keep(f.kind, from: kept)
    case (.stamp, .date(let d)): stamp(f.kind, d, kept: kept, to: b)
    default: break
    }
  }
}
