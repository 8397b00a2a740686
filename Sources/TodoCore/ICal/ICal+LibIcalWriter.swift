import CLibical
import Foundation

// Writing iCalendar through libical: the other half of ICal+LibIcal.swift. One
// VTODO is built a time (``ICalTodoBuilder``) and written out as text on its own
// (libical writes a component's children one after another, so the VTODOs' texts
// joined under the VCALENDAR's header are the text of the whole: ``ICalExport``).

/// The properties of one VTODO being written.
struct ICalTodoBuilder {
  fileprivate let comp: OpaquePointer

  init() { comp = icalcomponent_new(ICAL_VTODO_COMPONENT)! }

  /// A TEXT property (UID, SUMMARY…), escaped by libical, with `parameters` (iCalendar text, `A=B;C=D`).
  func text(_ kind: icalproperty_kind, _ value: String, parameters: String? = nil) {
    let p = icalproperty_new(kind)!
    icalproperty_set_value(p, icalvalue_new_text(value))
    for t in parameters.map({ $0.split(separator: ";") }) ?? [] {
      if let param = icalparameter_new_from_string(String(t)) { icalproperty_add_parameter(p, param) }
    }
    icalcomponent_add_property(comp, p)
  }

  /// A property given by its value's iCalendar text (STATUS:X-WAITING, RRULE:…).
  /// A value libical cannot read is left out.
  func value(_ name: String, _ value: String) {
    guard let p = icalproperty_new_from_string(name + ":" + value) else { return }
    guard icalproperty_isa(p) != ICAL_XLICERROR_PROPERTY else { return icalproperty_free(p) }
    icalcomponent_add_property(comp, p)
  }

  /// An INTEGER property (SEQUENCE, PRIORITY…): one libical holds (32 bits) made directly,
  /// another read as text (`name`: the property's).
  func integer(_ kind: icalproperty_kind, name: String, _ n: Int) {
    guard let v = Int32(exactly: n) else { return value(name, String(n)) }
    let p = icalproperty_new(kind)!
    icalproperty_set_value(p, icalvalue_new_integer(v))
    icalcomponent_add_property(comp, p)
  }

  /// STATUS: the three the mapping writes made directly, another (kept) read as text.
  func status(_ s: String) {
    let known: icalproperty_status? =
      switch s {
      case "NEEDS-ACTION": ICAL_STATUS_NEEDSACTION
      case "COMPLETED": ICAL_STATUS_COMPLETED
      case "CANCELLED": ICAL_STATUS_CANCELLED
      default: nil
      }
    guard let known else { return value("STATUS", s) }
    icalcomponent_add_property(comp, icalproperty_new_status(known))
  }

  /// A DATE or DATE-TIME property; `template`'s DUE (kept text) gives its parameters.
  func time(_ kind: icalproperty_kind, _ value: ICalTime, template: ICalKept? = nil) {
    switch value {
    case .utc(let d), .zoned(let d, _):
      // A zone's wall clock is written with ``time(_:wall:tzid:template:)``; here, the instant in UTC.
      add(kind, ICalWall(utc: d), utc: true, template: template, tzid: nil, date: false)
    case .floating(let w):
      add(kind, w, utc: false, template: template, tzid: nil, date: false, keepTZID: true)
    case .date(let w): add(kind, w, utc: false, template: template, tzid: nil, date: true)
    }
  }

  /// A DATE-TIME at a wall-clock time in the zone TZID (`DUE;TZID=…:…`).
  func time(_ kind: icalproperty_kind, wall: ICalWall, tzid: String, template: ICalKept? = nil) {
    add(kind, wall, utc: false, template: template, tzid: tzid, date: false)
  }

