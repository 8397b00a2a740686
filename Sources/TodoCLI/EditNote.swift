import Foundation
import TodoCore

extension Edit {
  /// `edit ID --note-editor`: the item's note as the editor returns it (`.some(nil)` when
  /// emptied). The item is read before the editor starts and the note alone is
  /// written after, as any edit: what changed meanwhile in other fields is kept.
  func editedNote() throws -> String?? {
    let doc = try options.load()
    let list = TodoList(doc.items)
    guard let item = list[try list.resolve(id)] else { throw TodoError.noSuchItem(id) }
    let note = item.note ?? ""
    do {
      let text = try NoteEditor.edit(note, environment: ProcessInfo.processInfo.environment)
      return .some(text.isEmpty ? nil : text)
    } catch let e as NoteEditor.Failure {
      throw CLIError(message: e.description)
    }
  }
}
