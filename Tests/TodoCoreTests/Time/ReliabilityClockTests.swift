import Foundation
import XCTest

@testable import TodoCore

/// The notifier when the clock or the time zone changes (issue 6 part 7).
/// The system clock of this shared machine is not ours to set, so the engine's
/// wall-clock logic runs on an injected clock that jumps back and forth; the
/// daemon's timer (a `CLOCK_REALTIME` timerfd with `TFD_TIMER_CANCEL_ON_SET`)
/// re-reads the clock when it is set and hands the engine the new `now`.
final class ReliabilityClockTests: XCTestCase {
  let t0 = Date(timeIntervalSince1970: 1_795_000_000)
  var dir: String!
  var store: Store!

  override func setUp() {
    dir = NSTemporaryDirectory() + "rel-clock-\(UUID().uuidString)"
    try! FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    store = Store(path: dir + "/todos.plist")
  }

  override func tearDown() { try? FileManager.default.removeItem(atPath: dir) }

  func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012X", n))! }

  func engine(_ clock: ManualClock, zone: String = "UTC") -> Notifier {
    Notifier(store: store, command: nil, clock: { clock.now }, timeZone: TimeZone(identifier: zone)!)
  }

  func testClockSetBackAndForwardFiresEachOnceNeverEarly() throws {
    try store.mutate { list in
      list.merge(
        (1...3).map {
          TodoItem(id: id($0), title: "t\($0)", deadline: t0 + Double($0) * 100, created: t0 - 86_400)
        })
    }
    let clock = ManualClock(t0)
    let e = engine(clock)
    XCTAssertEqual(try e.fireDue(now: clock.now), [])
    XCTAssertEqual(e.nextWake(now: clock.now), t0 + 100)
    clock.advance(150)
    XCTAssertEqual(try e.fireDue(now: clock.now).map(\.itemID), [id(1)])
    // The clock is set back an hour: nothing fires again, the next wake is still the absolute instant.
    clock.advance(-3600)
    XCTAssertEqual(try e.fireDue(now: clock.now), [])
    XCTAssertEqual(e.nextWake(now: clock.now), t0 + 200)
    // Set forward to a second before the next deadline: not yet.
    clock.advance(3600 + 49)
    XCTAssertEqual(try e.fireDue(now: clock.now), [])
    clock.advance(1)
    XCTAssertEqual(try e.fireDue(now: clock.now).map(\.itemID), [id(2)])
    // Set a day forward: the last one fires once, as missed.
    clock.advance(86_400)
    XCTAssertEqual(try e.fireDue(now: clock.now).map(\.itemID), [id(3)])
    XCTAssertEqual(try e.fireDue(now: clock.now), [])
    XCTAssertNil(e.nextWake(now: clock.now))
  }

  /// A random walk of the clock, with jumps back and forward of up to a day:
  /// every deadline fires exactly once, at the first step whose `now` is at or
  /// past it, never before, and never again after the clock goes back.
  func testRandomClockWalkFiresEachDeadlineOnceAtTheFirstChance() throws {
    var rng = SplitMix(seed: 67)
    let n = 40
    let deadlines = (1...n).map { _ in t0 + Double(rng.next() % 172_800) }
    try store.mutate { list in
      list.merge(
        deadlines.enumerated().map {
          TodoItem(id: id($0.offset + 1), title: "t\($0.offset)", deadline: $0.element, created: t0 - 86_400)
        })
    }
    let clock = ManualClock(t0 - 3600)
    let e = engine(clock, zone: "Australia/Lord_Howe")
    var fired: [UUID: Date] = [:]
    var highest = clock.now
    for _ in 0..<400 {
      let step = Double(Int(rng.next() % 14_400)) - (rng.next() % 20 == 0 ? 86_400 : 0)
      clock.advance(step)
      let now = clock.now
      for d in try e.fireDue(now: now) {
        XCTAssertNil(fired[d.itemID], "fired twice")
        XCTAssertLessThanOrEqual(d.fireDate, now, "fired early")
        fired[d.itemID] = now
      }
      // Whatever is due at a `now` never seen before has fired now.
      if now > highest {
        for (i, dl) in deadlines.enumerated() where dl <= now {
          XCTAssertNotNil(fired[id(i + 1)], "deadline \(dl) not fired at \(now)")
        }
        highest = now
      }
      if let wake = e.nextWake(now: now) {
        XCTAssertEqual(
          wake,
          max(now, deadlines.enumerated().filter { fired[id($0.offset + 1)] == nil }.map(\.element).min()!))
      }
    }
    XCTAssertEqual(fired.count, n, "every deadline fired")
  }

  /// A deadline typed in one zone fires at the same instant for a notifier in
  /// any other: the instants are stored in UTC and the engine's zone only words the body.
  func testTheNotifierZoneDoesNotMoveTheInstant() throws {
    var la = Calendar(identifier: .gregorian)
    la.timeZone = TimeZone(identifier: "America/Los_Angeles")!
    let deadline = try WhenParser(now: t0, calendar: la).parse("2026-11-23 17:00")
    XCTAssertEqual(deadline, Date(timeIntervalSince1970: 1_795_482_000))
    for zone in TimePropertyTests.zones {
      // Each engine sees a fresh file: the same item, not yet delivered.
      unlink(store.path)
      try store.mutate { $0.merge([TodoItem(id: id(1), title: "x", deadline: deadline, created: t0)]) }
      let clock = ManualClock(deadline - 1)
      let e = engine(clock, zone: zone)
      XCTAssertEqual(try e.fireDue(now: clock.now), [], zone)
      XCTAssertEqual(e.nextWake(now: clock.now), deadline, zone)
      clock.advance(1)
      XCTAssertEqual(try e.fireDue(now: clock.now).map(\.fireDate), [deadline], zone)
    }
  }
}
