import ArgumentParser
import Foundation
import TodoCore

struct Add: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Add an item; prints its UUID.")
  @OptionGroup var options: FileOption
  @Argument(help: "The title: its words are joined with spaces (put -- before a title that starts with -).")
  var title: [String] = []
  @Option(
    name: .long,
    help: ArgumentHelp(
      "When it is due (e.g. 'fri 17:00', 'in 2h', 'dec 3'; default: in 1h), or 'none' (someday); due:WHEN in the title does the same.",
      discussion: TimeEcho.whenHelp,
      valueName: "when"))
  var due: String?
  @Option(
    name: .long,
    help: ArgumentHelp(
      "How it repeats (daily, every mon,thu…).", discussion: TimeEcho.ruleHelp, valueName: "rule"))
  var `repeat`: String?
  @Option(
    name: .long,
    help: ArgumentHelp(
      "An early warning this long before the deadline (15m, 1h), or none.", valueName: "duration"))
  var warn: String?
  @OptionGroup var alerts: AlertOption
  @OptionGroup var fields: FieldOptions
  @OptionGroup var parent: ParentOption

  func validate() throws {
    if title.isEmpty { throw ValidationError("expected a title, as in: todo-tui add Buy milk --due 17:00") }
  }

  func run() throws {
    let env = CLI.environment
    let words = try TitleWords(title, dueOption: due)
    var deadline = try TimeEcho.due(due ?? words.due ?? "in 1h", env: env)
    let rule = try TimeEcho.rule(`repeat`)
    if let r = rule ?? nil, let d = deadline {
      deadline = Recurrence.first(r, from: d, in: env.calendar.timeZone)
    }
    let warning = try TimeEcho.warn(warn, env: env)
    var more = try fields.values(env: env)
    more += try alerts.change(env: env).map { [$0] } ?? []
    if due == nil, words.due == nil,
      let w = TitleWords.warning(words.title, parser: WhenParser(now: env.now(), calendar: env.calendar))
    {
      CLI.warn(w)
    }
    if words.title.contains(where: { $0.hasPrefix("--") }),
      let w = TitleWords.optionWarning(words.title, options: Prepass.optionNames(inHelp: Add.helpMessage()))
    {
      CLI.warn(w)
    }
    let listName = fields.listName(orDefault: true)
    let change = try options.store.commit(env: env) { items in
      let more =
        more
        + [try FieldOptions.listField(listName, in: items), try parent.change(in: items)].compactMap { $0 }
      return .add(
        title: words.title.joined(separator: " "), deadline: deadline, repeatRule: rule ?? nil,
        warn: warning ?? (more.touches("alerts") ? nil : CLI.settings.earlyWarning), changes: more)
    }
    CLI.out(change.after.keys.first!.uuidString + "\n")
    TimeEcho.report(deadline, now: env.now())
    TimeEcho.warnWithoutDeadline(change.after.values.first ?? nil, given: warning)
    CLI.note(change)
  }
}

struct List: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "List pending items by deadline, someday items last.",
    discussion: """
      One item a line: its short id, marks, the deadline in local time and the title. \
      Marks: ! overdue, ✓ completed, ✗ cancelled, ◷ a reminder or an alert is still to ring, \
      △ an early warning (--warn) is to come, ↻ repeats, \
      ⊘ waits for a notification slot (64 sooner ones are scheduled). \
      When nothing is listed, one line on stderr says so.
      """,
    aliases: ["ls"])
  @OptionGroup var options: FileOption
  @Flag(help: "One JSON document.") var json = false
  @Flag(help: "Completed items too.") var all = false
  @Flag(help: "Only completed items.") var completed = false
  @OptionGroup var filters: ListFilters

  func validate() throws {
    if all && completed { throw ValidationError("--all and --completed cannot be used together") }
  }

  /// Whether `item` is listed.
  func shows(_ item: TodoItem) -> Bool {
    (all || (completed ? item.completed != nil : item.isPending)) && filters.matches(item)
  }

  func run() throws {
    let doc = try options.load()
    let now = CLI.now
    // Both readers return the items by deadline; sort only what is not.
    var items = doc.items
    if zip(items, items.dropFirst()).contains(where: { TodoItem.byDeadline($1, $0) }) {
      items.sort(by: TodoItem.byDeadline)
    }
    if let name = filters.list {  // SPEC 9: one list; the slots (⊘) stay those of all lists
      let lists = doc.lists
      let id = try lists.named(name).id
      items.removeAll { lists.listID(of: $0) != id }
    }
    filters.sort(&items)
    let fmt = CLI.formatter(now: now)
    if json {
      let plan = Scheduler.plan(doc.items, now: now)
      let shown = items.filter(shows)
      JSONOutput.write(shown, now: now, scheduled: plan.scheduledIDs, formatter: fmt, lists: doc.lists)
      return
    }
    let plan = Scheduler.plan(doc.items, now: now)
    // Rows of several lists: each says its list (one list named by --list needs no word).
    let lists = doc.lists
    let several = filters.list == nil && Set(doc.items.map { lists.listID(of: $0) }).count > 1
    let lines = ListOutput.write(
      items, where: shows, now: now, formatter: fmt, scheduled: plan.scheduledIDs, colour: CLI.colour,
      listName: several ? { lists.list(id: lists.listID(of: $0))?.name } : nil)
    let shown: ScanOutput.Shown = all ? .all : completed ? .completed : .pending
    if lines == 0, filters.narrows || filters.list != nil {
      CLI.note(filters.emptyMessage(shown, items: doc.items))
    } else if lines == 0 {
      ListOutput.sayEmpty(shown)
    }
  }
}

