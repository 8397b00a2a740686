import CLibical
import Foundation

// With ICal+LibIcalWriter.swift, the only code that touches libical's C types.
// This half reads iCalendar text into plain Swift values (``ICalComponent``,
// ``ICalProperty``); the other builds text from calls on ``ICalWriter``. Every
// byte is parsed and written by libical (folding at 75 octets, escaping, zones).

/// A wall-clock date and time as written, without a zone.
struct ICalWall: Equatable, Sendable {
  var year, month, day, hour, minute, second: Int
}

extension ICalWall {
  /// The UTC wall clock of an instant (whole seconds).
  init(utc d: Date) {
    let t = Int(d.timeIntervalSince1970.rounded(.down))
    let days = t >= 0 ? t / 86_400 : -((-t + 86_399) / 86_400)
    let s = t - days * 86_400
    let (y, m, dd) = PlistCodec.civil(days)
    self.init(year: y, month: m, day: dd, hour: s / 3600, minute: s / 60 % 60, second: s % 60)
  }

  /// `YYYYMMDD` or `YYYYMMDDTHHMMSS`.
  func text(date: Bool) -> String {
    func pad(_ v: Int, _ n: Int) -> String {
      let s = String(v)
      return String(repeating: "0", count: max(0, n - s.count)) + s
    }
    let d = pad(year, 4) + pad(month, 2) + pad(day, 2)
    return date ? d : d + "T" + pad(hour, 2) + pad(minute, 2) + pad(second, 2)
  }
}

/// A DATE or DATE-TIME value.
enum ICalTime: Equatable, Sendable {
  /// `…Z`.
  case utc(Date)
  /// With a TZID that the file's VTIMEZONE or libical's built-in zones resolve.
  case zoned(Date, tzid: String)
  /// No zone (or a TZID no one knows): a local time.
  case floating(ICalWall)
  /// `VALUE=DATE`.
  case date(ICalWall)
}

/// One property as libical read it. What the mapping does not need of a
/// property is not made: see ``LibIcal/Detail``.
struct ICalProperty: Sendable {
  /// Upper case: `DUE`, `X-MOZ-GENERATION`.
  var name: String
  /// libical's kind (`icalproperty_kind`), the same for every `X-` name.
  var kind: UInt32
  /// The whole property as iCalendar text (folded, ending in CRLF).
  var ical: String
  /// The value as iCalendar text (`FREQ=WEEKLY`, `20261123T090000`).
  var value: String
  /// A TEXT value, unescaped.
  var text: String?
  /// A DATE or DATE-TIME value, resolved.
  var time: ICalTime?
  /// A TRIGGER's duration in seconds (negative: before).
  var duration: Int?
  /// The TZID parameter.
  var tzid: String?
  /// The RELATED parameter is END.
  var relatedToEnd: Bool
  /// How many parameters the property has.
  var parameterCount: Int
}

/// One component (VTODO, VALARM, VTIMEZONE…) as libical read it.
struct ICalComponent: Sendable {
  var name: String
  var properties: [ICalProperty]
  var components: [ICalComponent]
  /// The component as iCalendar text (for the VTODOs themselves, only those with a RECURRENCE-ID).
  var ical: String

  func first(_ name: String) -> ICalProperty? { properties.first { $0.name == name } }
}

/// What libical could not read: its message and, when it was inside a VTODO, that VTODO's UID.
struct ICalReadError: Error {
  var detail: String
  var uid: String?
}

/// Held while a VCALENDAR is built (``ICalWriter``): one at a time.
let libicalLock = NSRecursiveLock()

