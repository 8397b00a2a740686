import CNcurses
import Foundation
import TodoCore

/// A first full-screen app: the list, read-only, until `q`.
struct FullScreen {
  var store: Store

  func run() throws {
    let doc = try store.load()
    setlocale(LC_ALL, "")
    guard let win = initscr() else { throw CLIError(message: "cannot open the terminal") }
    defer { endwin() }
    cbreak()
    noecho()
    keypad(win, true)
    let now = Date()
    let fmt = DueFormatter(timeZone: TimeZone.current, now: now)
    let items = doc.items.filter(\.isPending).sorted(by: TodoItem.byDeadline)
    werase(win)
    mvwaddstr(win, 0, 0, "Todo List")
    let rows = Int(cn_lines(win))
    for (i, item) in items.prefix(max(0, rows - 2)).enumerated() {
      mvwaddstr(win, Int32(i + 1), 0, Title.displaySafe(item.title) + "  " + fmt.due(item.deadline))
    }
    mvwaddstr(win, Int32(rows - 1), 0, "q quit")
    wrefresh(win)
    while true {
      let c = wgetch(win)
      if c == Int32(UInt8(ascii: "q")) || c == -1 { break }
    }
  }
}
