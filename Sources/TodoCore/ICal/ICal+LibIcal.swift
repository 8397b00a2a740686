import CLibical
import Foundation

// With ICal+LibIcalWriter.swift, ICalExport.swift and ICalCalendarName.swift, the only code that touches libical's C types.
// This half reads iCalendar text and lets the mapping look at each VTODO where
// libical holds it (``ICalComponentRef``, ``ICalPropertyRef``); the other builds
// text from calls on ``ICalTodoBuilder``; the types it reads into are in ICal+LibIcalRefs.swift. Every byte is parsed and written by libical
// (folding at 75 octets, escaping, zones).

enum LibIcal {
  /// Reads an iCalendar object (a VCALENDAR, several, or a bare VTODO) and calls
  /// `each` with every VTODO in order, looked at where libical holds it (nothing
  /// is copied out but what `each` asks for), and the VTIMEZONEs beside it whose
  /// TZID libical does not know by itself (TZID → iCalendar text); returns all of those.
  /// `calendar` is called with each VCALENDAR before `each` sees its VTODOs.
  /// - Throws: ``ICalReadError`` when libical cannot read the text or marks an
  ///   error in a VTODO (before `each` sees that VTODO); what `each` throws.
  static func parse(
    _ data: Data, calendar: (OpaquePointer) -> Void = { _ in },
    each: (ICalComponentRef, [String: String]) throws -> Void
  ) throws -> [String: String] {
    _ = ready
    var bytes = [UInt8](data)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    ICalNames.uppercase(&bytes)
    bytes.append(0)
    // No lock: libical 3.0 keeps its error number and buffers per thread and locks
    // its built-in zones itself; a file's pieces are read at once (``ICalChunks``).
    guard let root = lenient(bytes) else {
      throw ICalReadError(detail: "libical cannot read it as iCalendar (no complete VCALENDAR)")
    }
    defer { icalcomponent_free(root) }
    var calendars: [OpaquePointer] = []
    switch icalcomponent_isa(root) {
    case ICAL_XROOT_COMPONENT: calendars = children(root, ICAL_VCALENDAR_COMPONENT)
    case ICAL_VCALENDAR_COMPONENT, ICAL_VTODO_COMPONENT: calendars = [root]
    default:
      throw ICalReadError(
        detail:
          "libical read a \(string(icalcomponent_kind_to_string(icalcomponent_isa(root)))), not a VCALENDAR")
    }
    var zones: [String: String] = [:]
    for cal in calendars {
      if let e = icalcomponent_get_first_property(cal, ICAL_XLICERROR_PROPERTY) {
        throw ICalReadError(detail: take(icalproperty_get_value_as_string_r(e)))
      }
      for z in children(cal, ICAL_VTIMEZONE_COMPONENT) {
        guard let id = tzid(ofZone: z) else { continue }
        if builtinZone(id) != nil {
          // An IANA zone: libical's own definition, loaded once, reads its times (expanding
          // the file's VTIMEZONE was nine tenths of reading a one-item file), and is written back.
          icalcomponent_remove_component(cal, z)
          icalcomponent_free(z)
        } else if zones[id] == nil {
          zones[id] = take(icalcomponent_as_ical_string_r(z))
        }
      }
      if icalcomponent_isa(cal) == ICAL_VCALENDAR_COMPONENT { calendar(cal) }
      let vtodos =
        icalcomponent_isa(cal) == ICAL_VTODO_COMPONENT ? [cal] : children(cal, ICAL_VTODO_COMPONENT)
      for t in vtodos {
        let todo = ICalComponentRef(c: t, owner: t)
        if let e = todo.firstError {
          let uid = todo.first(.uid)
          throw ICalReadError(detail: e, uid: uid.map { $0.text ?? $0.value })
        }
        try each(todo, zones)
      }
    }
    return zones
  }

  /// libical's reading of NUL-ended text, where a property name it does not know
  /// (not `X-`) is kept as a property of that name (``ICalNames/markUnknown(_:)``), not an error.
  /// Text with no error is read once.
  static func lenient(_ bytes: [UInt8]) -> OpaquePointer? {
    func read(_ b: [UInt8]) -> OpaquePointer? {
      b.withUnsafeBufferPointer { buf in
        buf.withMemoryRebound(to: CChar.self) { icalparser_parse_string($0.baseAddress) }
      }
    }
    guard let root = read(bytes) else { return nil }
    guard icalcomponent_count_errors(root) > 0, let marked = ICalNames.markUnknown(bytes),
      let again = read(marked)
    else { return root }
    icalcomponent_free(root)
    ICalNames.restoreUnknown(in: again)
    return again
  }

  /// libical's table of zones, filled once before any other libical call: the two ways
  /// in, ``parse(_:each:)`` and ``ICalKept``, ask for it first, on whichever thread
  /// comes first (a static is made once; the others wait for it). libical fills it on
  /// first use without keeping other threads out: even `icaltime_is_utc` does, while
  /// another thread may be reading it (the parallel export crashed so, about once in 100 runs).
  static let ready: Void = { _ = icaltimezone_get_builtin_timezones() }()

  /// A VTIMEZONE's TZID as text (escaped), what tells a calendar's VTIMEZONEs apart.
  static func tzid(ofZone c: OpaquePointer) -> String? {
    icalcomponent_get_first_property(c, ICAL_TZID_PROPERTY).map {
      take(icalproperty_get_value_as_string_r($0))
    }
  }

  /// Whether libical knows the zone TZID by itself (an IANA name).
  static func isBuiltinZone(_ tzid: String) -> Bool { builtinZone(tzid) != nil }

