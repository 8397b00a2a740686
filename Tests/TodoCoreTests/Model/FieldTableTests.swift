import Foundation
import XCTest

@testable import TodoCore

/// The field table (``ItemField/all``) against every codec and the merge: for
/// each field, an item that differs from a plain one in that field only must
/// carry the value through the plist writer and both readers (lean and
/// Foundation's), Foundation's writer, the list scan, the splice check, the
/// JSON export and `list --json`, iCalendar (when the field travels there),
/// and a change of only that field must land on an item someone else changed
/// meanwhile, by the list's merge and by the sync's. A field added to the table
/// that one of them misses fails here, named.
final class FieldTableTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  let t1 = Date(timeIntervalSince1970: 1_795_086_400 + 3_723)
  let utc = TimeZone(identifier: "UTC")!

  /// An item with a deadline and most fields absent.
  var plain: TodoItem {
    TodoItem(
      id: UUID(uuidString: "5A0C7C2E-1111-4222-8333-444455556666")!, title: "Plain", deadline: t0,
      created: t0.addingTimeInterval(-86_400))
  }

  /// A value of `f` other than the plain item's, valid for every codec (an
  /// RRULE, iCalendar lines, a title that is clean).
  func sample(_ f: ItemField) -> FieldValue {
    switch f.ical {
    case .property("RRULE"): return .text("FREQ=WEEKLY;BYDAY=MO")
    case .kept: return .text("X-FIELD-TABLE:one & <two>\nX-MORE:3\n")
    case .property("UID") where f.kind == .text: return .text("field-table@example.com")
    case .property("PRIORITY"): return .integer(5)
    case .property("PERCENT-COMPLETE"): return .integer(40)
    case .property("CATEGORIES"): return .texts(["a & b", "c"])
    // Alerts (issue 36): 15 minutes before the deadline and after the start, in the stored short form.
    case .alarm where f.kind == .texts: return .texts(["TRIGGER;RELATED=END:-PT15M", "TRIGGER:PT15M"])
    default: break
    }
    switch f.kind {
    case .text: return .text("Text & <more> é")
    case .lines: return .text("line one\nline two &\n")
    case .integer: return .integer(900)
    case .date: return .date(t1)
    case .flag: return .flag
    case .texts: return .texts(["a & b", "c"])
    case .uuid: return .uuid(UUID(uuidString: "0F1E2D3C-4B5A-4697-8877-665544332211")!)
    }
  }

  /// The fields of the table but `warn`, which is read (an older file's early warning, into
  /// ``TodoItem/alerts``) and never written: ``testTheWarnKeyOfAnOlderFileBecomesAnAlert``.
  var fields: [ItemField] { ItemField.all.filter { $0.name != "warn" } }

  /// The plain item with `f` set to its sample.
  func changed(_ f: ItemField) -> TodoItem {
    var item = plain
    f.set(&item, sample(f))
    XCTAssertNotEqual(f.get(item), f.get(plain), "\(f.name): the sample is the plain value")
    return item
  }

  /// A table with more fields than today's still fits the scan's Extra: every slot the
  /// head can name holds its own value, set in any order (a fixed record of 24 slots did not).
  func testTheScanHoldsASlotForEveryFieldOfALargerTable() {
    let first = PlistScan.Extra.first
    let slots = Array(first..<first + PlistScan.ExtraHead.slotLimit)
    XCTAssertGreaterThan(slots.count, PlistScan.Extra.count, "more slots than the table has fields")
    var x = PlistScan.Extra()
    for k in slots.reversed() where k % 2 == 0 { x[k] = Int64(k) * 1000 }
    for k in slots where k % 2 == 1 { x[k] = Int64(k) * 1000 }
    for k in slots { XCTAssertEqual(x[k], Int64(k) * 1000, "slot of field \(k)") }
    x[slots[3]] = PlistScan.none
    XCTAssertEqual(x[slots[3]], PlistScan.none)
    XCTAssertEqual(x[slots[4]], Int64(slots[4]) * 1000)
    XCTAssertEqual(x.values.count, slots.count - 1)
  }

  func testTheTableIsConsistent() {
    let all = ItemField.all
    XCTAssertEqual(Set(all.map(\.keyText)).count, all.count, "a plist key twice")
    XCTAssertEqual(Set(all.map(\.name)).count, all.count, "a JSON name twice")
    // The scan keeps a slot for each field after `created`, as many as the table has; its
    // entry head has a bit for each (``PlistScan/ExtraHead``).
    XCTAssertEqual(PlistScan.Extra.count, all.count - PlistScan.Extra.first)
    XCTAssertLessThanOrEqual(PlistScan.Extra.count, PlistScan.ExtraHead.slotLimit, "the head's bits")
    // Each entry knows its place; the fields the code names are the ones it means.
    for (k, f) in all.enumerated() { XCTAssertEqual(f.index, k, f.name) }
    XCTAssertEqual(all[ItemField.id.index].kind, .uuid)
    XCTAssertEqual(all[ItemField.title.index].kind, .text)
    for k in [
      ItemField.deadline.index, ItemField.created.index, ItemField.modified.index, ItemField.completed.index,
      ItemField.reminder.index, ItemField.notifiedDeadline.index, ItemField.notifiedReminder.index,
      ItemField.notifiedWarning.index,
    ] {
      XCTAssertEqual(all[k].kind, .date, all[k].name)
    }
    XCTAssertEqual(all[ItemField.warn.index].kind, .integer)
    XCTAssertEqual(all[ItemField.sequence.index].merge, .revision)
    XCTAssertEqual(all[ItemField.cancelled.index].kind, .flag)
    XCTAssertEqual(all[ItemField.icalExtra.index].ical, .kept)
    XCTAssertEqual(all[ItemField.repeatRule.index].ical, .property("RRULE"))
    XCTAssertEqual(all[ItemField.uid.index].json, .listedOrID)
    for f in fields {
      if case .delivery(let of) = f.merge { XCTAssertNotNil(ItemField.named(of), f.name) }
      // Every field is set and read back by its own closures.
      XCTAssertEqual(f.get(changed(f)), sample(f), f.name)
    }
  }

  func testEveryFieldRoundTripsThroughThePlistCodecs() throws {
    for f in fields {
      let item = changed(f)
      let lean = PlistCodec.encode([item])
      let viaLean = try PlistCodec.decode(Data(lean))
      XCTAssertEqual(viaLean.items, [item], "\(f.name): the lean writer and reader")
      XCTAssertTrue(viaLean.warnings.isEmpty, f.name)
      XCTAssertEqual(
        try PlistCodec.decodeWithFoundation(Data(lean)).items, [item],
        "\(f.name): Foundation reads the lean writer's")
      let foundation = try PlistCodec.encodeWithFoundation([item])
      XCTAssertEqual(
        try PlistCodec.decodeWithFoundation(foundation).items, [item],
        "\(f.name): Foundation's writer and reader")
      XCTAssertEqual(
        try PlistCodec.decode(foundation).items, [item], "\(f.name): the lean reader reads Foundation's")
      // The reader's own dispatch without the lean path's byte compare of keys (an entity in the key).
      let escapedKey = String(decoding: lean, as: UTF8.self).replacingOccurrences(
        of: "<key>\(f.keyText)</key>",
        with:
          "<key>\(f.keyText.prefix(1))&#\(f.keyText.utf8.dropFirst().first!);\(f.keyText.dropFirst(2))</key>")
      XCTAssertEqual(
        try PlistCodec.decode(Data(escapedKey.utf8)).items, [item], "\(f.name): a key spelled with an entity")
    }
  }

  func testKeysOutsideTheTableAreKeptByEveryPlistCodecAndJSON() throws {
    var item = changed(ItemField.repeatRule)
    item.otherKeys = ["colour": "<string>green</string>", "weight": "<real>2.5</real>"]
    let lean = PlistCodec.encode([item])
    XCTAssertEqual(try PlistCodec.decode(Data(lean)).items, [item], "the lean writer and reader")
    XCTAssertEqual(try PlistCodec.decodeWithFoundation(Data(lean)).items, [item], "Foundation's reader")
    XCTAssertEqual(
      try PlistCodec.decodeWithFoundation(try PlistCodec.encodeWithFoundation([item])).items, [item],
      "Foundation's writer and reader")
    let export = JSONExchange.encode([item], now: t0, scheduled: [], timeZone: utc)
    XCTAssertEqual(try JSONExchange.decode(Data(export.utf8), path: "export.json"), [item], "the JSON export")
  }

  func testEveryFieldGoesThroughTheListScanAndTheSpliceCheck() throws {
    for f in fields {
      let item = changed(f)
      let bytes = PlistCodec.encode([item])
      let scan = try XCTUnwrap(
        bytes.withUnsafeBytes { PlistScan.scan(bytes: $0) }, "\(f.name): the scan declines")
      XCTAssertEqual(scan.entries.count, 1)
      let back = scan.item(scan.entries[0])
      if !PlistScan.keeps(f) {
        // Long text that `list --json` does not show (icalExtra) is checked, not kept, by the scan.
        XCTAssertEqual(
          back,
          {
            var i = item; f.set(&i, .absent); return i
          }(), f.name)
      } else {
        XCTAssertEqual(back, item, "\(f.name): the scan's item")
      }
      let entry = PlistCodec.entry(item)
      let outcome = entry.withUnsafeBufferPointer { CanonicalEntry.check($0.baseAddress!, count: $0.count) }
      guard case .entry(let facts, let length) = outcome else {
        XCTFail("\(f.name): the splice check does not take the writer's entry (\(outcome))")
        continue
      }
      XCTAssertEqual(length, entry.count, f.name)
      let want = EntryFacts(item)
      XCTAssertEqual(facts.id, want.id, f.name)
      XCTAssertTrue(
        facts.sortKey == want.sortKey && facts.pendingDeadline.isNaN == want.pendingDeadline.isNaN
          && (facts.pendingDeadline.isNaN || facts.pendingDeadline == want.pendingDeadline), f.name)
      for (a, b) in [
        (facts.fires.0, want.fires.0), (facts.fires.1, want.fires.1), (facts.fires.2, want.fires.2),
      ] {
        XCTAssertTrue(a == b || (a.isNaN && b.isNaN), "\(f.name): the notifications the splice sees")
      }
      XCTAssertEqual(facts.alertFires, want.alertFires, "\(f.name): the alerts the splice sees")
    }
  }

  func testEveryFieldRoundTripsThroughJSON() throws {
    let f0 = DueFormatter(timeZone: utc, now: t0)
    for f in fields {
      let item = changed(f)
      let export = JSONExchange.encode([item], now: t0, scheduled: [], timeZone: utc)
      let back = try JSONExchange.decode(Data(export.utf8), path: "export.json")
      XCTAssertEqual(back, [item], "\(f.name): the JSON export and its import")
      // `list --json`: the listed fields, by the general writer and by the scan's, the same text.
      let bytes = PlistCodec.encode([item])
      let listed: String
      if let scan = bytes.withUnsafeBytes({ PlistScan.scan(bytes: $0) }) {
        let plan = ScanPlan(scan, now: Int64(t0.timeIntervalSince1970))
        let scheduled = Set(scan.entries.indices.filter { plan.scheduled[$0] }.map { scan.entries[$0].id })
        listed = ItemJSON.list([item], now: t0, scheduled: scheduled, formatter: f0)
        var fast: [UInt8] = []
        ScanOutput.json(scan, shown: .all, now: t0, formatter: f0) { fast.append(contentsOf: $0) }
        XCTAssertEqual(String(decoding: fast, as: UTF8.self), listed, "\(f.name): the scan's list --json")
      } else {
        // Alerts but a warning alone: only the general path lists them (the scan declines).
        XCTAssertEqual(f.name, "alerts", "the scan declines")
        listed = ItemJSON.list([item], now: t0, scheduled: [item.id], formatter: f0)
      }
      let object = try XCTUnwrap(
        (try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])?.first)
      if f.json == .exported {
        XCTAssertNil(object[f.name], "\(f.name) is for the export only")
      } else {
        XCTAssertNotNil(object[f.name], f.name)
        XCTAssertFalse(object[f.name] is NSNull, "\(f.name): set, but null in list --json")
      }
    }
  }

  /// An older data file's `warn` (seconds before the deadline) reads as the first alert, one
  /// before the deadline, by both plist readers, the scan and JSON; it is not written again.
  func testTheWarnKeyOfAnOlderFileBecomesAnAlert() throws {
    let warn = ItemField.warn
    var item = plain
    warn.set(&item, .integer(900))
    XCTAssertEqual(item.alerts, [ItemAlert(.deadline(-900))])
    XCTAssertEqual(item.warn, 900)
    let lean = String(decoding: PlistCodec.encode([item]), as: UTF8.self)
    XCTAssertFalse(lean.contains("<key>warn</key>"), lean)
    XCTAssertTrue(lean.contains("<string>TRIGGER;RELATED=END:-PT15M</string>"), lean)
    let old = lean.replacingOccurrences(
      of: "<key>alerts</key><array><string>TRIGGER;RELATED=END:-PT15M</string></array>",
      with: "<key>warn</key>\n\t\t\t<integer>900</integer>")
    XCTAssertTrue(old.contains("<key>warn</key>"), old)
    XCTAssertEqual(try PlistCodec.decode(Data(old.utf8)).items, [item], "the lean reader")
    XCTAssertEqual(try PlistCodec.decodeWithFoundation(Data(old.utf8)).items, [item], "Foundation's reader")
    let json = JSONExchange.encode([item], now: t0, scheduled: [], timeZone: utc)
    XCTAssertTrue(json.contains("\"warn\" : 900"), json)
    XCTAssertEqual(try JSONExchange.decode(Data(json.utf8), path: "x.json"), [item])
    let oldJSON = json.replacingOccurrences(of: "\"alerts\"", with: "\"alertsOfNoOne\"")
    XCTAssertEqual(
      try JSONExchange.decode(Data(oldJSON.utf8), path: "x.json"), [item], "JSON with warn alone")
  }

  func testEveryFieldThatTravelsRoundTripsThroughICalendar() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = utc
    // Read after the samples' times: an import trusts no change time beyond its now.
    let now = t1.addingTimeInterval(86_400)
    for f in fields where f.ical != .none {
      let item = changed(f)
      let ics = ICalMapping.ics(for: [item], now: now, calendar: calendar)
      let back = try ICalMapping.items(fromICS: Data(ics.utf8), path: "x.ics", now: now, calendar: calendar)
      XCTAssertEqual(back.count, 1, f.name)
      guard let b = back.first else { continue }
      if f.name == ItemField.uid.name {
        XCTAssertEqual(b.icalUID, item.icalUID, f.name)
      } else {
        XCTAssertEqual(f.get(b), f.get(item), "\(f.name): through iCalendar")
      }
    }
  }

  /// Every field with a plain iCalendar form (``ItemField/icalForm``) is written by the writer's
  /// loop as its property, and a kept line of it (an item of a version before the field was
  /// mapped) is adopted by the one upgrade step when the form says an older version kept it.
  func testEveryPlainPropertyIsWrittenAndAKeptLineOfItIsAdopted() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = utc
    let now = t1.addingTimeInterval(86_400)
    XCTAssertFalse(ICalFields.plain.isEmpty)
    for f in ICalFields.plain {
      let item = changed(f.field)
      let ics = ICalMapping.ics(for: [item], now: now, calendar: calendar)
      let lines = ics.components(separatedBy: "\r\n")
      let own = lines.filter { $0.hasPrefix(f.name + ":") || $0.hasPrefix(f.name + ";") }
      XCTAssertEqual(own.count, 1, "\(f.name): written once for \(f.field.name)\n\(ics)")
      guard f.form.adopted, let line = own.first else { continue }
      // The same line in the kept text of an item without the field: adopted, and no longer kept.
      var old = item
      f.field.set(&old, .absent)
      old.icalExtra = "X-BEFORE:1\n" + line + "\nX-AFTER:2\n"
      XCTAssertTrue(old.keepsAdoptableProperties, f.name)
      let up = old.adoptingKeptFields(calendar: calendar)
      XCTAssertEqual(f.field.get(up), f.field.get(item), "\(f.name): adopted into \(f.field.name)")
      XCTAssertEqual(up.icalExtra, "X-BEFORE:1\nX-AFTER:2\n", "\(f.name): no longer kept")
      // A field already set keeps its value; the kept line stays kept.
      var both = item
      both.icalExtra = old.icalExtra
      let kept = both.adoptingKeptFields(calendar: calendar)
      XCTAssertEqual(f.field.get(kept), f.field.get(item), f.name)
      // (A list of texts takes every line; a time's kept line is the template of the one written.)
      if ![.texts, .time].contains(f.form.value) {
        XCTAssertTrue(kept.icalExtra?.contains(f.name) ?? false, "\(f.name): the second line stays kept")
      }
    }
    // The properties always mapped are not looked for in kept text.
    for f in ICalFields.plain where !f.form.adopted {
      XCTAssertFalse(TodoItem.keepsAdoptableProperties(f.name + ":x\n"), f.name)
    }
  }

  /// A field other than `f` that a user sets: what someone else changed meanwhile.
  func another(than f: ItemField) -> ItemField {
    f.name == ItemField.title.name
      ? ItemField.repeatRule : ItemField.title
  }

  func testAChangeOfEveryFieldLandsOnAnItemChangedMeanwhile() {
    for f in fields where f.merge != .identity {
      let before = plain
      let after = changed(f)
      // Someone else changed another field meanwhile.
      let other = another(than: f)
      var current = plain
      other.set(&current, sample(other))
      let merged = Change.merged(current: current, before: before, after: after, mode: .write)
      XCTAssertEqual(merged.map(f.get), f.get(after), "\(f.name): the change lands")
      XCTAssertEqual(
        merged.map(other.get), other.get(current), "\(f.name): the other writer's \(other.name) stays")
      // Undone, it goes back (but SEQUENCE, which counts the undo as a revision, and the time of the last change).
      if f.merge == .changed, let merged {
        let undone = Change.merged(current: merged, before: after, after: before, mode: .revert)
        XCTAssertEqual(undone.map(f.get), f.get(before), "\(f.name): the undo")
      }
    }
  }

  func testASyncMergesEverySyncedFieldChangedOnOneSide() {
    for f in ItemField.syncedFields {
      let base = plain
      let vdir = changed(f)
      let other = another(than: f)
      var list = plain
      other.set(&list, sample(other))
      let merged = SyncMerge.merge(list: list, vdir: vdir, base: SyncFields(base))
      XCTAssertEqual(f.get(merged), f.get(vdir), "\(f.name): changed in the vdir")
      XCTAssertEqual(other.get(merged), other.get(list), "\(f.name): the list's \(other.name) stays")
      // The status file keeps it.
      var status = SyncStatus(vdir: "/v")
      status.items["u"] = SyncEntry(href: "u.ics", etag: "1", digest: "00", base: SyncFields(vdir))
      XCTAssertEqual(try SyncStatus.decode(status.encoded()), status, "\(f.name): the sync status")
    }
  }

  func testUserFieldsAndRevisionsFollowTheTable() {
    for f in fields where f.merge != .identity {
      let item = changed(f)
      XCTAssertEqual(item.sameUserFields(as: plain), !f.userSet, "\(f.name): sameUserFields")
      var revised = item
      revised.countRevision(since: plain)
      XCTAssertEqual(revised.sequence, f.revision ? 1 : item.sequence, "\(f.name): SEQUENCE")
      XCTAssertEqual(SyncFields(item) == SyncFields(plain), !f.synced, "\(f.name): the sync's fields")
    }
  }
}
