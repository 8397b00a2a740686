import Foundation
import XCTest

@testable import TodoCore

/// SPEC 5 with alerts (issue 36): an alert left out of the 64 waits like any other
/// notification, and is counted and said as one: the plan, the app's header, and the
/// note an add says ("waits for a slot"), by the general writer and the splicing one.
final class AlertSlotTests: XCTestCase {
  var dir: String!
  let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 11:06:40 UTC

  override func setUpWithError() throws {
    dir = NSTemporaryDirectory() + "todo-alertslots-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(atPath: dir)
  }

  /// 30 items starting an hour apart, each with three alarms from its start (1 h and
  /// 15 min before, at it), as Thunderbird writes them: 90 alerts, no deadline.
  var items: [TodoItem] {
    let alarm = { (trigger: String) in
      ItemAlert(
        stored: "BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER;VALUE=DURATION:\(trigger)\n"
          + "DESCRIPTION:Default Mozilla Description\nEND:VALARM\n")
    }
    return (0..<30).map { k in
      var i = TodoItem(
        id: UUID(uuidString: String(format: "00000000-0000-4000-8000-%012d", k))!, title: "Item \(k)",
        deadline: nil, created: now)
      i.start = now.addingTimeInterval(TimeInterval(7200 * (k + 1)))
      i.alerts = [alarm("-PT1H"), alarm("-PT15M"), alarm("PT0S")]
      return i
    }
  }

  func testThirtyItemsWithThreeAlertsEachScheduleSixtyFourAndTwentySixWait() throws {
    let plan = Scheduler.plan(items, now: now)
    plan.checkInvariants(items: items)
    XCTAssertEqual(plan.notifications.count, 64)
    XCTAssertEqual(plan.unscheduled, 26)
    XCTAssertEqual(Set(plan.notifications.map(\.kind)), [.alert])
    XCTAssertEqual(Scheduler.futureCount(items, now: now), 90)
    // The app's header.
    let size = Size(width: 100, height: 20)
    let header = render(appState(items, size: size, at: now), size: size).lines[0]
    XCTAssertTrue(header.contains("64/64 scheduled · 26 waiting"), header)
  }

  /// An add whose one notification comes after 90 alerts waits for a slot, and says so,
  /// by the splicing writer too (it builds no item but those it changes and those it checks).
  func testAnAddBehindAlertsSaysItWaits() throws {
    let path = dir + "/todos.plist"
    try Data(PlistCodec.encode(items)).write(to: URL(fileURLWithPath: path))
    let s = Store(path: path)
    let env = TodoEnvironment.fixed(now)
    let later = try s.commit(
      .add(title: "One more", deadline: now.addingTimeInterval(86_400 * 10)), env: env)
    XCTAssertTrue(s.lastWriteSpliced)
    XCTAssertEqual(later.note, Scheduler.waitNote)
    let soon = try s.commit(
      .add(title: "Soon", deadline: now.addingTimeInterval(60)),
      env: env)
    XCTAssertNil(soon.note, "the soonest of all takes a slot")
    let plan = Scheduler.plan(try s.load().items, now: now)
    XCTAssertEqual([plan.notifications.count, plan.unscheduled], [64, 28])
  }

  /// The splicing writer's fast check reads an entry's alerts from its `alerts`, as the
  /// item does (an entry with alarms is not left to the slow check, which reads and writes it
  /// again: `add` took 3 s at 100,000 items, a third with alarms); with `&` in the text too.
  func testTheFastCheckCountsAnEntrysAlerts() throws {
    var one = items[3]
    one.deadline = now.addingTimeInterval(86_400)
    one.alerts.append(
      ItemAlert(stored: "BEGIN:VALARM\nTRIGGER;RELATED=END:PT15M\nACTION:AUDIO\nX-A:a & <b>\nEND:VALARM\n"))
    var rung = one
    rung.notifiedAlert = one.start!.addingTimeInterval(-900)
    var done = one
    done.completed = now
    for item in [one, rung, done] {
      let bytes = PlistCodec.entry(item)
      guard
        case .entry(let facts, let n) = bytes.withUnsafeBufferPointer({
          CanonicalEntry.check($0.baseAddress!, count: $0.count)
        })
      else { return XCTFail("an entry with alarms left to the slow check") }
      XCTAssertEqual(n, bytes.count)
      XCTAssertEqual(facts.alertFires, item.undeliveredAlerts.map(\.timeIntervalSinceReferenceDate))
    }
    XCTAssertEqual(one.undeliveredAlerts.count, 4)
    XCTAssertEqual(rung.undeliveredAlerts.count, 2, "those up to the one delivered are")
    XCTAssertEqual(done.undeliveredAlerts, [])
  }
}
