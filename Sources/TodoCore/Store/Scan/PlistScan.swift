import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A zero-copy scan of the data file exactly as ``PlistCodec/encode(_:otherRootKeys:)``
/// lays it out, into compact records: per entry its UUID, its byte range in the
/// file, its dates as seconds since 1970 and its strings as ranges of one shared
/// text buffer. No item, string or date object is built, and the file is read in
/// pieces (it never sits in memory whole): `list` and `list --json` read the
/// file this way, and writers may use the byte ranges to splice an entry.
///
/// It takes only what it can vouch for, as the general reader
/// (``Store/load(tolerant:opened:)``) would read it without a warning: the
/// writer's header, format 1, no other root keys; in each entry the key and
/// UUID field the same uppercase UUID, a clean title, dates of the writer's form
/// and valid, only the known keys in the writer's order, escapes the writer
/// writes (`&amp;` `&lt;` `&gt;`, and `&#13;` in `icalExtra`), no unknown keys;
/// entries strictly in the order the writer sorts them (deadline, someday last,
/// then UUID), so no UUID twice. Anything else — a hand edit, the tutorial's
/// file, an unknown key, an odd escape — makes the scan return nil, and the
/// caller reads the file the general way (same items, errors and warnings as
/// ever). `PlistScanTests` holds the records to Foundation's parser on written,
/// fixture and mutated files.
///
/// API (stable; added to, never renamed):
/// - ``scan(fd:size:)``, ``scan(bytes:)``, ``scan(store:)``: the records, or nil.
/// - ``Entry``: one entry; ``Entry/start`` ..< ``Entry/end`` is its line in the
///   file (from the two tabs to the line feed), ``Entry/id`` its UUID,
///   ``Entry/deadline`` and ``Entry/created`` seconds since 1970 or ``none``;
///   ``extra(_:)`` the fields most entries lack (completion, reminder, repeat…, the list);
///   ``parentID(_:)`` a parent named by an uppercase UUID; ``index(of:_:)`` an entry by UUID
///   (in a file with subtasks).
/// - ``withText(_:_:)`` / ``string(_:)``: a string field's unescaped UTF-8;
///   ``item(_:)``: the entry as a ``TodoItem`` (without `icalExtra`, which is only checked).
/// - ``itemsStart`` / ``itemsEnd``: where the entries lie (an empty list: equal),
///   for inserting a first or last entry.
public struct PlistScan {
  /// A date or integer field that is absent.
  public static let none = Int64.min
  /// The sort key of a someday item (`Date.distantFuture`, as ``TodoItem/sortDeadline`` has it).
  public static let somedayKey = Int64(Date.distantFuture.timeIntervalSince1970)

  /// A string field: a range of ``text``.
  public struct Text: Equatable, Sendable {
    public var offset: UInt32
    public var count: UInt32
  }

  /// One entry of `todoItems`, as plain values: 56 bytes (at 100,000 items a
  /// record of every field took 15 MB, a page fault each 4 KiB); the fields
  /// most entries lack are in ``Extra`` (``PlistScan/extra(_:)``).
  public struct Entry: Sendable {
    /// The UUID's 16 bytes as two big-endian halves: comparing (hi, lo) is
    /// comparing the UUIDs as ``Foundation/UUID/isOrderedBefore(_:)`` does.
    public var hi: UInt64
    public var lo: UInt64
    /// Seconds since 1970, or ``PlistScan/none``.
    public var deadline = PlistScan.none
    public var created = PlistScan.none
    /// The entry's bytes in the file (a file is at most 256 MiB, ``Store``'s limit).
    var at: UInt32
    var length: UInt32 = 0
    public var title = Text(offset: 0, count: 0)
    /// The entry's ``Extra``, or `UInt32.max`: none. A parent that is an uppercase UUID is
    /// kept there as its two halves (``PlistScan/parentID(_:)``), not as text.
    var more = UInt32.max
    var flags: UInt8 = Entry.plain
    /// Its list (SPEC 9): 0 none (the default list), else number k - 1 of ``PlistScan/lists``;
    /// when a file names more lists than those (255), the list is a text of its ``Extra``.
    var list: UInt8 = 0

    static let cancelledFlag: UInt8 = 1
    static let plain: UInt8 = 2
    static let completedFlag: UInt8 = 4
    static let icalExtraFlag: UInt8 = 8
    /// A note, a priority, tags or a progress: a row of `list` shows marks for them (SPEC 8).
    static let rowMarksFlag: UInt8 = 16
    /// A parent (SPEC 9): `list` shows the row in the tree of subtasks (``ScanOutput/tree(_:shown:)``).
    static let parentFlag: UInt8 = 32
    /// Its kept text holds a property that now has a field (``TodoItem/keepsAdoptableProperties``):
    /// `Store.load` moves it into the field, so only the general path lists it as it reads.
    static let adoptFlag: UInt8 = 64

    init(hi: UInt64, lo: UInt64, start: Int) {
      self.hi = hi
      self.lo = lo
      at = UInt32(truncatingIfNeeded: start)
    }

