import Foundation

/// One field of ``TodoItem`` as every codec, the merge and the sync see it.
/// The fields themselves are listed once, in ``ItemField/all`` (`ItemFields.swift`);
/// the plist writer's key order, the readers' key dispatch, the merge, the
/// user-field equality, the SEQUENCE rule, the JSON output and the sync's
/// field set are derived from that list.
public final class ItemField: @unchecked Sendable {  // `index` is set once, as ``all`` is made
  /// What the field holds, and so how each codec spells it.
  public enum Kind: Sendable, Equatable {
    /// One line of text: `<string>`, escaped.
    case text
    /// Text whose line feeds are kept (`<string>`, CR as `&#13;`).
    case lines
    /// `<integer>`.
    case integer
    /// `<date>`, whole seconds.
    case date
    /// `<true/>` when set; absent when not.
    case flag
    /// `<array>` of `<string>`.
    case texts
    /// A UUID, as a `<string>` in canonical (upper-case) form.
    case uuid
  }

  /// How the field travels through iCalendar (the mapping itself is in `ICal/ICalMapping*.swift`).
  public enum ICal: Sendable, Equatable {
    /// It does not: it stays in the data file.
    case none
    /// As this property of the VTODO: a plain one in the form ``ItemField/icalForm`` gives
    /// (read, written and adopted by the loops of `ICal/ICalFields.swift`), or, without one,
    /// mapped by hand (UID, the deadline's DUE).
    case property(String)
    /// Through STATUS (and its date property, if any).
    case status
    /// As a VALARM.
    case alarm
    /// As the iCalendar text kept whole (what the mapping does not map).
    case kept
  }

  /// How a change meets what others wrote since (``Change/merged(current:before:after:mode:)``).
  public enum Merge: Sendable, Equatable {
    /// The item's identity: never changed by a merge.
    case identity
    /// The change's value, when the change changed it (an undo only while it still holds what the change gave).
    case changed
    /// Only moves forward (the time of the last change).
    case latest
    /// The iCalendar SEQUENCE: a writer's value, but an undo counts a new revision.
    case revision
    /// A delivery record of the field named: changed as ``changed``, and what
    /// was delivered for the time that field now has stays delivered.
    case delivery(of: String)
  }

  /// Where the field shows in JSON.
  public enum JSON: Sendable, Equatable {
    /// In `list --json` and the export; `null` (false for a flag) when absent.
    case listed
    /// In `list --json` and the export, the UUID when absent (the iCalendar UID).
    case listedOrID
    /// In the export only, left out when absent.
    case exported
  }

  /// The name in JSON and in messages.
  public let name: String
  /// The key in the data file.
  public let key: StaticString
  public let kind: Kind
  /// Whether a user sets it (and so whether it counts in ``TodoItem/sameUserFields(as:)``).
  public let userSet: Bool
  public let ical: ICal
  /// How a plain property (``ICal/property(_:)``) is the field's value; nil: mapped by hand.
  public let icalForm: ICalForm?
  /// Whether a change of it is a new revision (SEQUENCE one higher, RFC 5545 3.8.7.4).
  public let revision: Bool
  public let merge: Merge
  public let json: JSON
  /// Its place in ``all`` (the writer's order): what the scan's slots and the JSON readers index by.
  /// (Set once before any reader sees it: no exclusivity check, which cost `list` 4 % of its time.)
  @exclusivity(unchecked) public private(set) var index = -1
  /// The field's value in an item.
  public let get: @Sendable (TodoItem) -> FieldValue
  /// Sets the field of an item (``FieldValue/absent`` clears it).
  public let set: @Sendable (inout TodoItem, FieldValue) -> Void
  /// How a person types and reads it (nil: not on its own: an internal field, or a special case).
  public let text: TextForm?

  init(
    name: String, key: StaticString, kind: Kind, userSet: Bool, ical: ICal, icalForm: ICalForm? = nil,
    revision: Bool, merge: Merge, json: JSON, get: @escaping @Sendable (TodoItem) -> FieldValue,
    set: @escaping @Sendable (inout TodoItem, FieldValue) -> Void,
    text: TextForm? = nil
  ) {
    self.name = name
    self.key = key
    self.kind = kind
    self.userSet = userSet
    self.ical = ical
    self.icalForm = icalForm
    self.revision = revision
    self.merge = merge
    self.json = json
    self.get = get
    self.set = set
    self.text = text
  }

  /// The table's entries, each told its place.
  static func numbered(_ entries: [ItemField]) -> [ItemField] {
    for (k, f) in entries.enumerated() { f.index = k }
    return entries
  }

  /// Whether a sync compares and merges it field by field: a user's field that travels through iCalendar.
  public var synced: Bool { userSet && ical != .none }

  /// The key's UTF-8 bytes.
  public var keyBytes: UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount)
  }

  /// The key as a String.
  public var keyText: String { key.description }
}

