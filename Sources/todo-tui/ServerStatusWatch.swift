import Foundation
import TodoCore

#if canImport(Glibc)
  import Glibc
#endif

/// The daemon's last sync with the server, for the app's header (SPEC 10):
/// the status file read again only when its time or size changed.
final class ServerStatusWatch {
  private let paths: ServerPaths
  private var seen: (Int, Int, Int)?
  private var status: ServerStatus?

  init(environment: [String: String]) { paths = ServerPaths(environment: environment) }

  /// The status now (nil without a server set up or before its first run).
  func current() -> ServerStatus? {
    var st = stat()
    guard stat(paths.status, &st) == 0 else { return nil }
    let key = (st.st_mtim.tv_sec, st.st_mtim.tv_nsec, Int(st.st_size))
    if seen.map({ $0 != key }) ?? true {
      seen = key
      status = ServerStatus.load(paths)
    }
    return status
  }
}
