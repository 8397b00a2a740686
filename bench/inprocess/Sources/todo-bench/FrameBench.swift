import Foundation
import TodoCore

/// `todo-bench frame N`: the time from a key to a new frame with N items, in
/// process: key table + reduce + render + diff against the previous frame
/// (what the ncurses backend then writes). Also the first frame from a decoded
/// file (load into the state + render), without the terminal. Then the same
/// (`frame.*.fields.N`) with the fields of SPEC 8 on half the items (a note of
/// about 200 characters, 2 tags, a priority), which the rows show and the
/// filter searches.
func benchFrame(_ args: [String]) throws {
  let n = Int(args.first ?? "10000") ?? 10000
  let now = Date()
  var items: [TodoItem] = []
  for i in 0..<n {
    items.append(
      TodoItem(
        id: UUID(), title: "Item \(i): call 山田さん about the release 🎉",
        deadline: now.addingTimeInterval(Double(i * 97 - n * 10)).wholeSeconds, created: now))
  }
  try benchFrames(items, now: now, suffix: "\(n)")
  let note = String(repeating: "Bring the signed contract and the keys; ", count: 5)
  for i in stride(from: 0, to: n, by: 2) {
    items[i].note = note
    items[i].tags = ["work", "release"]
    items[i].priority = [1, 5, 9][i % 3]
  }
  try benchFrames(items, now: now, suffix: "fields.\(n)")
}

private func benchFrames(_ items: [TodoItem], now: Date, suffix n: String) throws {
  let env = TodoEnvironment(now: { now }, uuid: { UUID() }, calendar: .localGregorian)
  let size = Size(width: 80, height: 24)
  let data = Data(PlistCodec.encode(items))
  report(
    "frame.first.\(n)",
    try measure(runs: 9) {
      let doc = try PlistCodec.decode(data)
      var s = AppState(now: now, calendar: env.calendar, size: size)
      _ = reduce(&s, .loaded(doc), env: env)
      _ = render(s, size: size).diff(from: nil)
    })
  var state = AppState(now: now, calendar: env.calendar, size: size)
  _ = reduce(&state, .loaded(TodoDocument(items: items)), env: env)
  var shown = render(state, size: size)
  // Down through the list (scrolling), then back up; every key a frame.
  let keys: [Key] = Array(repeating: .down, count: 60) + Array(repeating: .up, count: 60)
  var times: [Double] = []
  for _ in 0..<5 {
    for key in keys {
      let t0 = DispatchTime.now().uptimeNanoseconds
      if let a = KeyMap.action(for: key, in: state) { _ = reduce(&state, a, env: env) }
      let frame = render(state, size: size)
      let runs = frame.diff(from: shown)
      shown = frame
      times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
      precondition(!runs.isEmpty)
    }
  }
  times.sort()
  report("frame.key.\(n)", times)
  // The week and the month (issue 38): a key that moves the day, to its frame; within the list's.
  for (span, presses) in [("week", 1), ("month", 2)] {
    var days = state
    for _ in 0..<presses { _ = reduce(&days, .days(.switchSpan), env: env) }
    var last = render(days, size: size)
    var t: [Double] = []
    let moves: [Key] = Array(repeating: .right, count: 40) + Array(repeating: .down, count: 20)
      + Array(repeating: .left, count: 40) + Array(repeating: .up, count: 20)
    for _ in 0..<3 {
      for key in moves {
        let t0 = DispatchTime.now().uptimeNanoseconds
        if let a = KeyMap.action(for: key, in: days) { _ = reduce(&days, a, env: env) }
        let frame = render(days, size: size)
        _ = frame.diff(from: last)
        last = frame
        t.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
      }
    }
    t.sort()
    report("frame.\(span).\(n)", t)
  }
  // A key that changes the rows: typing into the filter (every item is matched again).
  var filtered = state
  _ = reduce(&filtered, .startFilter, env: env)
  report(
    "frame.filterkey.\(n)",
    measure(runs: 9) {
      var s = filtered
      _ = reduce(&s, .filter(.insert("9")), env: env)
      _ = render(s, size: size).diff(from: shown)
    })
}
