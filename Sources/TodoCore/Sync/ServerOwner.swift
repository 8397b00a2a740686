import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A server set-up belongs to one data file (SPEC 10): its record names the
/// file, and a command, daemon or app on another file does not use it (else
/// the server's items would be pulled into that file and its own pushed out).
extension ServerRecord {
  /// The poll interval when none is set.

  /// The data file the set-up belongs to, absolute: the one recorded; for a
  /// record written before files were recorded, the one our configuration's
  /// `sync resolve --file` names, else the default data file.
  public func owner(environment: [String: String]) -> String {
    if let dataFile { return Self.canonical(dataFile) }
    if own, let data = FileManager.default.contents(atPath: config),
      let line = ServerSetup.sections(String(decoding: data, as: UTF8.self))["pair " + pair]?[
        "conflict_resolution"],
      let words = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String],
      let i = words.firstIndex(of: "--file"), i + 1 < words.count
    {
      return Self.canonical(words[i + 1])
    }
    var env = environment
    env["TODO_TUI_FILE"] = nil
    return Self.canonical(Store.defaultPath(environment: env))
  }

  /// Whether the set-up belongs to `dataFile`.
  public func serves(_ dataFile: String, environment: [String: String]) -> Bool {
    owner(environment: environment) == Self.canonical(dataFile)
  }

  /// `path` absolute, its symbolic links followed when it exists.
  public static func canonical(_ path: String) -> String {
    let absolute = VdirSync.absolute(path)
    guard let real = realpath(absolute, nil) else { return absolute }
    defer { free(real) }
    return String(cString: real)
  }
}

/// The server set-up as one data file sees it.
public enum ServerSetUpFor: Equatable, Sendable {
  /// None is set up.
  case none
  /// One is, for this file.
  case this(ServerRecord)
  /// One is, for another file (named): not used here.
  case other(ServerRecord, owner: String)

  /// The set-up in `paths` as `dataFile` sees it.
  public static func lookup(_ paths: ServerPaths, dataFile: String, environment: [String: String]) throws
    -> ServerSetUpFor
  {
    guard let record = try ServerRecord.load(paths) else { return .none }
    let owner = record.owner(environment: environment)
    return owner == ServerRecord.canonical(dataFile) ? .this(record) : .other(record, owner: owner)
  }

  /// The set-up of this file, if any.
  public var record: ServerRecord? {
    if case .this(let r) = self { return r }
    return nil
  }

  /// Throws the line that refuses a set-up for `dataFile` while another file has one.
  static func refuseAnother(_ paths: ServerPaths, dataFile: String?, environment: [String: String]) throws {
    guard let dataFile,
      case .other(_, let owner) = try lookup(paths, dataFile: dataFile, environment: environment)
    else { return }
    throw ServerError(
      "the server is already set up for \(owner); a set-up serves one data file "
        + "(to set it up again: todo-tui sync setup --file \(owner) …); nothing was set up")
  }

  /// The one line that says why another file's set-up is not used here.
  public var notHere: String? {
    guard case .other(_, let owner) = self else { return nil }
    return "the server is set up for \(owner), not for this file: no sync with the server here"
  }
}
