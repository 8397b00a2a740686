import Foundation

/// Everything the full-screen app shows and remembers, as one value.
/// ``reduce(_:_:env:)`` changes it; ``render(_:size:)`` draws it.
public struct AppState: Equatable, Sendable {
  /// What has the keyboard.
  public enum Mode: Equatable, Sendable {
    case list
    /// The row is swiped left, its actions showing.
    case swipe(UUID)
    /// Typing the filter.
    case filter
    case form(Form)
    case help
    /// Waiting for y to delete the item.
    case confirmDelete(UUID)
    /// Picking a list: the one shown (L), or where the item goes (m).
    case pickList(ListPicker)
    /// Asking what becomes of a parent's subtasks (``SubtaskQuestion``).
    case askSubtasks(SubtaskQuestion)
  }

  /// Which items the list shows (`v` switches).
  public enum View: String, Equatable, Sendable, CaseIterable {
    case pending, completed, all
  }

  /// Pending items by deadline (then UUID), as last read or written.
  public private(set) var pending: [TodoItem] = []
  /// Completed (and cancelled) items, the last completed first.
  public private(set) var done: [TodoItem] = []
  /// The view: pending items, completed ones, or all.
  public internal(set) var view = View.pending
  /// The items shown: those of the view, narrowed by the filter; pending ones first.
  public private(set) var visible: [TodoItem] = []
  /// The headings of `visible` (Overdue, Today, …), each before its first item.
  public internal(set) var sections: [Section] = []
  /// The subtasks shown: depths, done counts, folded parents (`AppState+Tree.swift`).
  public internal(set) var tree = TreeState()
  /// The selected item, an index into `visible`.
  public internal(set) var selected = 0
  /// The first list row on screen (headings count as rows: see ``row(of:)``).
  public internal(set) var top = 0
  public internal(set) var mode: Mode = .list
  /// The filter text; kept after Enter, cleared by Esc.
  public internal(set) var filter = TextField("")
  /// Notifications that fired while the app was open, the one shown first.
  public internal(set) var banners: [ScheduledNotification] = []
  /// When the first banner appeared; it goes away by itself after ``bannerSeconds``.
  public internal(set) var bannerSince: Date?
  /// The first help line on screen.
  public internal(set) var helpTop = 0
  /// The notifications already shown as banners, so that none shows twice.
  public internal(set) var shown: Set<ShownKey> = []
  /// The last message, shown on the status line.
  public internal(set) var message = ""
  /// When the message was set; it fades after ``messageSeconds``.
  public internal(set) var messageSince: Date?
  /// Why changes wait (another process holds the file's lock), or nil.
  public internal(set) var waitingForLock: String?
  /// q was pressed once while a change waited for the lock.
  public internal(set) var quitAsked = false
  /// Changes that `u` undoes, the last one last.
  public internal(set) var undoStack: [Change] = []
  /// What `u` did, that `U` (Ctrl-R) does again, the last one last.
  public internal(set) var redoStack: [Change] = []
  /// The instant the screen shows (overdue is judged against it).
  public internal(set) var now: Date
  /// The calendar and time zone dates are shown and read in.
  public let calendar: Calendar
  public internal(set) var size: Size
  /// Pending items whose deadline has passed: the badge.
  public private(set) var badge = 0
  /// The scheduler's plan at `now`: which items hold one of the 64 slots.
  public private(set) var scheduledCount = 0
  /// Notifications that wait for a slot (not among the 64 soonest).
  public private(set) var waitingCount = 0
  public private(set) var scheduledIDs: Set<UUID> = []
  /// The next instant at which something on screen changes by itself.
  public private(set) var nextChange: Date?
  /// The soonest start still to come of a pending item (its row is dimmed until then).
  public private(set) var nextStart: Date?
  /// Why changes are refused (a file of a newer format), or nil.
  public internal(set) var readOnly: String?
  /// Why nothing can be shown (an unreadable file), or nil.
  public internal(set) var fatal: String?
  /// The terminal title last asked for.
  public internal(set) var terminalTitle = ""
  /// Whether the file has been read at least once.
  public internal(set) var loaded = false
  /// The last sync with the server (the daemon's status file), shown in the header; nil without a server.
  public var serverSync: ServerStatus?
  /// The file's lists (SPEC 9).
  public internal(set) var lists = ListBook.implicit
  /// The list shown (its id); nil: all lists.
  public internal(set) var shownList: String?
  /// The week and the month views, the selected day (``Days``).
  public internal(set) var days = Days()
  /// The keys the settings file gives (SPEC 4).
  public var keys = KeyBindings()
  /// The list `a` adds into while all lists are shown (the settings' `default_list`, by name).
  public var defaultList: String?
  /// Where the mouse's button went down, while it is down (a drag to the left swipes).
  public internal(set) var press: MouseEvent?