    /// The entry's bytes in the file: `start` is its first tab, `end` is just past its line feed.
    public var start: Int { Int(at) }
    public var end: Int { Int(at) + Int(length) }
    public var cancelled: Bool { flags & Entry.cancelledFlag != 0 }
    /// It has a completion date (``Extra/completed``).
    public var isCompleted: Bool { flags & Entry.completedFlag != 0 }
    public var hasICalExtra: Bool { flags & Entry.icalExtraFlag != 0 }
    /// Whether `list` shows marks of SPEC 8 for it (note, priority, tags, progress).
    public var hasRowMarks: Bool { flags & Entry.rowMarksFlag != 0 }
    /// It has a parent (``PlistScan/parentID(_:)`` or, a UID that is no uppercase UUID, its ``Extra``).
    public var hasParent: Bool { flags & Entry.parentFlag != 0 }
    /// Whether its kept text holds a property that `Store.load` moves into a field (a file of
    /// before SPEC 8): the scan's record is not the item as loaded, the general path's to list.
    public var keepsAdoptable: Bool { flags & Entry.adoptFlag != 0 }
    /// The title is printable ASCII (shown as it is).
    public var plainTitle: Bool { flags & Entry.plain != 0 }

    /// The UUID.
    public var id: UUID {
      var t: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
      withUnsafeMutableBytes(of: &t) {
        $0.storeBytes(of: hi.bigEndian, as: UInt64.self)
        $0.storeBytes(of: lo.bigEndian, toByteOffset: 8, as: UInt64.self)
      }
      return UUID(uuid: t)
    }

    /// As ``TodoItem/isPending``.
    @inline(__always) public var isPending: Bool { flags & (Entry.completedFlag | Entry.cancelledFlag) == 0 }
    /// As ``TodoItem/sortDeadline``.
    @inlinable public var sortKey: Int64 { deadline == PlistScan.none ? PlistScan.somedayKey : deadline }
    /// As ``TodoItem/isOverdue(at:)``, for `now` cut to whole seconds.
    @inline(__always) public func isOverdue(at now: Int64) -> Bool {
      isPending && deadline != PlistScan.none && deadline <= now
    }
  }

  /// As ``TodoItem/undeliveredDeadline``.
  @inline(__always) public func undeliveredDeadline(_ e: Entry, _ x: Extra) -> Int64? {
    Self.undeliveredDeadline(e, x)
  }
  @inline(__always) static func undeliveredDeadline(_ e: Entry, _ x: Extra) -> Int64? {
    e.isPending && e.deadline != PlistScan.none && x.notifiedDeadline != e.deadline ? e.deadline : nil
  }

  /// As ``TodoItem/undeliveredWarning``.
  @inline(__always) public func undeliveredWarning(_ e: Entry, _ x: Extra) -> Int64? {
    Self.undeliveredWarning(e, x)
  }
  @inline(__always) static func undeliveredWarning(_ e: Entry, _ x: Extra) -> Int64? {
    guard e.isPending, e.deadline != PlistScan.none, x.warn != PlistScan.none, x.warn > 0,
      x.notifiedWarning != e.deadline
    else { return nil }
    return e.deadline - x.warn
  }

  /// As ``TodoItem/undeliveredReminder``.
  @inline(__always) public func undeliveredReminder(_ e: Entry, _ x: Extra) -> Int64? {
    Self.undeliveredReminder(e, x)
  }
  @inline(__always) static func undeliveredReminder(_ e: Entry, _ x: Extra) -> Int64? {
    e.isPending && x.reminder != PlistScan.none && x.notifiedReminder != x.reminder ? x.reminder : nil
  }

  /// The entries in file order, which is the writer's order (by deadline, someday last, then UUID).
  /// The places of the fields the scan's readers name (a copy: no `swift_once` check per row).
  public let named = PlistScan.named
  public var entries: [Entry] = []
  /// The extra fields of the entries that have any (``Entry/more``), packed: only the
  /// values they hold (a record of every slot was 192 bytes an entry: 10 MB at 100,000
  /// items with notes and tags on half). Read them with ``extra(_:)``.
  public var extraHeads: [ExtraHead] = []
  public var extraValues: [Int64] = []
  /// The unescaped UTF-8 of every string field, one after another.
  public var text: [UInt8] = []
  /// The lists the entries name (``Entry/list``), each text once, in the order they first come.
  public var lists: [Text] = []
  /// The `todoLists` value of the header (its plist text), nil for a file that names no list.
  public var listsXML: String?
  /// The entries by UUID (``index(of:_:)``): per slot a 32-bit fingerprint of the UUID and the
  /// entry's number + 1; 0 is a free slot (open addressing, a power of two of slots).
  var slots: [UInt64] = []
  /// The byte offset of the first entry (just after the `<dict>` line of `todoItems`).
  public var itemsStart = 0
  /// The byte offset just past the last entry (where the `</dict>` line of `todoItems` starts).
  public var itemsEnd = 0
  /// The file's length in bytes.
  public var size = 0

