import Foundation
import XCTest

@testable import TodoCore

/// Where "Remind in 30 minutes" lives (issue 33 point 11): it travels. A reminder
/// set on one machine (the bubble's button, `r`, `remind`) is the item's alert at
/// a time (an absolute VALARM, as Reminders writes "remind me at"), so the phone
/// and the other machine ring it too; only the record of what was shown stays here.
final class SyncReminderTests: OneVdirTestCase {
  func laptop(at offset: TimeInterval) -> VdirSync { machine(at: offset) }

  func desktop(at offset: TimeInterval) -> VdirSync {
    let env = TodoEnvironment.fixed(t0 + offset, timeZone: TimeZone(identifier: "Europe/Berlin")!)
    return VdirSync(
      store: Store(path: dir + "/b.plist"), vdirPath: dir + "/vdir", codec: .iCalendar(env: env), env: env)
  }

  func files() throws -> [String: String] {
    let names = try FileManager.default.contentsOfDirectory(atPath: dir + "/vdir").filter {
      $0.hasSuffix(".ics")
    }
    return Dictionary(
      uniqueKeysWithValues: try names.map {
        ($0, try String(contentsOfFile: dir + "/vdir/" + $0, encoding: .utf8))
      })
  }

  func testASnoozeOnOneMachineRingsOnTheOthers() throws {
    let a = laptop(at: 0)
    try a.store.commit(.add(title: "Call the plumber", deadline: t0 + 600), env: .fixed(t0))
    try a.run()
    try desktop(at: 10).run()
    let id = try XCTUnwrap(try a.store.load().items.first?.id)
    // At the deadline the bubble's "Remind in 30 minutes" on the laptop:
    let snooze = t0 + 600 + 1800
    try a.store.commit(.remind(id, at: snooze), env: .fixed(t0 + 600))
    try laptop(at: 610).run()
    let text = try XCTUnwrap(try files().values.first)
    XCTAssertTrue(text.contains("TRIGGER;VALUE=DATE-TIME:"), text)
    // The desktop (and a phone reading the same file) holds it and rings it at its time.
    let b = desktop(at: 620)
    try b.run()
    let there = try XCTUnwrap(try b.store.load().items.first)
    XCTAssertEqual(there.reminder, snooze)
    let plan = Scheduler.plan([there], now: t0 + 620)
    XCTAssertTrue(
      plan.notifications.contains { $0.kind == .reminder && $0.fireDate == snooze }, "\(plan.notifications)")
    // Once rung on the laptop, the record of it stays there: no file is rewritten.
    let before = try files()
    var rung = try XCTUnwrap(try a.store.load().items.first)
    rung.notifiedReminder = snooze
    try a.store.write([rung])
    _ = try laptop(at: 2410).run()
    XCTAssertEqual(try files(), before, "what was shown is this machine's")
  }
}
