import Foundation
import TodoCore

/// `todo-bench plan [N…]`: the time to plan (choose the 64 slots and their
/// badges) for N items, a third with a reminder; 10,000 and 100,000 by default.
func benchPlan(_ args: [String]) throws {
  let sizes = args.isEmpty ? [10_000, 100_000] : args.compactMap { Int($0) }
  let now = Date(timeIntervalSince1970: 1_795_000_000)
  var rng = SystemRandomNumberGenerator()
  for n in sizes {
    var items: [TodoItem] = []
    items.reserveCapacity(n)
    for i in 0..<n {
      let deadline = now.addingTimeInterval(Double(Int.random(in: -86_400...(90 * 86_400), using: &rng)))
      let reminder = i % 3 == 0 ? deadline.addingTimeInterval(-1800) : nil
      items.append(
        TodoItem(
          id: UUID(), title: "Item \(i)", deadline: deadline, created: now,
          completed: i % 10 == 0 ? now : nil, reminder: reminder))
    }
    var planned = 0
    report(
      "plan.\(n)",
      measure(runs: n > 50_000 ? 7 : 15) { planned += Scheduler.plan(items, now: now).candidates })
    report(
      "plan.due.\(n)", measure(runs: n > 50_000 ? 7 : 15) { planned += Scheduler.due(items, now: now).count })
    if planned < 0 { print(planned) }
  }
}