struct Complete: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Complete items (cancels their notifications).", aliases: ["done"])
  @OptionGroup var options: FileOption
  @OptionGroup var targets: IDArguments
  @Flag(help: "Complete the items' open subtasks too (an item with open subtasks is refused without it).")
  var withChildren = false
  var ids: [String] { targets.ids }

  func run() throws {
    let change = try options.store.commit(env: CLI.clock) { items in
      .complete(try SubtaskPolicy.completing(ids.map(items.resolve), withChildren: withChildren, in: items))
    }
    CLI.out(change.summary + "\n")
    CLI.note(change)
  }
}

struct Reopen: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Make completed items pending again; their notifications are planned afresh.")
  @OptionGroup var options: FileOption
  @OptionGroup var targets: IDArguments
  var ids: [String] { targets.ids }

  func run() throws {
    let change = try options.store.commit(env: CLI.clock) { items in .reopen(try ids.map(items.resolve))
    }
    CLI.out(change.summary + "\n")
    CLI.note(change)
  }
}

struct Remind: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Remind about an item in 30 minutes (--in DURATION) or at a time (--at WHEN); the deadline is unchanged."
  )
  @OptionGroup var options: FileOption
  @Argument(help: "A UUID, iCalendar UID or unique prefix.", completion: IDCompletion.kind) var id: String
  @Option(name: .customLong("in"), help: "How long from now (10m, 1h30m, 2d).") var duration: String?
  @Option(
    name: .customLong("at"),
    help: ArgumentHelp("At a time ('fri 9:00', 'tomorrow 8:30'), as --due reads it.", valueName: "when"))
  var time: String?

  func validate() throws {
    if duration != nil && time != nil { throw ValidationError("--in and --at cannot be used together") }
  }

  func run() throws {
    let env = CLI.environment
    let now = env.now()
    let parser = WhenParser(now: now, calendar: env.calendar)
    let at = try time.map { try parser.parse($0) } ?? parser.add(duration: duration ?? "30m", to: now)
    let change = try options.store.commit(env: env) { items in .remind(try items.resolve(id), at: at) }
    let fmt = CLI.formatter(now: now)
    CLI.out(change.summary + ": " + fmt.phrase(at) + "\n")
    CLI.note(change)
  }
}

struct Edit: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Change an item's title, deadline or other fields; only those given are written.")
  @OptionGroup var options: FileOption
  @Argument(help: "A UUID, iCalendar UID or unique prefix.", completion: IDCompletion.kind) var id: String
  @Option(name: .long, help: "The new title.") var title: String?
  @Option(
    name: .long,
    help: ArgumentHelp(
      "The new deadline ('+1d' postpones it a day), or 'none' (someday).", discussion: TimeEcho.whenHelp,
      valueName: "when"))
  var due: String?
  @Option(
    name: .long,
    help: ArgumentHelp("How it repeats, or none.", discussion: TimeEcho.ruleHelp, valueName: "rule"))
  var `repeat`: String?
  @Option(
    name: .long,
    help: ArgumentHelp(
      "An early warning this long before the deadline (15m, 1h), or none.", valueName: "duration"))
  var warn: String?
  @OptionGroup var alerts: AlertOption
  @OptionGroup var fields: FieldOptions
  @OptionGroup var parent: ParentOption
  @Flag(help: "Write the note in $VISUAL or $EDITOR (else vi); what it returns is saved as any edit.")
  var noteEditor = false

  func validate() throws {
    if noteEditor && fields.note != nil {
      throw ValidationError("--note-editor and --note cannot be used together")
    }
    if title == nil && due == nil && `repeat` == nil && warn == nil && alerts.alert.isEmpty && !fields.any
      && parent.parent == nil && !noteEditor
    {
      throw ValidationError(Self.expected)
    }
  }

  /// What edit says when given nothing to change: its own options, then one for each field of the table with a text form.
  static let expected =
    "expected --title or --due (or "
    + (["repeat", "warn", "alert"] + ItemField.typed.compactMap { $0.text?.option }).map { "--" + $0 }.joined(
      separator: ", ") + ")"

  func run() throws {
    let env = CLI.environment
    let now = env.now()
    // `+1d` counts from the item's deadline: read inside the change, checked before it.
    var deadline = try due.map { try TimeEcho.due($0, env: env) }
    let rule = try TimeEcho.rule(`repeat`)
    let warning = try TimeEcho.warn(warn, env: env)
    var more = try fields.values(env: env)
    more += try alerts.change(env: env).map { [$0] } ?? []
    if noteEditor { more.append(.set("note", text: try editedNote() ?? nil)) }
    let change = try options.store.commit(env: env) { items in
      let target = try items.resolve(id)
      if let due, let base = items.item(target)?.deadline {
        deadline = try TimeEcho.due(due, env: env, base: base)
      }
      // A rule's first occurrence: the deadline given, or the next one the rule has.
      if rule != nil || deadline != nil, let r = rule ?? items.item(target)?.repeatRule,
        let d = deadline ?? items.item(target)?.deadline
      {
        let first = Recurrence.first(r, from: d, in: env.calendar.timeZone)
        if first != d { deadline = .some(first) }
      }
      let more =
        more
        + [try FieldOptions.listField(fields.list, in: items), try parent.change(in: items)].compactMap { $0 }
      return .edit(target, title: title, deadline: deadline, repeatRule: rule, warn: warning, changes: more)
    }
    CLI.out(change.summary + "\n")
    if let d = deadline { TimeEcho.report(d, now: now) }
    TimeEcho.warnWithoutDeadline(change.after.values.first ?? nil, given: warning)
    CLI.note(change)
  }
}

