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
  /// iCalendar through the app's one mapping (``ICalMapping``, libical):
  /// `env`'s calendar is the local time zone (DATE-only and floating times are local).
  public static func iCalendar(env: TodoEnvironment) -> VdirCodec {
    VdirCodec(
      parse: { data, path in
        let r = try ICalMapping.read(data, path: path, now: env.now(), calendar: env.calendar)
        // A file whose one VTODO is past a bound (``ICalLimits``) is skipped with the reason.
        if r.items.isEmpty, let why = r.warnings.first {
          let head = path + ": "
          throw TodoError.badFile(
            path: path, detail: why.hasPrefix(head) ? String(why.dropFirst(head.count)) : why)
        }
        return r.items
      },
      render: { item, _ in Data(ICalExport.bytes(for: [item], calendar: env.calendar)) })
  }
}
