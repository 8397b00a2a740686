import Foundation

// The field table: every field of ``TodoItem``, once, in the order the data
// file holds them. The only place a data file key is spelled.
//
// To add a field: a stored property in ``TodoItem`` and one entry here (in the
// order the writer should put it, after the ones files already have); if it travels
// as a plain iCalendar property, its `ical: .property(NAME)` and `icalForm:` (the
// value's type, the parameters written, which lines are taken; ``ICalForm``).
// Every codec, the iCalendar reader, writer and upgrade (`ICal/ICalFields.swift`),
// the merge and the sync then carry it; `FieldTableTests` proves it.
// A field a person sets by hand has its text form too (`text:`, `FieldText+Forms.swift`):
// the option of `add` and `edit`, its row in `show` and in the detail view come from it.
extension ItemField {
  public static let all: [ItemField] = numbered([
    // The two the data file always holds first: the entry's identity and title.
    ItemField(
      name: "id", key: "UUID", kind: .uuid, userSet: false, ical: .property("UID"), revision: false,
      merge: .identity, json: .listed, get: { .uuid($0.id) },
      set: { i, v in if let u = v.uuid { i.id = u } }),
    ItemField(
      name: "title", key: "title", kind: .text, userSet: true, ical: .property("SUMMARY"),
      icalForm: ICalForm(.title, adopted: false), revision: true,
      merge: .changed, json: .listed, get: { .text($0.title) }, set: { i, v in i.title = v.text ?? "" }),
    ItemField(
      name: "deadline", key: "deadline", kind: .date, userSet: true, ical: .property("DUE"), revision: true,
      merge: .changed, json: .listed, get: { FieldValue($0.deadline) }, set: { i, v in i.deadline = v.date }),
    ItemField(
      name: "created", key: "created", kind: .date, userSet: false, ical: .property("CREATED"),
      icalForm: ICalForm(.stamp, adopted: false), revision: false, merge: .changed, json: .listed,
      get: { .date($0.created) },
      set: { i, v in i.created = v.date ?? Date(timeIntervalSince1970: 0) }),
    ItemField(
      name: "modified", key: "modified", kind: .date, userSet: false, ical: .property("LAST-MODIFIED"),
      icalForm: ICalForm(.stamp, adopted: false), revision: false, merge: .latest, json: .exported,
      get: { FieldValue($0.modified) },
      set: { i, v in i.modified = v.date }),
    ItemField(
      name: "completed", key: "completed", kind: .date, userSet: true, ical: .status, revision: true,
      merge: .changed, json: .listed, get: { FieldValue($0.completed) }, set: { i, v in i.completed = v.date }
    ),
    ItemField(
      name: "reminder", key: "reminder", kind: .date, userSet: true, ical: .alarm, revision: false,
      merge: .changed, json: .listed, get: { FieldValue($0.reminder) }, set: { i, v in i.reminder = v.date }),
    ItemField(
      name: "repeat", key: "repeat", kind: .text, userSet: true, ical: .property("RRULE"),
      icalForm: ICalForm(.raw, adopted: false), revision: true,
      merge: .changed, json: .listed, get: { FieldValue($0.repeatRule) },
      set: { i, v in i.repeatRule = v.text }),
    // The early warning of before the alerts (issue 36): read (an older data file, JSON, a sync
    // status) into ``TodoItem/alerts``, the first alert not after the deadline; never written again.
    ItemField(
      name: "warn", key: "warn", kind: .integer, userSet: false, ical: .none, revision: false,
      merge: .changed,
      json: .listed, get: { _ in .absent },
      set: { i, v in if let w = v.integer, i.warn == nil { i.warn = w } }),
    ItemField(
      name: "cancelled", key: "cancelled", kind: .flag, userSet: true, ical: .status, revision: true,
      merge: .changed, json: .listed, get: { FieldValue($0.cancelled) },
      set: { i, v in i.cancelled = v.isSet }),
    ItemField(
      name: "uid", key: "uid", kind: .text, userSet: false, ical: .property("UID"), revision: false,
      merge: .changed, json: .listedOrID, get: { FieldValue($0.uid) }, set: { i, v in i.uid = v.text }),
    ItemField(
      name: "sequence", key: "sequence", kind: .integer, userSet: false, ical: .property("SEQUENCE"),
      icalForm: ICalForm(.integer(nil, zeroIsNone: false), adopted: false), revision: false, merge: .revision,
      json: .exported, get: { FieldValue($0.sequence) },
      set: { i, v in i.sequence = v.integer }),
    ItemField(
      name: "icalExtra", key: "icalExtra", kind: .lines, userSet: true, ical: .kept, revision: false,
      merge: .changed, json: .exported, get: { FieldValue($0.icalExtra) },
      set: { i, v in i.icalExtra = v.text }),
    ItemField(
      name: "notifiedDeadline", key: "notifiedDeadline", kind: .date, userSet: false, ical: .none,
      revision: false, merge: .delivery(of: "deadline"), json: .exported,
      get: { FieldValue($0.notifiedDeadline) }, set: { i, v in i.notifiedDeadline = v.date }),
    ItemField(
      name: "notifiedReminder", key: "notifiedReminder", kind: .date, userSet: false, ical: .none,
      revision: false, merge: .delivery(of: "reminder"), json: .exported,
      get: { FieldValue($0.notifiedReminder) }, set: { i, v in i.notifiedReminder = v.date }),
    ItemField(
      name: "notifiedWarning", key: "notifiedWarning", kind: .date, userSet: false, ical: .none,
      revision: false, merge: .delivery(of: "deadline"), json: .exported,
      get: { FieldValue($0.notifiedWarning) }, set: { i, v in i.notifiedWarning = v.date }),
    // The whole item (SPEC 8): what phones and other apps keep.
    ItemField(
      name: "note", key: "note", kind: .lines, userSet: true, ical: .property("DESCRIPTION"),
      icalForm: ICalForm(.text, take: .firstWithoutParameters), revision: true,
      merge: .changed, json: .listed, get: { FieldValue($0.note) }, set: { i, v in i.note = v.text },
      text: .note),
    ItemField(
      name: "priority", key: "priority", kind: .integer, userSet: true, ical: .property("PRIORITY"),
      icalForm: ICalForm(.integer(0...9, zeroIsNone: true), take: .firstWithoutParameters), revision: true,
      merge: .changed, json: .listed, get: { FieldValue($0.priority) },
      set: { i, v in i.priority = v.integer },
      text: .priority),
    ItemField(
      name: "tags", key: "tags", kind: .texts, userSet: true, ical: .property("CATEGORIES"),
      icalForm: ICalForm(.texts), revision: true,
      merge: .changed, json: .listed, get: { $0.tags.isEmpty ? .absent : .texts($0.tags) },
      set: { i, v in i.tags = v.texts ?? [] },
      text: .tags),
    ItemField(
      name: "start", key: "start", kind: .date, userSet: true, ical: .property("DTSTART"),
      icalForm: ICalForm(.time), revision: true,
      merge: .changed, json: .listed, get: { FieldValue($0.start) }, set: { i, v in i.start = v.date },
      text: .start),
    ItemField(
      name: "progress", key: "progress", kind: .integer, userSet: true, ical: .property("PERCENT-COMPLETE"),
      icalForm: ICalForm(.integer(0...100, zeroIsNone: true), take: .firstWithoutParameters), revision: true,
      merge: .changed, json: .listed, get: { FieldValue($0.progress) },
      set: { i, v in i.progress = v.integer },
      text: .progress),
    // Lists (SPEC 9): the id of the item's list (``ListBook``); absent: the default list.
    // It travels as the collection the item's file is in, not as a property.
    ItemField(
      name: "list", key: "list", kind: .text, userSet: true, ical: .none, revision: false, merge: .changed,
      json: .listed, get: { FieldValue($0.list) }, set: { i, v in i.list = v.text },
      text: .list),
    // Subtasks (SPEC 9): the parent's iCalendar UID.
    ItemField(
      name: "parent", key: "parent", kind: .text, userSet: true, ical: .property("RELATED-TO"),
      icalForm: ICalForm(.text, parameters: "RELTYPE=PARENT", take: .firstAsWritten), revision: true,
      merge: .changed, json: .listed, get: { FieldValue($0.parent) }, set: { i, v in i.parent = v.text },
      text: .parent),
    // Alerts (issue 36): the latest delivered alert's fire time; alerts are delivered in order.
    ItemField(
      name: "notifiedAlert", key: "notifiedAlert", kind: .date, userSet: false, ical: .none, revision: false,
      merge: .latest, json: .exported, get: { FieldValue($0.notifiedAlert) },
      set: { i, v in i.notifiedAlert = v.date }),
    // A web address for it (RFC 5545 URL, a URI; Apple Reminders and Thunderbird write it).
    ItemField(
      name: "url", key: "url", kind: .text, userSet: true, ical: .property("URL"), icalForm: ICalForm(.raw),
      revision: true, merge: .changed, json: .listed, get: { FieldValue($0.url) },
      set: { i, v in i.url = v.text },
      text: .line(option: "url", valueName: "url", help: "A web address for it, or none.", detailLabel: "URL")
    ),
    // Where it is done (RFC 5545 LOCATION, TEXT; Thunderbird and Tasks.org write it).
    ItemField(
      name: "location", key: "location", kind: .text, userSet: true, ical: .property("LOCATION"),
      icalForm: ICalForm(.text, take: .firstWithoutParameters), revision: true, merge: .changed,
      json: .listed,
      get: { FieldValue($0.location) }, set: { i, v in i.location = v.text },
      text: .line(
        option: "location", valueName: "text", help: "Where it is done (a place, an address), or none.",
        detailLabel: "Location")),
    // Alerts (SPEC 8, issue 36): one VALARM each, in their order (``ItemAlert/stored``).
    ItemField(
      name: "alerts", key: "alerts", kind: .texts, userSet: true, ical: .alarm, revision: true,
      merge: .changed,
      json: .listed, get: { $0.alerts.isEmpty ? .absent : .texts($0.alerts.map(\.stored)) },
      set: { i, v in i.alerts = (v.texts ?? []).map(ItemAlert.init(stored:)) }),
  ])

