import Foundation

/// ``Scheduler/plan(_:now:)`` over the compact records of ``PlistScan``: which
/// entries hold one of the 64 slots, and how many notifications want one. The
/// same choice (the soonest 64 future undelivered deadlines, warnings,
/// reminders and alerts of pending items; ties by UUID, then deadline, warning, reminder, alert),
/// without building items or notifications. `ScanPlanTests` holds it to the
/// scheduler on random items.
public struct ScanPlan {
  /// Per entry (by index): it holds at least one slot.
  public var scheduled: [Bool]
  /// The future notifications that want a slot (``Plan/candidates``).
  public var candidates: Int
  /// The instant, whole seconds.
  public var now: Int64
  /// The undelivered alerts' instants of the entries that have alerts (issue 36), read once
  /// (``AlertBytes/appendFires(_:deadline:start:notified:to:)``): entry k's are
  /// `alertFires[alertFrom[k]...]`, `alertCount[k]` of them.
  var alertFires: [Int64] = []
  var alertFrom: [Int32] = []
  var alertCount: [Int32] = []

  struct Candidate {
    var fire: Int64
    var hi: UInt64
    var lo: UInt64
    var rank: Int
    var index: Int

    @inline(__always) static func < (a: Candidate, b: Candidate) -> Bool {
      if a.fire != b.fire { return a.fire < b.fire }
      if a.hi != b.hi { return a.hi < b.hi }
      if a.lo != b.lo { return a.lo < b.lo }
      return a.rank < b.rank
    }
  }

  /// The plan at `now` (seconds since 1970, cut to whole seconds: the
  /// records' instants are whole, so `> now` decides the same).
  public init(_ scan: PlistScan, now: Int64) {
    self.now = now
    var chosen: [Candidate] = []
    chosen.reserveCapacity(Scheduler.limit + 1)
    var total = 0
    @inline(__always) func offer(_ c: Candidate) {
      total += 1
      if chosen.count == Scheduler.limit {
        guard c < chosen[chosen.count - 1] else { return }
        chosen.removeLast()
      }
      var lo = 0
      var hi = chosen.count
      while lo < hi {
        let mid = (lo + hi) / 2
        if chosen[mid] < c { lo = mid + 1 } else { hi = mid }
      }
      chosen.insert(c, at: lo)
    }
    var alertFires: [Int64] = []
    var alertFrom: [Int32] = []
    var alertCount: [Int32] = []
    for (k, e) in scan.entries.enumerated() where e.isPending {
      if !scan.holdsNotificationFields(e) {  // most: a deadline, nothing delivered, no warning or reminder
        if e.deadline != PlistScan.none && e.deadline > now {
          offer(Candidate(fire: e.deadline, hi: e.hi, lo: e.lo, rank: 0, index: k))
        }
        continue
      }
      let x = scan.extra(e)
      if let d = scan.undeliveredDeadline(e, x), d > now {
        offer(Candidate(fire: d, hi: e.hi, lo: e.lo, rank: 0, index: k))
      }
      if let w = scan.undeliveredWarning(e, x), w > now {
        offer(Candidate(fire: w, hi: e.hi, lo: e.lo, rank: 1, index: k))
      }
      if let r = scan.undeliveredReminder(e, x), r > now {
        offer(Candidate(fire: r, hi: e.hi, lo: e.lo, rank: 2, index: k))
      }
      if let t = x.text(ItemField.alerts.index) {
        let from = alertFires.count
        scan.withText(t) {
          AlertBytes.appendFires(
            $0, deadline: e.deadline, start: x[ItemField.start.index],
            notified: x[ItemField.notifiedAlert.index],
            to: &alertFires)
        }
        guard alertFires.count > from else { continue }
        if alertFrom.isEmpty {
          alertFrom = [Int32](repeating: 0, count: scan.entries.count)
          alertCount = [Int32](repeating: 0, count: scan.entries.count)
        }
        alertFrom[k] = Int32(from)
        alertCount[k] = Int32(alertFires.count - from)
        for a in alertFires[from...] where a > now {
          offer(Candidate(fire: a, hi: e.hi, lo: e.lo, rank: NotificationKind.alert.rank, index: k))
        }
      }
    }
    self.alertFires = alertFires
    self.alertFrom = alertFrom
    self.alertCount = alertCount
    var scheduled = [Bool](repeating: false, count: scan.entries.count)
    for c in chosen { scheduled[c.index] = true }
    self.scheduled = scheduled
    candidates = total
  }

  /// The undelivered alerts' instants of entry `k` (``TodoItem/undeliveredAlerts``), soonest first.
  @inline(__always) func alerts(_ k: Int) -> ArraySlice<Int64> {
    guard !alertFrom.isEmpty, alertCount[k] > 0 else { return [] }
    let from = Int(alertFrom[k])
    return alertFires[from..<(from + Int(alertCount[k]))]
  }

  /// The future notifications of entry `k` that want a slot (``Scheduler/futureCount(_:now:)``).
  func futureCount(_ scan: PlistScan, _ e: PlistScan.Entry, _ x: PlistScan.Extra, _ k: Int) -> Int {
    var n = 0
    if let d = scan.undeliveredDeadline(e, x), d > now { n += 1 }
    if let w = scan.undeliveredWarning(e, x), w > now { n += 1 }
    if let r = scan.undeliveredReminder(e, x), r > now { n += 1 }
    for a in alerts(k) where a > now { n += 1 }
    return n
  }

  /// The marks of entry `k` (``ItemMarks/init(_:now:scheduled:)``).
  public func marks(_ scan: PlistScan, _ k: Int) -> ItemMarks { marks(scan, scan.entries[k], k) }

  /// The marks of entry `e`, number `k`.
  @inline(__always) public func marks(_ scan: PlistScan, _ e: PlistScan.Entry, _ k: Int) -> ItemMarks {
    guard scan.holdsNotificationFields(e) else {
      // Only a deadline: no reminder, warning or repeat; no slot when it wants one.
      return e.isPending && !scheduled[k] && e.deadline != PlistScan.none && e.deadline > now ? .noSlot : []
    }
    let x = scan.extra(e)
    var m: ItemMarks = []
    // ◷: something rings at its time still: the reminder, or one of the alerts (issue 36).
    if e.isPending, scan.undeliveredReminder(e, x) != nil || !alerts(k).isEmpty {
      m.insert(.reminder)
    }
    if scan.undeliveredWarning(e, x) != nil { m.insert(.warning) }
    if x.repeatRule != nil { m.insert(.repeats) }
    if e.isPending, !scheduled[k], futureCount(scan, e, x, k) > 0 { m.insert(.noSlot) }
    return m
  }
}