enum LibIcal {
  /// The VTODOs of an iCalendar object (a VCALENDAR, several, or a bare VTODO)
  /// and the VTIMEZONEs beside them (TZID → iCalendar text).
  static func parse(_ data: Data, allText: Bool = false) throws(ICalReadError) -> (
    todos: [ICalComponent], zones: [String: String]
  ) {
    var bytes = [UInt8](data)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
    ICalNames.uppercase(&bytes)
    bytes.append(0)
    // No lock: libical 3.0 keeps its error number and buffers per thread and locks
    // its built-in zones itself; a file's pieces are read at once (``ICalChunks``).
    guard
      let root = bytes.withUnsafeBufferPointer({ buf in
        buf.withMemoryRebound(to: CChar.self) { icalparser_parse_string($0.baseAddress) }
      })
    else { throw ICalReadError(detail: "libical cannot read it as iCalendar (no complete VCALENDAR)") }
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
    var todos: [ICalComponent] = []
    todos.reserveCapacity(
      calendars.count == 1 ? Int(icalcomponent_count_components(calendars[0], ICAL_VTODO_COMPONENT)) : 0)
    var zones: [String: String] = [:]
    for cal in calendars {
      for p in properties(cal) where icalproperty_isa(p) == ICAL_XLICERROR_PROPERTY {
        throw ICalReadError(detail: take(icalproperty_get_value_as_string_r(p)))
      }
      for z in children(cal, ICAL_VTIMEZONE_COMPONENT) {
        guard let tzid = icalcomponent_get_first_property(z, ICAL_TZID_PROPERTY) else { continue }
        let id = take(icalproperty_get_value_as_string_r(tzid))
        if builtinZone(id) != nil {
          // An IANA zone: libical's own definition, loaded once, reads its times (expanding
          // the file's VTIMEZONE was nine tenths of reading a one-item file), and is written back.
          icalcomponent_remove_component(cal, z)
          icalcomponent_free(z)
        } else if zones[id] == nil {
          zones[id] = take(icalcomponent_as_ical_string_r(z))
        }
      }
      let vtodos =
        icalcomponent_isa(cal) == ICAL_VTODO_COMPONENT ? [cal] : children(cal, ICAL_VTODO_COMPONENT)
      for t in vtodos {
        // A changed occurrence is kept whole, as its text (``ICalMapping/read``).
        let occurrence = icalcomponent_get_first_property(t, ICAL_RECURRENCEID_PROPERTY) != nil
        let todo = component(t, owner: t, text: occurrence, propertyText: true, allText: allText)
        if let e = firstError(todo) {
          throw ICalReadError(detail: e, uid: todo.first("UID")?.text ?? todo.first("UID")?.value)
        }
        todos.append(todo)
      }
    }
    return (todos, zones)
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

  /// Guarded by `zoneTableLock` (not ``libicalLock``, which a writer holds while it lives:
  /// the pieces of a file read on other threads must not wait for it).
  nonisolated(unsafe) private static var builtinZones: [String: OpaquePointer?] = [:]
  private static let zoneTableLock = NSLock()

  private static func firstError(_ c: ICalComponent) -> String? {
    if let e = c.properties.first(where: { $0.name == "X-LIC-ERROR" }) { return e.value }
    for sub in c.components { if let e = firstError(sub) { return e } }
    return nil
  }

  private static func children(_ c: OpaquePointer, _ kind: icalcomponent_kind) -> [OpaquePointer] {
    var out: [OpaquePointer] = []
    var k = icalcomponent_get_first_component(c, kind)
    while let x = k {
      out.append(x)
      k = icalcomponent_get_next_component(c, kind)
    }
    return out
  }

  private static func properties(_ c: OpaquePointer) -> [OpaquePointer] {
    var out: [OpaquePointer] = []
    var p = icalcomponent_get_first_property(c, ICAL_ANY_PROPERTY)
    while let x = p {
      out.append(x)
      p = icalcomponent_get_next_property(c, ICAL_ANY_PROPERTY)
    }
    return out
  }

  /// The VTODO properties whose first occurrence the mapping takes whole, so
  /// their iCalendar text is not made (a fifth of an import's time).
  static let textNotNeeded: Set<UInt32> = [
    ICAL_UID_PROPERTY, ICAL_DTSTAMP_PROPERTY, ICAL_SUMMARY_PROPERTY, ICAL_CREATED_PROPERTY,
    ICAL_LASTMODIFIED_PROPERTY, ICAL_COMPLETED_PROPERTY, ICAL_SEQUENCE_PROPERTY, ICAL_RRULE_PROPERTY,
  ].map(\.rawValue).reduce(into: []) { $0.insert($1) }

  /// Which properties the mapping reads the value of (as text, unescaped, as a time);
  /// of the others only the name and iCalendar text are made.
  private static func wantsValue(_ k: icalproperty_kind) -> Bool {
    switch k {
    case ICAL_SEQUENCE_PROPERTY, ICAL_RRULE_PROPERTY, ICAL_STATUS_PROPERTY, ICAL_ACTION_PROPERTY,
      ICAL_TZID_PROPERTY, ICAL_XLICERROR_PROPERTY, ICAL_UID_PROPERTY:
      return true
    default: return false
    }
  }

  private static func wantsText(_ k: icalproperty_kind) -> Bool {
    k == ICAL_SUMMARY_PROPERTY || k == ICAL_UID_PROPERTY || k == ICAL_DESCRIPTION_PROPERTY
  }

  private static func wantsTime(_ k: icalproperty_kind) -> Bool {
    k == ICAL_DUE_PROPERTY || k == ICAL_CREATED_PROPERTY || k == ICAL_LASTMODIFIED_PROPERTY
      || k == ICAL_COMPLETED_PROPERTY
  }

  /// A component read into Swift values. Of its properties, `text` says whether
  /// their iCalendar text is made (the mapping's first UID, SUMMARY… never
  /// need it unless `allText`); sub-components get their whole text instead.
  private static func component(
    _ c: OpaquePointer, owner: OpaquePointer, text: Bool, propertyText: Bool, allText: Bool = true
  ) -> ICalComponent {
    // A VTODO without UID gets a UUID derived from all its values.
    let allValues = allText || icalcomponent_get_first_property(c, ICAL_UID_PROPERTY) == nil
    var seen = Set<UInt32>()
    var props: [ICalProperty] = []
    props.reserveCapacity(Int(max(0, icalcomponent_count_properties(c, ICAL_ANY_PROPERTY))))
    var p = icalcomponent_get_first_property(c, ICAL_ANY_PROPERTY)
    while let x = p {
      let kind = icalproperty_isa(x)
      let skip = !allText && textNotNeeded.contains(kind.rawValue) && seen.insert(kind.rawValue).inserted
      props.append(
        property(x, kind: kind, owner: owner, withText: propertyText && !skip, allValues: allValues))
      p = icalcomponent_get_next_property(c, ICAL_ANY_PROPERTY)
    }
    return ICalComponent(
      name: string(icalcomponent_kind_to_string(icalcomponent_isa(c))),
      properties: props,
      components: children(c, ICAL_ANY_COMPONENT).map {
        component($0, owner: owner, text: true, propertyText: false, allText: allText)
      },
      ical: text ? take(icalcomponent_as_ical_string_r(c)) : "")
  }

  private static func property(
    _ p: OpaquePointer, kind: icalproperty_kind, owner: OpaquePointer, withText: Bool, allValues: Bool
  ) -> ICalProperty {
    let name =
      kind == ICAL_X_PROPERTY
      ? take(icalproperty_get_property_name_r(p)).uppercased() : string(icalproperty_kind_to_string(kind))
    var out = ICalProperty(
      name: name, kind: kind.rawValue, ical: withText ? take(icalproperty_as_ical_string_r(p)) : "",
      value: allValues || wantsValue(kind) ? take(icalproperty_get_value_as_string_r(p)) : "", text: nil,
      time: nil, duration: nil, tzid: nil, relatedToEnd: false,
      parameterCount: Int(icalproperty_count_parameters(p)))
    if out.parameterCount > 0 {
      if let z = icalproperty_get_first_parameter(p, ICAL_TZID_PARAMETER) {
        out.tzid = string(icalparameter_get_tzid(z))
      }
      if let r = icalproperty_get_first_parameter(p, ICAL_RELATED_PARAMETER) {
        out.relatedToEnd = icalparameter_get_related(r) == ICAL_RELATED_END
      }
    }
    let all = allValues
    guard all || wantsText(kind) || wantsTime(kind) || kind == ICAL_TRIGGER_PROPERTY,
      let v = icalproperty_get_value(p)
    else { return out }
    if icalvalue_isa(v) == ICAL_TEXT_VALUE && (all || wantsText(kind)) {
      out.text = string(icalvalue_get_text(v))
    } else if all || wantsTime(kind) {
      out.time = time(of: p, owner: owner)
    }
    if kind == ICAL_TRIGGER_PROPERTY {
      let t = icalproperty_get_trigger(p)
      if icaltime_is_null_time(t.time) != 0 { out.duration = Int(icaldurationtype_as_int(t.duration)) }
    }
    return out
  }

  /// A DATE or DATE-TIME property's value (nil for another type), its TZID resolved in `owner`.
  static func time(of p: OpaquePointer, owner: OpaquePointer) -> ICalTime? {
    guard let v = icalproperty_get_value(p),
      icalvalue_isa(v) == ICAL_DATETIME_VALUE || icalvalue_isa(v) == ICAL_DATE_VALUE
    else { return nil }
    let t = time(icalproperty_get_datetime_with_component(p, owner))
    // A built-in zone's TZID carries libical's prefix; the property's own TZID is the name.
    if case .zoned(let d, _) = t, let z = icalproperty_get_first_parameter(p, ICAL_TZID_PARAMETER) {
      return .zoned(d, tzid: string(icalparameter_get_tzid(z)))
    }
    return t
  }

  private static func time(_ t: icaltimetype) -> ICalTime {
    let wall = ICalWall(
      year: Int(t.year), month: Int(t.month), day: Int(t.day), hour: Int(t.hour), minute: Int(t.minute),
      second: Int(t.second))
    if t.is_date != 0 { return .date(wall) }
    if icaltime_is_utc(t) != 0 {  // computed here: libical's time_t conversions stop short of years 1 and 9999
      let days = PlistCodec.days(wall.year, wall.month, wall.day)
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

  /// A string libical allocated for the caller (`…_r`), freed here.
  static func take(_ p: UnsafeMutablePointer<CChar>?) -> String {
    guard let p else { return "" }
    defer { icalmemory_free_buffer(p) }
    return String(cString: p)
  }
}
