import Foundation

// The writers of ``ScanOutput``: bytes into one buffer without Array's checks,
// deadline phrases and ISO dates formatted once per local minute and day.
extension ScanOutput {
  /// The human lines of `list` (SPEC 2), in pieces of about 64 KiB to `sink`; returns how many.
  @discardableResult
  public static func lines(
    _ scan: PlistScan, shown: Shown, now: Date, formatter: DueFormatter, colour: Bool,
    listNames: [[UInt8]]? = nil, to sink: (UnsafeBufferPointer<UInt8>) -> Void
  ) -> Int {
    var count = 0
    let t = Int64(now.timeIntervalSince1970.rounded(.down))
    let plan = ScanPlan(scan, now: t)
    var phrases = Phrases(formatter)
    defer { phrases.release() }
    // The columns: the widest phrase, the marks some line has.
    var width = 0
    var used: ItemMarks = []
    let every: ItemMarks = [.reminder, .warning, .repeats, .noSlot]
    scan.entries.withUnsafeBufferPointer { entries in
      for k in entries.indices where shown.contains(entries[k]) {
        let e = entries[k]
        if e.deadline != PlistScan.none {
          let p = phrases.phrase(e.deadline)
          width = max(width, p.day.count + p.clock.count)
        }
        if used != every { used.formUnion(plan.marks(scan, e, k)) }
      }
    }
    let ids = scan.entries.withUnsafeBufferPointer { e in
      ShortIDs(count: e.count) { ShortIDs.Key(hi: e[$0].hi, lo: e[$0].lo) }
    }
    let glyphs = ListOutput.glyphBytes.filter { used.contains($0.0) }
    let red = ListOutput.red
    let dim = ListOutput.dim
    let reset = ListOutput.reset
    let completedGlyph = Self.completedGlyph
    let cancelledGlyph = Self.cancelledGlyph
    var out = OutBuffer(capacity: 1 << 16)
    defer { out.release() }
    // Subtasks under their parents (SPEC 9), when some entry has a parent here.
    let tree = Self.tree(scan, shown: shown)
    scan.text.withUnsafeBufferPointer { text in
      scan.entries.withUnsafeBufferPointer { entries in
        for r in 0..<(tree?.rows.count ?? entries.count) {
          let (k, depth) = tree.map { (Int($0.rows[r].index), Int($0.rows[r].depth)) } ?? (r, 0)
          guard tree != nil || shown.contains(entries[k]) else { continue }
          let e = entries[k]
          count += 1
          let title = UnsafeBufferPointer(
            start: text.baseAddress! + Int(e.title.offset), count: Int(e.title.count))
          // The fields of SPEC 8 (priority, tags, note, progress), when the row shows some.
          let marks = e.hasRowMarks
          out.room(256 + 3 * title.count + (marks ? Self.marksRoom(scan, e) : 0), sink)
          // The short id: the UUID's first 8 hex digits, lowercase, or more where shared.
          let key = ShortIDs.Key(hi: e.hi, lo: e.lo)
          let n = ids.length(key)
          if n == ShortIDs.digits {
            for s in stride(from: 60, through: 32, by: -4) {
              out.byte(ListOutput.hex[Int((e.hi >> UInt64(s)) & 15)])
            }
          } else {
            ShortIDs.append(key, count: n, to: { out.byte($0) })
          }
          for _ in n..<ids.width + 2 { out.byte(32) }
          let late = e.isOverdue(at: t)
          let done = !e.isPending
          // Dimmed: done, or with colour not started yet (SPEC 8), as ListOutput's rows.
          let dimmed = done || (colour && scan.value(e, scan.named.start) > t)
          if colour && late { out.put(red) }
          if colour && dimmed { out.put(dim) }
          if e.cancelled {
            out.put(cancelledGlyph)
          } else if e.isCompleted {
            out.put(completedGlyph)
          } else if late {
            out.byte(33)  // !
          } else {
            out.byte(32)
          }
          if !glyphs.isEmpty {
            let marks = plan.marks(scan, e, k)
            for (mark, glyph) in glyphs {
              if marks.contains(mark) { out.put(glyph) } else { out.byte(32) }
            }
          }
          out.byte(32)
          var pad = width
          if e.deadline != PlistScan.none {
            let p = phrases.phrase(e.deadline)
            out.bytes(p.day.baseAddress!, p.day.count)
            out.bytes(p.clock.baseAddress!, p.clock.count)
            pad -= p.day.count + p.clock.count
          }
          while pad > 0 {
            out.byte(32)
            pad -= 1
          }
          if colour && late { out.put(reset) }
          out.byte(32)
          out.byte(32)
          // A subtask's indent (SPEC 9), then the priority (SPEC 8): as the general path writes them.
          if depth > 0 {
            out.room(2 * depth + 3 * title.count + 64 + (marks ? Self.marksRoom(scan, e) : 0), sink)
          }
          for _ in 0..<(2 * depth) { out.byte(32) }
          if marks { Self.putPriority(scan, e, &out) }
          if e.plainTitle {
            out.bytes(title.baseAddress!, title.count)
          } else {
            var safe = Title.displaySafe(String(decoding: title, as: UTF8.self))
            safe.withUTF8 {
              out.room($0.count + 16 + (marks ? Self.marksRoom(scan, e) : 0), sink)
              out.bytes($0.baseAddress!, $0.count)
            }
          }
          if let t = tree, t.all[k] > 0 {
            out.room(32 + (marks ? Self.marksRoom(scan, e) : 0), sink)
            out.byte(32)
            out.byte(91)  // " ["
            out.decimal(Int64(t.done[k]))
            out.byte(47)  // /
            out.decimal(Int64(t.all[k]))
            out.byte(93)  // ]
          }
          if marks { Self.putFieldMarks(scan, e, colour: colour, dimmed: dimmed, &out) }
          // Its list, when the rows come from several (as ListOutput writes it: "  [Work]").
          if let names = listNames {
            let name = names[Int(e.list)]
            out.room(name.count + 16, sink)
            if colour && !dimmed { out.put(dim) }
            out.put(name)
            if colour && !dimmed { out.put(reset) }
          }
          if colour && dimmed { out.put(reset) }
          // No trailing blanks when a someday item is the widest thing on its line.
          while out.count > 0 && out.base[out.count - 1] == 32 { out.count -= 1 }
          out.byte(10)
        }
      }
    }
    out.flush(sink)
    return count
  }

