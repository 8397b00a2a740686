import Foundation

/// What a splicing writer needs of one entry of the data file: where it sorts,
/// what it adds to the badge, and the notifications it wants a slot for.
struct EntryFacts {
  var id: UUID
  /// `sortDeadline` as seconds since 2001: the order of the file (``TodoItem/byDeadline(_:_:)``).
  var sortKey: Double
  /// The deadline of a pending item (the badge index holds these), else NaN.
  var pendingDeadline: Double
  /// The instants of its undelivered notifications (deadline, warning, reminder), NaN for none.
  var fires: (Double, Double, Double)
  /// The instants of its undelivered alerts (``TodoItem/undeliveredAlerts``), soonest first.
  var alertFires: [Double] = []
  /// Its parent's UID as the writer spells it (escaped), if it has one (SPEC 9).
  var parent: [UInt8]? = nil

  /// The facts of an entry as the scan holds it (``PlistScan``'s rules, which are ``TodoItem``'s).
  init(id: UUID, _ e: PlistScan.Entry, _ x: PlistScan.Extra) {
    self.id = id
    @inline(__always) func since2001(_ t: Int64?) -> Double {
      t.map { Double($0) - Date.timeIntervalBetween1970AndReferenceDate } ?? .nan
    }
    sortKey = since2001(e.sortKey)
    pendingDeadline = e.isPending && e.deadline != PlistScan.none ? since2001(e.deadline) : .nan
    fires = (
      since2001(PlistScan.undeliveredDeadline(e, x)), since2001(PlistScan.undeliveredWarning(e, x)),
      since2001(PlistScan.undeliveredReminder(e, x))
    )
  }

  /// The facts of `item`, by the rules of ``TodoItem`` and the writer's order.
  init(_ item: TodoItem) {
    id = item.id
    sortKey = item.sortDeadline.timeIntervalSinceReferenceDate
    pendingDeadline = item.isPending ? item.deadline?.timeIntervalSinceReferenceDate ?? .nan : .nan
    fires = (
      item.undeliveredDeadline?.timeIntervalSinceReferenceDate ?? .nan,
      item.undeliveredWarning?.timeIntervalSinceReferenceDate ?? .nan,
      item.undeliveredReminder?.timeIntervalSinceReferenceDate ?? .nan
    )
    parent = item.parent.map(Self.spelled)
    alertFires = item.undeliveredAlerts.map(\.timeIntervalSinceReferenceDate)
  }

  /// A parent's UID as the writer spells it in an entry (``CanonicalEntry`` compares bytes).
  static func spelled(_ uid: String) -> [UInt8] {
    var out: [UInt8] = []
    PlistCodec.appendEscaped(uid, to: &out)
    return out
  }
}

/// Recognises an entry of `todoItems` that is byte for byte what
/// ``ByteWriter/entry(_:)`` writes for the item it reads as, without building
/// the item: the common shape only (a plain title, the known fields in the
/// writer's order, every value in the writer's spelling). It must never accept
/// bytes that read back as an item the writer would spell differently, or a
/// splice would leave a file the full writer would not have written; anything
/// it is unsure of is ``Outcome/other`` and is checked the slow way
/// (``SpliceScan``: read the entry, write it again, compare).
struct CanonicalEntry {
  enum Outcome {
    /// A canonical entry of `length` bytes.
    case entry(EntryFacts, length: Int)
    /// The input ended inside the entry: more is needed to tell.
    case short
    /// Not the common shape (perhaps canonical still, perhaps not).
    case other
  }

  let p: UnsafePointer<UInt8>
  let n: Int
  var i = 0
  var short = false
  /// The buffer of the entry's ``PlistScan/Extra`` (``PlistScan/Extra/reused()``).
  var spare = PlistScan.Extra()

  /// Checks the entry at `p` (`n` bytes available).
  static func check(_ p: UnsafePointer<UInt8>, count n: Int) -> Outcome {
    var spare = PlistScan.Extra()
    return check(p, count: n, reusing: &spare)
  }