  /// How many steps `u` can undo (and `U` redo).
  public static let undoDepth = 100
  /// How long a banner stays without a key press.
  public static let bannerSeconds: TimeInterval = 30
  /// How long the status message stays.
  public static let messageSeconds: TimeInterval = 5

  /// The clock times are shown in: the locale's (``HourCycle/from(environment:)``).
  public let hourCycle: HourCycle

  public init(now: Date, calendar: Calendar, size: Size, hourCycle: HourCycle = .h12) {
    self.now = now
    self.calendar = calendar
    self.size = size
    self.hourCycle = hourCycle
  }

  /// The selected item, if any.
  public var selectedItem: TodoItem? { visible.indices.contains(selected) ? visible[selected] : nil }

  /// The banner on screen, if any.
  public var banner: ScheduledNotification? { banners.first }

  // MARK: - Keeping derived values

  /// The item with this UUID, pending or done, if any.
  /// - Complexity: O(n); used on a key press, not per frame.
  public func item(_ id: UUID) -> TodoItem? { pending.first { $0.id == id } ?? done.first { $0.id == id } }

  /// Takes the items of a file: keeps the pending ones (sorting them only when
  /// the reader did not), filters, keeps the selection on the same item (or the
  /// row where it was), and recomputes the badge and the plan.
  /// - Complexity: O(n) for items that come sorted, as the data file's reader gives them.
  mutating func setItems(_ items: [TodoItem]) {
    let keep = selectedItem?.id
    // Nothing to filter out (the common case on a fresh list): share the array
    // instead of copying 100,000 items.
    let allPending = items.allSatisfy(\.isPending)
    var p = allPending ? items : items.filter(\.isPending)
    if zip(p, p.dropFirst()).contains(where: { !TodoItem.byDeadline($0, $1) }) {
      p.sort(by: TodoItem.byDeadline)
    }
    pending = p
    done = allPending ? [] : items.filter { !$0.isPending }.sorted(by: Self.byCompletion)
    refilter(keeping: keep)
    nextStart = Self.soonestStart(pending, after: now)
    retime(now)
  }

  /// Applies a change made through the store to the sorted items in place:
  /// each touched item leaves its place and, when still pending, goes to its new one.
  /// - Complexity: O(k (log n + n)) for k touched items (binary search, then an array move).
  mutating func apply(_ change: Change) {
    let keep = selectedItem?.id
    for id in change.after.keys {
      if let old = (change.before[id] ?? nil), old.isPending,
        case let i = Self.partition(pending, { TodoItem.byDeadline($0, old) }), i < pending.count,
        pending[i].id == id
      {
        pending.remove(at: i)
      } else if let i = pending.firstIndex(where: { $0.id == id }) {
        pending.remove(at: i)
      }
      if let new = (change.after[id] ?? nil), new.isPending {
        pending.insert(new, at: Self.partition(pending) { TodoItem.byDeadline($0, new) })
      }
      if let i = done.firstIndex(where: { $0.id == id }) { done.remove(at: i) }
      if let new = (change.after[id] ?? nil), !new.isPending {
        done.insert(new, at: Self.partition(done) { Self.byCompletion($0, new) })
      }
    }
    refilter(keeping: keep)
    nextStart = Self.soonestStart(pending, after: now)
    retime(now)
  }

