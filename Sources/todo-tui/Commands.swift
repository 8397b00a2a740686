import ArgumentParser
import Foundation
import TodoCore

struct Add: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Add an item; prints its UUID.")
  @OptionGroup var options: FileOption
  @Argument(help: "The title (put -- before a title that starts with -).") var title: String
  @Option(name: .long, help: "When it is due (e.g. 'fri 17:00', 'in 2h', '2026-11-23 14:00').")
  var due: String = "in 1h"

  func run() throws {
    let env = TodoEnvironment.live
    let deadline = try WhenParser(now: env.now(), calendar: env.calendar).parse(due)
    let change = try options.store.mutate { list in
      try list.add(title: title, deadline: deadline, env: env)
    }
    CLI.out(change.after.keys.first!.uuidString + "\n")
  }
}

struct List: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "List pending items by deadline.")
  @OptionGroup var options: FileOption
  @Flag(help: "One JSON document.") var json = false
  @Flag(help: "Completed items too.") var all = false

  func run() throws {
    if !json {  // the file as our writer lays it out: read without building items
      let now = Date()
      let fmt = DueFormatter(timeZone: TimeZone.current, now: now)
      if try ListOutput.writeScanned(
        options.store, includeCompleted: all, now: now, formatter: fmt, colour: CLI.colour)
      {
        return
      }
    }
    let doc = try options.load()
    let now = Date()
    // Both readers return the items by deadline; sort only what is not.
    var items = doc.items
    if zip(items, items.dropFirst()).contains(where: { TodoItem.byDeadline($1, $0) }) {
      items.sort(by: TodoItem.byDeadline)
    }
    let fmt = DueFormatter(timeZone: TimeZone.current, now: now)
    if json {
      let plan = Scheduler.plan(doc.items, now: now)
      let shown = all ? items : items.filter(\.isPending)
      JSONOutput.write(shown, now: now, scheduled: plan.scheduledIDs, formatter: fmt)
      return
    }
    ListOutput.write(items, includeCompleted: all, now: now, formatter: fmt, colour: CLI.colour)
  }
}

struct Complete: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Complete items (cancels their notifications).")
  @OptionGroup var options: FileOption
  @Argument(help: "Full UUIDs or unique prefixes of at least 4 characters.") var ids: [String]

  func validate() throws {
    if ids.isEmpty { throw ValidationError("expected at least one ID") }
  }

  func run() throws {
    let now = Date()
    let change = try options.store.mutate { list in
      try list.complete(ids.map(list.resolve), now: now)
    }
    CLI.out(change.summary + "\n")
  }
}

struct Remind: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Remind about an item in 30 minutes (or DURATION); the deadline is unchanged.")
  @OptionGroup var options: FileOption
  @Argument(help: "A UUID or unique prefix.") var id: String
  @Option(name: .customLong("in"), help: "How long from now (10m, 1h30m, 2d).") var duration: String = "30m"

  func run() throws {
    let env = TodoEnvironment.live
    let now = env.now()
    let at = try WhenParser(now: now, calendar: env.calendar).add(duration: duration, to: now)
    let change = try options.store.mutate { list in
      try list.remind(try list.resolve(id), at: at, now: now)
    }
    let fmt = DueFormatter(timeZone: TimeZone.current, now: now)
    CLI.out(change.summary + ": " + fmt.dateText(at) + "\n")
  }
}

struct Edit: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Change an item's title or deadline.")
  @OptionGroup var options: FileOption
  @Argument(help: "A UUID or unique prefix.") var id: String
  @Option(name: .long, help: "The new title.") var title: String?
  @Option(name: .long, help: "The new deadline.") var due: String?

  func validate() throws {
    if title == nil && due == nil { throw ValidationError("expected --title or --due (or both)") }
  }

  func run() throws {
    let env = TodoEnvironment.live
    let now = env.now()
    let deadline = try due.map { try WhenParser(now: now, calendar: env.calendar).parse($0) }
    let change = try options.store.mutate { list in
      try list.edit(try list.resolve(id), title: title, deadline: deadline, now: now)
    }
    CLI.out(change.summary + "\n")
  }
}

struct Delete: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Remove items for good.")
  @OptionGroup var options: FileOption
  @Argument(help: "Full UUIDs or unique prefixes of at least 4 characters.") var ids: [String]

  func validate() throws {
    if ids.isEmpty { throw ValidationError("expected at least one ID") }
  }

  func run() throws {
    let change = try options.store.mutate { list in try list.delete(ids.map(list.resolve)) }
    CLI.out(change.summary + "\n")
  }
}

struct Badge: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Print the number of overdue pending items.")
  @OptionGroup var options: FileOption

  func run() throws {
    CLI.out("\(try BadgeIndex.badge(store: options.store, now: Date(), warn: CLI.warn))\n")
  }
}

struct Pending: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "The scheduled notifications (at most 64) and how many were left unscheduled.")
  @OptionGroup var options: FileOption
  @Flag(help: "One JSON document.") var json = false

  func run() throws {
    let doc = try options.load()
    let now = Date()
    let plan = Scheduler.plan(doc.items, now: now)
    let fmt = DueFormatter(timeZone: TimeZone.current, now: now)
    if json {
      CLI.out(JSONOutput.pending(plan, formatter: fmt))
      return
    }
    var s = ""
    for n in plan.notifications {
      s +=
        "\(fmt.dateText(n.fireDate, weekday: true))  \(n.kind.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0))  "
      s += "\(n.itemID.uuidString.prefix(8).lowercased())  badge \(n.badge)  \(Title.displaySafe(n.title))\n"
    }
    s += "\(plan.notifications.count)/\(Scheduler.limit) scheduled, \(plan.unscheduled) unscheduled\n"
    CLI.out(s)
  }
}

struct Import: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Merge items from a plist (ours or the tutorial app's); same UUID = same item.")
  @OptionGroup var options: FileOption
  @Argument(help: "The file to import.") var source: String

  func run() throws {
    let url = URL(fileURLWithPath: source)
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw CLIError(message: "\(source): cannot read: \((error as NSError).localizedDescription)")
    }
    let incoming: TodoDocument
    do {
      incoming = try ImportFormats.decode(data, path: source)
    } catch let e as TodoError {
      throw e
    } catch {
      throw CLIError(message: "\(source) cannot be imported (\(error))")
    }
    for w in incoming.warnings { CLI.warn(w) }
    let change = try options.store.mutate { list in list.merge(incoming.items) }
    CLI.out("Imported \(change.after.count) items\n")
  }
}

struct Export: ParsableCommand {
  static let configuration = CommandConfiguration(abstract: "Write all items to stdout.")
  @OptionGroup var options: FileOption
  @Option(help: "plist, json or ics.") var format: ExportFormat = .plist

  enum ExportFormat: String, ExpressibleByArgument, CaseIterable {
    case plist, json, ics
  }

  func run() throws {
    let doc = try options.load()
    let now = Date()
    let items = doc.items.sorted(by: TodoItem.byDeadline)
    switch format {
    case .plist:
      let bytes = PlistCodec.encode(items)
      FileHandle.standardOutput.write(Data(bytes))
    case .json:
      let plan = Scheduler.plan(doc.items, now: now)
      let fmt = DueFormatter(timeZone: TimeZone.current, now: now)
      CLI.out(JSONOutput.list(items, now: now, scheduled: plan.scheduledIDs, formatter: fmt))
    case .ics:
      CLI.out(ICalendar.export(items, now: now))
    }
  }
}
