import ArgumentParser
import Foundation
import TodoCore

/// `lists`, `lists add NAME`, `lists rename OLD NEW`, `lists delete NAME` (SPEC 9).
struct Lists: ParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "The lists with their pending items (* the default one); add, rename or delete one.",
    discussion: """
      Every item is in one list; a file starts with one, Tasks. add puts an item in \
      the default list: the first, or the one TODO_TUI_LIST names (--list NAME to choose). \
      Without --list, the commands work on all lists.
      """,
    subcommands: [ListsShow.self, ListsAdd.self, ListsRename.self, ListsDelete.self],
    defaultSubcommand: ListsShow.self)
}

struct ListsShow: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "show", abstract: "The lists in their order, each with its number of pending items.")
  @OptionGroup var options: FileOption
  @Flag(help: "One JSON document: an array of the lists (id, name, color, pending, completed, default).")
  var json = false

  func run() throws {
    let doc = try options.load()
    CLI.out(json ? Self.json(doc) : Self.text(doc))
  }

  /// One list of `lists --json`: `id` is what an item's `list` holds in `list --json`.
  struct Entry: Encodable {
    var id: String
    var name: String
    var color: String?
    var pending = 0
    var completed = 0
    var `default`: Bool

    func encode(to encoder: Encoder) throws {
      enum Key: String, CodingKey { case id, name, color, pending, completed, `default` }
      var c = encoder.container(keyedBy: Key.self)
      try c.encode(id, forKey: .id)
      try c.encode(name, forKey: .name)
      try c.encode(color, forKey: .color)  // null when the list has none
      try c.encode(pending, forKey: .pending)
      try c.encode(completed, forKey: .completed)
      try c.encode(`default`, forKey: .default)
    }
  }

  /// The id of the list `add` puts an item in: the one `TODO_TUI_LIST` (or the settings) names, else the first.
  static func defaultID(_ lists: ListBook) -> String {
    let name = CLI.settings.defaultList ?? ""
    let named = name.isEmpty ? nil : try? lists.named(name)
    return named?.id ?? lists.lists[0].id
  }

  /// The lists in their order, with their items as `list` counts them (pending) and
  /// `list --completed` (completed); `default`: the list `add` uses.
  static func json(_ doc: TodoDocument) -> String {
    let lists = doc.lists
    let home = defaultID(lists)
    var entries = lists.lists.map { l in
      Entry(id: l.id, name: l.name, color: l.color, default: l.id == home)
    }
    let index = Dictionary(uniqueKeysWithValues: lists.lists.enumerated().map { ($1.id, $0) })
    for item in doc.items {
      guard let k = index[lists.listID(of: item)] else { continue }
      if item.isPending {
        entries[k].pending += 1
      } else if item.completed != nil {
        entries[k].completed += 1
      }
    }
    return JSONOutput.encode(entries)
  }

  /// One line a list: `*` before the default one, the name, its pending items.
  static func text(_ doc: TodoDocument) -> String {
    let lists = doc.lists
    var pending: [String: Int] = [:]
    for item in doc.items where item.isPending { pending[lists.listID(of: item), default: 0] += 1 }
    let names = lists.lists.map { Title.displaySafe($0.name) }
    let width = names.map { CellWidth.of($0) }.max() ?? 0
    let home = defaultID(lists)
    var out = ""
    for (k, list) in lists.lists.enumerated() {
      let n = pending[list.id] ?? 0
      out +=
        (list.id == home ? "* " : "  ") + names[k]
        + String(repeating: " ", count: width - CellWidth.of(names[k]) + 2)
      out += "\(n) pending\n"
    }
    return out
  }
}

struct ListsAdd: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add", abstract: "Add a list, after the others.")
  @OptionGroup var options: FileOption
  @Argument(help: "Its name (the words joined with spaces).") var name: [String] = []
  @Option(help: ArgumentHelp("Its colour, #RRGGBB.", valueName: "#rrggbb")) var color: String?

  func validate() throws {
    if name.isEmpty { throw ValidationError("expected a name, as in: todo-tui lists add Groceries") }
    if let c = color, !Self.isColour(c) { throw ValidationError("--color '\(c)': expected #RRGGBB") }
  }

  static func isColour(_ c: String) -> Bool {
    c.count == 7 && c.first == "#" && c.dropFirst().allSatisfy(\.isHexDigit)
  }

  func run() throws {
    let change = try options.store.commit(
      .addList(name: name.joined(separator: " "), color: color), env: CLI.clock)
    CLI.out(change.summary + "\n")
  }
}

struct ListsRename: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rename", abstract: "Rename a list; its items stay in it.")
  @OptionGroup var options: FileOption
  @Argument(help: "The list's name.", completion: ListCompletion.kind) var old: String
  @Argument(help: "Its new name.") var new: String

  func run() throws {
    let change = try options.store.commit(env: CLI.clock) { items in
      .renameList(id: try items.lists.named(old).id, name: new)
    }
    CLI.out(change.summary + "\n")
  }
}

struct ListsDelete: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete", abstract: "Delete a list: refused while it holds items, unless --with-items.",
    aliases: ["rm"])
  @OptionGroup var options: FileOption
  @Argument(help: "The list's name.", completion: ListCompletion.kind) var name: String
  @Flag(help: "Delete its items too.") var withItems = false

  func run() throws {
    let change = try options.store.commit(env: CLI.clock) { items in
      .deleteList(id: try items.lists.named(name).id, withItems: withItems)
    }
    CLI.out(change.summary + "\n")
  }
}

/// Completion of list names: the data file's lists, in their order.
enum ListCompletion {
  static let kind = CompletionKind.custom { words, _, _ in candidates(words: words) }

  static func candidates(words: [String]) -> [String] {
    guard let doc = try? Store(path: IDCompletion.path(words: words)).load() else { return [] }
    return doc.lists.lists.map(\.name)
  }
}
