import Foundation

/// The alerts in JSON (`list --json`, `export --format json` and their import; issue 36):
/// an array of objects, `{"at": ISO date}` or `{"related": "deadline"|"start", "offset":
/// seconds}` (negative: before), plus `"action"` when it is not DISPLAY, `"place": true`
/// for a location alarm, and `"ical"`, the VALARM's own text, when it holds more than we
/// write (an import then writes it back as it came). `warn` is the early warning's seconds.
struct AlertJSON: Codable, Equatable {
  var action: String?
  var at: String?
  var ical: String?
  var offset: Int?
  var place: Bool?
  var related: String?

  init() {}

  init(_ a: ItemAlert, _ f: DueFormatter) {
    switch a.anchor {
    case .at(let d): at = ISOTime.string(d, formatter: f)
    case .deadline(let s): (related, offset) = ("deadline", s)
    case .start(let s): (related, offset) = ("start", s)
    case .place: place = true
    case .other: break
    }
    let act = a.action
    if act != "DISPLAY" { action = act }
    ical = a.text
  }

  /// An element of the array: an object, or a string as the data file stores an alert
  /// (``ItemAlert/stored``), which the lean reader takes too.
  struct Element: Decodable {
    var stored: String?
    init(from decoder: Decoder) throws {
      if let s = try? decoder.singleValueContainer().decode(String.self) {
        stored = s
      } else {
        stored = try AlertJSON(from: decoder).stored
      }
    }
  }

  /// The alert it says, as the data file stores it (``ItemAlert/stored``); nil when it says none.
  var stored: String? {
    if let ical { return ical }
    let anchor: ItemAlert.Anchor
    if let at, let d = ISOTime.date(at) ?? ISO8601DateFormatter().date(from: at) {
      anchor = .at(d.wholeSeconds)
    } else if let offset, related == "deadline" {
      anchor = .deadline(offset)
    } else if let offset, related == "start" {
      anchor = .start(offset)
    } else {
      return nil
    }
    return ItemAlert(anchor).stored
  }

  /// The field's column of `list --json` (``ItemJSON``) for the two fields the table cannot
  /// write by their kind: `warn` (the early warning, of ``TodoItem/alerts``) and `alerts`
  /// (objects). False: another field.
  static func write(_ field: ItemField, of item: TodoItem, _ f: DueFormatter, to out: inout [UInt8]) -> Bool {
    if field === ItemField.warn {
      ItemJSON.value(FieldValue(item.warn), .integer, f, &out)
      return true
    }
    guard field === ItemField.alerts else { return false }
    array(item.alerts, f, to: &out)
    return true
  }

  /// The alerts' array (`null` for none) as JSONEncoder pretty-prints it inside an item: the
  /// item's JSON writes it here; `list --json`'s fast path as ``ScanOutput/putAlerts(_:_:_:_:)`` does.
  static func array(_ alerts: [ItemAlert], _ f: DueFormatter, to out: inout [UInt8]) {
    guard !alerts.isEmpty else { return ItemJSON.put("null", &out) }
    ItemJSON.put("[\n", &out)
    for (k, a) in alerts.enumerated() {
      ItemJSON.put(k > 0 ? ",\n      {\n" : "      {\n", &out)
      let o = AlertJSON(a, f)
      var first = true
      func key(_ name: StaticString) {
        ItemJSON.put(first ? "        \"" : ",\n        \"", &out)
        ItemJSON.put(name, &out)
        ItemJSON.put("\" : ", &out)
        first = false
      }
      if let v = o.action {
        key("action")
        ItemJSON.string(v, &out)
      }
      if let v = o.at {
        key("at")
        ItemJSON.string(v, &out)
      }
      if let v = o.ical {
        key("ical")
        ItemJSON.string(v, &out)
      }
      if let v = o.offset {
        key("offset")
        out.append(contentsOf: String(v).utf8)
      }
      if o.place == true {
        key("place")
        ItemJSON.put("true", &out)
      }
      if let v = o.related {
        key("related")
        ItemJSON.string(v, &out)
      }
      ItemJSON.put(first ? "      }" : "\n      }", &out)
    }
    ItemJSON.put("\n    ]", &out)
  }
}

extension JSONExchange.LeanReader.Cursor {
  /// `alerts`: `null`, or an array of objects (``AlertJSON``: its keys each once, their values of
  /// their types) or strings (as the data file stores them). Anything else: nil, and the
  /// decoder reads the document.
  mutating func alerts() -> JSONExchange.Value?? {
    if word("null") { return .some(nil) }
    guard take(UInt8(ascii: "[")) else { return nil }
    var a: [String] = []
    if !take(UInt8(ascii: "]")) {
      repeat {
        space()
        if i < end, p[i] == UInt8(ascii: "\"") {
          guard let s = span(), let text = string(s) else { return nil }
          a.append(text)
        } else {
          guard let stored = alert() else { return nil }
          a.append(stored)
        }
      } while take(UInt8(ascii: ","))
      guard take(UInt8(ascii: "]")) else { return nil }
    }
    return .some(.texts(a))
  }

  /// One alert object, as the data file stores it; nil when it is not one ``AlertJSON`` reads.
  mutating func alert() -> String? {
    guard take(UInt8(ascii: "{")) else { return nil }
    var o = AlertJSON()
    var seen = Set<String>()
    if !take(UInt8(ascii: "}")) {
      repeat {
        space()
        guard let ks = span(), let k = string(ks), seen.insert(k).inserted, take(UInt8(ascii: ":")) else {
          return nil
        }
        space()
        switch k {
        case "action", "at", "ical", "related":
          guard let vs = span(), let v = string(vs) else { return nil }
          switch k {
          case "action": o.action = v
          case "at": o.at = v
          case "ical": o.ical = v
          default: o.related = v
          }
        case "offset":
          guard let n = integer() else { return nil }
          o.offset = n
        case "place":
          if word("true") { o.place = true } else if word("false") { o.place = false } else { return nil }
        default: return nil
        }
      } while take(UInt8(ascii: ","))
      guard take(UInt8(ascii: "}")) else { return nil }
    }
    return o.stored
  }
}
