import Foundation
import XCTest

@testable import TodoCore

/// The parent field ⇄ RELATED-TO (SPEC 8, 9), with files written as Nextcloud
/// Tasks (no RELTYPE), Tasks.org (no RELTYPE, a task related to itself) and
/// Planify (RELTYPE=PARENT on the child, RELTYPE=CHILD on the parent) write them.
final class ICalSubtaskTests: XCTestCase {
  let now = Date(timeIntervalSince1970: 1_795_000_000)

  func read(_ name: String) throws -> [TodoItem] {
    try ICalMapping.items(
      fromICS: ICalFixtureTests.fixture(name), path: name, now: now, calendar: ICalFixtureTests.calendar())
  }

  func item(_ items: [TodoItem], _ title: String) throws -> TodoItem {
    try XCTUnwrap(items.first { $0.title == title }, title)
  }

  func testNextcloudTasksRelatedToWithoutRelTypeIsTheParent() throws {
    let items = try read("nextcloud-tasks-subtasks.ics")
    XCTAssertNil(try item(items, "Umzug planen").parent)
    for title in ["Kartons besorgen", "Umzugswagen mieten"] {
      let child = try item(items, title)
      XCTAssertEqual(child.parent, "3o3al1t55r", title)
      XCTAssertFalse(child.icalExtra?.contains("RELATED-TO") ?? false, "a value in one place: \(title)")
    }
    let tree = SubtaskTree(items)
    let parent = try item(items, "Umzug planen")
    XCTAssertEqual(tree.children(of: parent.id).count, 2)
  }

  func testPlanifyParentAmongOtherRelTypesAndTheChildLinkKept() throws {
    let items = try read("planify-subtasks.ics")
    let parent = try item(items, "Steuererklaerung")
    XCTAssertNil(parent.parent, "RELTYPE=CHILD is not a parent")
    XCTAssertTrue(parent.icalExtra?.contains("RELATED-TO;RELTYPE=CHILD:afbdd5d0") ?? false, "kept as text")
    let child = try item(items, "Belege sammeln")
    XCTAssertEqual(child.parent, "3DCC5B4B-FB0A-4E99-8E96-29E5DF84BF65", "the PARENT one, after a SIBLING")
    XCTAssertTrue(child.icalExtra?.contains("RELATED-TO;RELTYPE=SIBLING:0c1d2e3f") ?? false, "SIBLING kept")
    XCTAssertFalse(child.icalExtra?.contains("RELTYPE=PARENT") ?? false)
    XCTAssertEqual(TodoItem.id(forUID: child.parent!), parent.id, "the parent is found by its UID")
  }

  func testTheParentIsWrittenWithRelTypeParentAndReadBack() throws {
    let items = try read("planify-subtasks.ics")
    let text = ICalMapping.ics(for: items, now: now, calendar: ICalFixtureTests.calendar())
    XCTAssertTrue(
      text.contains("RELATED-TO;RELTYPE=PARENT:3DCC5B4B-FB0A-4E99-8E96-29E5DF84BF65\r\n"), text)
    XCTAssertTrue(text.contains("RELATED-TO;RELTYPE=SIBLING:0c1d2e3f-aaaa-4bbb-8ccc-123456789abc\r\n"))
    XCTAssertTrue(text.contains("RELATED-TO;RELTYPE=CHILD:afbdd5d0-93a2-4582-851c-ba723e2c9c4f\r\n"))
    let back = try ICalMapping.items(
      fromICS: Data(text.utf8), path: "back", now: now, calendar: ICalFixtureTests.calendar())
    XCTAssertEqual(back, items)
    // A Nextcloud child, written by us: RELTYPE=PARENT spelt out, the same parent read back.
    let nc = try read("nextcloud-tasks-subtasks.ics")
    let ncText = ICalMapping.ics(for: nc, now: now, calendar: ICalFixtureTests.calendar())
    XCTAssertEqual(ncText.components(separatedBy: "RELATED-TO;RELTYPE=PARENT:3o3al1t55r\r\n").count, 3)
  }

  func testTasksOrgSubtaskAndATaskRelatedToItself() throws {
    let items = try read("tasks-org-subtasks.ics")
    XCTAssertEqual(try item(items, "Fehlende Alben finden").parent, "b42fa285-90ce-4e4a-833c-1fd6779fe952")
    let own = try item(items, "Related to itself")
    XCTAssertEqual(own.parent, "88170931360831689", "read as written")
    // Shown at the top level, not lost (Nextcloud's web app hid it, nextcloud/calendar#6773).
    let tree = SubtaskTree(items)
    XCTAssertNil(tree.parentOf[own.id])
    let rows = SubtaskRows(items, tree: tree, where: { _ in true })
    XCTAssertEqual(rows.rows.count, 3)
    XCTAssertEqual(rows.rows.first { items[$0.index].id == own.id }?.depth, 0)
    // Imported: the cycle is broken with a warning naming it.
    var list = TodoList([])
    let change = try list.commit(
      .importing(ImportFormats.Imported(items: items)), env: .at(now, in: TimeZone(identifier: "UTC")!))
    XCTAssertNil(list[own.id]?.parent)
    XCTAssertEqual(
      list[try item(items, "Fehlende Alben finden").id]?.parent, "b42fa285-90ce-4e4a-833c-1fd6779fe952")
    XCTAssertEqual(change.warnings.count, 1)
    XCTAssertTrue(change.warnings[0].contains("“Related to itself”"), change.warnings[0])
  }

  func testKeptRelatedToOfAnOlderFileMovesIntoTheField() {
    var item = TodoItem(id: UUID(), title: "Child", deadline: nil, created: now)
    item.icalExtra = "RELATED-TO:parent-uid-1\nX-FOO:bar\n"
    let up = item.adoptingKeptFields(calendar: ICalFixtureTests.calendar())
    XCTAssertEqual(up.parent, "parent-uid-1")
    XCTAssertEqual(up.icalExtra, "X-FOO:bar\n")
    var child = TodoItem(id: UUID(), title: "Parent", deadline: nil, created: now)
    child.icalExtra = "RELATED-TO;RELTYPE=CHILD:x\n"
    XCTAssertFalse(child.keepsAdoptableProperties, "a CHILD link is no parent: no round trip at each load")
  }
}
