import CLibical
import Foundation

// What the reader of ICal+LibIcal.swift hands the mapping: values, and each VTODO
// and property looked at where libical holds it (valid only while
// ``LibIcal/parse(_:each:)`` runs).

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
    let (y, m, dd) = CivilDays.civil(days)
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

/// A property of a component libical read, looked at where it lies: valid only
/// while ``LibIcal/parse(_:each:)`` runs. Each value is asked of libical when used.
struct ICalPropertyRef {
  let p: OpaquePointer
  /// The VTODO it belongs to (its TZIDs resolve there).
  let owner: OpaquePointer
  /// libical's kind (`icalproperty_kind`), the same for every `X-` name.
  let kind: UInt32

  /// What the mapping takes of it (see ``ICalMapping``).
  var role: ICalRole { ICalRole(kind) }

  /// Upper case: `DUE`, `X-MOZ-GENERATION`.
  var name: String {
    let k = icalproperty_kind(rawValue: kind)
    return k == ICAL_X_PROPERTY
      ? LibIcal.take(icalproperty_get_property_name_r(p)).uppercased()
      : LibIcal.string(icalproperty_kind_to_string(k))
  }

  /// Appends the property's iCalendar text with LF line ends.
  func appendText(to out: inout [UInt8]) {
    LibIcal.appendWithoutCR(icalproperty_as_ical_string_r(p), to: &out)
  }

  /// The value as iCalendar text (`FREQ=WEEKLY`, `20261123T090000`).
  var value: String { LibIcal.take(icalproperty_get_value_as_string_r(p)) }

  /// A TEXT value, unescaped.
  var text: String? {
    guard let v = icalproperty_get_value(p), icalvalue_isa(v) == ICAL_TEXT_VALUE else { return nil }
    return LibIcal.string(icalvalue_get_text(v))
  }

  /// A DATE or DATE-TIME value, resolved.
  var time: ICalTime? { LibIcal.time(of: p, owner: owner) }

  /// A TRIGGER's duration in seconds (negative: before), nil for a TRIGGER at a time.
  var duration: Int? {
    let t = icalproperty_get_trigger(p)
    return icaltime_is_null_time(t.time) != 0 ? Int(icaldurationtype_as_int(t.duration)) : nil
  }

  /// A TRIGGER's instant (`TRIGGER;VALUE=DATE-TIME:…Z`), nil for a TRIGGER by duration.
  var triggerTime: Date? {
    let t = icalproperty_get_trigger(p)
    guard icaltime_is_null_time(t.time) == 0 else { return nil }
    return Date(
      timeIntervalSince1970: TimeInterval(
        icaltime_as_timet_with_zone(t.time, icaltimezone_get_utc_timezone())))
  }

  /// The TZID parameter.
  var tzid: String? {
    icalproperty_get_first_parameter(p, ICAL_TZID_PARAMETER).map {
      LibIcal.string(icalparameter_get_tzid($0))
    }
  }

  /// The RELATED parameter is END.
  var relatedToEnd: Bool {
    icalproperty_get_first_parameter(p, ICAL_RELATED_PARAMETER).map {
      icalparameter_get_related($0) == ICAL_RELATED_END
    } ?? false
  }

  /// Whether a RELATED-TO names the parent: no parameter, or RELTYPE=PARENT
  /// alone (RFC 5545 3.2.15: PARENT is the default). Other RELTYPEs (CHILD,
  /// SIBLING) and other parameters are not the parent field.
  var namesParent: Bool {
    switch parameterCount {
    case 0: return true
    case 1:
      guard let r = icalproperty_get_first_parameter(p, ICAL_RELTYPE_PARAMETER) else { return false }
      return icalparameter_get_reltype(r) == ICAL_RELTYPE_PARENT
    default: return false
    }
  }

  /// Whether it has no parameter, or only those of `written` (iCalendar text, `A=B;C=D`, as libical
  /// writes them: RELTYPE=PARENT, however it was spelled).
  func hasOnly(_ written: String?) -> Bool {
    let n = parameterCount
    guard n > 0 else { return true }
    guard let written else { return false }
    let want = written.split(separator: ";").map(String.init)
    guard n == want.count else { return false }
    var q = icalproperty_get_first_parameter(p, ICAL_ANY_PARAMETER)
    while let x = q {
      guard want.contains(LibIcal.take(icalparameter_as_ical_string_r(x))) else { return false }
      q = icalproperty_get_next_parameter(p, ICAL_ANY_PARAMETER)
    }
    return true
  }

  /// How many parameters the property has.
  var parameterCount: Int { Int(icalproperty_count_parameters(p)) }
}

/// The properties the mapping reads by hand (SPEC 7; the plain ones of the field table are
/// ``ICalFields``'), and those of an alarm it looks at; `.other` is kept as text.
enum ICalRole {
  case uid, dtstamp, due, completed, status
  case recurrenceID, trigger, action, description, error, other

