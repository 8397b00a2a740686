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

  /// The VTIMEZONEs of an item's kept text (once per TZID), and libical's own
  /// for the other zones it names; call before the item's VTODO is added.
  func addZones(of kept: ICalKept) {
    for c in kept.zones {
      if let p = icalcomponent_get_first_property(c, ICAL_TZID_PROPERTY),
        case let tzid = LibIcal.take(icalproperty_get_value_as_string_r(p)), zoneTexts[tzid] == nil
      {
        zoneTexts[tzid] = true
        icalcomponent_add_component(root, c)
      } else {
        icalcomponent_free(c)
      }
    }
    kept.zones.removeAll()
    for z in kept.tzids.sorted() { addBuiltinTimezone(tzid: z) }
  }

  /// The changed occurrences of an item's kept text, after its VTODO.
  func addOccurrences(of kept: ICalKept) {
    todos += kept.occurrences
    kept.occurrences.removeAll()
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

  /// A DATE or DATE-TIME property; `template`'s DUE (kept text) gives its parameters.
  func time(_ name: String, _ value: ICalTime, template: ICalKept? = nil) {
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
  func time(_ name: String, wall: ICalWall, tzid: String, template: ICalKept? = nil) {
    add(name, wall.text(date: false), template: template, tzid: tzid, date: false)
  }

  /// The value is given to libical as text: its constructor from a struct
  /// refuses years after 3000 (libical 3.0.16), its reader does not.
  private func add(
    _ name: String, _ text: String, template: ICalKept?, tzid: String?, date: Bool, keepTZID: Bool = false
  ) {
    guard let v = icalvalue_new_from_string(date ? ICAL_DATE_VALUE : ICAL_DATETIME_VALUE, text) else {
      return
    }
    let p = template?.takeDue() ?? icalproperty_new(Self.kind(name))!
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

  /// A VALARM that warns `seconds` before the due time: `template`'s warning
  /// alarm (kept text) with its TRIGGER set, or ACTION:DISPLAY with `description`.
  func warning(seconds: Int, description: String, template: ICalKept?) {
    var trig = icaltriggertype()
    trig.time = icaltime_null_time()
    trig.duration = icaldurationtype_from_int(Int32(-seconds))
    if let alarm = template?.takeAlarm(),
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

  /// The rest of an item's kept text, moved in: its properties after those
  /// added so far, its components after theirs, in their order.
  func rest(_ kept: ICalKept) {
    for p in kept.properties { icalcomponent_add_property(comp, p) }
    for c in kept.components { icalcomponent_add_component(comp, c) }
    kept.properties.removeAll()
    kept.components.removeAll()
  }
}

/// An item's kept iCalendar text (``TodoItem/icalExtra``: properties and components
/// the mapping does not take), read once by libical and taken apart for
/// ``ICalMapping/write(_:to:calendar:)``: what it does not use is moved as it is
/// into the VTODO written (``ICalTodoBuilder/rest(_:)``), never written out and read again.
final class ICalKept {
  /// A property or component read from the kept text.
  struct Node {
    fileprivate let ptr: OpaquePointer
  }

  /// The first DUE (its parameters are the written DUE's) and its form.
  private(set) var due: Node?
  private(set) var dueForm: ICalTime?
  /// The first STATUS's value.
  private(set) var status: String?
  /// The first VALARM that warns before the due time (``ICalMapping/warning(_:)``).
  private(set) var alarm: Node?
  /// The TZIDs its properties (at any depth) name.
  private(set) var tzids = Set<String>()
  fileprivate var properties: [OpaquePointer] = []
  fileprivate var components: [OpaquePointer] = []
  fileprivate var zones: [OpaquePointer] = []
  /// Changed occurrences (VTODOs with RECURRENCE-ID), written after the item's VTODO.
  fileprivate var occurrences: [OpaquePointer] = []

  init(_ ical: String?) {
    guard let ical, let wrapper = icalcomponent_new_from_string("BEGIN:VTODO\r\n" + ical + "END:VTODO\r\n")
    else { return }
    defer { icalcomponent_free(wrapper) }
    Self.collectTZIDs(wrapper, into: &tzids)
    while let p = icalcomponent_get_first_property(wrapper, ICAL_ANY_PROPERTY) {
      icalcomponent_remove_property(wrapper, p)
      let kind = icalproperty_isa(p)
      if kind == ICAL_DUE_PROPERTY && due == nil {
        // Read while the VTIMEZONEs are still beside it.
        dueForm = LibIcal.time(of: p, owner: wrapper)
        due = Node(ptr: p)
      } else if kind == ICAL_STATUS_PROPERTY && status == nil {
        status = LibIcal.take(icalproperty_get_value_as_string_r(p))
        icalproperty_free(p)
      } else if kind == ICAL_XLICERROR_PROPERTY {
        icalproperty_free(p)
      } else {
        properties.append(p)
      }
    }
    while let c = icalcomponent_get_first_component(wrapper, ICAL_ANY_COMPONENT) {
      icalcomponent_remove_component(wrapper, c)
      switch icalcomponent_isa(c) {
      case ICAL_VTIMEZONE_COMPONENT: zones.append(c)
      case ICAL_VTODO_COMPONENT: occurrences.append(c)
      case ICAL_VALARM_COMPONENT where alarm == nil && Self.warns(c): alarm = Node(ptr: c)
      default: components.append(c)
      }
    }
  }

  deinit {
    if let d = due { icalproperty_free(d.ptr) }
    if let a = alarm { icalcomponent_free(a.ptr) }
    for p in properties { icalproperty_free(p) }
    for c in components + zones + occurrences { icalcomponent_free(c) }
  }

  /// Hands the first DUE over (it is used once).
  fileprivate func takeDue() -> OpaquePointer? {
    defer { due = nil }
    return due?.ptr
  }

  fileprivate func takeAlarm() -> OpaquePointer? {
    defer { alarm = nil }
    return alarm?.ptr
  }

  /// Whether a VALARM's first TRIGGER is `RELATED=END` and a duration not after the due time.
  private static func warns(_ c: OpaquePointer) -> Bool {
    guard let p = icalcomponent_get_first_property(c, ICAL_TRIGGER_PROPERTY),
      let r = icalproperty_get_first_parameter(p, ICAL_RELATED_PARAMETER),
      icalparameter_get_related(r) == ICAL_RELATED_END
    else { return false }
    let t = icalproperty_get_trigger(p)
    return icaltime_is_null_time(t.time) != 0 && icaldurationtype_as_int(t.duration) <= 0
  }

  private static func collectTZIDs(_ c: OpaquePointer, into set: inout Set<String>) {
    var p = icalcomponent_get_first_property(c, ICAL_ANY_PROPERTY)
    while let x = p {
      if let z = icalproperty_get_first_parameter(x, ICAL_TZID_PARAMETER) {
        set.insert(LibIcal.string(icalparameter_get_tzid(z)))
      }
      p = icalcomponent_get_next_property(c, ICAL_ANY_PROPERTY)
    }
    var k = icalcomponent_get_first_component(c, ICAL_ANY_COMPONENT)
    while let x = k {
      collectTZIDs(x, into: &set)
      k = icalcomponent_get_next_component(c, ICAL_ANY_COMPONENT)
    }
  }
}
