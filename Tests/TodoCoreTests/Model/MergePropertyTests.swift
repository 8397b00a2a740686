import Foundation
import XCTest

@testable import TodoCore

/// Issue 12's property: writers working from stale reads (the app's form and
/// keys, undo, the CLI, a bubble's button, import, the notifier) never lose a
/// field change that no later writer overwrote, and never make a delivered
/// notification fire again.
///
/// The expected value of each field is kept independently of the merge: a
/// write-mode change sets every field it changed; an undo sets a field back
/// only where the field still held the value the undone change gave it.
final class MergePropertyTests: XCTestCase {
  enum Field: CaseIterable { case title, deadline, reminder, completed }

  struct Value: Equatable {
    var title: String
    var deadline: Date?
    var reminder: Date?
    var completed: Date?
  }

  static func value(_ i: TodoItem) -> Value {
    Value(title: i.title, deadline: i.deadline, reminder: i.reminder, completed: i.completed)
  }

  static func get(_ v: Value, _ f: Field) -> AnyHashable? {
    switch f {
    case .title: return v.title
    case .deadline: return v.deadline
    case .reminder: return v.reminder
    case .completed: return v.completed
    }
  }

  let t0 = Date(timeIntervalSince1970: 1_795_424_400)
  func id(_ n: Int) -> UUID { UUID(uuidString: String(format: "00000000-0000-4000-8000-%012X", n))! }

  func testStaleWritersNeverLoseAFieldNorRefireANotification() throws {
    var rng = SplitMix(seed: 12)
    for round in 0..<300 {
      try runRound(&rng, round: round)
    }
  }

  func runRound(_ rng: inout SplitMix, round: Int) throws {
    let n = 4
    var file = TodoList(
      (1...n).map {
        TodoItem(
          id: id($0), title: "item \($0)", deadline: t0.addingTimeInterval(Double($0) * 600), created: t0,
          modified: t0)
      })
    var expected: [UUID: Value] = [:]
    for item in file.items.values { expected[item.id] = Self.value(item) }
    var snapshots: [TodoList] = [file]
    var done: [Change] = []
    var shown: [UUID: Date] = [:]  // the deadline whose notification was delivered
    var clock = t0

    func record(_ change: Change, revertOf original: Change? = nil, before current: TodoList) {
      for (itemID, after) in change.after {
        guard let a = after, let b = change.before[itemID] ?? nil else { continue }
        guard let cur = current[itemID] else { continue }
        let av = Self.value(a)
        let bv = Self.value(b)
        let cv = Self.value(cur)
        var e = expected[itemID] ?? cv
        for f in Field.allCases where Self.get(av, f) != Self.get(bv, f) {
          if original != nil && Self.get(cv, f) != Self.get(bv, f) { continue }  // undo: changed since
          switch f {
          case .title: e.title = av.title
          case .deadline: e.deadline = av.deadline
          case .reminder: e.reminder = av.reminder
          case .completed: e.completed = av.completed
          }
        }
        expected[itemID] = e
      }
    }

    for step in 0..<40 {
      clock = clock.addingTimeInterval(60)
      let stale = snapshots[Int(rng.next() % UInt64(snapshots.count))]
      let target = id(Int(rng.next() % UInt64(n)) + 1)
      let before = file
      var change: Change? = nil
      var original: Change? = nil
      switch rng.next() % 6 {
      case 0:  // the app's form, from a stale read: only the touched fields
        var mine = stale
        guard mine[target] != nil else { break }
        let touchTitle = rng.next() % 2 == 0
        change = try mine.edit(target, now: clock) { item in
          if touchTitle {
            item.title = "form \(round).\(step)"
          } else {
            item.deadline = clock.addingTimeInterval(3600)
          }
        }
      case 1:  // the CLI, on a fresh read
        var mine = file
        change = try mine.edit(target, title: "cli \(round).\(step)", now: clock)
      case 2:  // a bubble's button, from a stale read
        var mine = stale
        guard let item = mine[target], item.isPending else { break }
        change =
          rng.next() % 2 == 0
          ? try mine.complete([target], now: clock)
          : try mine.remind(target, at: clock.addingTimeInterval(1800), now: clock)
      case 3:  // undo of an earlier change
        guard let c = done.popLast() else { break }
        original = c
        change = c.inverse(at: clock)
      case 4:  // import of a stale copy of an item (an old export)
        guard let old = stale[target] else { break }
        file.merge([old])
        // Older or as old as what is here: the merge keeps the file's fields.
        if let now = file[target], let mine = before[target], let m = mine.modified,
          (old.modified ?? .distantPast) <= m
        {
          XCTAssertEqual(
            Self.value(now), Self.value(mine), "round \(round) step \(step): a stale import changed fields")
        }
        continue
      default:  // the notifier delivers what is due now
        for item in file.items.values {
          if let d = item.undeliveredDeadline, d <= clock {
            file.markDelivered(item.id, kind: .deadline, fireDate: d)
            shown[item.id] = d
          }
        }
        continue
      }
      guard let c = change else { continue }
      record(c, revertOf: original, before: file)
      file.apply(c, mode: original == nil ? .write : .revert)
      if original == nil { done.append(c) }
      snapshots.append(file)
      if snapshots.count > 6 { snapshots.removeFirst() }

      for (itemID, e) in expected {
        guard let item = file[itemID] else { continue }
        XCTAssertEqual(Self.value(item), e, "round \(round) step \(step): a field change was lost")
        if let d = shown[itemID], item.deadline == d, item.isPending {
          XCTAssertEqual(
            item.notifiedDeadline, d, "round \(round) step \(step): a shown notification would fire again")
        }
      }
    }
  }
}