  /// The fields code names (the scan's records, the checks of a value, the iCalendar mapping's
  /// special cases), each looked up once in the table.
  // The two every entry holds first, in this order: its identity (`UUID`) and its title.
  static let id = all[0]
  static let title = all[1]
  static let deadline = entry("deadline")
  static let created = entry("created")
  static let modified = entry("modified")
  static let completed = entry("completed")
  static let reminder = entry("reminder")
  static let repeatRule = entry("repeat")
  static let warn = entry("warn")
  static let cancelled = entry("cancelled")
  static let uid = entry("uid")
  static let sequence = entry("sequence")
  static let icalExtra = entry("icalExtra")
  static let notifiedDeadline = entry("notifiedDeadline")
  static let notifiedReminder = entry("notifiedReminder")
  static let notifiedWarning = entry("notifiedWarning")
  static let note = entry("note")
  static let priority = entry("priority")
  static let tags = entry("tags")
  static let start = entry("start")
  static let progress = entry("progress")
  static let list = entry("list")
  static let parent = entry("parent")
  static let notifiedAlert = entry("notifiedAlert")
  static let alerts = entry("alerts")

  /// The order the iCalendar writer put the properties in before it looped over the table,
  /// never to change (an item written again is the same bytes): UID and DTSTAMP first, then
  /// these (the deadline's DUE, the completion's STATUS where they stand), the others with a
  /// form in table order, then the alarms.
  static let firstICalOrder = [
    created, modified, sequence, title, deadline, completed, repeatRule, start, note, priority, tags,
    progress,
    parent,
  ]

  /// The entry of this name: the program does not start without it.
  private static func entry(_ name: String) -> ItemField {
    guard let f = named(name) else { fatalError("no field '\(name)' in the field table") }
    return f
  }

  /// The synced fields in the columns of the first version of the sync status
  /// (`Sync/SyncStatus+Lines.swift`), never to change; later ones follow in table order.
  static let firstStatusColumns = [title, deadline, completed, cancelled, repeatRule, warn, icalExtra].map(
    \.index)
}

extension TodoDocument {
  /// The root's keys: the format's version and the items (SPEC 6), and the
  /// lists (SPEC 9: an array of dictionaries `id`, `name`, `color`, in their
  /// order; absent: the one list `Tasks`). Both readers keep the lists' value
  /// as canonical XML, as any root key (``PlistFragment``); ``TodoDocument/lists`` reads it.
  static let versionKey: StaticString = "formatVersion"
  static let itemsKey: StaticString = "todoItems"
  static let listsKey: StaticString = "todoLists"
  static let versionKeyText = versionKey.description
  static let itemsKeyText = itemsKey.description
  static let listsKeyText = listsKey.description
}