struct Delete: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Remove items for good.", aliases: ["rm"])
  @OptionGroup var options: FileOption
  @OptionGroup var targets: IDArguments
  @Flag(help: "Delete the items' subtasks too.") var withChildren = false
  @Flag(help: "Keep the items' subtasks: they move up to the deleted item's parent (or the top level).")
  var keepChildren = false
  var ids: [String] { targets.ids }

  func validate() throws {
    if withChildren && keepChildren {
      throw ValidationError("--with-children and --keep-children cannot be used together")
    }
  }

  func run() throws {
    let change = try options.store.commit(env: CLI.clock) { items in
      .delete(
        try SubtaskPolicy.deleting(
          ids.map(items.resolve), withChildren: withChildren, keepChildren: keepChildren, in: items))
    }
    CLI.out(change.summary + "\n")
  }
}

struct Badge: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Print the number of overdue pending items.")
  @OptionGroup var options: FileOption

  func run() throws {
    CLI.out("\(try BadgeIndex.badge(store: options.store, now: CLI.now, warn: CLI.warn))\n")
  }
}

struct Pending: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "The scheduled notifications (at most 64) and how many wait for a slot.")
  @OptionGroup var options: FileOption
  @Flag(help: "One JSON document.") var json = false

  func run() throws {
    let doc = try options.load()
    let now = CLI.now
    let plan = Scheduler.plan(doc.items, now: now)
    let fmt = CLI.formatter(now: now)
    if json {
      CLI.out(JSONOutput.pending(plan, formatter: fmt))
      return
    }
    var s = ""
    let ids = ShortIDs(doc.items.map(\.id))
    for n in plan.notifications {
      s +=
        "\(fmt.dateText(n.fireDate, weekday: true))  \(n.kind.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))  "
      s +=
        "\(ids.text(n.itemID).padding(toLength: ids.width, withPad: " ", startingAt: 0))  badge \(n.badge)  \(Title.displaySafe(n.title))\n"
    }
    s += Scheduler.slotsText(scheduled: plan.notifications.count, waiting: plan.unscheduled) + "\n"
    CLI.out(s)
  }
}

struct Import: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract:
      "Merge items from a plist (ours or the tutorial app's), a JSON export, Taskwarrior's task export, "
      + "a todo.txt file, an .ics file, a folder of .ics files or - (stdin); same UUID or iCalendar UID = same item."
  )
  @OptionGroup var options: FileOption
  @Argument(help: "The file, folder or - to import.") var source: String

  func run() throws {
    let incoming = try ImportFormats.read(source, env: CLI.clock)
    for w in incoming.warnings { CLI.warn(w) }
    let change = try options.store.commit(.importing(incoming), env: CLI.clock)
    for w in change.warnings { CLI.warn(w) }
    CLI.out("\(ImportCount(change))\n")
  }
}

struct Export: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Write all items to stdout; import reads what it writes back to the same items.")
  @OptionGroup var options: FileOption
  @Option(help: "plist, json, ics or todotxt.") var format: ExportFormat = .plist

  enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
    case plist, json, ics, todotxt
  }

  func run() throws {
    let doc = try options.load()
    let now = CLI.now
    let items = doc.items.sorted(by: TodoItem.byDeadline)
    switch format {
    case .plist:
      let bytes = PlistCodec.encode(items, otherRootKeys: doc.otherRootKeys)
      FileHandle.standardOutput.write(Data(bytes))
    case .json:
      let plan = Scheduler.plan(doc.items, now: now)
      CLI.out(
        JSONExchange.encode(
          items, now: now, scheduled: plan.scheduledIDs, timeZone: SystemTimeZone.current, lists: doc.lists))
    case .ics:
      // One VCALENDAR a list, named (SPEC 9): import puts each back in its list.
      for piece in ICalLists.pieces(for: items, lists: doc.lists, now: now) {
        piece.withUnsafeBufferPointer { CLI.out($0) }
      }
    case .todotxt:
      CLI.out(TodoTxt.write(items, lists: doc.lists))
    }
  }
}
