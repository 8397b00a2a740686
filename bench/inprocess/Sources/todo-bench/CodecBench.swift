import Foundation
import TodoCore

/// `todo-bench codec N`: lean vs Foundation decode and encode of N items.
func benchCodec(_ args: [String]) throws {
  let n = Int(args.first ?? "10000") ?? 10000
  var items: [TodoItem] = []
  let base = Date(timeIntervalSince1970: 1_795_000_000)
  for i in 0..<n {
    items.append(
      TodoItem(
        id: UUID(), title: "Item \(i) & <things> Zoë", deadline: base.addingTimeInterval(Double(i * 300)),
        created: base))
  }
  let data = Data(PlistCodec.encode(items))
  report("codec.lean.decode.\(n)", try measure(runs: 9) { _ = try PlistCodec.decode(data) })
  report(
    "codec.foundation.decode.\(n)", try measure(runs: 3) { _ = try PlistCodec.decodeWithFoundation(data) })
  report("codec.lean.encode.\(n)", measure(runs: 9) { _ = PlistCodec.encode(items) })
}