  /// The value libical's reader makes of the time's text (`icaltime_from_string`:
  /// no daylight flag, UTC's zone for a `…Z`), made directly; its constructor from
  /// a struct refuses years after 3000 (libical 3.0.16), its reader does not, so
  /// later years are given to it as text.
  private static func value(_ w: ICalWall, utc: Bool, date: Bool) -> OpaquePointer? {
    guard (0...3000).contains(w.year) else {
      return icalvalue_new_from_string(
        date ? ICAL_DATE_VALUE : ICAL_DATETIME_VALUE, w.text(date: date) + (utc ? "Z" : ""))
    }
    let t = icaltimetype(
      year: Int32(w.year), month: Int32(w.month), day: Int32(w.day), hour: date ? 0 : Int32(w.hour),
      minute: date ? 0 : Int32(w.minute), second: date ? 0 : Int32(w.second), is_date: date ? 1 : 0,
      is_daylight: 0, zone: utc ? icaltimezone_get_utc_timezone() : nil)
    return date ? icalvalue_new_date(t) : icalvalue_new_datetime(t)
  }

  private func add(
    _ kind: icalproperty_kind, _ w: ICalWall, utc: Bool, template: ICalKept?, tzid: String?, date: Bool,
    keepTZID: Bool = false
  ) {
    guard let v = Self.value(w, utc: utc, date: date) else { return }
    let p = template?.take(kind) ?? icalproperty_new(kind)!
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
    alarm(
      trig, relatedToEnd: true, description: description, template: template?.takeSlot(template?.alarmSlot))
  }

  /// A VALARM with `trig`: `template` (an alarm of the kept text) with its
  /// TRIGGER set, or a new ACTION:DISPLAY alarm with `description`.
  private func alarm(
    _ trig: icaltriggertype, relatedToEnd: Bool, description: String, template: (OpaquePointer, moved: Bool)?,
    mark: String? = nil
  ) {
    // Among other alarms, a template stays where it came (``rest(_:)``): the alarms keep their order.
    if let (template, moved) = template,
      let p = icalcomponent_get_first_property(template, ICAL_TRIGGER_PROPERTY)
    {
      if !Self.sameTrigger(icalproperty_get_trigger(p), trig) { icalproperty_set_trigger(p, trig) }
      if let mark, !ICalComponentRef(template).hasX(mark) {
        icalcomponent_add_property(template, ICalAlarms.markProperty(mark))
      }
      if moved { icalcomponent_add_component(comp, template) }
      return
    }
    let alarm = icalcomponent_new(ICAL_VALARM_COMPONENT)!
    icalcomponent_add_property(alarm, icalproperty_new_action(ICAL_ACTION_DISPLAY))
    let p = icalproperty_new_trigger(trig)!
    if relatedToEnd { icalproperty_set_parameter(p, icalparameter_new_related(ICAL_RELATED_END)) }
    icalcomponent_add_property(alarm, p)
    icalcomponent_add_property(alarm, icalproperty_new_description(description))
    if let mark { icalcomponent_add_property(alarm, ICalAlarms.markProperty(mark)) }
    icalcomponent_add_component(comp, alarm)
  }

  /// The kept text's first property of `kind`, if it was taken apart as a template and not used, as it is.
  func keep(_ kind: icalproperty_kind, from kept: ICalKept) {
    if let p = kept.take(kind) { icalcomponent_add_property(comp, p) }
  }

  /// Whether two triggers are the same (then the kept one is left as it came, byte for byte).
  private static func sameTrigger(_ a: icaltriggertype, _ b: icaltriggertype) -> Bool {
    let aNull = icaltime_is_null_time(a.time) != 0
    let bNull = icaltime_is_null_time(b.time) != 0
    guard aNull == bNull else { return false }
    if aNull { return icaldurationtype_as_int(a.duration) == icaldurationtype_as_int(b.duration) }
    return icaltime_compare(a.time, b.time) == 0
  }

  /// A comma list of TEXT (CATEGORIES) on one line (a comma in a text cannot be told
  /// from a separator by libical: the CLI refuses it).
  func texts(_ kind: icalproperty_kind, _ texts: [String]) {
    let p = icalproperty_new(kind)!
    icalproperty_set_value(p, icalvalue_new_text(texts.joined(separator: ",")))
    icalcomponent_add_property(comp, p)
  }

