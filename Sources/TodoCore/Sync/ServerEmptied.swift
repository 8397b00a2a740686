import Foundation

/// A collection emptied on one side since vdirsyncer's last sync (SPEC 10,
/// issue 34): vdirsyncer refuses to sync it ("Storage … was completely
/// emptied") unless told, per collection, with `--force-delete`. A list
/// whose last item was deleted is exactly that, so the round carries it out,
/// for that collection only, when the emptying is what happened:
/// - emptied here: our sync's status for its folder holds no item (the data
///   file's list is empty, our sync deleted the files);
/// - emptied on the server: the calendar is there, empty, while others of
///   those synced before still hold items (a server that lost every item of
///   every calendar at once is not taken as the user's deletions).
/// vdirsyncer then deletes on the other side only what was not changed there
/// since (a changed item is uploaded again). What is refused stays failing,
/// told with its real cause, and the other collections sync on.
extension ServerSync {
  /// Left in a folder vdirsyncer emptied on the server's word, for our sync.
  static let emptiedMarker = ".todo-tui-emptied"

  /// A collection vdirsyncer found emptied on one side.
  struct Emptied: Equatable {
    var collection: String
    /// Whether the server's side was emptied (else ours).
    var onServer: Bool
  }

  /// The collections `result` says were emptied ("PAIR/C: Storage "S/C" was
  /// completely emptied"), the side told by the storage's name.
  static func emptied(in result: CommandResult, pair: String, localStorage: String) -> [Emptied] {
    var out: [Emptied] = []
    for line in result.stderr.split(whereSeparator: \.isNewline) {
      guard let r = line.range(of: ": Storage \""), line.contains("was completely emptied") else { continue }
      let head = line[..<r.lowerBound]
      guard let slash = head.range(of: pair + "/", options: .backwards) else { continue }
      let collection = String(head[slash.upperBound...])
      let storage = line[r.upperBound...].prefix { $0 != "\"" }
      let onServer = !(storage == localStorage || storage.hasPrefix(localStorage + "/"))
      if !out.contains(where: { $0.collection == collection }) {
        out.append(Emptied(collection: collection, onServer: onServer))
      }
    }
    return out
  }

  /// After a run that failed: the emptied collections carried out that can
  /// be (``Emptied``), then the whole pair synced again; answers the run that
  /// stands (the first when nothing was carried out) and what was refused.
  /// What the passes of one round saw, each pass adding to it: the emptyings (still
  /// counted: a server that lost every calendar does not get to empty them here by
  /// showing fewer later) and the collections that answered a run.
  struct Seen {
    var emptied: [Emptied] = []
    var answered: Set<String> = []
  }

  func syncEmptied(after first: CommandResult, earlier: inout Seen) throws -> (
    CommandResult, refused: [String: String]
  ) {
    let sides = ServerCollections.read(config: engine.config, pair: pair)
    let localStorage = sides?.local ?? pair + "_local"
    var found = Self.emptied(in: first, pair: pair, localStorage: localStorage)
    guard !found.isEmpty else { return (first, [:]) }
    for e in earlier.emptied where !found.contains(where: { $0.collection == e.collection }) {
      found.append(e)
    }
    defer { earlier.emptied = found }
    // Before anything is deleted here on the server's word, the server is asked
    // again: one that lost every calendar may show them emptied a few at a time
    // (a listing a moment old), and all of them at once is not the user's doing.
    var seen = first
    if found.contains(where: \.onServer) {
      seen = try engine.sync(pair: pair)
      tellConflicts(seen)
      for e in Self.emptied(in: seen, pair: pair, localStorage: localStorage)
      where !found.contains(where: { $0.collection == e.collection }) {
        found.append(e)
      }
    }
    var refused: [String: String] = [:]
    var carried: [Emptied] = []
    let known = sides?.known().count ?? 0
    let allThere = found.filter(\.onServer).count
    // A calendar emptied on the server is the user's deletion only while
    // another one answered this run and still holds items: one that failed
    // (a dropped connection) vouches for nothing, and a server that lost every
    // calendar at once, seen one calendar a run, must not empty them here.
    let folders = ServerRecord.collectionFolders(local)
    for run in [first, seen] {
      let failing = Set(Self.collectionProblems(run, pair: pair).map(\.collection))
      earlier.answered.formUnion(folders.filter { !failing.contains($0) })
    }
    let holding = earlier.answered.contains { c in
      !found.contains { $0.collection == c } && holdsItems(c)
    }
    for e in found {
      if e.onServer {
        if allThere > 1, allThere >= known {
          refused[e.collection] =
            "emptied on the server with every other calendar (a server that lost its data?); nothing is deleted here"
        } else if known > 1, !holding {
          refused[e.collection] =
            "emptied on the server, and no other calendar answered with items this time; nothing is deleted here yet"
        } else {
          carried.append(e)
        }
      } else if emptiedHere(e.collection) {
        carried.append(e)
      } else {
        refused[e.collection] =
          "its folder here was emptied, but not by deleting its items here; nothing is deleted on the server"
      }
    }
    guard !carried.isEmpty else { return (seen, refused) }
    let forced = try engine.run(["sync", "--force-delete"] + carried.map { pair + "/" + $0.collection })
    tellConflicts(forced)
    for e in carried where !Self.failed(e.collection, in: forced, pair: pair) {
      // Our sync takes the files' going as the list emptied, not as a folder lost.
      if e.onServer {
        try? AtomicFile.replace(
          local + "/" + e.collection + "/" + Self.emptiedMarker, with: Array("\n".utf8), durable: false)
      }
      report(
        e.onServer
          ? "the list \(listName(e.collection)) was emptied on the server: its items are deleted here too"
          : "the list \(listName(e.collection)) was emptied here: its items are deleted on the server too")
    }
    let again = try engine.sync(pair: pair)
    tellConflicts(again)
    return (again, refused)
  }

