import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The data file read as far as a splicing writer needs it (``Store/commit(wait:env:whileLocked:_:)``):
/// where each entry lies, its UUID and place in the order, what it adds to the
/// badge and to the notification slots, without building the items. An item is
/// built only when a change asks for it.
///
/// A scan exists only for a file that is byte for byte what ``PlistCodec/encode(_:otherRootKeys:chunk:to:)``
/// writes for the items it reads as: the writer's header (current format
/// version, unknown root keys sorted), every entry in the writer's spelling
/// (``CanonicalEntry``, or read and written again and compared), strictly in
/// the writer's order, the writer's footer. Then putting one entry's bytes in
/// or taking them out gives exactly the file the full writer would write.
/// The file is read through a window of a few pages (``Window``), so 100,000
/// items never sit in memory whole.
final class SpliceScan: ItemSource {
  struct Record {
    var id: UUID
    var sortKey: Double
    var start: Int
    var end: Int
    var pendingDeadline: Double
    /// The parent's UID as the entry spells it, if any (``EntryFacts/parent``).
    var parent: [UInt8]? = nil
  }

  let fd: Int32
  let size: Int
  private(set) var records: [Record] = []
  /// Where the footer starts: an entry that sorts last goes here.
  private(set) var entriesEnd = 0
  /// Instants of undelivered notifications, for ``futureCount(after:before:)``.
  private var fires: [Double] = []
  /// Items built so far (those the slow check read, those a change asked for).
  private var built: [UUID: TodoItem] = [:]
  /// The file could not be read while the change was made; thrown after it.
  private(set) var failure: Error? = nil
  /// The root keys of the header besides the version and the items.
  private var headKeys: [String: String] = [:]
  /// The file's lists, from its header (read when a change asks for them).
  var lists: ListBook { (try? ListBook(xml: headKeys[TodoDocument.listsKeyText])) ?? .implicit }

  static let plainHeader: [UInt8] = {
    var w = ByteWriter()
    w.header(otherRootKeys: [:])
    return w.out
  }()
  static let footer: [UInt8] = {
    var w = ByteWriter()
    w.put(PlistCodec.footer)
    return w.out
  }()
  static let itemsKey: [UInt8] = Array("\t<key>\(TodoDocument.itemsKey)</key>\n\t<dict>\n".utf8)

  /// The scan of the open data file `fd` of `size` bytes, or nil when the file
  /// is not exactly what the writer writes (or could not be read).
  init?(fd: Int32, size: Int) {
    self.fd = fd
    self.size = size
    guard size > 0 else { return nil }
    let w = Window(fd: fd, size: size)
    guard (try? scan(w)) == true else { return nil }
  }

  private func scan(_ w: Window) throws -> Bool {
    func has(_ s: [UInt8], at k: Int) -> Bool {
      k >= w.origin && k + s.count <= w.filled
        && s.withUnsafeBufferPointer { memcmp(w.at(k), $0.baseAddress!, s.count) == 0 }
    }
    try w.ensure(0, 1 << 16)
    // The header: the plain one, or one with unknown root keys that reads and writes back the same.
    var i: Int
    if has(Self.plainHeader, at: 0) {
      i = Self.plainHeader.count
    } else {
      let version = Self.plainHeader.count - Self.itemsKey.count
      guard has(Array(Self.plainHeader[0..<version]), at: 0) else { return false }
      var from = version
      while true {
        if let k = Self.find(Self.itemsKey, in: w, from: from) {
          i = k + Self.itemsKey.count
          break
        }
        guard !w.done else { return false }
        from = max(version, w.filled - Self.itemsKey.count)
        try w.ensure(0, 2 * (w.filled - w.origin))
      }
      let head = Array(UnsafeBufferPointer(start: w.at(0), count: i)) + Self.footer
      guard let doc = try? PlistCodec.decode(Data(head)), doc.items.isEmpty,
        PlistCodec.encode([], otherRootKeys: doc.otherRootKeys) == head
      else { return false }
      headKeys = doc.otherRootKeys
    }
    // The entries, each checked and in order, up to the footer.
    records.reserveCapacity(min(size / 256, 1 << 20))
    var seen = IDTable(expected: min(size / 256, 1 << 20))
    var ahead = 1 << 14
    var spare = PlistScan.Extra()  // each entry's Extra, one buffer
    while true {
      try w.ensure(i, ahead)
      if size - i == Self.footer.count && w.filled == size && has(Self.footer, at: i) { break }
      guard size - i > Self.footer.count else { return false }
      var facts: EntryFacts
      var length: Int
      switch CanonicalEntry.check(w.at(i), count: w.filled - i, reusing: &spare) {
      case .entry(let f, let n):
        (facts, length) = (f, n)
      case .short:
        guard !w.done else { return false }
        ahead = 4 * (w.filled - i)
        continue
      case .other:
        guard let (f, n) = try slowEntry(w, at: i) else { return false }
        (facts, length) = (f, n)
      }
      if let last = records.last {
        guard
          last.sortKey < facts.sortKey || (last.sortKey == facts.sortKey && last.id.isOrderedBefore(facts.id))
        else { return false }
      }
      // The order alone does not make a UUID unique: two entries of one UUID may
      // have different deadlines. The general reader refuses such a file.
      records.append(
        Record(
          id: facts.id, sortKey: facts.sortKey, start: i, end: i + length,
          pendingDeadline: facts.pendingDeadline, parent: facts.parent))
      guard seen.insert(records.count - 1, of: records) else { return false }
      if !facts.fires.0.isNaN { fires.append(facts.fires.0) }
      if !facts.fires.1.isNaN { fires.append(facts.fires.1) }
      if !facts.fires.2.isNaN { fires.append(facts.fires.2) }
      fires += facts.alertFires
      i += length
      ahead = 1 << 14
    }
    entriesEnd = i
    return true
  }