  /// A VALARM at the instant `at` (the alert at a time): `template`'s alert
  /// (kept text) with its TRIGGER set, or ACTION:DISPLAY with `description`.
  /// `marked`: with ``ICalAlarms/reminderMark`` (the item has alerts at a time too).
  func alert(at: Date, description: String, template: ICalKept?, marked: Bool = false) {
    var trig = icaltriggertype()
    trig.time = icaltime_from_timet_with_zone(
      time_t(at.timeIntervalSince1970), 0, icaltimezone_get_utc_timezone())
    trig.duration = icaldurationtype_null_duration()
    alarm(
      trig, relatedToEnd: false, description: description, template: template?.takeSlot(template?.alertSlot),
      mark: marked ? ICalAlarms.reminderMark : nil)
  }

  /// A VALARM made elsewhere (``ICalAlarms/component(_:title:)``), moved in.
  func add(alarm c: OpaquePointer) { icalcomponent_add_component(comp, c) }

  /// The rest of an item's kept text, moved in: its properties after those
  /// added so far, its components after theirs, in their order.
  func rest(_ kept: ICalKept) {
    for p in kept.properties { icalcomponent_add_property(comp, p) }
    for (k, c) in kept.components.enumerated() where !kept.moved.contains(k) {
      if k == kept.alarmSlot && kept.dropWarning {
        icalcomponent_free(c)  // the warning was taken away
      } else {
        icalcomponent_add_component(comp, c)
      }
    }
    kept.properties.removeAll()
    kept.components.removeAll()
  }

  /// The VTODO's text appended to `out` (CRLF line ends, folded at 75 octets), then the VTODO freed.
  func finish(into out: inout [UInt8]) {
    ICalKept.append(comp, to: &out)
  }
}

/// An item's kept iCalendar text (``TodoItem/icalExtra``: properties and components
/// the mapping does not take), read once by libical and taken apart for
/// ``ICalMapping/write(_:kept:zones:calendar:into:)``: what it does not use is moved as it is
/// into the VTODO written (``ICalTodoBuilder/rest(_:)``), never written out and read again.
final class ICalKept {
  /// A property or component read from the kept text.
  struct Node {
    fileprivate let ptr: OpaquePointer
  }

  /// How a DUE was written: the form the written DUE keeps (``ICalMapping/writeDue``).
  enum Form: Equatable {
    case utc, zoned(tzid: String), floating, date
  }

  /// The first DUE and DTSTART, and each other time of ``ICalFields/timeKinds`` (their parameters are the written ones') and their forms.
  private var times: [(kind: icalproperty_kind, node: Node?, form: Form?)] = []
  /// Where the first VALARM at a time (``ICalMapping/alertTime(_:)``) is among the components.
  private(set) var alertSlot: Int?
  var dueForm: Form? { form(of: ICAL_DUE_PROPERTY) }
  func form(of kind: icalproperty_kind) -> Form? { times.first { $0.kind == kind }?.form }
  /// The first STATUS's value.
  private(set) var status: String?
  /// Where the first VALARM that warns before the due time (``ICalMapping/warning(_:)``) is among the components.
  private(set) var alarmSlot: Int?
  /// The item has no warning: its kept VALARM is not written (``ICalTodoBuilder/rest(_:)``).
  var dropWarning = false
  /// Templates written where the mapping puts them (first, the warning's, then the alert's),
  /// when the kept text holds no other alarm: as the writer always did.
  fileprivate var moved = Set<Int>()

  /// The template at `slot`, and whether it is moved to where the builder is (no other alarm
  /// is kept: see ``moved``) rather than left in its place among the others.
  fileprivate func takeSlot(_ slot: Int?) -> (OpaquePointer, moved: Bool)? {
    guard let slot else { return nil }
    var others = false
    for (k, c) in components.enumerated()
    where k != alarmSlot && k != alertSlot && icalcomponent_isa(c) == ICAL_VALARM_COMPONENT {
      others = true
    }
    if !others { moved.insert(slot) }
    return (components[slot], !others)
  }
  /// The TZIDs its properties (at any depth) name.
  private(set) var tzids = Set<String>()
  fileprivate var properties: [OpaquePointer] = []
  fileprivate var components: [OpaquePointer] = []
  /// Its VTIMEZONEs, handed to the VCALENDAR (``ICalExportHead/addZones(of:item:)``).
  var zones: [OpaquePointer] = []
  /// Changed occurrences (VTODOs with RECURRENCE-ID), written after the item's VTODO.
  fileprivate var occurrences: [OpaquePointer] = []

