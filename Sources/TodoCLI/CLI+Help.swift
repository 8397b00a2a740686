import Foundation
import TodoCore

extension CLI {
  /// The root command's discussion: `--help` prints it and the man page
  /// (scripts/manpage.py) makes each "TITLE:" part a section. The dates, the
  /// keys and the notify command's arguments come from the program's own
  /// tables (the grammar, ``KeyMap/help``, ``Bubble/arguments``), so neither
  /// can drift from what the program does.
  static let rootHelp = """
    Every command takes --file PATH, before or after the command name.

    DATES:
    \(wrapped(WhenParser.acceptedForms + "."))

    KEYS:
    \(keys)

    NOTIFY COMMAND:
    \(wrapped(notifyContract))

    WEEK, MONTH AND MOUSE:
    \(wrapped(viewsText))

    SETTINGS:
    \(wrapped(settingsText))

    ENVIRONMENT:
      TODO_TUI_FILE    The data file, when --file is not given.
      XDG_DATA_HOME    The default data file is $XDG_DATA_HOME/todo-tui/todos.plist
                       (~/.local/share when unset or not an absolute path).
      TODO_TUI_LIST    The list add puts an item in, when --list is not given
                       (else the first list).
      TODO_TUI_VDIR    The vdir of sync and of the daemon's live sync, when --vdir
                       is not given: a folder of .ics files (one list), or a
                       folder of such folders (one list each).
      TODO_TUI_NOTIFY  The bubble command instead of notify-send: one executable,
                       no arguments ('none': no bubbles); see NOTIFY COMMAND.
      XDG_CONFIG_HOME  The settings file is $XDG_CONFIG_HOME/todo-tui/config.toml
                       (~/.config when unset); todo-tui config shows what is in
                       force.
      TZ               The time zone that dates are read and shown in.
      LC_TIME          The locale whose clock (12- or 24-hour) list shows; LC_ALL
                       comes first, LANG last.
      NO_COLOR         No colour (nor with TERM=dumb, nor into a pipe).

    EXIT STATUS:
      0   success
      1   failure: bad data, no such item (or several), the file's lock, I/O
      64  usage error: an unknown command or option, a missing or bad argument
    """

  /// The week and month views and the mouse (SPEC 4), for the man page.
  static let viewsText = """
    In the app, w switches the list, the week and the month; the header says which. The week \
    shows the seven days from the selected one, each with its items at their times (overdue ones \
    marked), the someday items counted apart; the month is a grid of its days, each with how many \
    items are due and a bar that grows with them (crowded days, 5 or more, in the warning colour). \
    The arrows move the day, Enter shows its items in the list (every key acts as there; Esc goes \
    back), a adds on it. The view, the list shown, the filter and subtasks apply. The mouse: a \
    click selects a row, a day or a form's field, the wheel scrolls, a click on a key's name in the footer does the \
    key, a drag to the left on a row opens its swipe actions and a longer one completes it; Shift \
    with the mouse keeps the terminal's own text selection.
    """

  /// The settings file (SPEC 4), for the man page.
  static let settingsText = """
    $XDG_CONFIG_HOME/todo-tui/config.toml (~/.config/todo-tui/config.toml), TOML: \
    default_list = "Work"; notify_command = "/path/to/cmd"; poll_interval = 60 (seconds, or "2m"); \
    early_warning = "15m"; first_day_of_week = "monday"; mouse = true. [keys]: an action = a key \
    or a list of keys (add, add_subtask, fold, edit, swipe, complete, remind, delete, undo, redo, \
    view, calendar, lists, move, filter, help, quit, up, down, page_up, page_down, top, bottom; \
    keys: one character, ctrl-r, enter, esc, tab, space, up, down, left, right, pgup, pgdn, home, \
    end, delete, backspace); ? then shows the keys in force. [colors]: a role (overdue, done, \
    warning, accent, info) = a name (red, brightblue), 0-255, or "#rrggbb", on the terminal's own \
    background. TODO_TUI_LIST and TODO_TUI_NOTIFY win over the file. A bad line is one error: \
    naming the file and the line, and the rest applies. todo-tui config prints what is in force \
    and where each value came from. Settings never change the data file.
    """

  /// The full-screen app's keys, one a line, as its `?` screen shows them.
  static var keys: String {
    KeyMap.help.map { keys, what in
      let k = keys.replacingOccurrences(of: "  ", with: ", ")
      return "  " + k + String(repeating: " ", count: max(2, 16 - k.count)) + what
    }.joined(separator: "\n")
  }

  /// What the notify command gets: its arguments, as a bubble of a deadline has them.
  static var notifyContract: String {
    let sample = ScheduledNotification(
      fireDate: Date(timeIntervalSince1970: 0), kind: .deadline, itemID: UUID(), title: "T",
      deadline: Date(timeIntervalSince1970: 0), badge: 1)
    var args = Bubble(
      sample, formatter: DueFormatter(timeZone: TimeZone(identifier: "UTC")!, now: Date()), now: Date()
    )
    .arguments
    args.removeLast(2)
    return "TODO_TUI_NOTIFY names one executable (a path, or a name looked up in PATH), run without a shell, "
      + "as notify-send is, with \(args.count + 2) arguments: "
      + args.map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ") + " SUMMARY BODY "
      + "(a summary bubble has no --action; a bubble that replaces one on screen adds --replace-id=ID). "
      + "Its environment: TODO_ID, TODO_TITLE, TODO_DEADLINE (ISO 8601), TODO_KIND (deadline, warning, "
      + "reminder or summary), TODO_BADGE, and TODO_COUNT for a summary. If it prints complete or remind on "
      + "its first line, that action is applied to the item. More than \(Notifier.Options().collapseAbove) "
      + "notifications missed at once (more than a minute late) become one summary bubble: '5 to-dos are due'."
  }

  /// `text` as indented lines of at most 78 columns.
  static func wrapped(_ text: String) -> String {
    var lines: [String] = []
    var line = " "
    for word in text.split(separator: " ") {
      if line.count + word.count + 1 > 78 {
        lines.append(line)
        line = " "
      }
      line += " " + word
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }
}