  /// Checks the entry at `p`, its ``PlistScan/Extra`` built in `spare`'s buffer (one for every entry).
  static func check(_ p: UnsafePointer<UInt8>, count n: Int, reusing spare: inout PlistScan.Extra) -> Outcome
  {
    var c = CanonicalEntry(p: p, n: n, spare: spare.reused())
    defer { swap(&spare, &c.spare) }
    guard let facts = c.entry() else { return c.short ? .short : .other }
    return .entry(facts, length: c.i)
  }

  // The fields after the title in the writer's order (``PlistScan/keys``, from the field table).
  private mutating func entry() -> EntryFacts? {
    guard lit("\t\t<key>") else { return nil }
    let first = i
    guard let id = uuid(), lit(PlistScan.uuidHead) else { return nil }
    // The UUID field: the key's very bytes.
    guard i + 36 <= n else {
      short = true
      return nil
    }
    guard memcmp(p + i, p + first, 36) == 0 else { return nil }
    i += 36
    guard lit(PlistScan.titleHead), title(), lit("</string>") else { return nil }
    // The values as the scan keeps them: plain values, no item built.
    var e = PlistScan.Entry(hi: 0, lo: 0, start: 0)
    var x = spare.reused()
    defer { swap(&spare, &x) }
    var parent: Range<Int>? = nil
    var anchors: [ItemAlert.Anchor] = []
    var alertFires: [Double] = []
    var set: UInt64 = 0  // the fields read (bit ``ItemField/index``)
    var adopt: UInt64 = 0  // what the kept text holds to adopt
    for key in PlistScan.keys {
      guard lit(key.text, key.count) else { continue }
      let f = key.field
      set |= 1 << UInt64(truncatingIfNeeded: f)
      switch key.kind {
      case .date:
        guard let d = date() else { return nil }
        _ = PlistScan.keep(d, field: f, &e, &x, PlistScan.named)
      case .integer:
        guard let v = integer() else { return nil }
        // `warn` is read from an older file, never written (the early warning is an alert).
        guard f != ItemField.warn.index else { return nil }
        x[f] = Int64(v)
      case .flag:
        guard lit("<true/>") else { return nil }
        x[f] = 1
      case .text, .lines:
        let from = i
        guard string(lineFeeds: key.kind == .lines) else { return nil }
        // The parent's bytes between <string> and </string>: a change asks for the subtasks (SPEC 9).
        if f == ItemField.parent.index { parent = (from + 8)..<(i - 9) }
        // A parent still in the kept text (a file from before SPEC 9): the slow check reads it.
        // VALARMs of before the alerts (issue 36) are alerts that want slots: the slow check
        // reads the item, upgraded. The reminder's own VALARM, kept once upgraded, is none.
        if f == ItemField.icalExtra.index {
          let kept = UnsafeBufferPointer(start: p + from + 8, count: i - 9 - from - 8)
          if TodoItem.keepsParent(kept) { return nil }
          // A field's line (a start's kept form) counts only when the field is not read after
          // it (the writer puts `start` after `icalExtra`): told at the entry's end.
          if Self.holdsAlarm(kept) {
            adopt = TodoItem.adoptable(kept, hasReminder: x.reminder != PlistScan.none)
            if adopt & TodoItem.alarmToAdopt != 0 { return nil }
          }
        }
      case .texts:
        // Alerts (issue 36): each read in place as the file spells it (``AlertBytes``: the
        // entities stand in no line it reads); one it does not know is the slow check's.
        let isAlerts = f == ItemField.alerts.index
        guard lit("<array>") else { return nil }
        var any = false
        while !lit("</array>") {
          let from = i + 8
          guard !short, string(lineFeeds: isAlerts) else { return nil }
          any = true
          if isAlerts {
            guard let a = AlertBytes.anchor(UnsafeBufferPointer(start: p + from, count: i - 9 - from)) else {
              return nil
            }
            anchors.append(a)
          }
        }
        // A list of texts as the writer spells it: never empty (it writes no key for an empty
        // list; `<array/>` reads as none, and would be written as none).
        guard any else { return nil }
      case .uuid:
        return nil  // left to the slow check
      }
    }
    // The writer always writes `created`.
    guard e.created != PlistScan.none else { return nil }
    guard adopt & ~set == 0 else { return nil }  // a field to adopt: the slow check upgrades it
    // Unknown keys (kept values) are left to the slow check.
    guard lit("</dict>\n") else { return nil }
    PlistScan.flag(&e, x, PlistScan.named)
    if !anchors.isEmpty {
      let fires = AlertBytes.fires(
        anchors, deadline: e.deadline, start: x[ItemField.start.index],
        notified: x[ItemField.notifiedAlert.index], pending: e.isPending)
      x[ItemField.warn.index] = fires.warn
      alertFires = fires.alerts.map { Double($0) - Date.timeIntervalBetween1970AndReferenceDate }
    }
    var facts = EntryFacts(id: id, e, x)
    facts.alertFires = alertFires
    if let r = parent { facts.parent = Array(UnsafeBufferPointer(start: p + r.lowerBound, count: r.count)) }
    return facts
  }

