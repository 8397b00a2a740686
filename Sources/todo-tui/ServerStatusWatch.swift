import Foundation
import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// The last round with the server (the daemon's or this app's), for the
/// app's header (SPEC 10): the status file read again only when its time or
/// size changed; nothing when the set-up belongs to another data file.
final class ServerStatusWatch {
  private let paths: ServerPaths
  private let environment: [String: String]
  private let dataFile: String
  private var seen: (Int, Int, Int)?
  private var status: ServerStatus?

  init(environment: [String: String], dataFile: String) {
    paths = ServerPaths(environment: environment)
    self.environment = environment
    self.dataFile = dataFile
  }

  /// The status now (nil without a server set up for this file, or before its first run).
  func current() -> ServerStatus? {
    var st = stat()
    guard stat(paths.status, &st) == 0 else { return nil }
    let key = (st.st_mtim.tv_sec, st.st_mtim.tv_nsec, Int(st.st_size))
    if seen.map({ $0 != key }) ?? true {
      seen = key
      let mine =
        (try? ServerSetUpFor.lookup(paths, dataFile: dataFile, environment: environment))?.record != nil
      status = mine ? ServerStatus.load(paths) : nil
    }
    return status
  }
}
