import CLibical
import Dispatch
import Foundation

/// One VCALENDAR for many items, built and written on every core. Each item's
/// VTODO is independent: its kept text is read, its VTODO built and written out
/// by libical on any core, and the texts are joined in the items' order under
/// the VCALENDAR's header (its properties and VTIMEZONEs, written by libical),
/// which is byte for byte the text libical writes for the whole calendar
/// (`icalcomponent_as_ical_string_r` writes a component's children one after
/// another). `ICalExportIdentityTests` holds the output of the former
/// one-calendar writer.
///
/// No lock is needed around libical (libical 3.0.16, checked in its source,
/// `src/libical/icalerror.c`, `icalmemory.c`, `icaltimezone.c`): its error
/// number and ring buffers are per thread (`pthread_getspecific`), its built-in
/// zone table is loaded under `builtin_mutex`, and a zone's table of changes is
/// expanded and searched under `changes_mutex`, so the VTIMEZONEs made here
/// once are shared by all threads; everything else a thread touches (a kept
/// text's components, the VTODO it builds) is its own. The one global its
/// parser writes, an error's state (`icalerror_set_error_state`, set to
/// NONFATAL around a line and set back), only ever holds NONFATAL or DEFAULT,
/// which act alike in a libical built without `ICAL_ERRORS_ARE_FATAL` (Debian's).
enum ICalExport {
  /// Fewer items are written on one core, with no thread started (a vdir's file: one item).
  static let minimumParallel = 256

  /// The VCALENDAR's text for `items`, in their order.
  static func bytes(for items: [TodoItem], calendar: Calendar, parts: Int? = nil) -> [UInt8] {
    let pieces = self.pieces(for: items, calendar: calendar, parts: parts)
    var text: [UInt8] = []
    text.reserveCapacity(pieces.reduce(0) { $0 + $1.count })
    for p in pieces { text += p }
    return text
  }

  /// The VCALENDAR's text for `items` in pieces to be written one after another;
  /// `parts` (tests) cuts the items into that many runs, else a few per core
  /// when there are many. When no item's kept text holds a VTIMEZONE (every zone
  /// is libical's own), each item is read and written in one go; else all are
  /// read first, for the VTIMEZONEs an item's DUE may use that items before it added.
  static func pieces(for items: [TodoItem], calendar: Calendar, parts: Int? = nil) -> [[UInt8]] {
    let n = max(1, min(items.count, parts ?? (items.count < minimumParallel ? 1 : 4 * ICalChunks.cores)))
    let runs = (0..<n).map { k in (items.count * k / n)..<(items.count * (k + 1) / n) }
    if let direct = inOneGo(items, runs: runs, calendar: calendar) { return direct }
    // 1. Every item's kept text read (the VTIMEZONEs in it are needed before any VTODO).
    // A VTIMEZONE that an item before it in the run had already is never the calendar's: freed at once.
    let kept = Shared(
      onEveryCore(runs) { r in
        var seen = Set<String>()
        return r.map { i in
          let k = ICalKept(items[i].icalExtra)
          k.zones.removeAll { c in
            guard let tzid = LibIcal.tzid(ofZone: c), seen.insert(tzid).inserted else {
              icalcomponent_free(c)
              return true
            }
            return false
          }
          return k
        }
      }.flatMap { $0 })
    // 2. The VTIMEZONEs, once each, in the order the items name them.
    let head = ICalExportHead()
    for (i, k) in kept.value.enumerated() { head.addZones(of: k, item: i) }
    let zones = Shared(head.zoneTable())
    defer { zones.value.free() }
    // 3. The VTODOs, each run on a core, in order.
    let todos = onEveryCore(runs) { r in
      var out: [UInt8] = []
      for i in r {
        let view = ICalZoneView { zones.value.zone($0, forItem: i) }
        ICalMapping.write(items[i], kept: kept.value[i], zones: view, calendar: calendar, into: &out)
      }
      return out
    }
    return head.wrap(todos)
  }

