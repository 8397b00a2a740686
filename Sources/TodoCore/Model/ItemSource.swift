import Foundation

/// What an operation needs to know of the list it changes: its items by UUID,
/// the IDs a user may type, and how many notification slots are wanted. The
/// whole ``TodoList`` is one; the data file read only as far as a change needs
/// (``Store/change(wait:_:)``) is another, so that `add` and `complete` need not
/// decode every item of a large file.
public protocol ItemSource {
  /// The item with this UUID, if any.
  func item(_ id: UUID) -> TodoItem?
  /// The item a full UUID, its iCalendar UID (exactly) or a unique prefix (at least 4 characters, any case) names.
  func resolve(_ text: String) throws -> UUID
  /// Undelivered notifications that fire after `now`: the slots in use (SPEC 5).
  func futureCount(at now: Date) -> Int
}

extension TodoList: ItemSource {
  public func item(_ id: UUID) -> TodoItem? { items[id] }

  public func futureCount(at now: Date) -> Int { Scheduler.futureCount(items.values, now: now) }
}

extension TodoList {
  /// The change that adds an item (`deadline` nil: a someday item) to `source`;
  /// `configure` may set more fields (repeat, warning). Refused when it would
  /// need a 65th notification slot.
  public static func addition(
    title: String, deadline: Date?, env: TodoEnvironment, in source: some ItemSource,
    configure: (inout TodoItem) throws -> Void = { _ in }
  ) throws -> Change {
    let title = try Title.validate(title)
    let now = env.now()
    var item = TodoItem(
      id: env.uuid(), title: title, deadline: deadline?.wholeSeconds, created: now.wholeSeconds,
      modified: now.wholeSeconds)
    try configure(&item)
    try Instants.check(item)
    let wanted = Scheduler.futureCount(CollectionOfOne(item), now: now)
    if wanted > 0 { try Scheduler.checkRoom(in: source, adding: wanted, at: now) }
    return Change(before: [item.id: nil], after: [item.id: item], summary: "Added “\(title)”")
  }

  /// The change that completes items of `source`: their notifications are
  /// cancelled. A repeating item stays pending instead: its deadline moves to
  /// the rule's first occurrence after both the deadline and `now`, in `zone`'s
  /// wall-clock time (SPEC 3), with no delivery record and no reminder left
  /// from the occurrence done.
  public static func completion(
    _ ids: [UUID], now: Date, in zone: TimeZone = SystemTimeZone.current, clock: HourCycle = .current,
    of source: some ItemSource
  ) throws -> Change {
    var before: [UUID: TodoItem?] = [:]
    var after: [UUID: TodoItem?] = [:]
    var next: Date? = nil
    for id in ids {
      guard var item = source.item(id) else { throw TodoError.noSuchItem(id.uuidString) }
      let old = item
      guard item.completed == nil else { continue }
      before[id] = old
      if let rule = item.repeatRule, let deadline = item.deadline,
        let (occurrence, rest) = Recurrence.advance(rule, deadline: deadline, now: now, in: zone)
      {
        item.deadline = occurrence
        item.repeatRule = rest
        (item.notifiedDeadline, item.notifiedWarning) = (nil, nil)
        (item.reminder, item.notifiedReminder) = (nil, nil)
        next = occurrence
      } else {
        item.completed = now.wholeSeconds
      }
      item.modified = now.wholeSeconds
      item.countRevision(since: old)
      after[id] = item
    }
    let done = ids.filter { before[$0] != nil }
    guard !done.isEmpty else { return Change(before: [:], after: [:], summary: notPending(ids, source)) }
    var summary = Self.summary("Completed", done, before)
    if ids.count == 1, let next {
      summary +=
        "; it repeats: next due " + DueFormatter(timeZone: zone, now: now, hourCycle: clock).dateText(next)
    }
    return Change(before: before, after: after, summary: summary)
  }

  /// The UUID `text` names among `ids`: a full UUID (any case) of an item
  /// `contains` knows, its iCalendar UID (exactly), or a unique prefix of at
  /// least 4 characters.
  static func resolve<S: Sequence>(_ text: String, among ids: S, contains: (UUID) -> Bool) throws -> UUID
  where S.Element == UUID {
    let key = text.uppercased()
    if let u = UUID(uuidString: key), contains(u) { return u }
    // An iCalendar UID, exactly: an item made elsewhere has the UUID derived from it.
    let derived = UUID.derived(from: text)
    if contains(derived) { return derived }
    guard key.count >= 4 else { throw TodoError.shortID(text) }
    var matches: [UUID] = []
    for id in ids where id.hasCanonicalPrefix(key) { matches.append(id) }
    switch matches.count {
    case 0: throw TodoError.noSuchItem(text)
    case 1: return matches[0]
    default:
      let short = ShortIDs(Array(ids))
      throw TodoError.ambiguousID(text, matches.map(short.text).sorted())
    }
  }
}