  static let completedGlyph = Array(ItemMarks.completedGlyph.utf8)
  static let cancelledGlyph = Array(ItemMarks.cancelledGlyph.utf8)

  /// ``DueFormatter/appendPhrase(_:to:)`` in two pieces, each made by the
  /// formatter once: the day's part for the last local day asked, the clock
  /// for each minute of the day.
  struct Phrases {
    let f: DueFormatter
    var day = Int.min
    var scratch: [UInt8] = []
    /// The day's part, then at 32 + 16 m the clock of minute m (its length in `clockCount`).
    let text = UnsafeMutablePointer<UInt8>.allocate(capacity: 32 + 16 * 1440)
    var dayCount = 0
    var clockCount = [UInt8](repeating: 0, count: 1440)

    init(_ f: DueFormatter) { self.f = f }

    func release() { text.deallocate() }

    /// The phrase of `t` (seconds since 1970), valid until the next call.
    mutating func phrase(_ t: Int64) -> (day: UnsafeBufferPointer<UInt8>, clock: UnsafeBufferPointer<UInt8>) {
      let local = Int(t) + f.offsetSeconds(Date(timeIntervalSince1970: TimeInterval(t)))
      let d = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
      let m = (local - d * 86_400) / 60
      if d != day {
        day = d
        scratch.removeAll(keepingCapacity: true)
        f.appendDay(d, to: &scratch)
        dayCount = min(scratch.count, 32)
        scratch.withUnsafeBufferPointer { text.update(from: $0.baseAddress!, count: dayCount) }
      }
      if clockCount[m] == 0 {
        scratch.removeAll(keepingCapacity: true)
        f.appendClock(hour: m / 60, minute: m % 60, to: &scratch)
        clockCount[m] = UInt8(min(scratch.count, 16))
        scratch.withUnsafeBufferPointer {
          (text + 32 + 16 * m).update(from: $0.baseAddress!, count: Int(clockCount[m]))
        }
      }
      return (
        UnsafeBufferPointer(start: text, count: dayCount),
        UnsafeBufferPointer(start: text + 32 + 16 * m, count: Int(clockCount[m]))
      )
    }
  }

  /// ``ItemJSON``'s dates ("2026-11-23T09:00:00+01:00", local time), the day's
  /// part kept for the last local day asked.
  struct ISODates {
    let f: DueFormatter
    var day = Int.min
    /// The year's four digits and the month's and day's two, of `day`.
    var dayText: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)
    var monthDay: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0)

    init(_ f: DueFormatter) { self.f = f }

    mutating func put(_ t: Int64, _ out: inout OutBuffer) {
      guard t != PlistScan.none else { return out.put("null") }
      let date = Date(timeIntervalSince1970: TimeInterval(t))
      let off = f.offsetSeconds(date)
      let local = Int(t) + off
      let d = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
      let secs = local - d * 86_400
      out.byte(34)
      if d != day {
        let (y, m, dd) = CivilDays.civil(d)
        guard y >= 1000 && y <= 9999 else {
          // ItemJSON's way for the rare short year.
          var text: [UInt8] = []
          ItemJSON.digits(y, 4, &text)
          out.put(text)
          out.byte(45)
          out.two(m)
          out.byte(45)
          out.two(dd)
          out.byte(84)  // T
          return time(secs, off, &out)
        }
        day = d
        dayText = (
          UInt8(48 + y / 1000), UInt8(48 + y / 100 % 10), UInt8(48 + y / 10 % 10), UInt8(48 + y % 10)
        )
        monthDay = (UInt8(48 + m / 10), UInt8(48 + m % 10), UInt8(48 + dd / 10), UInt8(48 + dd % 10))
      }
      out.byte(dayText.0)
      out.byte(dayText.1)
      out.byte(dayText.2)
      out.byte(dayText.3)
      out.byte(45)
      out.byte(monthDay.0)
      out.byte(monthDay.1)
      out.byte(45)
      out.byte(monthDay.2)
      out.byte(monthDay.3)
      out.byte(84)  // T
      time(secs, off, &out)
    }

    /// "HH:MM:SS" and the offset ("Z", "+01:00"), then the closing quote.
    func time(_ secs: Int, _ off: Int, _ out: inout OutBuffer) {
      out.two(secs / 3600)
      out.byte(58)
      out.two(secs % 3600 / 60)
      out.byte(58)
      out.two(secs % 60)
      if off == 0 {
        out.byte(90)  // Z
      } else {
        let a = abs(off) / 60
        out.byte(off < 0 ? 45 : 43)
        out.two(a / 60)
        out.byte(58)
        out.two(a % 60)
      }
      out.byte(34)
    }
  }
}
