import CLibical
import Foundation

// Writing iCalendar through libical: the other half of ICal+LibIcal.swift.

/// Builds one VCALENDAR through libical and writes it out as text.
final class ICalWriter {
  private let root: OpaquePointer
  private var zones: [String: OpaquePointer] = [:]
  private var zoneTexts: [String: Bool] = [:]
  private var todos: [OpaquePointer] = []

  init() {
    libicalLock.lock()
    root = icalcomponent_new(ICAL_VCALENDAR_COMPONENT)
    icalcomponent_add_property(root, icalproperty_new_version("2.0"))
    icalcomponent_add_property(root, icalproperty_new_prodid("-//todo-tui//todo-tui//EN"))
  }

  deinit {
    for c in todos { icalcomponent_free(c) }
    icalcomponent_free(root)
    for z in zones.values { icaltimezone_free(z, 1) }
    libicalLock.unlock()
  }

  /// Adds a VTIMEZONE (its iCalendar text) once per TZID; it also resolves that TZID in ``wall(of:tzid:)``.
  func addTimezone(tzid: String, ical: String) {
    guard zoneTexts[tzid] == nil, let c = icalcomponent_new_from_string(ical) else { return }
    zoneTexts[tzid] = true
    icalcomponent_add_component(root, c)
  }

  /// Adds libical's own VTIMEZONE for an IANA zone name, under that name
  /// (RFC 5545: a VTIMEZONE for every TZID used), unless one was added.
  func addBuiltinTimezone(tzid: String) {
    guard zoneTexts[tzid] == nil, let z = LibIcal.builtinZone(tzid),
      let c = icaltimezone_get_component(z).flatMap({ icalcomponent_new_clone($0) })
    else { return }
    zoneTexts[tzid] = true
    if let p = icalcomponent_get_first_property(c, ICAL_TZID_PROPERTY) { icalproperty_set_tzid(p, tzid) }
    icalcomponent_add_component(root, c)
  }

  /// The wall-clock time of `date` in the zone TZID (the VTIMEZONE added, else libical's built-in zone).
  func wall(of date: Date, tzid: String) -> ICalWall? {
    guard let z = zone(tzid) else { return nil }
    let t = icaltime_from_timet_with_zone(time_t(date.timeIntervalSince1970), 0, z)
    guard t.year > 0 else { return nil }
    return ICalWall(
      year: Int(t.year), month: Int(t.month), day: Int(t.day), hour: Int(t.hour), minute: Int(t.minute),
      second: Int(t.second))
  }

  private func zone(_ tzid: String) -> OpaquePointer? {
    if let z = zones[tzid] { return z }
    var sub = icalcomponent_get_first_component(root, ICAL_VTIMEZONE_COMPONENT)
    while let s = sub {
      if let p = icalcomponent_get_first_property(s, ICAL_TZID_PROPERTY),
        LibIcal.take(icalproperty_get_value_as_string_r(p)) == tzid, let z = icaltimezone_new()
      {
        icaltimezone_set_component(z, icalcomponent_new_clone(s))
        zones[tzid] = z
        return z
      }
      sub = icalcomponent_get_next_component(root, ICAL_VTIMEZONE_COMPONENT)
    }
    return LibIcal.builtinZone(tzid)
  }

  /// Adds one VTODO; `body` adds its properties in order.
  func addTodo(_ body: (ICalTodoBuilder) -> Void) {
    let c = icalcomponent_new(ICAL_VTODO_COMPONENT)!
    body(ICalTodoBuilder(comp: c))
    todos.append(c)
  }

  /// Adds a whole component given as iCalendar text (a changed occurrence's VTODO) after those added so far.
  func addComponent(_ ical: String) {
    guard let c = icalcomponent_new_from_string(ical) else { return }
    todos.append(c)
  }

  /// The whole VCALENDAR as text (CRLF line ends, folded at 75 octets), the VTIMEZONEs first.
  func text() -> String {
    for c in todos { icalcomponent_add_component(root, c) }
    todos.removeAll()
    return LibIcal.take(icalcomponent_as_ical_string_r(root))
  }
}

/// The properties of one VTODO being written.
struct ICalTodoBuilder {
  fileprivate let comp: OpaquePointer

  /// The kinds the mapping writes, looked up once (libical compares the name
  /// with every kind it knows, a twentieth of an export).
  private static let kinds: [String: icalproperty_kind] = [
    "UID": ICAL_UID_PROPERTY, "SUMMARY": ICAL_SUMMARY_PROPERTY, "DUE": ICAL_DUE_PROPERTY,
    "DTSTAMP": ICAL_DTSTAMP_PROPERTY, "CREATED": ICAL_CREATED_PROPERTY,
    "LAST-MODIFIED": ICAL_LASTMODIFIED_PROPERTY, "COMPLETED": ICAL_COMPLETED_PROPERTY,
  ]