  /// Applies the filter to `pending`, keeping the selected item when it stays.
  /// With `narrowing`, the filter only grew more specific: the rows shown are searched, not all.
  mutating func refilter(keeping id: UUID?, narrowing: Bool = false) {
    let q = filter.text.trimmingCharacters(in: .whitespaces)
    var shown: [TodoItem]
    switch view {
    case .pending: shown = pending
    case .completed: shown = done
    case .all: shown = done.isEmpty ? pending : pending + done
    }
    if shownList != nil { shown = shown.filter(inShownList) }
    if let d = days.only {  // Enter on a day of the week or the month: that day's items
      let end = day(1, after: d)
      shown = shown.filter { $0.deadline.map { $0 >= d && $0 < end } ?? false }
    }
    if q.isEmpty {
      visible = shown
    } else {
      visible = (narrowing && !tree.isActive ? visible : shown).filter { Self.matches($0, q) }
    }
    visible = arrangeTree(visible)
    if let id = id, let i = visible.firstIndex(where: { $0.id == id }) { selected = i }
    selected = max(0, min(selected, visible.count - 1))
    resection()
    scrollToSelection()
  }

  /// The order of completed items: the last completed first.
  static func byCompletion(_ a: TodoItem, _ b: TodoItem) -> Bool {
    let ca = a.completed ?? a.modified ?? a.created
    let cb = b.completed ?? b.modified ?? b.created
    if ca != cb { return ca > cb }
    return a.id.isOrderedBefore(b.id)
  }

  /// Whether a title matches a filter: a substring, ignoring case and accents.
  static func matches(_ title: String, _ query: String) -> Bool {
    if let found = asciiContains(title, query) { return found }
    return title.range(of: query, options: [.caseInsensitive, .diacriticInsensitive]) != nil
  }

  /// The same for two ASCII texts, byte by byte (ASCII has no accents, and its
  /// case is a bit); nil when either holds another character. Foundation's
  /// search took most of a filter key's time once notes of a few hundred characters were searched.
  static func asciiContains(_ text: String, _ query: String) -> Bool? {
    var text = text
    var query = query
    return text.withUTF8 { t in
      query.withUTF8 { q -> Bool? in
        if t.contains(where: { $0 >= 0x80 }) || q.contains(where: { $0 >= 0x80 }) { return nil }
        guard !q.isEmpty, q.count <= t.count else { return false }  // as Foundation: "" is nowhere
        @inline(__always) func lower(_ b: UInt8) -> UInt8 { b >= 65 && b <= 90 ? b | 0x20 : b }
        let first = lower(q[0])
        var i = 0
        while i + q.count <= t.count {
          if lower(t[i]) == first {
            var k = 1
            while k < q.count && lower(t[i + k]) == lower(q[k]) { k += 1 }
            if k == q.count { return true }
          }
          i += 1
        }
        return false
      }
    }
  }

  /// Whether an item matches a filter (SPEC 8): its title, one of its tags (`#tag` too) or its note.
  static func matches(_ item: TodoItem, _ query: String) -> Bool {
    if matches(item.title, query) { return true }
    if !item.tags.isEmpty {
      let tag = query.hasPrefix("#") ? String(query.dropFirst()) : query
      if item.tags.contains(where: { tag.isEmpty || matches($0, tag) }) { return true }
    }
    return item.note.map { matches($0, query) } ?? false
  }

  /// ``matches(_:_:)`` for the command line's `list --search`.
  public static func filterMatches(_ item: TodoItem, _ query: String) -> Bool { matches(item, query) }