  /// An entry outside ``CanonicalEntry``'s common shape: read (the lean
  /// reader, as the full writer's read would) and written again; canonical
  /// only when that gives the same bytes.
  private func slowEntry(_ w: Window, at i: Int) throws -> (EntryFacts, Int)? {
    // A canonical entry ends at the first "</dict>\n\t": its values hold no raw '<'
    // and its kept values no line feed outside strings.
    let end: Int
    var from = i
    while true {
      if let at = Self.find(Self.entryEnd, in: w, from: from) {
        end = at + 8
        break
      }
      guard !w.done else { return nil }
      from = max(i, w.filled - Self.entryEnd.count)
      try w.ensure(i, 2 * (w.filled - i))
    }
    let entry = Array(UnsafeBufferPointer(start: w.at(i), count: end - i))
    guard let item = Self.read(entry), PlistCodec.entry(item) == entry else { return nil }
    let adopted = item.adoptingKeptFields()
    built[item.id] = adopted
    var facts = EntryFacts(item)
    facts.parent = adopted.parent.map(EntryFacts.spelled)  // one from its kept text, too
    return (facts, entry.count)
  }

  static let entryEnd: [UInt8] = Array("</dict>\n\t".utf8)

  /// The file offset of the first `mark` in what the window holds from `from` on.
  static func find(_ mark: [UInt8], in w: Window, from: Int) -> Int? {
    var k = max(from, w.origin)
    while k + mark.count <= w.filled {
      guard let lt = memchr(w.at(k), Int32(mark[0]), w.filled - k) else { return nil }
      k += UnsafeRawPointer(lt) - UnsafeRawPointer(w.at(k))
      if k + mark.count <= w.filled && memcmp(w.at(k), mark, mark.count) == 0 { return k }
      k += 1
    }
    return nil
  }

  /// The item of one entry's bytes, read by the lean reader inside the plain header and footer.
  static func read(_ entry: [UInt8]) -> TodoItem? {
    let doc = Data(plainHeader + entry + footer)
    guard let read = try? LeanPlistReader.read(doc, tolerant: false), read.items.count == 1,
      read.warnings.isEmpty
    else { return nil }
    return read.items[0]
  }

  // MARK: - ItemSource

  func item(_ id: UUID) -> TodoItem? {
    if let known = built[id] { return known }
    guard let r = index(of: id).map({ records[$0] }) else { return nil }
    var entry = [UInt8](repeating: 0, count: r.end - r.start)
    let got = entry.withUnsafeMutableBytes { Syscall.readFully(fd, into: $0, at: r.start) }
    // The item as `Store.load` gives it (kept text moved into the new fields), so
    // that a change made against a loaded list meets the same item here.
    guard got == entry.count, let item = Self.read(entry)?.adoptingKeptFields(), item.id == id else {
      failure =
        failure
        ?? CodecError(got < 0 ? String(cString: strerror(Int32(-got))) : "the file changed while it was read")
      return nil
    }
    built[id] = item
    return item
  }

  func resolve(_ text: String) throws -> UUID {
    try TodoList.resolve(text, among: records.lazy.map(\.id)) { index(of: $0) != nil }
  }