  /// The UTF-8 bytes of a string field.
  public func withText<R>(_ t: Text, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
    try text.withUnsafeBufferPointer {
      try body(UnsafeBufferPointer(rebasing: $0[Int(t.offset)..<Int(t.offset + t.count)]))
    }
  }

  /// A string field as a String.
  public func string(_ t: Text) -> String { withText(t) { String(decoding: $0, as: UTF8.self) } }

  /// The item of an entry, as the general reader builds it (without the long
  /// text the scan only checks, `icalExtra`: ``keeps(_:)``).
  public func item(_ e: Entry) -> TodoItem {
    func date(_ v: Int64) -> Date? {
      v == PlistScan.none ? nil : Date(timeIntervalSince1970: TimeInterval(v))
    }
    var item = TodoItem(
      id: e.id, title: string(e.title), deadline: date(e.deadline), created: date(e.created)!)
    let x = extra(e)
    if let p = parentID(e) { item.parent = Self.uuidText(p.hi, p.lo) }
    for k in Extra.first..<Extra.first + Extra.count {
      let f = ItemField.all[k]
      let v = x[k]
      guard v != PlistScan.none else { continue }
      switch f.kind {
      case .date: f.set(&item, .date(Date(timeIntervalSince1970: TimeInterval(v))))
      case .integer: f.set(&item, .integer(Int(v)))
      case .flag: f.set(&item, .flag)
      case .text, .lines: f.set(&item, .text(x.text(k).map(string)!))
      case .texts:
        var all: [String] = []
        forEachText(in: x.text(k)!) { all.append(String(decoding: $0, as: UTF8.self)) }
        f.set(&item, .texts(all))
      case .uuid: continue
      }
    }
    return item
  }

  // MARK: - Reading

  /// The records of the store's file; nil when there is no file or it is not
  /// one this scan takes (the caller then reads it the general way). Errors
  /// are the store's (not a regular file, too large).
  public static func scan(store: Store, notes: Bool = true) throws -> PlistScan? {
    let real = try store.resolvedPath()
    return try store.withOpenFile(real) { fd, size in
      guard let fd = fd else { return nil }
      return scan(fd: fd, size: size, notes: notes)
    }
  }

  /// The records of the file open at `fd` (read from where it stands), read
  /// in pieces of 64 KiB (each page of a fresh buffer costs a page fault, which
  /// at 1,000 items cost more than the reading); nil when it is not one this
  /// scan takes or a read fails. `notes` false: a note is checked as ever but its text
  /// not kept (``Extra/note`` an empty text: there is one), for `list`'s rows, which show only a mark.
  public static func scan(fd: Int32, size: Int, chunk: Int = 1 << 16, notes: Bool = true) -> PlistScan? {
    var s = Scanner(expected: size, notes: notes)
    var cap = max(16, min(chunk, size + 1))
    var buf = UnsafeMutableRawPointer.allocate(byteCount: cap, alignment: 16)
    defer { buf.deallocate() }
    var have = 0  // bytes in buf
    var at = 0  // the first byte not yet taken
    var base = 0  // the file offset of buf[0]
    var eof = false
    while true {
      // Read until the buffer is full or the file ends.
      while !eof && have < cap {
        let n = Syscall.retrying { Glibc.read(fd, buf + have, cap - have) }
        if n < 0 { return nil }
        if n == 0 { eof = true } else { have += n }
      }
      let p = UnsafePointer(buf.assumingMemoryBound(to: UInt8.self))
      switch s.feed(p, base: base, from: at, count: have, eof: eof) {
      case .done(let result): return result
      case .decline: return nil
      case .more(let upTo):
        if eof { return nil }
        // Keep the unfinished part; grow when one unit fills the buffer.
        let keep = have - upTo
        if upTo == 0 {
          let bigger = UnsafeMutableRawPointer.allocate(byteCount: cap * 2, alignment: 16)
          bigger.copyMemory(from: buf, byteCount: have)
          buf.deallocate()
          buf = bigger
          cap *= 2
        } else if keep > 0 {
          memmove(buf, buf + upTo, keep)
        }
        base += upTo
        have = keep
        at = 0
      }
    }
  }

  /// The records of a file held in memory; nil when it is not one this scan takes.
  public static func scan(bytes: UnsafeRawBufferPointer, notes: Bool = true) -> PlistScan? {
    guard let b = bytes.baseAddress else { return nil }
    var s = Scanner(expected: bytes.count, notes: notes)
    let p = b.assumingMemoryBound(to: UInt8.self)
    switch s.feed(p, base: 0, from: 0, count: bytes.count, eof: true) {
    case .done(let result): return result
    case .decline, .more: return nil
    }
  }

  /// What the writer puts before the first entry (no other root keys).
  static let header = Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
    \t<key>\(TodoDocument.versionKey)</key>
    \t<integer>\(TodoDocument.currentVersion)</integer>
    \t<key>\(TodoDocument.itemsKey)</key>
    \t<dict>

    """.utf8)
  static let tail = Array("\t</dict>\n</dict>\n</plist>\n".utf8)
}
