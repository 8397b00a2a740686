import Foundation
import XCTest

@testable import TodoCore

/// The bubble's texts, urgency and argv (SPEC 5).
final class BubbleTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18 11:06:40 UTC
  let id = UUID(uuidString: "00000000-0000-0000-0000-000000000001")!
  var fmt: DueFormatter { DueFormatter(timeZone: TimeZone(identifier: "UTC")!, now: t0) }

  func n(_ kind: NotificationKind, fire: Date, deadline: Date, title: String = "Pay rent")
    -> ScheduledNotification
  {
    ScheduledNotification(fireDate: fire, kind: kind, itemID: id, title: title, deadline: deadline, badge: 3)
  }

  func testTheCommandLineOfTheSpec() {
    let b = Bubble(n(.deadline, fire: t0, deadline: t0), formatter: fmt, now: t0, replaceID: 12)
    XCTAssertEqual(
      b.arguments,
      [
        "--app-name=todo-tui", "--urgency=critical", "--icon=todo-tui",
        "--hint=string:desktop-entry:todo-tui",
        "--print-id", "--replace-id=12", "--action=complete=Complete", "--action=remind=Remind in 30 minutes",
        "Todo Item \"Pay rent\" Is Overdue", "Due Nov 18 at 11:06 AM · 3 overdue",
      ])
    XCTAssertEqual(
      b.environment,
      [
        "TODO_ID": id.uuidString, "TODO_TITLE": "Pay rent", "TODO_DEADLINE": "2026-11-18T11:06:40Z",
        "TODO_KIND": "deadline", "TODO_BADGE": "3",
      ])
    XCTAssertFalse(
      Bubble(n(.deadline, fire: t0, deadline: t0), formatter: fmt, now: t0).arguments.contains {
        $0.hasPrefix("--replace-id")
      })
  }

  func testWarningAndReminderTexts() {
    let deadline = t0 + 15 * 60
    let w = Bubble(n(.warning, fire: t0, deadline: deadline), formatter: fmt, now: t0)
    XCTAssertEqual(w.summary, "Todo Item \"Pay rent\" Is Due in 15 minutes")
    XCTAssertEqual(w.urgency, "normal")
    XCTAssertTrue(w.arguments.contains("--urgency=normal"))
    XCTAssertEqual(w.environment["TODO_KIND"], "warning")
    let r = Bubble(n(.reminder, fire: t0, deadline: t0 + 6 * 3600), formatter: fmt, now: t0)
    XCTAssertEqual(
      r.summary, "Reminder: Todo Item \"Pay rent\" Is Due at 5:06 PM", "the body's clock (12-hour here)")
    XCTAssertEqual(r.urgency, "critical")
    let tomorrow = Bubble(n(.reminder, fire: t0, deadline: t0 + 86_400), formatter: fmt, now: t0)
    XCTAssertEqual(tomorrow.summary, "Reminder: Todo Item \"Pay rent\" Is Due Nov 19 at 11:06 AM")
    let late = Bubble(n(.reminder, fire: t0, deadline: t0 - 60), formatter: fmt, now: t0)
    XCTAssertEqual(late.summary, "Reminder: Todo Item \"Pay rent\" Is Overdue")
  }

  /// An alert's bubble says what it is for (issue 36): its anchor, as of the instant it is shown.
  func testAnAlertSaysWhatItIsFor() {
    let deadline = t0 + 15 * 60
    func alert(_ anchor: ItemAlert.Anchor?, start: Date? = nil, deadline: Date? = deadline, at: Date? = nil)
      -> Bubble
    {
      let n = ScheduledNotification(
        fireDate: t0, kind: .alert, itemID: id, title: "Pay <rent>", deadline: deadline, badge: 3)
      return Bubble(n, formatter: fmt, now: at ?? t0, anchor: anchor, start: start)
    }
    XCTAssertEqual(alert(.deadline(-900)).summary, "in 15 minutes: Pay <rent>")
    XCTAssertEqual(alert(.deadline(0), deadline: t0 + 10).summary, "due now: Pay <rent>")
    XCTAssertEqual(alert(.deadline(900), deadline: t0 - 900).summary, "15 minutes overdue: Pay <rent>")
    XCTAssertEqual(alert(.start(-3600), start: t0 + 3600).summary, "starts in 1 hour: Pay <rent>")
    XCTAssertEqual(alert(.start(0), start: t0 - 1).summary, "starts now: Pay <rent>")
    XCTAssertEqual(alert(.start(900), start: t0 - 900).summary, "started 15 minutes ago: Pay <rent>")
    XCTAssertEqual(alert(.at(t0)).summary, "Pay <rent>", "at a time: the title")
    XCTAssertEqual(alert(.start(0), start: nil).summary, "Pay <rent>", "no start any more: the title")
    XCTAssertEqual(alert(nil).summary, "in 15 minutes: Pay <rent>", "unknown anchor: as of the deadline")
    XCTAssertEqual(alert(nil, deadline: nil).summary, "Pay <rent>")
    // Shown late (missed while off): said as of when it is shown.
    XCTAssertEqual(alert(.deadline(-900), at: t0 + 1800).summary, "15 minutes overdue: Pay <rent>")
    let b = alert(.start(-3600), start: t0 + 3600)
    XCTAssertEqual(b.body, "Due Nov 18 at 11:21 AM · 3 overdue", "the body as SPEC 5's")
    XCTAssertEqual(b.environment["TODO_KIND"], "alert")
    XCTAssertTrue(b.hasActions)
    XCTAssertEqual(
      Array(b.arguments.suffix(4).prefix(2)),
      [
        "--action=complete=Complete", "--action=remind=Remind in 30 minutes",
      ])
  }

  /// The anchor of the alert a notification rings for, from the item's alerts.
  func testTheAnchorOfAnAlertComesFromItsItem() {
    var item = TodoItem(id: id, title: "Pay rent", deadline: t0 + 7200, created: t0)
    item.start = t0 + 3600
    item.alerts = [
      "BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT30M\nDESCRIPTION:x\nEND:VALARM\n",
      "BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER;RELATED=END:PT15M\nDESCRIPTION:x\nEND:VALARM\n",
    ].map(ItemAlert.init(stored:))
    var fired: [ScheduledNotification] = []
    item.forEachUndelivered { if $0.kind == .alert { fired.append($0) } }
    XCTAssertEqual(fired.map { Bubble.alertAnchor($0, in: item) }, [.start(-1800), .deadline(900)])
    guard !fired.isEmpty else { return }
    var other = fired[0]
    other.fireDate = t0
    XCTAssertNil(Bubble.alertAnchor(other, in: item))
  }

  func testDurations() {
    XCTAssertEqual(
      ([10, 60, 89, 900, 3600, 5400, 169_200, 172_800, 604_800] as [TimeInterval]).map(Bubble.duration),
      [
        "1 minute", "1 minute", "1 minute", "15 minutes", "1 hour", "1 hour 30 minutes", "47 hours", "2 days",
        "7 days",
      ])
  }

  func testSummaryAndMarkup() {
    let many = (1...7).map { i in
      ScheduledNotification(
        fireDate: t0, kind: .deadline, itemID: UUID(), title: i == 1 ? "a < b & c > d" : "t\(i)",
        deadline: t0,
        badge: i)
    }
    let s = Bubble(summarizing: many, badge: 9, more: true, formatter: fmt, replaceID: 4)
    XCTAssertEqual(s.summary, "7 more to-dos are due")
    XCTAssertEqual(
      s.body.split(separator: "\n").first, "\"a &lt; b &amp; c &gt; d\" · Due Nov 18 at 11:06 AM")
    XCTAssertEqual(s.body.split(separator: "\n").last, "and 2 more · 9 overdue")
    XCTAssertEqual(s.environment["TODO_COUNT"], "7")
    XCTAssertNil(s.environment["TODO_ID"], "a summary carries TODO_COUNT instead of TODO_ID")
    XCTAssertEqual(Array(s.arguments.suffix(3)), ["--replace-id=4", s.summary, s.body], "no actions")
    XCTAssertEqual(
      Bubble(summarizing: [many[1]], badge: 1, more: false, formatter: fmt).summary, "1 to-do is due")
    XCTAssertEqual(Bubble.escapeMarkup("<&>"), "&lt;&amp;&gt;")
  }
}