  /// Moves the clock: the badge, the plan and the next change.
  mutating func retime(_ t: Date) {
    now = t
    // `pending` is sorted by deadline: the overdue ones are a prefix.
    badge = Self.partition(pending) { $0.isOverdue(at: t) }
    let plan = Scheduler.plan(pending, now: t)
    scheduledCount = plan.notifications.count
    waitingCount = plan.unscheduled
    scheduledIDs = plan.scheduledIDs
    var next = plan.nextFireDate
    // A row dimmed until its item's start (SPEC 8) brightens then.
    if let s = nextStart, s <= t { nextStart = Self.soonestStart(pending, after: t) }
    if let s = nextStart { next = next.map { min($0, s) } ?? s }
    if badge < pending.count, let d = pending[badge].deadline {
      next = next.map { min($0, d) } ?? d
    }
    // At midnight the headings move (Tomorrow becomes Today).
    if let midnight = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: t)) {
      next = next.map { min($0, midnight) } ?? midnight
    }
    resection()
    for end in [
      bannerSince?.addingTimeInterval(Self.bannerSeconds),
      messageSince?.addingTimeInterval(Self.messageSeconds),
    ] {
      if let end { next = next.map { min($0, end) } ?? end }
    }
    nextChange = next
  }

  /// The message changed at `t`: it fades ``messageSeconds`` later.
  mutating func noteMessage(at t: Date) {
    messageSince = message.isEmpty ? nil : t
    retime(now)
  }

  /// The soonest start after `t` among `items`: when a dimmed row brightens.
  /// - Complexity: O(n); run when the items change and when that start passes, not at every tick.
  static func soonestStart(_ items: [TodoItem], after t: Date) -> Date? {
    var soonest: Date?
    for item in items { if let s = item.start, s > t, soonest.map({ s < $0 }) ?? true { soonest = s } }
    return soonest
  }

  /// The number of leading elements for which `isBefore` holds (binary search).
  static func partition(_ items: [TodoItem], _ isBefore: (TodoItem) -> Bool) -> Int {
    partition(items, count: items.count, isBefore)
  }

  /// The same among the first `count` elements.
  static func partition(_ items: [TodoItem], count: Int, _ isBefore: (TodoItem) -> Bool) -> Int {
    var lo = 0
    var hi = count
    while lo < hi {
      let mid = (lo + hi) / 2
      if isBefore(items[mid]) { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// Keeps the selected item on screen, with its heading when it is the first of its section.
  mutating func scrollToSelection() {
    let window = listWindow
    let sel = row(of: selected)
    let first = sections.contains { $0.start == selected } ? sel - 1 : sel
    if first < top { top = first }
    if sel >= top + window { top = sel - window + 1 }
    top = max(0, min(top, max(0, rowCount - window)))
  }

  /// The terminal title for the current badge.
  var wantedTitle: String { badge > 0 ? "todo-tui (\(badge))" : "todo-tui" }

  /// Identifies a delivered notification.
  public struct ShownKey: Hashable, Sendable {
    var id: UUID
    var kind: NotificationKind
    var fireDate: Date
    init(_ n: ScheduledNotification) {
      id = n.itemID
      kind = n.kind
      fireDate = n.fireDate
    }
  }

  /// The notifications recorded as delivered in `items` that were not yet in
  /// `old`: what another notifier fired since the last read. Badges as at their time.
  /// - Complexity: O(n).
  func newlyDelivered(since old: [TodoItem], in items: [TodoItem]) -> [ScheduledNotification] {
    var was: [UUID: TodoItem] = [:]
    was.reserveCapacity(old.count)
    for item in old { was[item.id] = item }
    var out: [ScheduledNotification] = []
    for item in items {
      guard let o = was[item.id] else { continue }
      if let d = item.notifiedDeadline, d == item.deadline, o.notifiedDeadline != o.deadline {
        out.append(
          ScheduledNotification(
            fireDate: d, kind: .deadline, itemID: item.id, title: item.title, deadline: item.deadline,
            badge: 0))
      }
      if let r = item.notifiedReminder, r == item.reminder, o.notifiedReminder != r {
        out.append(
          ScheduledNotification(
            fireDate: r, kind: .reminder, itemID: item.id, title: item.title, deadline: item.deadline,
            badge: 0))
      }
    }
    out.sort { $0.fireDate < $1.fireDate }
    for i in out.indices { out[i].badge = Self.partition(pending) { $0.isOverdue(at: out[i].fireDate) } }
    return out
  }
}

/// Where things go on the screen: the header on the first row, then the
/// banner (two rows, when one shows), the list, the filter row (while there is
/// a filter), and the status line on the last row.
public struct Layout: Equatable, Sendable {
  public var header = 0
  public var banner: Range<Int>
  public var list: Range<Int>
  public var filter: Int?
  public var status: Int

  public init(_ state: AppState, size: Size) {
    status = size.height - 1
    let bannerRows = state.banner == nil ? 0 : 2
    banner = 1..<(1 + bannerRows)
    let showFilter = state.mode == .filter || !state.filter.isEmpty
    filter = showFilter ? status - 1 : nil
    let end = max(banner.upperBound, filter ?? status)
    list = banner.upperBound..<end
  }
}