  /// Whether kept text holds a VALARM.
  static func holdsAlarm(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = text.baseAddress else { return false }
    var k = 0
    while k + 12 <= text.count, let hit = memchr(base + k, 0x42, text.count - 11 - k) {  // each `B`
      k = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
      if memcmp(base + k, "BEGIN:VALARM", 12) == 0 { return true }
      k += 1
    }
    return false
  }

  /// Matches the bytes of `s` and moves past them.
  private mutating func lit(_ s: [UInt8]) -> Bool {
    s.withUnsafeBufferPointer { lit($0.baseAddress!, $0.count) }
  }

  /// Matches `s` and moves past it.
  private mutating func lit(_ s: StaticString) -> Bool { lit(s.utf8Start, s.utf8CodeUnitCount) }

  /// Matches the `k` bytes at `s` and moves past them.
  private mutating func lit(_ s: UnsafePointer<UInt8>, _ k: Int) -> Bool {
    guard i + k <= n else {
      short = true
      return false
    }
    // The first eight bytes at once: most tries of an optional key fail there.
    if k >= 8 {
      guard
        UnsafeRawPointer(p + i).loadUnaligned(as: UInt64.self)
          == UnsafeRawPointer(s).loadUnaligned(as: UInt64.self),
        k == 8 || memcmp(p + i + 8, s + 8, k - 8) == 0
      else { return false }
    } else {
      guard memcmp(p + i, s, k) == 0 else { return false }
    }
    i += k
    return true
  }

  /// A UUID as the writer spells it: uppercase hex, dashes at 8, 13, 18, 23 (``PlistScan``'s reading).
  private mutating func uuid() -> UUID? {
    guard i + 36 <= n else {
      short = true
      return nil
    }
    guard let (hi, lo) = PlistScan.hexValue.withUnsafeBufferPointer({ PlistScan.Scanner.uuid(p + i, $0) })
    else { return nil }
    i += 36
    var t: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    withUnsafeMutableBytes(of: &t) {
      $0.storeBytes(of: hi.bigEndian, as: UInt64.self)
      $0.storeBytes(of: lo.bigEndian, toByteOffset: 8, as: UInt64.self)
    }
    return UUID(uuid: t)
  }

