import Foundation

// The scanner of ``PlistScan``: the header, each entry, the tail, over a window
// of the file that may end anywhere (it then asks for more and starts the
// unfinished entry again).
extension PlistScan {
  enum Step {
    case done(PlistScan)
    case decline
    /// Needs the bytes from this index of the window on, and more after them.
    case more(upTo: Int)
  }

  enum EntryStep {
    case ok(Int)
    case decline
    case more
  }

  /// A key an entry may hold after its title (``ItemField/stored``, in the
  /// writer's order), as it stands in the file: `<key>NAME</key>`.
  struct Key: @unchecked Sendable {
    /// Its number in ``ItemField/all``.
    var field: Int
    var kind: ItemField.Kind
    /// Its value is kept (``PlistScan/keeps(_:)``), not only checked.
    var kept: Bool
    /// A row of `list` shows a mark for it (SPEC 8: note, priority, tags, progress).
    var marksRow: Bool
    /// Its bytes (kept for the life of the program: plain values, no reference counting in the scan).
    var text: UnsafePointer<UInt8>
    var count: Int
    /// The first eight bytes, as one word: most tries of a key fail there.
    var word: UInt64
  }

  /// The keys after the title, in the writer's order, made from the field table.
  static let keys: [Key] = (ItemField.titleIndex + 1..<ItemField.all.count).map { k in
    let text = Array("<key>".utf8) + Array(ItemField.all[k].keyBytes) + Array("</key>".utf8)
    let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: text.count)
    bytes.initialize(from: text, count: text.count)
    let word = UnsafeRawPointer(bytes).loadUnaligned(as: UInt64.self)
    let f = ItemField.all[k]
    return Key(
      field: k, kind: f.kind, kept: PlistScan.keeps(f), marksRow: rowMarkFields.contains(k),
      text: UnsafePointer(bytes), count: text.count, word: word)
  }
  /// The fields a row of `list` shows a mark for (``ListOutput``'s `appendPriority` and `appendFieldMarks`).
  static let rowMarkFields: Set<Int> = [
    ItemField.noteIndex, ItemField.priorityIndex, ItemField.tagsIndex, ItemField.progressIndex,
  ]
  /// Keeps date `d` of field `f` where the scan keeps it: `deadline` and
  /// `created` in the entry, the others in its Extra (then true).
  @inline(__always) static func keep(_ d: Int64, field f: Int, _ e: inout Entry, _ x: inout Extra) -> Bool {
    switch f {
    case ItemField.deadlineIndex: e.deadline = d
    case ItemField.createdIndex: e.created = d
    default:
      x[f] = d
      return true
    }
    return false
  }

  /// Sets the entry's flags from its fields: completed, cancelled.
  @inline(__always) static func flag(_ e: inout Entry, _ x: Extra) {
    if x.completed != PlistScan.none { e.flags |= Entry.completedFlag }
    if x[ItemField.cancelledIndex] != PlistScan.none { e.flags |= Entry.cancelledFlag }
  }

  /// The longest key: a valid entry has at least that many bytes after any key's start.
  static let longestKey = keys.map(\.count).max()!

  /// `</key><dict><key>UUID</key><string>`: between an entry's key and its UUID field.
  static let uuidHead =
    Array("</key><dict><key>".utf8) + Array(ItemField.all[ItemField.idIndex].keyBytes)
    + Array("</key><string>".utf8)
  /// `</string><key>title</key><string>`: between the UUID field and the title.
  static let titleHead =
    Array("</string><key>".utf8) + Array(ItemField.all[ItemField.titleIndex].keyBytes)
    + Array("</key><string>".utf8)

  /// Eight bytes at a time (SWAR): each test is nonzero when some byte of the word passes it.
  enum Word {
    static let ones: UInt64 = 0x0101_0101_0101_0101
    static let highs: UInt64 = 0x8080_8080_8080_8080
    /// Some byte is `b`.
    @inline(__always) static func has(_ w: UInt64, _ b: UInt8) -> UInt64 {
      let x = w ^ (UInt64(b) &* ones)
      return (x &- ones) & ~x & highs
    }
    /// Some byte is below 0x20 (a control character).
    @inline(__always) static func below0x20(_ w: UInt64) -> UInt64 { (w &- 0x20 &* ones) & ~w & highs }
  }

  /// Hex digit values; 0xFF for any other byte (uppercase only, as the writer writes).
  static let hexValue: [UInt8] = (0..<256).map { c in
    switch c {
    case 48...57: return UInt8(c - 48)
    case 65...70: return UInt8(c - 55)
    default: return 0xFF
    }
  }

  struct Scanner {
    var out = PlistScan()
    var inEntries = false
    var last: (key: Int64, hi: UInt64, lo: UInt64)? = nil
    let hex = PlistScan.hexValue
    let keys = PlistScan.keys
    let longestKey = PlistScan.longestKey
    let uuidHead = PlistScan.uuidHead
    let titleHead = PlistScan.titleHead

    /// The entries by UUID: an open-addressing table of (a 32-bit fingerprint of
    /// the UUID, the entry's number + 1); 0 is a free slot. The fingerprint
    /// spares most probes a look at the entry (a cache miss each, a tenth of
    /// `list` at 10,000 items when the table held numbers only).
    var slots: [UInt64]
    /// The deadlines come in order: most share the day of the one before.
    var deadlines = DayCache()

    /// Notes are kept (`list --json`), else checked only (``PlistScan/scan(fd:size:chunk:notes:)``).
    let notes: Bool

    init(expected size: Int, notes: Bool = true) {
      self.notes = notes
      // About 300 bytes an entry as the writer writes them.
      let n = min(size / 256, 1 << 20)
      out.entries.reserveCapacity(n)
      out.text.reserveCapacity(size / 4)  // titles, and notes where there are some
      var count = 1024
      while 3 * count < 4 * n { count *= 2 }
      slots = [UInt64](repeating: 0, count: count)
    }

    /// False when an entry before has this UUID (the general reader refuses the file).
    mutating func firstTime(_ hi: UInt64, _ lo: UInt64) -> Bool {
      if 4 * out.entries.count >= 3 * slots.count {
        slots = [UInt64](repeating: 0, count: slots.count * 2)
        for k in out.entries.indices { _ = place(out.entries[k].hi, out.entries[k].lo, k) }
      }
      return place(hi, lo, out.entries.count)
    }

    /// Puts entry `k` in the table unless its UUID is there already.
    mutating func place(_ hi: UInt64, _ lo: UInt64, _ k: Int) -> Bool {
      let mask = slots.count - 1
      // Mixed: UUIDs need not be random (a test's counter, a derived one).
      let mixed = ((hi &* 0x9E37_79B9_7F4A_7C15) ^ lo) &* 0xBF58_476D_1CE4_E5B9
      var h = Int(truncatingIfNeeded: mixed >> 32) & mask
      let print = mixed << 32
      return slots.withUnsafeMutableBufferPointer { table in
        while true {
          let s = table[h]
          if s == 0 {
            table[h] = print | UInt64(k + 1)
            return true
          }
          if s & 0xFFFF_FFFF_0000_0000 == print {
            let e = Int(s & 0xFFFF_FFFF) - 1
            if out.entries[e].hi == hi && out.entries[e].lo == lo { return false }
          }
          h = (h + 1) & mask
        }
      }
    }

    /// Takes what it can of `p[from..<count]` (file offset of `p[0]`: `base`).
    mutating func feed(_ p: UnsafePointer<UInt8>, base: Int, from: Int, count n: Int, eof: Bool) -> Step {
      var i = from
      if !inEntries {
        let h = PlistScan.header
        guard n - i >= h.count else { return eof ? .decline : .more(upTo: i) }
        guard memcmp(p + i, h, h.count) == 0 else { return .decline }
        i += h.count
        out.itemsStart = base + i
        inEntries = true
      }
      while true {
        guard n - i >= 2 else { return eof ? .decline : .more(upTo: i) }
        if p[i] == 9 && p[i + 1] == 9 {
          let mark = out.text.count
          switch entry(p, i, n, base) {
          case .ok(let next): i = next
          case .decline: return .decline
          case .more:
            out.text.removeSubrange(mark...)
            return eof ? .decline : .more(upTo: i)
          }
          continue
        }
        let t = PlistScan.tail
        guard n - i >= t.count, eof else { return eof ? .decline : .more(upTo: i) }
        guard n - i == t.count, memcmp(p + i, t, t.count) == 0 else { return .decline }
        out.itemsEnd = base + i
        out.size = base + n
        return .done(out)
      }
    }

    /// One entry from `p[i]`, its two tabs.
    mutating func entry(_ p: UnsafePointer<UInt8>, _ i: Int, _ n: Int, _ base: Int) -> EntryStep {
      // \t\t<key>UUID</key><dict><key>UUID</key><string>UUID</string><key>title</key><string>
      let uuidAt = i + 43 + uuidHead.count
      let titleAt = uuidAt + 36 + titleHead.count
      guard n - i > titleAt - i else { return .more }
      guard memcmp(p + i + 2, "<key>", 5) == 0,
        memcmp(p + i + 43, uuidHead, uuidHead.count) == 0,
        memcmp(p + uuidAt + 36, titleHead, titleHead.count) == 0,
        memcmp(p + i + 7, p + uuidAt, 36) == 0,
        let id = hex.withUnsafeBufferPointer({ Self.uuid(p + i + 7, $0) })
      else { return .decline }
      let (hi, lo) = id
      var e = Entry(hi: hi, lo: lo, start: base + i)
      var x = Extra()
      var extra = false
      var j = titleAt
      // The title.
      switch text(p, &j, n, lineFeeds: false) {
      case .more: return .more
      case .decline: return .decline
      case .ok(let t, let ascii):
        guard Self.cleanTitle(out.text, t, ascii: ascii) else { return .decline }
        e.title = t
        if !ascii { e.flags &= ~Entry.plain }
      }
      // The other keys, in the writer's order, none twice.
      var next = 0
      while true {
        guard n - j >= 8 else { return .more }
        if memcmp(p + j, "</dict>\n", 8) == 0 {
          j += 8
          break
        }
        guard n - j >= longestKey else { return .more }
        let word = UnsafeRawPointer(p + j).loadUnaligned(as: UInt64.self)
        var k = next
        while k < keys.count {
          let t = keys[k]
          if t.word == word && memcmp(p + j + 8, t.text + 8, t.count - 8) == 0 { break }
          k += 1
        }
        guard k < keys.count else { return .decline }
        let key = keys[k]
        j += key.count
        next = k + 1
        let f = key.field
        switch key.kind {
        case .date:
          guard n - j >= 33 else { return .more }
          let d = f == ItemField.deadlineIndex ? deadlines.date(p + j) : Self.date(p + j)
          guard d != PlistScan.none else { return .decline }
          j += 33
          if PlistScan.keep(d, field: f, &e, &x) { extra = true }
        case .integer:
          guard n - j >= 38 else { return .more }
          guard let v = Self.integer(p, &j) else { return .decline }
          guard f != ItemField.warnIndex || v >= 0 else { return .decline }  // the general reader refuses it
          x[f] = v
          extra = true
          if key.marksRow { e.flags |= Entry.rowMarksFlag }
        case .flag:
          guard n - j >= 7 else { return .more }
          guard memcmp(p + j, "<true/>", 7) == 0 else { return .decline }
          j += 7
          x[f] = 1
          extra = true
        case .text, .lines:
          let lineFeeds = key.kind == .lines
          let mark = out.text.count
          // Long text that is kept but not wanted now (a note, for `list`'s rows): checked only.
          let copy = !lineFeeds || notes || f == ItemField.icalExtraIndex
          switch string(p, &j, n, lineFeeds: lineFeeds, copy: copy) {
          case .more: return .more
          case .decline: return .decline
          case .ok(let t, _):  // UTF-8, checked by `text`
            extra = true
            if key.marksRow { e.flags |= Entry.rowMarksFlag }
            if f == ItemField.icalExtraIndex {
              e.flags |= Entry.icalExtraFlag
              let kept = out.withText(t) { String(decoding: $0, as: UTF8.self) }
              if TodoItem.keepsAdoptableProperties(kept) { e.flags |= Entry.adoptFlag }
            }
            if key.kept {
              x[f] = Int64(t.offset) << 32 | Int64(t.count)
            } else {
              out.text.removeSubrange(mark...)  // checked, not kept: `icalExtra`, which `list` never shows
            }
          }
        case .texts:
          switch texts(p, &j, n) {
          case .more: return .more
          case .decline: return .decline
          case .ok(let t, _):  // UTF-8, checked by `text`
            extra = true
            // An empty list reads as no tags: absent, as the writer has it.
            if t.count > 0 {
              x[f] = Int64(t.offset) << 32 | Int64(t.count)
              if key.marksRow { e.flags |= Entry.rowMarksFlag }
            }
          }
        case .uuid:
          return .decline  // not in any entry after the title: the general reader's
        }
      }
      // The writer always writes `created`; without it the general reader guesses one.
      guard e.created != PlistScan.none else { return .decline }
      // Strictly after the entry before, as the writer sorts, and each UUID once
      // (one UUID may stand in two entries of different deadlines).
      let key = e.sortKey
      if let l = last, !(l.key < key || (l.key == key && (l.hi < hi || (l.hi == hi && l.lo < lo)))) {
        return .decline
      }
      guard firstTime(hi, lo) else { return .decline }
      last = (key, hi, lo)
      guard base + j - e.start < Int(UInt32.max), base + j < Int(UInt32.max) else { return .decline }
      e.length = UInt32(base + j - e.start)
      PlistScan.flag(&e, x)
      if extra {
        e.more = UInt32(out.extras.count)
        out.extras.append(x)
      }
      out.entries.append(e)
      return .ok(j)
    }

    enum TextStep {
      case ok(Text, ascii: Bool)
      case decline
      case more
    }

    /// `<string>…</string>` (the text unescaped into `out.text`) or `<string/>`.
    mutating func string(
      _ p: UnsafePointer<UInt8>, _ j: inout Int, _ n: Int, lineFeeds: Bool, copy: Bool = true
    ) -> TextStep {
      guard n - j >= 9 else { return .more }
      if memcmp(p + j, "<string/>", 9) == 0 {
        j += 9
        return .ok(Text(offset: UInt32(truncatingIfNeeded: out.text.count), count: 0), ascii: true)
      }
      guard memcmp(p + j, "<string>", 8) == 0 else { return .decline }
      j += 8
      return text(p, &j, n, lineFeeds: lineFeeds, copy: copy)
    }

    /// `<array>` of `<string>` (or `<string/>`) to `</array>`, or `<array/>`: the texts
    /// unescaped into `out.text` one after another, each ended by a 0 byte (``Extra``'s packing).
    mutating func texts(_ p: UnsafePointer<UInt8>, _ j: inout Int, _ n: Int) -> TextStep {
      let offset = UInt32(truncatingIfNeeded: out.text.count)
      guard n - j >= 8 else { return .more }
      if memcmp(p + j, "<array/>", 8) == 0 {
        j += 8
        return .ok(Text(offset: offset, count: 0), ascii: true)
      }
      guard memcmp(p + j, "<array>", 7) == 0 else { return .decline }
      j += 7
      var ascii = true
      while true {
        guard n - j >= 9 else { return .more }
        if memcmp(p + j, "</array>", 8) == 0 {
          j += 8
          break
        }
        switch string(p, &j, n, lineFeeds: false) {
        case .more: return .more
        case .decline: return .decline
        case .ok(_, let a):
          ascii = ascii && a
          out.text.append(0)
        }
      }
      guard out.text.count < Int(UInt32.max) else { return .decline }
      return .ok(Text(offset: offset, count: UInt32(out.text.count) - offset), ascii: ascii)
    }

    /// The text from `p[j]` to `</string>`, unescaped into `out.text`. The
    /// writer's escapes only; control characters but for the line feeds and
    /// tabs of long text are refused (the writer never writes them), and so is
    /// what is not UTF-8 (each non-ASCII character checked by the standard
    /// library's parser where it stands: no String built for a note). `copy`
    /// false: checked only (an empty text at the end of `out.text`).
    mutating func text(
      _ p: UnsafePointer<UInt8>, _ j: inout Int, _ n: Int, lineFeeds: Bool, copy: Bool = true
    ) -> TextStep {
      let offset = UInt32(truncatingIfNeeded: out.text.count)
      guard let lt = memchr(p + j, 60, n - j) else { return .more }
      let end = UnsafeRawPointer(lt) - UnsafeRawPointer(p)
      guard n - end >= 9 else { return .more }
      guard memcmp(p + end, "</string>", 9) == 0 else { return .decline }
      var ascii = true
      var k = j
      var run = j
      while k < end {
        // Eight plain bytes at a time: none non-ASCII, a control character, DEL or '&';
        // else straight to the first that is (each test is exact in its lowest byte).
        if end - k >= 8 {
          let w = UInt64(littleEndian: UnsafeRawPointer(p + k).loadUnaligned(as: UInt64.self))
          let found = w & Word.highs | Word.below0x20(w) | Word.has(w, 0x7F) | Word.has(w, 0x26)
          if found == 0 {
            k += 8
            continue
          }
          k += found.trailingZeroBitCount >> 3
        }
        let b = p[k]
        if b >= 0x80 {
          ascii = false
          var bytes = UnsafeBufferPointer(start: p + k, count: end - k).makeIterator()
          var parser = Unicode.UTF8.ForwardParser()
          guard case .valid(let scalar) = parser.parseScalar(from: &bytes) else { return .decline }
          k += scalar.count
          continue
        }
        if b >= 0x20 && b != 0x7F && b != 38 {
          k += 1
          continue
        }
        if b == 38 {
          // The four entities the writer writes, as words (`&amp`, `&lt;`, `&gt;`, `&#13`).
          guard end - k >= 4 else { return .decline }
          let four = UInt32(littleEndian: UnsafeRawPointer(p + k).loadUnaligned(as: UInt32.self))
          let five = end - k >= 5 && p[k + 4] == 59
          let byte: UInt8
          let length: Int
          switch four {
          case Self.amp where five: (byte, length) = (38, 5)
          case Self.lt: (byte, length) = (60, 4)
          case Self.gt: (byte, length) = (62, 4)
          case Self.cr where five && lineFeeds: (byte, length) = (13, 5)
          default: return .decline
          }
          if copy {
            out.text.append(contentsOf: UnsafeBufferPointer(start: p + run, count: k - run))
            out.text.append(byte)
          }
          k += length
          run = k
          continue
        }
        guard lineFeeds && (b == 9 || b == 10) else { return .decline }
        k += 1
      }
      if copy { out.text.append(contentsOf: UnsafeBufferPointer(start: p + run, count: end - run)) }
      let count = out.text.count - Int(offset)
      guard out.text.count < Int(UInt32.max) else { return .decline }
      j = end + 9
      return .ok(Text(offset: offset, count: UInt32(count)), ascii: ascii)
    }

    /// The entities' first four bytes as one little-endian word.
    static let amp = word("&amp")
    static let lt = word("&lt;")
    static let gt = word("&gt;")
    static let cr = word("&#13")
    static func word(_ s: StaticString) -> UInt32 {
      UInt32(littleEndian: UnsafeRawPointer(s.utf8Start).loadUnaligned(as: UInt32.self))
    }

    /// What ``Title/isClean(_:)`` says of the unescaped title.
    static func cleanTitle(_ text: [UInt8], _ t: Text, ascii: Bool) -> Bool {
      guard t.count > 0, t.count <= Title.maxLength else { return false }
      if ascii && text[Int(t.offset)] != 32 { return true }
      return text.withUnsafeBufferPointer { all in
        let b = UnsafeBufferPointer(rebasing: all[Int(t.offset)..<Int(t.offset + t.count)])
        guard b.contains(where: { $0 != 32 }) else { return false }
        if ascii { return true }
        guard let s = String(validating: b, as: UTF8.self) else { return false }
        return Title.isClean(s)
      }
    }

  }
}
