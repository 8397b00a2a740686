import Foundation
import XCTest

@testable import TodoCore

final class DeliveryBookTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-0000-0000-%012X", n))! }
  func n(_ i: Int, ago: Double, _ kind: NotificationKind = .deadline) -> ScheduledNotification {
    ScheduledNotification(
      fireDate: t0 - ago, kind: kind, itemID: id(i), title: "\(i)", deadline: t0 - ago, badge: 0)
  }

  func split(_ due: [ScheduledNotification], free: Int, replacing: Set<UUID> = []) -> ([[Int]], [Int]) {
    let (s, rest) = DeliveryBook.split(
      due, free: free, now: t0, missedAfter: 60, collapseAbove: 3, replacing: { replacing.contains($0) })
    let num = { (x: ScheduledNotification) in Int(x.itemID.uuidString.suffix(12), radix: 16)! }
    return (s.map { $0.map(num) }, rest.map(num))
  }

  func testFreeSlotsFirstTheRestToTheSummary() {
    let due = (1...5).map { n($0, ago: 1) }
    XCTAssertEqual(split(due, free: 16).0, [[1], [2], [3], [4], [5]])
    XCTAssertEqual(split(due, free: 16).1, [])
    let (s, rest) = split(due, free: 2)
    XCTAssertEqual(s, [[1], [2]])
    XCTAssertEqual(rest, [3, 4, 5])
    XCTAssertEqual(split(due, free: 0, replacing: [id(4)]).0, [[4]], "replacing takes no new slot")
  }

  func testAnItemsNotificationsShareOneBubble() {
    let due = [n(1, ago: 10), n(2, ago: 5), n(1, ago: 1, .reminder)]
    XCTAssertEqual(split(due, free: 16).0, [[1, 1], [2]])
  }

  func testMoreThanThreeMissedCollapse() {
    let missed = (1...4).map { n($0, ago: 3600) }
    XCTAssertEqual(split(missed + [n(9, ago: 1)], free: 16).0, [[9]])
    XCTAssertEqual(split(missed + [n(9, ago: 1)], free: 16).1, [1, 2, 3, 4])
    XCTAssertEqual(split(Array(missed.prefix(3)), free: 16).0, [[1], [2], [3]])
  }

  func testPausesGrowToTheCap() {
    XCTAssertEqual(
      (1...12).map { DeliveryBook.pause(after: $0, first: 2, cap: 600) },
      [2, 4, 8, 16, 32, 64, 128, 256, 512, 600, 600, 600])
  }
}