  /// Each item read and written in one go, on every core; nil (and nothing
  /// written) when an item's kept text holds a VTIMEZONE. Then the calendar's
  /// VTIMEZONEs are libical's own, one for each TZID the items name, in the
  /// order they name them, and a DUE with a TZID is in libical's own zone: the
  /// former writer used a zone made from the copy of its VTIMEZONE that the
  /// item had added, which gives the same wall clock
  /// (``ICalExportIdentityTests/testLibicalsZoneAndItsVTIMEZONEGiveTheSameWallClock``),
  /// without reading that VTIMEZONE again for every call (every file of a vdir).
  static func inOneGo(_ items: [TodoItem], runs: [Range<Int>], calendar: Calendar) -> [[UInt8]]? {
    let done = onEveryCore(runs) { r -> (text: [UInt8], tzids: [String])? in
      var out: [UInt8] = []
      var tzids: [String] = []
      var named = Set<String>()
      let view = ICalZoneView { LibIcal.builtinZone($0) }
      for i in r {
        let kept = ICalKept(items[i].icalExtra)
        guard kept.zones.isEmpty else { return nil }
        for z in kept.tzids.sorted() where named.insert(z).inserted { tzids.append(z) }
        ICalMapping.write(items[i], kept: kept, zones: view, calendar: calendar, into: &out)
      }
      return (out, tzids)
    }
    guard done.allSatisfy({ $0 != nil }) else { return nil }
    if done.allSatisfy({ $0!.tzids.isEmpty }) {
      // No VTIMEZONE: libical's text of the VCALENDAR without one, made once (a vdir's every file).
      return [ICalExportHead.plain] + done.map { $0!.text } + [ICalExportHead.end]
    }
    let head = ICalExportHead()
    for (k, run) in done.enumerated() {
      for z in run!.tzids { head.addBuiltinZone(z, item: runs[k].lowerBound) }
    }
    return head.wrap(done.map { $0!.text })
  }

  /// `body` for every run, on every core when there are several; the results in order.
  private static func onEveryCore<R>(_ runs: [Range<Int>], _ body: (Range<Int>) -> R) -> [R] {
    if runs.count < 2 { return runs.map(body) }
    let out = UnsafeMutableBufferPointer<R?>.allocate(capacity: runs.count)
    out.initialize(repeating: nil)
    defer {
      _ = out.deinitialize()
      out.deallocate()
    }
    // Each slot is written by one thread only.
    let slots = Shared(out)
    withoutActuallyEscaping(body) { body in
      let work = Shared(body)
      DispatchQueue.concurrentPerform(iterations: runs.count) { k in slots.value[k] = work.value(runs[k]) }
    }
    return out.map { $0! }
  }
}

/// A value handed to the threads of ``ICalExport`` and ``VdirRender``:
/// each item's kept text is used by the one thread writing the item, the zone
/// table is only read (libical locks the zones' changes itself), each result
/// slot is written by one thread; a sync's writes are only read, while they live.
struct Shared<T>: @unchecked Sendable {
  let value: T
  init(_ value: T) { self.value = value }
}

/// The VCALENDAR being written: its properties and its VTIMEZONEs.
final class ICalExportHead {
  private let root: OpaquePointer
  /// TZID → the item that added its VTIMEZONE.
  private var added: [String: Int] = [:]
  /// The item that added each VTIMEZONE, in the calendar's order.
  private var addedBy: [Int] = []

  init() {
    root = icalcomponent_new(ICAL_VCALENDAR_COMPONENT)
    icalcomponent_add_property(root, icalproperty_new_version("2.0"))
    icalcomponent_add_property(root, icalproperty_new_prodid("-//todo-tui//todo-tui//EN"))
  }

  deinit { icalcomponent_free(root) }

  /// The VTIMEZONEs of item `item`'s kept text (the first for each TZID in the
  /// calendar), then libical's own for the other zones it names, under that name
  /// (RFC 5545: a VTIMEZONE for every TZID used), in name order; items in order.
  func addZones(of kept: ICalKept, item: Int) {
    for c in kept.zones {
      if let tzid = LibIcal.tzid(ofZone: c), added[tzid] == nil {
        add(c, tzid: tzid, item: item)
      } else {
        icalcomponent_free(c)
      }
    }
    kept.zones.removeAll()
    for tzid in kept.tzids.sorted() { addBuiltinZone(tzid, item: item) }
  }