  private static func kind(_ name: String) -> icalproperty_kind {
    kinds[name] ?? icalproperty_string_to_kind(name)
  }

  /// A TEXT property (UID, SUMMARY…), escaped by libical.
  func text(_ name: String, _ value: String) {
    let p = icalproperty_new(Self.kind(name))!
    icalproperty_set_value(p, icalvalue_new_text(value))
    icalcomponent_add_property(comp, p)
  }

  /// A property given by its value's iCalendar text (STATUS:COMPLETED, SEQUENCE:2, RRULE:…).
  /// A value libical cannot read is left out.
  func value(_ name: String, _ value: String) {
    guard let p = icalproperty_new_from_string(name + ":" + value) else { return }
    guard icalproperty_isa(p) != ICAL_XLICERROR_PROPERTY else { return icalproperty_free(p) }
    icalcomponent_add_property(comp, p)
  }

  /// A DATE or DATE-TIME property; `template` (a property of the same name as
  /// iCalendar text) gives its parameters.
  func time(_ name: String, _ value: ICalTime, template: String? = nil) {
    switch value {
    case .utc(let d), .zoned(let d, _):
      // A zone's wall clock is written with ``time(_:wall:tzid:template:)``; here, the instant in UTC.
      add(name, ICalWall(utc: d).text(date: false) + "Z", template: template, tzid: nil, date: false)
    case .floating(let w):
      add(name, w.text(date: false), template: template, tzid: nil, date: false, keepTZID: true)
    case .date(let w): add(name, w.text(date: true), template: template, tzid: nil, date: true)
    }
  }

  /// A DATE-TIME at a wall-clock time in the zone TZID (`DUE;TZID=…:…`).
  func time(_ name: String, wall: ICalWall, tzid: String, template: String? = nil) {
    add(name, wall.text(date: false), template: template, tzid: tzid, date: false)
  }

  /// The value is given to libical as text: its constructor from a struct
  /// refuses years after 3000 (libical 3.0.16), its reader does not.
  private func add(
    _ name: String, _ text: String, template: String?, tzid: String?, date: Bool, keepTZID: Bool = false
  ) {
    guard let v = icalvalue_new_from_string(date ? ICAL_DATE_VALUE : ICAL_DATETIME_VALUE, text) else {
      return
    }
    let p =
      template.flatMap { icalproperty_new_from_string($0) } ?? icalproperty_new(
        Self.kind(name))!
    icalproperty_remove_parameter_by_kind(p, ICAL_VALUE_PARAMETER)
    if let z = tzid {
      icalproperty_set_parameter(p, icalparameter_new_tzid(z))
    } else if !keepTZID {
      icalproperty_remove_parameter_by_kind(p, ICAL_TZID_PARAMETER)
    }
    if date { icalproperty_set_parameter(p, icalparameter_new_value(ICAL_VALUE_DATE)) }
    icalproperty_set_value(p, v)
    icalcomponent_add_property(comp, p)
  }

  /// A VALARM that warns `seconds` before the due time: `template` (a VALARM as
  /// iCalendar text) with its TRIGGER set, or ACTION:DISPLAY with `description`.
  func warning(seconds: Int, description: String, template: String?) {
    var trig = icaltriggertype()
    trig.time = icaltime_null_time()
    trig.duration = icaldurationtype_from_int(Int32(-seconds))
    if let t = template, let alarm = icalcomponent_new_from_string(t),
      let p = icalcomponent_get_first_property(alarm, ICAL_TRIGGER_PROPERTY)
    {
      icalproperty_set_trigger(p, trig)
      icalcomponent_add_component(comp, alarm)
      return
    }
    let alarm = icalcomponent_new(ICAL_VALARM_COMPONENT)!
    icalcomponent_add_property(alarm, icalproperty_new_action(ICAL_ACTION_DISPLAY))
    let p = icalproperty_new_trigger(trig)!
    icalproperty_set_parameter(p, icalparameter_new_related(ICAL_RELATED_END))
    icalcomponent_add_property(alarm, p)
    icalcomponent_add_property(alarm, icalproperty_new_description(description))
    icalcomponent_add_component(comp, alarm)
  }

  /// Properties and components given as iCalendar text (what an item keeps
  /// unmapped), read by libical and added in their order.
  func content(_ ical: String) {
    guard let wrapper = icalcomponent_new_from_string("BEGIN:VTODO\r\n" + ical + "END:VTODO\r\n") else {
      return
    }
    defer { icalcomponent_free(wrapper) }
    while let p = icalcomponent_get_first_property(wrapper, ICAL_ANY_PROPERTY) {
      icalcomponent_remove_property(wrapper, p)
      icalcomponent_add_property(comp, p)
    }
    while let c = icalcomponent_get_first_component(wrapper, ICAL_ANY_COMPONENT) {
      icalcomponent_remove_component(wrapper, c)
      icalcomponent_add_component(comp, c)
    }
  }
}
