import Foundation
import TOMLKit

/// Reading the settings file with TOMLKit (toml++): a line that does not
/// parse is told and left out, and the file is parsed again without it, so
/// that the rest applies; a setting that parses but means nothing (an unknown
/// name, a bad value) is told with its line and skipped.
extension Settings {
  /// At most this many bad lines are taken out before the file is given up.
  static let maxBadLines = 50

  /// Reads a settings file's text over the defaults.
  mutating func read(_ text: String) {
    let first = errors.count
    defer { sortErrors(from: first) }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var table: TOMLTable?
    for _ in 0...Self.maxBadLines {
      do {
        table = try TOMLTable(string: lines.joined(separator: "\n"))
        break
      } catch let e as TOMLParseError {
        let line = e.source.begin.line
        bad(line, e.description)
        guard line >= 1 && line <= lines.count && !lines[line - 1].isEmpty else { break }
        lines[line - 1] = ""
      } catch {
        bad(0, "\(error)")
        break
      }
    }
    guard let table else { return }
    let locate = LineFinder(lines: lines)
    for key in table.keys {
      guard let value = table[key] else { continue }
      let line = locate.line(of: [key])
      switch key {
      case "keys":
        guard let t = value.table else {
          bad(line, "keys: expected a table, [keys], of action = \"key\"")
          continue
        }
        readKeys(t, locate)
      case "colors", "colours":
        guard let t = value.table else {
          bad(line, "\(key): expected a table, [\(key)], of role = colour")
          continue
        }
        readColours(t, key, locate)
      default:
        if let problem = apply(key, value) {
          bad(line, problem)
        } else {
          sources[key] = .file(line: line)
        }
      }
    }
  }

  /// The errors from `first` on in the order of their lines (the parser gives a table's keys in no order).
  mutating func sortErrors(from first: Int) {
    func line(_ e: String) -> Int { Int(e.dropFirst(path.count + 1).prefix { $0.isNumber }) ?? 0 }
    let sorted = errors[first...].enumerated().sorted { (line($0.1), $0.0) < (line($1.1), $1.0) }.map(\.1)
    errors.replaceSubrange(first..., with: sorted)
  }

  mutating func bad(_ line: Int, _ what: String) {
    errors.append(path + (line > 0 ? ":\(line)" : "") + ": " + what)
  }

  /// Sets a plain setting; returns what is wrong with it, or nil.
  mutating func apply(_ key: String, _ value: TOMLValueConvertible) -> String? {
    switch key {
    case "default_list":
      guard let s = value.string, !s.trimmingCharacters(in: .whitespaces).isEmpty else {
        return "default_list: expected a list's name, as a string"
      }
      defaultList = s
    case "notify_command":
      guard let s = value.string, !s.isEmpty, !s.contains(" ") || s.hasPrefix("/") else {
        return "notify_command: expected one executable, as a string (\"none\": no bubbles)"
      }
      notifyCommand = s
    case "poll_interval":
      guard let v = Self.seconds(value), v >= 1 else {
        return "poll_interval: expected seconds (at least 1), or a duration such as \"2m\""
      }
      pollInterval = v
    case "early_warning":
      guard let s = value.string ?? value.int.map({ "\($0)m" }) else {
        return "early_warning: expected a duration such as \"15m\" or \"1h\", or \"none\""
      }
      do {
        earlyWarning = try EarlyWarning.parse(s, now: Date(), calendar: Calendar(identifier: .gregorian))
      } catch {
        return "early_warning: '\(s)' is not a duration: try 15m, 1h, 1h30m, none"
      }
    case "first_day_of_week":
      guard let s = value.string?.lowercased(),
        let k = Self.weekdayNames.firstIndex(where: { $0 == s || $0.prefix(3) == s })
      else { return "first_day_of_week: expected a weekday's name, such as \"monday\" or \"sunday\"" }
      firstWeekday = k + 1
    case "mouse":
      guard let b = value.bool else { return "mouse: expected true or false" }
      mouse = b
    default:
      return "unknown setting '\(key)'; settings: \(Self.names.joined(separator: ", ")), [keys], [colors]"
    }
    return nil
  }

  /// Seconds from a number or a duration's text ("2m").
  static func seconds(_ value: TOMLValueConvertible) -> Double? {
    if let i = value.int { return Double(i) }
    if let d = value.double { return d }
    guard let s = value.string else { return nil }
    let start = Date(timeIntervalSince1970: 0)
    let cal = Calendar(identifier: .gregorian)
    guard let at = try? WhenParser(now: start, calendar: cal).add(duration: s, to: start) else { return nil }
    return at.timeIntervalSince(start)
  }

  mutating func readKeys(_ table: TOMLTable, _ locate: LineFinder) {
    for name in table.keys {
      let line = locate.line(of: ["keys", name])
      guard let action = KeyBindings.Action(rawValue: name.replacingOccurrences(of: "-", with: "_")) else {
        let all = KeyBindings.Action.allCases.map(\.rawValue).joined(separator: ", ")
        bad(line, "keys: unknown action '\(name)'; actions: \(all)")
        continue
      }
      let value = table[name]!
      let texts = value.string.map { [$0] } ?? value.array?.compactMap { $0.string }
      guard let texts, !texts.isEmpty, texts.count == (value.array?.count ?? 1) else {
        bad(line, "keys.\(name): expected a key (\"x\", \"ctrl-r\", \"enter\") or a list of keys")
        continue
      }
      let keys = texts.map(KeyBindings.key(named:))
      if let i = keys.firstIndex(of: nil) {
        bad(
          line,
          "keys.\(name): '\(texts[i])' is not a key: one character, ctrl-LETTER, or a key's name (enter, esc, tab, space, up, down, left, right, pgup, pgdn, home, end, delete, backspace)"
        )
        continue
      }
      self.keys.bind(action, to: keys.compactMap { $0 })
      sources["keys." + action.rawValue] = .file(line: line)
    }
  }

  mutating func readColours(_ table: TOMLTable, _ name: String, _ locate: LineFinder) {
    for role in table.keys {
      let line = locate.line(of: [name, role])
      guard let r = Theme.Role(rawValue: role) else {
        let all = Theme.Role.allCases.map(\.rawValue).joined(separator: ", ")
        bad(line, "\(name): unknown role '\(role)'; roles: \(all)")
        continue
      }
      let value = table[role]!
      guard let c = value.string.flatMap(ThemeColour.parse) ?? value.int.flatMap(ThemeColour.number) else {
        bad(line, "\(name).\(role): expected a colour: a name (red, brightblue), 0-255, or \"#rrggbb\"")
        continue
      }
      theme.set(r, c)
      sources["colors." + role] = .file(line: line)
    }
  }
}

/// The line a setting is on, found by the parser itself: the first line whose
/// part of the file, from the top, holds the key (a settings file is a few
/// dozen lines, so parsing its beginnings again costs nothing a person sees).
struct LineFinder {
  var lines: [String]

  func line(of path: [String]) -> Int {
    for n in 1...max(1, lines.count) {
      guard let t = try? TOMLTable(string: lines.prefix(n).joined(separator: "\n")) else { continue }
      var node: TOMLValueConvertible? = t
      for k in path { node = node?.table?[k] }
      if node != nil { return n }
    }
    return 0
  }
}