  /// libical's own VTIMEZONE for an IANA zone name, under that name, unless one was added.
  func addBuiltinZone(_ tzid: String, item: Int) {
    guard added[tzid] == nil, let c = Self.builtinComponent(tzid) else { return }
    add(c, tzid: tzid, item: item)
  }

  /// A copy of libical's VTIMEZONE for an IANA name, under that name.
  static func builtinComponent(_ tzid: String) -> OpaquePointer? {
    guard let z = LibIcal.builtinZone(tzid),
      let c = icaltimezone_get_component(z).flatMap({ icalcomponent_new_clone($0) })
    else { return nil }
    if let p = icalcomponent_get_first_property(c, ICAL_TZID_PROPERTY) { icalproperty_set_tzid(p, tzid) }
    return c
  }

  private func add(_ c: OpaquePointer, tzid: String, item: Int) {
    added[tzid] = item
    addedBy.append(item)
    icalcomponent_add_component(root, c)
  }

  /// The zones of the VTIMEZONEs added, by the text of their TZID (the first of each).
  func zoneTable() -> ICalZoneTable {
    var zones: [String: (item: Int, zone: OpaquePointer)] = [:]
    var k = 0
    var sub = icalcomponent_get_first_component(root, ICAL_VTIMEZONE_COMPONENT)
    while let s = sub {
      if let tzid = LibIcal.tzid(ofZone: s), zones[tzid] == nil, let z = icaltimezone_new() {
        icaltimezone_set_component(z, icalcomponent_new_clone(s))
        zones[tzid] = (addedBy[k], z)
      }
      k += 1
      sub = icalcomponent_get_next_component(root, ICAL_VTIMEZONE_COMPONENT)
    }
    return ICalZoneTable(zones: zones)
  }

  /// The VCALENDAR with its properties and VTIMEZONEs, as libical writes it, around
  /// the VTODOs' texts (libical writes a component's children one after another).
  func wrap(_ todos: [[UInt8]]) -> [[UInt8]] {
    guard let t = icalcomponent_as_ical_string_r(root) else { return [] }
    defer { icalmemory_free_buffer(t) }
    let text = UnsafeRawBufferPointer(start: t, count: strlen(t))
    let end = Self.end
    precondition(text.suffix(end.count).elementsEqual(end), "libical wrote a VCALENDAR without its end")
    return [Array(text.dropLast(end.count))] + todos + [end]
  }

  static let end = Array("END:VCALENDAR\r\n".utf8)

  /// The text libical writes for the VCALENDAR with no VTIMEZONE, before its VTODOs (made once).
  static let plain: [UInt8] = ICalExportHead().wrap([])[0]
}

/// The zones of a VCALENDAR's VTIMEZONEs, each with the item that added it.
struct ICalZoneTable {
  let zones: [String: (item: Int, zone: OpaquePointer)]

  /// The zone item `item` sees: a VTIMEZONE added by it or an item before it
  /// (the calendar as it stood when the item was written), else libical's own.
  func zone(_ tzid: String, forItem item: Int) -> OpaquePointer? {
    zones[tzid].flatMap { $0.item <= item ? $0.zone : nil } ?? LibIcal.builtinZone(tzid)
  }

  func free() { for z in zones.values { icaltimezone_free(z.zone, 1) } }
}

/// The zones an item's DUE is written in.
struct ICalZoneView {
  let zone: (String) -> OpaquePointer?

  /// The wall-clock time of `date` in the zone TZID.
  func wall(of date: Date, tzid: String) -> ICalWall? {
    guard let z = zone(tzid) else { return nil }
    let t = icaltime_from_timet_with_zone(time_t(date.timeIntervalSince1970), 0, z)
    guard t.year > 0 else { return nil }
    return ICalWall(
      year: Int(t.year), month: Int(t.month), day: Int(t.day), hour: Int(t.hour), minute: Int(t.minute),
      second: Int(t.second))
  }
}