  /// Nothing to read when there is no kept text (libical would find no property in it either).
  init(_ ical: String?) {
    _ = LibIcal.ready
    guard let ical, !ical.isEmpty,
      let wrapper = LibIcal.lenient(Array("BEGIN:VTODO\r\n\(ical)END:VTODO\r\n\0".utf8))
    else { return }
    defer { icalcomponent_free(wrapper) }
    ICalComponentRef(wrapper).collectTZIDs(into: &tzids)
    while let p = icalcomponent_get_first_property(wrapper, ICAL_ANY_PROPERTY) {
      icalcomponent_remove_property(wrapper, p)
      let kind = icalproperty_isa(p)
      if Self.timeKinds.contains(kind), !times.contains(where: { $0.kind == kind }) {
        // Read while the VTIMEZONEs are still beside it.
        times.append((kind, Node(ptr: p), Self.form(of: p, owner: wrapper)))
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
      case ICAL_VALARM_COMPONENT where alarmSlot == nil && ICalMapping.warning(ICalComponentRef(c)) != nil:
        alarmSlot = components.count
        components.append(c)
      case ICAL_VALARM_COMPONENT where alertSlot == nil && ICalMapping.alertTime(ICalComponentRef(c)) != nil:
        alertSlot = components.count
        components.append(c)
      default: components.append(c)
      }
    }
  }

  deinit {
    for t in times { if let n = t.node { icalproperty_free(n.ptr) } }
    for p in properties { icalproperty_free(p) }
    for c in components + zones + occurrences { icalcomponent_free(c) }
  }

  /// The kinds whose first property is a template: DUE and the fields' times, and the change
  /// times kept when they came without Z (``ICalMapping/stamp(_:_:kept:to:)``).
  private static let timeKinds = ICalFields.timeKinds

  /// The wall clock of the first property of `kind` kept as a template (a DATE-TIME), if any.
  func wall(of kind: icalproperty_kind) -> ICalWall? {
    guard let n = times.first(where: { $0.kind == kind })?.node, let v = icalproperty_get_value(n.ptr),
      icalvalue_isa(v) == ICAL_DATETIME_VALUE
    else { return nil }
    let t = icalvalue_get_datetime(v)
    return ICalWall(
      year: Int(t.year), month: Int(t.month), day: Int(t.day), hour: Int(t.hour), minute: Int(t.minute),
      second: Int(t.second))
  }

  /// The form ``LibIcal/time(of:owner:)`` reads, without the instant (which the
  /// writer does not use, and which takes libical's lock on its zones' changes).
  private static func form(of p: OpaquePointer, owner: OpaquePointer) -> Form? {
    guard let t = LibIcal.datetime(of: p, owner: owner) else { return nil }
    if t.is_date != 0 { return .date }
    if icaltime_is_utc(t) != 0 { return .utc }
    guard let z = t.zone else { return .floating }
    // A built-in zone's TZID carries libical's prefix; the property's own TZID is the name.
    if let param = icalproperty_get_first_parameter(p, ICAL_TZID_PARAMETER) {
      return .zoned(tzid: LibIcal.string(icalparameter_get_tzid(param)))
    }
    return .zoned(tzid: LibIcal.string(icaltimezone_get_tzid(z)))
  }

  /// The changed occurrences' texts appended to `out`, each freed.
  func appendOccurrences(to out: inout [UInt8]) {
    for c in occurrences { Self.append(c, to: &out) }
    occurrences.removeAll()
  }

  /// A component's text (libical's) appended to `out`, then the component freed.
  static func append(_ c: OpaquePointer, to out: inout [UInt8]) {
    if let text = icalcomponent_as_ical_string_r(c) {
      out.append(contentsOf: UnsafeRawBufferPointer(start: text, count: strlen(text)))
      icalmemory_free_buffer(text)
    }
    icalcomponent_free(c)
  }

  /// Hands the first DUE, DTSTART or other time of ``ICalFields/timeKinds`` over (it is used once).
  fileprivate func take(_ kind: icalproperty_kind) -> OpaquePointer? {
    guard let k = times.firstIndex(where: { $0.kind == kind }), let n = times[k].node else { return nil }
    times[k].node = nil
    return n.ptr
  }
}