  /// Text up to `<` as ``PlistCodec/appendEscaped(_:to:keepingLineFeeds:)``
  /// writes it: `&`, `<`, `>` as the three entities (CR as `&#13;` where line
  /// feeds are kept), no other entity, no character XML cannot hold, valid UTF-8
  /// (each non-ASCII character read by the standard library's parser where it
  /// stands), no C1 control, U+FFFE or U+FFFF (the writer replaces them).
  /// Gives the length in bytes of the text it stands for and whether that is all spaces.
  private mutating func text(lineFeeds: Bool) -> (length: Int, blank: Bool)? {
    var j = i
    var length = 0
    var blank = true
    typealias Word = PlistScan.Word
    let spaces = Word.ones &* 32
    let found: Bool? = Self.classes.withUnsafeBufferPointer { cls in
      @inline(__always) func entity(_ s: StaticString) -> Bool {
        let k = s.utf8CodeUnitCount
        return j + k <= n && memcmp(p + j, s.utf8Start, k) == 0
      }
      while j < n {
        // Eight plain bytes at a time (printable ASCII but `&`, `<`, `>`); else
        // straight to the first byte that is not (each test is exact in its lowest byte).
        if n - j >= 8 {
          let w = UInt64(littleEndian: UnsafeRawPointer(p + j).loadUnaligned(as: UInt64.self))
          let odd =
            w & Word.highs | Word.below0x20(w) | Word.has(w, 0x7F) | Word.has(w, 38) | Word.has(w, 60)
            | Word.has(w, 62)
          let plain = odd == 0 ? 8 : odd.trailingZeroBitCount >> 3
          if plain > 0 {
            let mask: UInt64 = plain == 8 ? ~0 : (1 << UInt64(plain * 8)) - 1
            if (w ^ spaces) & mask != 0 { blank = false }
            length += plain
            j += plain
            continue
          }
        }
        switch cls[Int(p[j])] {
        case 0:
          blank = false
        case 1:
          break
        case 2:  // '&'
          if entity("&amp;") || (lineFeeds && entity("&#13;")) {
            j += 5
          } else if entity("&lt;") || entity("&gt;") {
            j += 4
          } else {
            if j + 5 > n { return nil }
            return false
          }
          length += 1
          blank = false
          continue
        case 3:  // '<': the end
          return true
        case 5 where lineFeeds:
          blank = false
        case 6:
          var bytes = UnsafeBufferPointer(start: p + j, count: n - j).makeIterator()
          var parser = Unicode.UTF8.ForwardParser()
          guard case .valid(let scalar) = parser.parseScalar(from: &bytes) else {
            return n - j < 4 ? nil : false  // cut short, or not UTF-8
          }
          let v = UTF8.decode(scalar).value
          guard !(0x80...0x9F).contains(v), v != 0xFFFE, v != 0xFFFF else { return false }
          blank = false
          length += scalar.count
          j += scalar.count
          continue
        default:
          return false
        }
        length += 1
        j += 1
      }
      return nil
    }
    guard let found else {
      short = true
      return nil
    }
    guard found else { return nil }
    i = j
    return (length, blank)
  }

  /// What each byte is in text: 0 printable ASCII (not space, `&`, `<`, `>`),
  /// 1 space, 2 `&`, 3 `<`, 4 never written as it is (`>`, controls, DEL),
  /// 5 tab or line feed, 6 part of a non-ASCII character.
  static let classes: [UInt8] = (0..<256).map { b -> UInt8 in
    switch b {
    case 32: return 1
    case 38: return 2
    case 60: return 3
    case 9, 10: return 5
    case 62, 0..<32, 127: return 4
    case 128...: return 6
    default: return 0
    }
  }

  /// A title the reader keeps as it is (``Title/isClean(_:)``): 1 to 200 bytes, not all spaces.
  private mutating func title() -> Bool {
    guard let t = text(lineFeeds: false) else { return false }
    return t.length >= 1 && t.length <= Title.maxLength && !t.blank
  }

  /// `<string>…</string>`; an empty one as the writer spells it, `<string></string>`.
  private mutating func string(lineFeeds: Bool) -> Bool {
    lit("<string>") && text(lineFeeds: lineFeeds) != nil && lit("</string>")
  }

  /// `<integer>N</integer>`: no sign but a minus, no leading zero, no `-0`, at most 18 digits.
  private mutating func integer() -> Int? {
    guard lit("<integer>") else { return nil }
    let negative = i < n && p[i] == 45
    if negative { i += 1 }
    let start = i
    var v = 0
    while i < n, p[i] >= 48, p[i] <= 57 {
      v = v * 10 + Int(p[i] - 48)
      i += 1
      if i - start > 18 { return nil }
    }
    let digits = i - start
    guard digits > 0, !(digits > 1 && p[start] == 48), !(negative && v == 0) else {
      if i >= n { short = true }
      return nil
    }
    guard lit("</integer>") else { return nil }
    return negative ? -v : v
  }

  /// `<date>YYYY-MM-DDTHH:MM:SSZ</date>`, a real date of the years 1 to 9999
  /// (``PlistScan``'s reading: the writer's only spelling of it).
  private mutating func date() -> Int64? {
    guard i + 33 <= n else {
      short = true
      return nil
    }
    let t = PlistScan.Scanner.date(p + i)
    guard t != PlistScan.none else { return nil }
    i += 33
    return t
  }
}
