import ArgumentParser
import Foundation
import TodoCore

/// `todo-tui agenda [--days N] [--json]` (SPEC 2): the coming days, overdue items first.
struct AgendaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "agenda",
    abstract: "The coming days (7 by default), overdue items first, each day with its to-dos and times.",
    discussion: """
      Pending items with a deadline: first the overdue ones, then each coming day that has \
      items, under its name ("Today, Sat Nov 28"), at their times. Someday items are left out. \
      With --list, one list. When nothing is due, one line on stderr says so. \
      --json: {"days": [{"date", "items"}…], "overdue": [items]}, every day (an empty one too), \
      items as list --json writes them.
      """)
  @OptionGroup var options: FileOption
  @Option(help: ArgumentHelp("How many days from today (1-366).", valueName: "N")) var days = 7
  @Flag(help: "One JSON document.") var json = false
  @Option(
    name: .long, help: ArgumentHelp("Only items of this list (all lists by default).", valueName: "name"),
    completion: ListCompletion.kind)
  var list: String?

  func validate() throws {
    if !(1...366).contains(days) { throw ValidationError("--days \(days): expected 1 to 366") }
  }

  func run() throws {
    if !json && list == nil && fast() { return }
    let doc = try options.load()
    let now = CLI.now
    let fmt = CLI.formatter(now: now)
    var items = doc.items
    if let name = list {
      let lists = doc.lists
      let id = try lists.named(name).id
      items.removeAll { lists.listID(of: $0) != id }
    }
    let agenda = Agenda(items, first: fmt.today, days: days, now: now, formatter: fmt)
    if json {
      let plan = Scheduler.plan(doc.items, now: now)
      CLI.out(agenda.json(items, now: now, scheduled: plan.scheduledIDs, formatter: fmt))
      return
    }
    let ids = ShortIDs(count: doc.items.count) { ShortIDs.Key(doc.items[$0].id) }
    write(agenda, formatter: fmt, ids: ids)
  }

  /// The lines from ``PlistScan``'s records, as `list`'s fast path reads the file; false
  /// when the file is not as our writer lays it out (the general path's then).
  func fast() -> Bool {
    let path = options.file ?? Store.defaultPath(environment: ProcessInfo.processInfo.environment)
    guard let scan = (try? PlistScan.scan(store: Store(path: path), notes: false)) ?? nil,
      !scan.entries.contains(where: \.keepsAdoptable)
    else { return false }
    let now = CLI.now
    let fmt = ScanOutput.formatter(now: now, ListFast.env)
    let agenda = Agenda(scan, first: fmt.today, days: days, now: now, formatter: fmt)
    let ids = scan.entries.withUnsafeBufferPointer { e in
      ShortIDs(count: e.count) { ShortIDs.Key(hi: e[$0].hi, lo: e[$0].lo) }
    }
    write(agenda, formatter: fmt, ids: ids)
    return true
  }

  func write(_ agenda: Agenda, formatter fmt: DueFormatter, ids: ShortIDs) {
    if agenda.count == 0 {
      CLI.note(days == 1 ? "Nothing due today." : "Nothing due in the next \(days) days.")
      return
    }
    ListOutput.writeAll(1, agenda.lines(formatter: fmt, ids: ids, colour: CLI.colour))
  }
}
