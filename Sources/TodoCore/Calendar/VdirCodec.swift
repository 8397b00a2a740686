import Foundation

/// How items become `.ics` files and back: one file's bytes → its items,
/// one item → a file's bytes. The sync engine knows nothing else of iCalendar.
public struct VdirCodec: Sendable {
  /// The items of one file (`path` for messages); a vdir file holds one.
  public var parse: @Sendable (_ data: Data, _ path: String) throws -> [TodoItem]
  /// The bytes of the file for one item, written at `now` (DTSTAMP).
  public var render: @Sendable (_ item: TodoItem, _ now: Date) -> Data

  public init(
    parse: @escaping @Sendable (Data, String) throws -> [TodoItem],
    render: @escaping @Sendable (TodoItem, Date) -> Data
  ) {
    self.parse = parse
    self.render = render
  }
}

extension VdirCodec {
  /// iCalendar through the app's mapping.
  public static func iCalendar(calendar: Calendar) -> VdirCodec {
    VdirCodec(
      parse: { data, _ in try ICalendar.decode(data).items },
      render: { item, now in Data(ICalendar.export([item], now: now).utf8) })
  }
}
