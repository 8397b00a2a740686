import Foundation

extension ServerSync {
  /// A failure as told once: "server offline" only when the server could
  /// not be reached; a refusal (a calendar emptied on one side) is told as
  /// such, without vdirsyncer's advice to force the deletion through.
  public static func told(_ why: String) -> String {
    if let r = why.range(of: " was completely emptied") {
      // vdirsyncer: `PAIR/C: Storage "PAIR_remote/C" was completely emptied. If you want to … --force-delete …`
      let storage = why[..<r.lowerBound].split(separator: " ").last.map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"'`"))
      }
      let parts = storage?.split(separator: "/", maxSplits: 1).map(String.init) ?? []
      let which =
        parts.count < 2
        ? "a list"
        : parts[0].hasSuffix("_remote")
          ? "the calendar \(parts[1]) on the server" : "the list \(parts[1]) here"
      return "sync with the server refused: \(which) was emptied since the last sync, "
        + "and its items are not deleted on the other side on that alone"
    }
    let offline = [
      "Cannot connect", "Connection refused", "no answer within", "Name or service not known",
      "Temporary failure in name resolution", "Network is unreachable", "Server disconnected",
      "Connection reset", "timed out", "No route to host",
    ]
    // Each list told on its own (``problem(of:refused:)``): offline only when every one of them
    // failed to connect; one that answered (emptied, refused) shows the server was there.
    let parts = why.hasPrefix("the list “") ? why.components(separatedBy: "; the list “") : [why]
    return parts.allSatisfy { p in offline.contains { p.contains($0) } }
      ? "server offline: \(why)" : "sync with the server failed: \(why)"
  }
}