  init(_ kind: UInt32) {
    switch icalproperty_kind(rawValue: kind) {
    case ICAL_UID_PROPERTY: self = .uid
    case ICAL_DTSTAMP_PROPERTY: self = .dtstamp
    case ICAL_DUE_PROPERTY: self = .due
    case ICAL_COMPLETED_PROPERTY: self = .completed
    case ICAL_STATUS_PROPERTY: self = .status
    case ICAL_RECURRENCEID_PROPERTY: self = .recurrenceID
    case ICAL_TRIGGER_PROPERTY: self = .trigger
    case ICAL_ACTION_PROPERTY: self = .action
    case ICAL_DESCRIPTION_PROPERTY: self = .description
    case ICAL_XLICERROR_PROPERTY: self = .error
    default: self = .other
    }
  }
}

/// A component libical read (a VTODO, or a VALARM inside one), looked at where it
/// lies: valid only while ``LibIcal/parse(_:each:)`` runs.
struct ICalComponentRef {
  let c: OpaquePointer
  let owner: OpaquePointer

  init(c: OpaquePointer, owner: OpaquePointer) {
    self.c = c
    self.owner = owner
  }

  /// A component on its own (its TZIDs resolve in it).
  init(_ c: OpaquePointer) { self.init(c: c, owner: c) }

  var name: String { LibIcal.string(icalcomponent_kind_to_string(icalcomponent_isa(c))) }
  var isAlarm: Bool { icalcomponent_isa(c) == ICAL_VALARM_COMPONENT }

  /// The component as iCalendar text (folded, CRLF).
  var ical: String { LibIcal.take(icalcomponent_as_ical_string_r(c)) }

  /// Appends the component's iCalendar text with LF line ends.
  func appendText(to out: inout [UInt8]) {
    LibIcal.appendWithoutCR(icalcomponent_as_ical_string_r(c), to: &out)
  }

  var propertyCount: Int { Int(icalcomponent_count_properties(c, ICAL_ANY_PROPERTY)) }
  var componentCount: Int { Int(icalcomponent_count_components(c, ICAL_ANY_COMPONENT)) }

  /// Its properties in order. libical keeps one cursor over a component's properties,
  /// so `body` must not walk this same component's properties again (``first(_:)``,
  /// another `forEachProperty`); its sub-components' are their own.
  func forEachProperty(_ body: (ICalPropertyRef) throws -> Void) rethrows {
    var p = icalcomponent_get_first_property(c, ICAL_ANY_PROPERTY)
    while let x = p {
      try body(ICalPropertyRef(p: x, owner: owner, kind: icalproperty_isa(x).rawValue))
      p = icalcomponent_get_next_property(c, ICAL_ANY_PROPERTY)
    }
  }

  /// Its sub-components in order.
  func forEachComponent(_ body: (ICalComponentRef) throws -> Void) rethrows {
    guard icalcomponent_count_components(c, ICAL_ANY_COMPONENT) > 0 else { return }
    for x in LibIcal.children(c, ICAL_ANY_COMPONENT) { try body(ICalComponentRef(c: x, owner: owner)) }
  }

  /// Its first property of a role (not `.other`).
  func first(_ role: ICalRole) -> ICalPropertyRef? {
    var p = icalcomponent_get_first_property(c, ICAL_ANY_PROPERTY)
    while let x = p {
      let ref = ICalPropertyRef(p: x, owner: owner, kind: icalproperty_isa(x).rawValue)
      if ref.role == role { return ref }
      p = icalcomponent_get_next_property(c, ICAL_ANY_PROPERTY)
    }
    return nil
  }

  /// The TZIDs its properties name, at any depth.
  func collectTZIDs(into set: inout Set<String>) {
    forEachProperty { p in if let z = p.tzid { set.insert(z) } }
    forEachComponent { $0.collectTZIDs(into: &set) }
  }

  /// The first X-LIC-ERROR libical left in it or below, but for an empty value
  /// (Synology writes `DESCRIPTION:` and `LOCATION:`): libical leaves such a property
  /// out, and nothing was in it.
  var firstError: String? {
    var e = icalcomponent_get_first_property(c, ICAL_XLICERROR_PROPERTY)
    while let x = e {
      let text = LibIcal.take(icalproperty_get_value_as_string_r(x))
      if !(text.hasPrefix("No value for ") && text.hasSuffix("Removing entire property:")) { return text }
      e = icalcomponent_get_next_property(c, ICAL_XLICERROR_PROPERTY)
    }
    guard icalcomponent_count_components(c, ICAL_ANY_COMPONENT) > 0 else { return nil }
    for x in LibIcal.children(c, ICAL_ANY_COMPONENT) {
      if let e = ICalComponentRef(c: x, owner: owner).firstError { return e }
    }
    return nil
  }
}

/// What libical could not read: its message and, when it was inside a VTODO, that VTODO's UID.
struct ICalReadError: Error {
  var detail: String
  var uid: String?
}