/// How a plain iCalendar property is a field (``ItemField/icalForm``): the value's
/// type, the parameters written, which lines of a VTODO are taken (the others stay
/// in the kept text), and whether an older version kept it as text (then a kept
/// line of it is adopted when an item is read back, ``TodoItem/upgraded(calendar:)``).
public struct ICalForm: Sendable, Equatable {
  public enum Value: Sendable, Equatable {
    /// The title: TEXT made one clean line (never empty).
    case title
    /// TEXT, unescaped.
    case text
    /// The value's iCalendar text as it stands (an RRULE's `FREQ=…`).
    case raw
    /// An INTEGER in the range (any, without one); 0 is no value when `zeroIsNone`
    /// (and is not written).
    case integer(ClosedRange<Int>?, zeroIsNone: Bool)
    /// A comma list of TEXT (CATEGORIES): every line's items, in order, once each;
    /// written as one line.
    case texts
    /// A DATE or DATE-TIME; a form other than UTC (TZID, DATE, floating) is kept and written again.
    case time
    /// A change time: UTC, also when written without Z (then written back so while unchanged).
    case stamp
  }

  /// Which of the VTODO's lines of the property are the field.
  public enum Take: Sendable, Equatable {
    /// The first, whatever its parameters.
    case first
    /// The first, when it has no parameter (else it and the later ones stay kept).
    case firstWithoutParameters
    /// The first with a value and no parameter but those ``ICalForm/parameters`` (any order of lines).
    case firstAsWritten
  }

  public var value: Value
  /// The parameters written (`RELTYPE=PARENT`), as iCalendar text.
  public var parameters: String?
  public var take: Take
  /// An older version kept it as text: a kept line of it is moved into the field.
  public var adopted: Bool

  public init(_ value: Value, parameters: String? = nil, take: Take = .first, adopted: Bool = true) {
    self.value = value
    self.parameters = parameters
    self.take = take
    self.adopted = adopted
  }
}

/// One field's value, whatever its kind.
public enum FieldValue: Equatable, Hashable, Sendable {
  case absent
  case text(String)
  case integer(Int)
  case date(Date)
  /// A flag that is set (a cleared flag is ``absent``).
  case flag
  case texts([String])
  case uuid(UUID)

  var text: String? { if case .text(let s) = self { s } else { nil } }
  var integer: Int? { if case .integer(let v) = self { v } else { nil } }
  var date: Date? { if case .date(let d) = self { d } else { nil } }
  var isSet: Bool { self != .absent }
  var texts: [String]? { if case .texts(let v) = self { v } else { nil } }
  var uuid: UUID? { if case .uuid(let v) = self { v } else { nil } }

  @inline(__always) init(_ s: String?) { self = s.map { .text($0) } ?? .absent }
  @inline(__always) init(_ v: Int?) { self = v.map { .integer($0) } ?? .absent }
  @inline(__always) init(_ d: Date?) { self = d.map { .date($0) } ?? .absent }
  @inline(__always) init(_ b: Bool) { self = b ? .flag : .absent }
  @inline(__always) init(_ v: [String]?) { self = v.map { .texts($0) } ?? .absent }
  @inline(__always) init(_ u: UUID?) { self = u.map { .uuid($0) } ?? .absent }
}

extension ItemField {
  /// The field of this name.
  public static func named(_ name: String) -> ItemField? { all.first { $0.name == name } }

  /// The fields a data file entry holds after `UUID` and `title`, in the writer's order.
  static let stored: [ItemField] = Array(all.dropFirst(2))

  /// The fields a user sets.
  static let userFields = all.filter(\.userSet)

  /// The fields whose change counts as a revision.
  static let revisionFields = all.filter(\.revision)

  /// The delivery records (``Merge/delivery(of:)``).
  static let deliveryFields = all.filter { if case .delivery = $0.merge { true } else { false } }

  /// The UUID of an item not yet named (all zeros).
  static let blankID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

  /// The fields a sync compares and merges.
  static let syncedFields = all.filter(\.synced)
}

extension TodoItem {
  /// Whether the fields a user sets are the same (delivery records aside).
  func sameUserFields(as other: TodoItem) -> Bool {
    otherKeys == other.otherKeys && ItemField.userFields.allSatisfy { $0.get(self) == $0.get(other) }
  }

  /// SEQUENCE kept current (SPEC 7, RFC 5545 3.8.7.4): after a local change
  /// from `old`, one higher when a field that counts as a revision changed
  /// (``ItemField/revision``). Called by the edit paths of ``TodoList`` and the merge.
  mutating func countRevision(since old: TodoItem) {
    guard ItemField.revisionFields.contains(where: { $0.get(self) != $0.get(old) }) else { return }
    sequence = (old.sequence ?? 0) + 1
  }

  /// This item with the delivery records `other` holds for the times this
  /// item now has: what was notified only moves forward, and a record for
  /// another time does not apply (``ItemField/Merge/delivery(of:)``).
  func keepingDelivery(from other: TodoItem) -> TodoItem {
    var out = self
    for f in ItemField.deliveryFields {
      guard case .delivery(let of) = f.merge, let time = ItemField.named(of) else { continue }
      let t = time.get(out)
      if t != .absent, f.get(out) != t, f.get(other) == t { f.set(&out, t) }
    }
    return out
  }
}