  /// libical's zone of an IANA name, looked up once (libical compares the name with every zone it knows).
  static func builtinZone(_ tzid: String) -> OpaquePointer? {
    zoneTableLock.lock()
    defer { zoneTableLock.unlock() }
    if let z = builtinZones[tzid] { return z }
    let z = icaltimezone_get_builtin_timezone(tzid)
    builtinZones[tzid] = .some(z)
    return z
  }

  /// Guarded by `zoneTableLock` (pieces of a file are read on every core).
  nonisolated(unsafe) private static var builtinZones: [String: OpaquePointer?] = [:]
  private static let zoneTableLock = NSLock()

  static func children(_ c: OpaquePointer, _ kind: icalcomponent_kind) -> [OpaquePointer] {
    var out: [OpaquePointer] = []
    var k = icalcomponent_get_first_component(c, kind)
    while let x = k {
      out.append(x)
      k = icalcomponent_get_next_component(c, kind)
    }
    return out
  }

  /// libical's zone for a TZID no VTIMEZONE defines (its own prefixed TZIDs, then IANA
  /// names), looked up once, as `icalproperty_get_datetime_with_component` looks it up.
  static func zone(forTZID tzid: String) -> OpaquePointer? {
    zoneTableLock.lock()
    defer { zoneTableLock.unlock() }
    if let z = tzidZones[tzid] { return z }
    let z = icaltimezone_get_builtin_timezone_from_tzid(tzid) ?? icaltimezone_get_builtin_timezone(tzid)
    tzidZones[tzid] = .some(z)
    return z
  }

  /// Guarded by `zoneTableLock`.
  nonisolated(unsafe) private static var tzidZones: [String: OpaquePointer?] = [:]

  /// A DATE or DATE-TIME property's value (nil for another type) with its TZID
  /// resolved as `icalproperty_get_datetime_with_component` does (a UTC value is
  /// left alone; a VTIMEZONE of that TZID from `owner` up; else libical's zone of
  /// that name), except that the name is looked up under ``zone(forTZID:)``'s lock:
  /// libical appends a name not in zone.tab to its table of zones without one.
  static func datetime(of p: OpaquePointer, owner: OpaquePointer) -> icaltimetype? {
    guard let v = icalproperty_get_value(p),
      icalvalue_isa(v) == ICAL_DATETIME_VALUE || icalvalue_isa(v) == ICAL_DATE_VALUE
    else { return nil }
    var t = icalvalue_get_datetime(v)
    guard icaltime_is_utc(t) == 0, let param = icalproperty_get_first_parameter(p, ICAL_TZID_PARAMETER),
      let tzid = icalparameter_get_tzid(param)
    else { return t }
    var c: OpaquePointer? = owner
    var zone: OpaquePointer?
    while let x = c, zone == nil {
      zone = icalcomponent_get_timezone(x, tzid)
      c = icalcomponent_get_parent(x)
    }
    if let z = zone ?? self.zone(forTZID: string(tzid)), t.is_date == 0 { t.zone = z }
    return t
  }

  /// A DATE or DATE-TIME property's value (nil for another type), its TZID resolved in `owner`.
  static func time(of p: OpaquePointer, owner: OpaquePointer) -> ICalTime? {
    guard let raw = datetime(of: p, owner: owner) else { return nil }
    let t = time(raw)
    // A built-in zone's TZID carries libical's prefix; the property's own TZID is the name.
    if case .zoned(let d, _) = t, let param = icalproperty_get_first_parameter(p, ICAL_TZID_PARAMETER) {
      return .zoned(d, tzid: string(icalparameter_get_tzid(param)))
    }
    return t
  }

  private static func time(_ t: icaltimetype) -> ICalTime {
    let wall = ICalWall(
      year: Int(t.year), month: Int(t.month), day: Int(t.day), hour: Int(t.hour), minute: Int(t.minute),
      second: Int(t.second))
    if t.is_date != 0 { return .date(wall) }
    if icaltime_is_utc(t) != 0 {  // computed here: libical's time_t conversions stop short of years 1 and 9999
      let days = CivilDays.days(wall.year, wall.month, wall.day)
      return .utc(
        Date(
          timeIntervalSince1970: TimeInterval(
            days * 86_400 + wall.hour * 3600 + wall.minute * 60 + wall.second)))
    }
    if let z = t.zone {
      let instant = Date(timeIntervalSince1970: TimeInterval(icaltime_as_timet_with_zone(t, z)))
      return .zoned(instant, tzid: string(icaltimezone_get_tzid(z)))
    }
    return .floating(wall)
  }

  static func string(_ p: UnsafePointer<CChar>?) -> String { p.map { String(cString: $0) } ?? "" }

  /// Appends a string libical allocated for the caller (`…_r`) without its CRs, and frees it.
  /// (libical ends every line with CR LF and writes a CR nowhere else.)
  static func appendWithoutCR(_ p: UnsafeMutablePointer<CChar>?, to out: inout [UInt8]) {
    guard let p else { return }
    defer { icalmemory_free_buffer(p) }
    let n = strlen(p)
    // No reserveCapacity(out.count + n) here: an exact size at every call copied all so far.
    p.withMemoryRebound(to: UInt8.self, capacity: n) { b in
      var from = 0
      for k in 0..<n where b[k] == 0x0D {
        out.append(contentsOf: UnsafeBufferPointer(start: b + from, count: k - from))
        from = k + 1
      }
      out.append(contentsOf: UnsafeBufferPointer(start: b + from, count: n - from))
    }
  }

  /// A string libical allocated for the caller (`…_r`), freed here.
  static func take(_ p: UnsafeMutablePointer<CChar>?) -> String {
    guard let p else { return "" }
    defer { icalmemory_free_buffer(p) }
    return String(cString: p)
  }
}
