// A log's editors follow its end unless the user scrolled up: before a change is told, which
// editors show the end is noted; once the document has grown, those are taken to its new end.
import * as vscode from 'vscode';

export class EndFollowing {
  private readonly following = new Map<vscode.TextEditor, boolean>();

  /** Before the text grows: which editors of `uri` show its end (they keep showing it). */
  noteBefore(uri: vscode.Uri): void {
    for (const editor of vscode.window.visibleTextEditors) {
      if (editor.document.uri.toString() === uri.toString()) {
        const lastVisible = editor.visibleRanges.at(-1)?.end.line ?? 0;
        this.following.set(editor, lastVisible >= editor.document.lineCount - 2);
      }
    }
  }

  /** The document grew: each of its editors is painted, and those that showed the end go to the new end. */
  grown(doc: vscode.TextDocument, paint: (editor: vscode.TextEditor) => void): void {
    for (const editor of vscode.window.visibleTextEditors) {
      if (editor.document !== doc) {
        continue;
      }
      paint(editor);
      if (this.following.get(editor)) {
        const last = doc.lineCount - 1;
        editor.revealRange(new vscode.Range(last, 0, last, 0), vscode.TextEditorRevealType.Default);
      }
    }
    this.following.clear();
  }
}
