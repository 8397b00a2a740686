import CNcurses
import Foundation
import TodoCLI
import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// The ncurses backend, as thin as it can be: it sets the terminal up and puts
/// it back, turns raw keys into ``Key``s, and copies a ``Canvas`` to the
/// screen, writing only the cells that changed since the last frame.
final class Terminal {
  private let win: UnsafeMutablePointer<WINDOW>
  private let colour: Bool
  private var shown: Canvas?
  private var pasting: String?
  private var restored = false

  /// Key codes this backend gives to the bracketed-paste markers.
  private static let pasteStart: Int32 = 0o1000 + 1
  private static let pasteEnd: Int32 = 0o1000 + 2
  /// The code of `ESC [ <`, the start of an SGR mouse report; its fields follow as characters.
  private static let mouseStart: Int32 = 0o1000 + 3
  /// Whether the mouse is taken (the settings' `mouse`): SGR reports of buttons and drags.
  private let mouse: Bool
  /// The fields of a mouse report being read, after its start.
  private var report: String?

  /// Opens the full screen. Colours are used unless `NO_COLOR` is set, and on
  /// the terminal's default background; the settings' theme (SPEC 4) gives
  /// each role its colour where the terminal has it (true colour: the nearest of 256).
  init(environment: [String: String], theme: Theme = Theme(), mouse: Bool = false) throws {
    self.mouse = mouse
    Self.setLocale()
    TerminalRescue.arm()
    // newterm, unlike initscr, returns an error instead of exiting on an unknown TERM.
    guard let input = fdopen(0, "r"), let output = fdopen(1, "w"), newterm(nil, output, input) != nil,
      let w = cn_stdscr()
    else {
      throw CLIError(message: "cannot open the terminal (TERM=\(environment["TERM"] ?? ""))")
    }
    win = w
    cbreak()
    noecho()
    nonl()
    Self.letControlSThrough()
    keypad(win, true)
    nodelay(win, true)
    curs_set(0)
    set_escdelay(25)
    colour = (environment["NO_COLOR"] ?? "").isEmpty && has_colors()
    if colour {
      start_color()
      use_default_colors()
      // Pair n: colour n of Style.Colour on the default background.
      let colours: [Int16] = [
        Int16(COLOR_RED), Int16(COLOR_GREEN), Int16(COLOR_YELLOW), Int16(COLOR_BLUE), Int16(COLOR_CYAN),
      ]
      for (i, c) in colours.enumerated() {
        let role = Theme.Role.allCases.first { Int($0.slot.rawValue) == i + 1 }
        let chosen = role.flatMap {
          theme.colour($0).terminalNumber(colours: Int(max(8, tigetnum("colors"))))
        }
        init_pair(Int16(i + 1), chosen.map(Int16.init) ?? c, -1)
      }
    }
    // Home and End as terminals send them whatever TERM says (tmux's \e[1~ and \e[4~ under
    // TERM=xterm-256color, rxvt's \e[7~ \e[8~, xterm's \e[H \e[F \eOH \eOF): else End reads as Esc.
    for (sequence, key) in [
      ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[H", KEY_HOME), ("\u{1B}OH", KEY_HOME),
      ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END), ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END),
    ] where key_defined(sequence) <= 0 {
      define_key(sequence, key)
    }
    define_key("\u{1B}[200~", Self.pasteStart)
    define_key("\u{1B}[201~", Self.pasteEnd)
    Self.emit("\u{1B}[?2004h\u{1B}[22;0t")  // bracketed paste on; push the window title
    if mouse {  // buttons and drags (1002) as SGR reports (1006); Shift keeps the terminal's selection
      define_key("\u{1B}[<", Self.mouseStart)
      Self.emit("\u{1B}[?1002h\u{1B}[?1006h")
    }
  }

  /// The locale the environment names, for ncurses's idea of a character.
  /// When the one named for characters is not installed, is a bare `UTF-8`
  /// (what a Mac sends over ssh) or is C/POSIX, ncurses would drop every
  /// non-ASCII character (`list` prints UTF-8 whatever the locale): the
  /// characters are then C.UTF-8's, the other categories as named. A locale
  /// installed with another codeset (ISO-8859-1) is kept.
  static func setLocale() {
    if setlocale(LC_ALL, "") == nil {
      // One category named a locale that is missing: set those that exist.
      for category in [LC_CTYPE, LC_COLLATE, LC_MONETARY, LC_NUMERIC, LC_TIME, LC_MESSAGES] {
        _ = setlocale(category, "")
      }
    }
    let codeset = String(cString: nl_langinfo(nl_item(CODESET))).uppercased()
    guard codeset != "UTF-8" && codeset != "UTF8" else { return }
    let name = setlocale(LC_CTYPE, nil).map { String(cString: $0) } ?? "C"
    guard name == "C" || name == "POSIX" else { return }
    _ = setlocale(LC_CTYPE, "C.UTF-8") ?? setlocale(LC_CTYPE, "C.utf8")
  }

  /// Turns the terminal's flow control (IXON) off, so that Ctrl-S reaches the
  /// app (it saves a form) instead of stopping the output until Ctrl-Q, as
  /// editors do; ncurses keeps it as the program's mode, and `endwin` puts the
  /// shell's mode, flow control and all, back.
  private static func letControlSThrough() {
    var t = termios()
    guard tcgetattr(0, &t) == 0 else { return }
    t.c_iflag &= ~tcflag_t(IXON)
    if tcsetattr(0, TCSANOW, &t) == 0 { def_prog_mode() }
  }

  /// Puts the terminal back as it was. Safe to call more than once.
  func restore() {
    guard !restored else { return }
    restored = true
    Self.emit("\u{1B}[?2004l\u{1B}[23;0t" + (mouse ? "\u{1B}[?1006l\u{1B}[?1002l" : ""))
    curs_set(1)
    endwin()
    TerminalRescue.disarm()
  }

  deinit { restore() }

  /// Gives the terminal back while `body` runs (an editor), then takes it again and redraws whole.
  func suspended<T>(_ body: () -> T) -> T {
    Self.emit("\u{1B}[?2004l" + (mouse ? "\u{1B}[?1006l\u{1B}[?1002l" : ""))
    def_prog_mode()
    endwin()
    let result = body()
    reset_prog_mode()
    Self.emit("\u{1B}[?2004h" + (mouse ? "\u{1B}[?1002h\u{1B}[?1006h" : ""))
    wclear(win)
    shown = nil
    return result
  }

  /// The screen size in cells, as the terminal says now.
  func querySize() -> Size {
    var ws = winsize()
    if ioctl(1, UInt(TIOCGWINSZ), &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0 {
      return Size(width: Int(ws.ws_col), height: Int(ws.ws_row))
    }
    return Size(width: Int(cn_cols(win)), height: Int(cn_lines(win)))
  }

  /// Takes a new size: ncurses resizes its screens and the next frame is drawn whole.
  func resize(to size: Size) {
    resizeterm(Int32(size.height), Int32(size.width))
    wclear(win)
    shown = nil
  }

  /// The keys typed so far (none when nothing is waiting).
  func readKeys() -> [Key] {
    var keys: [Key] = []
    var c: wint_t = 0
    while true {
      let r = wget_wch(win, &c)
      if r == ERR { break }
      let code = Int32(bitPattern: c)
      if r == KEY_CODE_YES {
        if code == Self.mouseStart {
          report = ""
        } else if code == Self.pasteStart {
          pasting = ""
        } else if code == Self.pasteEnd {
          if let p = pasting, !p.isEmpty { keys.append(.paste(p)) }
          pasting = nil
        } else if let k = Self.functionKey(code) {
          if pasting == nil { keys.append(k) }
        }
        continue
      }
      guard let scalar = Unicode.Scalar(UInt32(c)) else { continue }
      if report != nil {
        // `b;x;y` then M (pressed, moved) or m (released).
        if scalar == "M" || scalar == "m" {
          let f = report!.split(separator: ";").compactMap { Int($0) }
          if f.count == 3, let e = MouseEvent(button: f[0], x: f[1], y: f[2], released: scalar == "m") {
            keys.append(.mouse(e))
          }
          report = nil
        } else if report!.count < 32 && (scalar == ";" || ("0"..."9").contains(scalar)) {
          report!.unicodeScalars.append(scalar)
        } else {
          report = nil  // not a report after all
        }
      } else if pasting != nil {
        pasting!.unicodeScalars.append(scalar)
      } else if let k = Self.key(scalar) {
        keys.append(k)
      }
    }
    return keys
  }

  /// A function key's ``Key``.
  static func functionKey(_ code: Int32) -> Key? {
    switch code {
    case KEY_UP: return .up
    case KEY_DOWN: return .down
    case KEY_LEFT: return .left
    case KEY_RIGHT: return .right
    case KEY_PPAGE: return .pageUp
    case KEY_NPAGE: return .pageDown
    case KEY_HOME: return .home
    case KEY_END: return .end
    case KEY_ENTER: return .enter
    case KEY_BTAB: return .backTab
    case KEY_BACKSPACE: return .backspace
    case KEY_DC: return .delete
    default: return nil
    }
  }

  /// A character key's ``Key``.
  static func key(_ s: Unicode.Scalar) -> Key? {
    switch s.value {
    case 10, 13: return .enter
    case 9: return .tab
    case 27: return .escape
    case 8, 127: return .backspace
    case 1...26: return .ctrl(Character(Unicode.Scalar(s.value + 96)!))
    case 0..<32: return nil
    default: return .char(Character(s))
    }
  }

  /// Copies `canvas` to the screen: only the runs of cells that changed.
  func draw(_ canvas: Canvas) {
    for run in canvas.diff(from: shown) {
      var x = run.x
      var ascii: [wchar_t] = []
      var batchStyle: Style?
      var batchX = x
      func flush() {
        guard let st = batchStyle, !ascii.isEmpty else { return }
        setStyle(st)
        mvwaddnwstr(win, Int32(run.y), Int32(batchX), ascii, Int32(ascii.count))
        ascii.removeAll(keepingCapacity: true)
      }
      for cell in run.cells {
        defer { x += 1 }
        guard let ch = cell.text else { continue }
        if let a = ch.asciiValue, a >= 0x20, a != 0x7F {
          if batchStyle != cell.style || ascii.isEmpty {
            flush()
            batchStyle = cell.style
            batchX = x
          }
          ascii.append(wchar_t(a))
          continue
        }
        flush()
        batchStyle = nil
        // One cell, one spacing character: its first scalar and the marks on it.
        var chars: [wchar_t] = []
        for (i, s) in ch.unicodeScalars.enumerated() {
          // Never a control character, whatever the canvas holds.
          if s.value < 0x20 || (0x7F...0x9F).contains(s.value) { continue }
          if i == 0 || (CellWidth.of(s) == 0 && chars.count < 4) { chars.append(wchar_t(s.value)) }
        }
        if chars.isEmpty { chars = [0x20] }
        setStyle(cell.style)
        mvwaddnwstr(win, Int32(run.y), Int32(x), chars, Int32(chars.count))
      }
      flush()
    }
    wattr_set(win, 0, 0, nil)
    wnoutrefresh(win)
    doupdate()
    shown = canvas
  }

  private func setStyle(_ st: Style) {
    var a: attr_t = 0
    if st.attributes.contains(.bold) { a |= attr_t(cn_a_bold()) }
    if st.attributes.contains(.reverse) { a |= attr_t(cn_a_reverse()) }
    if st.attributes.contains(.dim) { a |= attr_t(cn_a_dim()) }
    if st.attributes.contains(.underline) { a |= attr_t(cn_a_underline()) }
    let pair = colour ? Int16(st.colour.rawValue) : 0
    wattr_set(win, a, pair, nil)
  }

  /// Sets the terminal's window title.
  func setTitle(_ title: String) {
    Self.emit("\u{1B}]2;" + Title.displaySafe(title) + "\u{07}")
  }

  func bell() { beep() }

  /// Writes control text straight to the terminal (after ncurses' own output).
  static func emit(_ s: String) { CLI.out(s) }
}
