import Foundation

// The field table: every field of ``TodoItem``, once, in the order the data
// file holds them. The only place a data file key is spelled.
//
// To add a field: a stored property in ``TodoItem``, one entry here (in the
// order the writer should put it, after the ones files already have), and its
// iCalendar mapping in `ICal/ICalMapping*.swift` if it travels (`ical:`).
// Every codec, the merge and the sync then carry it; `FieldTableTests` proves it.
extension ItemField {
  public static let all: [ItemField] = [
    // The two the data file always holds first: the entry's identity and title.
    ItemField(
      name: "id", key: "UUID", kind: .uuid, userSet: false, ical: .property("UID"), revision: false,
      merge: .identity, json: .listed, get: { .uuid($0.id) },
      set: { i, v in if let u = v.uuid { i.id = u } }),
    ItemField(
      name: "title", key: "title", kind: .text, userSet: true, ical: .property("SUMMARY"), revision: true,
      merge: .changed, json: .listed, get: { .text($0.title) }, set: { i, v in i.title = v.text ?? "" }),
    ItemField(
      name: "deadline", key: "deadline", kind: .date, userSet: true, ical: .property("DUE"), revision: true,
      merge: .changed, json: .listed, get: { FieldValue($0.deadline) }, set: { i, v in i.deadline = v.date }),
    ItemField(
      name: "created", key: "created", kind: .date, userSet: false, ical: .property("CREATED"),
      revision: false, merge: .changed, json: .listed, get: { .date($0.created) },
      set: { i, v in i.created = v.date ?? Date(timeIntervalSince1970: 0) }),
    ItemField(
      name: "modified", key: "modified", kind: .date, userSet: false, ical: .property("LAST-MODIFIED"),
      revision: false, merge: .latest, json: .exported, get: { FieldValue($0.modified) },
      set: { i, v in i.modified = v.date }),
    ItemField(
      name: "completed", key: "completed", kind: .date, userSet: true, ical: .status, revision: true,
      merge: .changed, json: .listed, get: { FieldValue($0.completed) }, set: { i, v in i.completed = v.date }
    ),
    ItemField(
      name: "reminder", key: "reminder", kind: .date, userSet: true, ical: .alarm, revision: false,
      merge: .changed, json: .listed, get: { FieldValue($0.reminder) }, set: { i, v in i.reminder = v.date }),
    ItemField(
      name: "repeat", key: "repeat", kind: .text, userSet: true, ical: .property("RRULE"), revision: true,
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
      revision: false, merge: .revision, json: .exported, get: { FieldValue($0.sequence) },
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
      name: "note", key: "note", kind: .lines, userSet: true, ical: .property("DESCRIPTION"), revision: true,
      merge: .changed, json: .listed, get: { FieldValue($0.note) }, set: { i, v in i.note = v.text }),
    ItemField(
      name: "priority", key: "priority", kind: .integer, userSet: true, ical: .property("PRIORITY"),
      revision: true, merge: .changed, json: .listed, get: { FieldValue($0.priority) },
      set: { i, v in i.priority = v.integer }),
    ItemField(
      name: "tags", key: "tags", kind: .texts, userSet: true, ical: .property("CATEGORIES"), revision: true,
      merge: .changed, json: .listed, get: { $0.tags.isEmpty ? .absent : .texts($0.tags) },
      set: { i, v in i.tags = v.texts ?? [] }),
    ItemField(
      name: "start", key: "start", kind: .date, userSet: true, ical: .property("DTSTART"), revision: true,
      merge: .changed, json: .listed, get: { FieldValue($0.start) }, set: { i, v in i.start = v.date }),
    ItemField(
      name: "progress", key: "progress", kind: .integer, userSet: true, ical: .property("PERCENT-COMPLETE"),
      revision: true, merge: .changed, json: .listed, get: { FieldValue($0.progress) },
      set: { i, v in i.progress = v.integer }),
    // Lists (SPEC 9): the id of the item's list (``ListBook``); absent: the default list.
    // It travels as the collection the item's file is in, not as a property.
    ItemField(
      name: "list", key: "list", kind: .text, userSet: true, ical: .none, revision: false, merge: .changed,
      json: .listed, get: { FieldValue($0.list) }, set: { i, v in i.list = v.text }),
    // Subtasks (SPEC 9): the parent's iCalendar UID.
    ItemField(
      name: "parent", key: "parent", kind: .text, userSet: true, ical: .property("RELATED-TO"),
      revision: true,
      merge: .changed, json: .listed, get: { FieldValue($0.parent) }, set: { i, v in i.parent = v.text }),
    // Alerts (issue 36): the latest delivered alert's fire time; alerts are delivered in order.
    ItemField(
      name: "notifiedAlert", key: "notifiedAlert", kind: .date, userSet: false, ical: .none, revision: false,
      merge: .latest, json: .exported, get: { FieldValue($0.notifiedAlert) },
      set: { i, v in i.notifiedAlert = v.date }),
    // Alerts (SPEC 8, issue 36): one VALARM each, in their order (``ItemAlert/stored``).
    ItemField(
      name: "alerts", key: "alerts", kind: .texts, userSet: true, ical: .alarm, revision: true,
      merge: .changed,
      json: .listed, get: { $0.alerts.isEmpty ? .absent : .texts($0.alerts.map(\.stored)) },
      set: { i, v in i.alerts = (v.texts ?? []).map(ItemAlert.init(stored:)) }),
  ]

  /// The entry's identity (`UUID`) and its title: the first two of ``all``,
  /// which every entry holds, in this order, before the others.
  static var idIndex: Int { 0 }
  static var titleIndex: Int { 1 }
  /// `created`: always written (an entry without it was created at its deadline).
  static var createdIndex: Int { 3 }
  /// `deadline`: the order of the file.
  static var deadlineIndex: Int { 2 }
  // The fields that code names (the scan's records, the checks of a value).
  static var modifiedIndex: Int { 4 }
  static var completedIndex: Int { 5 }
  static var reminderIndex: Int { 6 }
  static var repeatIndex: Int { 7 }
  static var warnIndex: Int { 8 }
  static var cancelledIndex: Int { 9 }
  static var uidIndex: Int { 10 }
  static var sequenceIndex: Int { 11 }
  static var icalExtraIndex: Int { 12 }
  static var notifiedDeadlineIndex: Int { 13 }
  static var notifiedReminderIndex: Int { 14 }
  static var notifiedWarningIndex: Int { 15 }
  static var noteIndex: Int { 16 }
  static var priorityIndex: Int { 17 }
  static var tagsIndex: Int { 18 }
  static var startIndex: Int { 19 }
  static var progressIndex: Int { 20 }
  static var listIndex: Int { 21 }
  static let parentIndex = all.firstIndex { $0.name == "parent" }!
  static let alertsIndex = all.firstIndex { $0.name == "alerts" }!

  /// The synced fields in the columns of the first version of the sync status
  /// (`Sync/SyncStatus+Lines.swift`), never to change; later ones follow in table order.
  static let firstStatusColumns = [
    titleIndex, deadlineIndex, completedIndex, cancelledIndex, repeatIndex, warnIndex, icalExtraIndex,
  ]
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