  /// The entries whose parent is `uid`, found by their bytes; only those are built.
  func children(ofUID uid: String) -> [TodoItem] {
    let spelled = EntryFacts.spelled(uid)
    return records.lazy.filter { $0.parent == spelled }.compactMap { self.item($0.id) }
  }

  func futureCount(after now: Date, before end: Date) -> Int {
    let t = now.timeIntervalSinceReferenceDate
    let e = end.timeIntervalSinceReferenceDate
    var n = 0
    for f in fires where f > t && f < e { n += 1 }
    return n
  }

  /// The record of the item with this UUID.
  func index(of id: UUID) -> Int? {
    records.firstIndex { $0.id == id }
  }

  /// Where an entry that sorts at `key` (sort key, UUID) goes: before the first record after it.
  func insertionPoint(sortKey: Double, id: UUID) -> Int {
    var lo = 0
    var hi = records.count
    while lo < hi {
      let mid = (lo + hi) / 2
      let r = records[mid]
      let after = r.sortKey > sortKey || (r.sortKey == sortKey && id.isOrderedBefore(r.id))
      if after { hi = mid } else { lo = mid + 1 }
    }
    return lo < records.count ? records[lo].start : entriesEnd
  }
}

extension SpliceScan {
  /// A part of the file in memory: bytes `origin..<filled` of it, read with
  /// pread into one buffer that slides forward (and grows only for an entry
  /// larger than itself).
  final class Window {
    let fd: Int32
    let size: Int
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var origin = 0
    private(set) var filled = 0
    /// The whole file has been read (or it ended early: it shrank).
    private(set) var done = false

    init(fd: Int32, size: Int) {
      self.fd = fd
      self.size = size
      capacity = min(size, 1 << 18)
      buffer = .allocate(capacity: capacity)
    }

    deinit { buffer.deallocate() }

    /// The byte at file offset `k` (which the window holds).
    @inline(__always) func at(_ k: Int) -> UnsafePointer<UInt8> { UnsafePointer(buffer + (k - origin)) }

    /// Makes bytes `from..<from + count` of the file available, or as many as there are;
    /// nothing before `from` is needed any more.
    func ensure(_ from: Int, _ count: Int) throws {
      let goal = min(from + count, size)
      guard filled < goal, !done else { return }
      if goal - from > capacity {
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: goal - from)
        bigger.update(from: buffer + (from - origin), count: filled - from)
        buffer.deallocate()
        buffer = bigger
        capacity = goal - from
        origin = from
      } else if goal - origin > capacity {
        memmove(buffer, buffer + (from - origin), filled - from)
        origin = from
      }
      // Read on as far as the buffer holds: fewer calls.
      let end = min(size, origin + capacity)
      while filled < end {
        let n = Syscall.retrying { pread(fd, buffer + (filled - origin), end - filled, off_t(filled)) }
        if n < 0 {
          throw LeanPlistReader.ReadFailed(errno: errno)
        }
        if n == 0 {
          done = true
          return
        }
        filled += n
      }
      if filled == size { done = true }
    }
  }
}

extension SpliceScan {
  /// The records' UUIDs, to find one twice: an open-addressing table of record
  /// indices (a `Set<UUID>` hashed 16 bytes with SipHash, a tenth of a scan).
  struct IDTable {
    private var slots: [Int32]
    private var count = 0

    init(expected: Int) {
      var n = 16
      while n < 2 * expected { n <<= 1 }
      slots = [Int32](repeating: -1, count: n)
    }

    /// Adds record `k`; false when a record before it has its UUID.
    mutating func insert(_ k: Int, of records: [Record]) -> Bool {
      if 2 * (count + 1) > slots.count {
        let old = slots
        slots = [Int32](repeating: -1, count: old.count * 2)
        for r in old where r >= 0 { place(Int(r), records) }
      }
      let id = records[k].id
      let mask = slots.count - 1
      var s = Self.hash(id) & mask
      while slots[s] >= 0 {
        if records[Int(slots[s])].id == id { return false }
        s = (s + 1) & mask
      }
      slots[s] = Int32(k)
      count += 1
      return true
    }

    private mutating func place(_ k: Int, _ records: [Record]) {
      let mask = slots.count - 1
      var s = Self.hash(records[k].id) & mask
      while slots[s] >= 0 { s = (s + 1) & mask }
      slots[s] = Int32(k)
    }

    static func hash(_ id: UUID) -> Int {
      withUnsafeBytes(of: id.uuid) { b in
        let x = b.loadUnaligned(as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        return Int(truncatingIfNeeded: (x &* 0x9E37_79B9_7F4A_7C15) >> 20)
      }
    }
  }
}
