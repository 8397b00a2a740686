import Foundation

// The fields of ``PlistScan``'s entries that most entries lack (``PlistScan/Extra``),
// kept packed: per entry that has any, a bit for each field it holds and its values.
extension PlistScan {
  /// The fields of an entry that most entries lack: every field of the table
  /// after `deadline` and `created` (``ItemField/all``), one slot each, as many
  /// slots as the table has such fields (``count``).
  public struct Extra: Sendable {
    /// Field k of ``ItemField/all`` is slot k - ``first``: a date as seconds
    /// since 1970, an integer, 1 for a set flag, a text as its ``Text`` packed
    /// (offset << 32 | count); ``PlistScan/none`` when absent. Long text
    /// (``ItemField/Kind/lines``) is kept when `list --json` shows it (``PlistScan/keeps(_:)``:
    /// the note), else only checked (`icalExtra`); a list of texts (tags) is its texts one
    /// after another, each ended by a 0 byte (which no text the scan takes holds), absent when empty.
    ///
    /// Kept packed as the scan keeps them (``extraValues``): a bit for each slot that holds
    /// a value (slot s: bit s), and the values of those slots in slot order from `start` on.
    /// Read from a scan, `values` are the scan's (no copy); built while scanning, its own,
    /// in one buffer reused for every entry (``reused()``).
    var held: UInt32 = 0
    var values: [Int64] = []
    var start = 0

    /// The first field of the table kept here (the ones before: UUID, title, deadline, created).
    static var first: Int { 4 }
    /// How many slots there are: the table's fields from ``first`` on.
    static var count: Int { ItemField.all.count - first }

    public init() {}

    init(held: UInt32, values: [Int64], start: Int) {
      self.held = held
      self.values = values
      self.start = start
    }

    /// Field `k` of ``ItemField/all``.
    @inline(__always) public subscript(_ k: Int) -> Int64 {
      get {
        let bit: UInt32 = 1 << UInt32(truncatingIfNeeded: k - Self.first)
        guard held & bit != 0 else { return PlistScan.none }
        return values[start + (held & (bit - 1)).nonzeroBitCount]
      }
      set {
        let bit: UInt32 = 1 << UInt32(truncatingIfNeeded: k - Self.first)
        if start != 0 || values.count != held.nonzeroBitCount {  // the scan's values: a copy of its own
          values = Array(values[start..<start + held.nonzeroBitCount])
          start = 0
        }
        let at = (held & (bit - 1)).nonzeroBitCount
        if held & bit != 0 {
          if newValue == PlistScan.none {
            values.remove(at: at)
            held &= ~bit
          } else {
            values[at] = newValue
          }
        } else if newValue != PlistScan.none {
          // Most often at the end: the scan reads the fields in the table's order.
          if at == values.count { values.append(newValue) } else { values.insert(newValue, at: at) }
          held |= bit
        }
      }
    }

    /// This one emptied, its buffer kept, for the next entry (this one left without it):
    /// a reader of many entries builds each one's in the same buffer, no allocation an entry.
    mutating func reused() -> Extra {
      var x = Extra()
      swap(&x, &self)
      x.held = 0
      x.start = 0
      if !x.values.isEmpty { x.values.removeAll(keepingCapacity: true) }
      return x
    }

    /// Text field `k`, or nil.
    @inline(__always) public func text(_ k: Int) -> Text? {
      let v = self[k]
      return v == PlistScan.none
        ? nil : Text(offset: UInt32(truncatingIfNeeded: v >> 32), count: UInt32(truncatingIfNeeded: v))
    }

    /// Seconds since 1970, or ``PlistScan/none``.
    public var completed: Int64 { self[ItemField.completed.index] }
    public var modified: Int64 { self[ItemField.modified.index] }
    public var reminder: Int64 { self[ItemField.reminder.index] }
    public var notifiedDeadline: Int64 { self[ItemField.notifiedDeadline.index] }
    public var notifiedReminder: Int64 { self[ItemField.notifiedReminder.index] }
    public var notifiedWarning: Int64 { self[ItemField.notifiedWarning.index] }
    /// Seconds before the deadline, or ``PlistScan/none``.
    public var warn: Int64 { self[ItemField.warn.index] }
    public var sequence: Int64 { self[ItemField.sequence.index] }
    public var repeatRule: Text? { text(ItemField.repeatRule.index) }
    public var uid: Text? { text(ItemField.uid.index) }
    public var note: Text? { text(ItemField.note.index) }
    public var tags: Text? { text(ItemField.tags.index) }
    public var priority: Int64 { self[ItemField.priority.index] }
    public var progress: Int64 { self[ItemField.progress.index] }
  }

  /// Whether the scan keeps the value of field `f` (every field but long text that
  /// `list --json` does not show: `icalExtra`, which the scan only checks).
  static func keeps(_ f: ItemField) -> Bool { f.kind != .lines || f.json != .exported }

  /// Each text of a list of texts (``Extra``'s packing of tags), in order.
  public func forEachText(in t: Text, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
    text.withUnsafeBufferPointer { all in
      var from = Int(t.offset)
      for k in from..<Int(t.offset + t.count) where all[k] == 0 {
        body(UnsafeBufferPointer(rebasing: all[from..<k]))
        from = k + 1
      }
    }
  }