  /// Whether a collection of the run failed on a connection the server dropped.
  static func droppedConnection(_ result: CommandResult, pair: String) -> Bool {
    collectionProblems(result, pair: pair).contains {
      $0.why.contains("Server disconnected") || $0.why.contains("Connection reset")
    }
  }

  /// Whether the folder of `collection` holds an item's file.
  func holdsItems(_ collection: String) -> Bool {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: local + "/" + collection)) ?? []
    return names.contains { $0.hasSuffix(VdirFolder.fileExtension) && !$0.hasPrefix(".") }
  }

  /// Whether the list of the folder `collection` was emptied by our sync: its
  /// status holds no item (the data file's list is empty), its folder no file.
  func emptiedHere(_ collection: String) -> Bool {
    let folder = local + "/" + collection
    guard !holdsItems(collection) else { return false }
    guard let dataFile else { return true }
    let path = SyncStatus.path(dataFile: dataFile, vdir: folder)
    guard FileManager.default.fileExists(atPath: path), let status = try? SyncStatus.load(path, vdir: folder)
    else { return false }
    return status.items.isEmpty
  }

  /// Whether `result` tells a failure of `collection`.
  static func failed(_ collection: String, in result: CommandResult, pair: String) -> Bool {
    collectionProblems(result, pair: pair).contains { $0.collection == collection }
  }

  /// Each collection's failure told by vdirsyncer ("error: PAIR/C: …",
  /// "error: Unknown error occurred for PAIR/C: …"), in order.
  static func collectionProblems(_ result: CommandResult, pair: String) -> [(collection: String, why: String)]
  {
    var out: [(collection: String, why: String)] = []
    for raw in result.stderr.split(whereSeparator: \.isNewline) {
      let line = raw.trimmingCharacters(in: .whitespaces)
      guard line.hasPrefix("error: ") || line.hasPrefix("critical: ") else { continue }
      guard let start = line.range(of: pair + "/"),
        let colon = line.range(of: ": ", range: start.upperBound..<line.endIndex)
      else { continue }
      let collection = String(line[start.upperBound..<colon.lowerBound])
      guard !collection.contains(" "), !out.contains(where: { $0.collection == collection }) else { continue }
      var why = String(line[colon.upperBound...])
      if let cut = why.range(of: ". If you want to delete ALL entries") {
        why = String(why[..<cut.lowerBound])
      }
      out.append((collection, why))
    }
    return out
  }

  /// What a failed run tells, each collection on its own ("the list “Work”:
  /// …; the list “Home”: …"), else (none named, or every list failing the
  /// same way) vdirsyncer's one problem.
  func problem(of result: CommandResult, refused: [String: String]) -> String {
    let each = Self.collectionProblems(result, pair: pair)
    guard !each.isEmpty else { return result.problem }
    // Every list failing the same way: the server as a whole (offline, a wrong password).
    let all = Set(ServerRecord.collectionFolders(local))
    if refused.isEmpty, Set(each.map(\.why)).count == 1, all.isSubset(of: Set(each.map(\.collection))) {
      return result.problem
    }
    return each.map { "the list \(listName($0.collection)): \(refused[$0.collection] ?? $0.why)" }
      .joined(separator: "; ")
  }

  /// “Name” of the list of a collection (its displayname here, else the folder's name).
  func listName(_ collection: String) -> String {
    let file = local + "/" + collection + "/displayname"
    let name = FileManager.default.contents(atPath: file).map {
      String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
    return "“" + ((name?.isEmpty ?? true) ? collection : name!) + "”"
  }
}

extension ServerSync {
  /// Tells the lines our resolve command wrote for vdirsyncer (the conflicts it settled).
  func tellConflicts(_ result: CommandResult) {
    for line in result.stderr.split(whereSeparator: \.isNewline)
    where line.hasPrefix(SyncConflicts.linePrefix) {
      report(String(line))
    }
  }
}