  /// The extra fields of `e` (all absent when it has none), its list among them (``Entry/list``);
  /// not a parent kept as a UUID (``parentID(_:)``).
  @inline(__always) public func extra(_ e: Entry) -> Extra {
    var x = Extra()
    if e.more != UInt32.max {
      let h = extraHeads[Int(e.more)]
      let held = h.fields & ExtraHead.slotBits
      x = Extra(held: held, values: extraValues, start: Int(h.start))
    }
    if e.list != 0 { x[named.list] = Self.packed(lists[Int(e.list) - 1]) }
    return x
  }

  /// Whether `e` holds a field the notifications depend on (reminder, warning, repeat, the
  /// delivery records): without one, its notifications and marks are its deadline's alone
  /// (``ScanPlan`` then builds no ``Extra``: an entry with only a note and tags has one).
  @inline(__always) public func holdsNotificationFields(_ e: Entry) -> Bool {
    e.more != UInt32.max && extraHeads[Int(e.more)].fields & Self.notificationFields != 0
  }
  static let notificationFields: UInt32 = [
    ItemField.reminder, ItemField.warn, ItemField.repeatRule, ItemField.notifiedDeadline,
    ItemField.notifiedReminder, ItemField.notifiedWarning, ItemField.alerts,
  ].reduce(0) { $0 | 1 << UInt32($1.index - Extra.first) }

  /// Where the values of an entry's ``Extra`` are: a bit for each field it holds
  /// (field k of the table: bit k - ``Extra/first``), its first value in ``extraValues``;
  /// ``parentBit``: after them, the two halves of its parent's UUID (``parentID(_:)``).
  public struct ExtraHead: Sendable {
    var fields: UInt32
    var start: UInt32

    /// The bits of ``Extra``'s slots (those of the table's fields: ``Extra/count``).
    static var slotBits: UInt32 { ~parentBit }
    /// The last bit; the ones below are slots: a table of at most 31 fields after
    /// ``Extra/first`` (`FieldTableTests` checks it).
    static var parentBit: UInt32 { 1 << 31 }
    static var slotLimit: Int { 31 }
  }

  /// A text as an ``Extra`` slot holds it.
  @inline(__always) static func packed(_ t: Text) -> Int64 { Int64(t.offset) << 32 | Int64(t.count) }

  /// The slots of `x` in `fields` (bit s: slot s; the others are absent), and the parent's UUID,
  /// kept (in ``extraHeads`` and ``extraValues``) for entry `e`; nothing when there are none.
  mutating func keep(_ x: Extra, fields: UInt32, parent: (hi: UInt64, lo: UInt64)?, for e: inout Entry) {
    guard fields != 0 || parent != nil else { return }
    let start = UInt32(truncatingIfNeeded: extraValues.count)
    if fields == x.held && x.start == 0 {
      extraValues.append(contentsOf: x.values)  // as the scanner builds it: its own values
    } else {
      var mask = fields
      while mask != 0 {
        extraValues.append(x[Extra.first + mask.trailingZeroBitCount])
        mask &= mask - 1
      }
    }
    var head = ExtraHead(fields: fields, start: start)
    if let p = parent {
      head.fields |= ExtraHead.parentBit
      extraValues.append(Int64(bitPattern: p.hi))
      extraValues.append(Int64(bitPattern: p.lo))
    }
    e.more = UInt32(truncatingIfNeeded: extraHeads.count)
    extraHeads.append(head)
  }

  /// The UUID `e`'s parent field names when it is one as we write it (uppercase): its two
  /// halves, as ``Entry/hi`` and ``Entry/lo``. nil: no parent, or one kept as text (``text(_:_:)``).
  @inline(__always) public func parentID(_ e: Entry) -> (hi: UInt64, lo: UInt64)? {
    guard e.more != UInt32.max else { return nil }
    let h = extraHeads[Int(e.more)]
    guard h.fields & ExtraHead.parentBit != 0 else { return nil }
    let at = Int(h.start) + (h.fields & ExtraHead.slotBits).nonzeroBitCount
    return (UInt64(bitPattern: extraValues[at]), UInt64(bitPattern: extraValues[at + 1]))
  }

  /// Field `k` of ``ItemField/all`` (after ``Extra/first``) of `e`, or ``PlistScan/none``,
  /// without building its ``Extra`` (a parent kept as a UUID: ``parentID(_:)``).
  @inline(__always) public func value(_ e: Entry, _ k: Int) -> Int64 {
    if k == named.list && e.list != 0 { return Self.packed(lists[Int(e.list) - 1]) }
    guard e.more != UInt32.max else { return PlistScan.none }
    let h = extraHeads[Int(e.more)]
    let bit: UInt32 = 1 << UInt32(k - Extra.first)
    guard h.fields & bit != 0 else { return PlistScan.none }
    return extraValues[Int(h.start) + (h.fields & (bit - 1)).nonzeroBitCount]
  }

  /// Text field `k` of `e` (``value(_:_:)``), or nil.
  @inline(__always) public func text(_ e: Entry, _ k: Int) -> Text? {
    let v = value(e, k)
    return v == PlistScan.none
      ? nil : Text(offset: UInt32(truncatingIfNeeded: v >> 32), count: UInt32(truncatingIfNeeded: v))
  }
}
