// A log document's ANSI styles painted as decorations, on the lines the editor shows and around
// them (a 100,000-line log has some 200,000 styled ranges: sending them whole on every change
// would cost the editor more than the text); scrolling paints again. A paint touches only the
// styles with ranges there, and those it painted last in that editor (their old paint goes). One
// decoration type per style, at most MAX_STYLES.
import * as vscode from 'vscode';
import { colorForEditor, isPlainStyle, type AnsiStyle } from './ansi';
import type { RunLog } from './runLog';
import { PaintedStyles } from './styledRanges';

/** Lines painted above and below those in view. */
const PAINT_MARGIN = 300;
/** Styles painted at most (each is a decoration type); a log using more shows the rest plain. */
const MAX_STYLES = 256;

export class LogPainter implements vscode.Disposable {
  private readonly decorations = new Map<string, vscode.TextEditorDecorationType>();
  /** What each editor was painted last. */
  private readonly painted = new WeakMap<vscode.TextEditor, PaintedStyles>();

  /** Paints the log's styles on the lines in view and around them (a 100,000-line log has too many to send whole). */
  paint(editor: vscode.TextEditor, log: RunLog): void {
    const offset = log.headerLines;
    const shown = editor.visibleRanges;
    const from = Math.max(0, (shown[0]?.start.line ?? 0) - offset - PAINT_MARGIN);
    const to = (shown.at(-1)?.end.line ?? 0) - offset + PAINT_MARGIN + 1;
    let painted = this.painted.get(editor);
    if (painted === undefined) {
      painted = new PaintedStyles();
      this.painted.set(editor, painted);
    }
    for (const styled of painted.next(log.stylesIn(from, to))) {
      const type = this.decorationFor(styled.style);
      if (type === undefined) {
        continue;
      }
      editor.setDecorations(
        type,
        styled.ranges.map(([line, start, end]) => new vscode.Range(line + offset, start, line + offset, end)),
      );
    }
  }

  private decorationFor(style: AnsiStyle): vscode.TextEditorDecorationType | undefined {
    if (isPlainStyle(style)) {
      return undefined;
    }
    const key = JSON.stringify(style);
    let type = this.decorations.get(key);
    if (type === undefined && this.decorations.size < MAX_STYLES) {
      type = vscode.window.createTextEditorDecorationType({
        color: style.fg === undefined ? undefined : editorColor(style.fg),
        backgroundColor: style.bg === undefined ? undefined : editorColor(style.bg),
        fontWeight: style.bold ? 'bold' : undefined,
        fontStyle: style.italic ? 'italic' : undefined,
        textDecoration: style.underline ? 'underline' : undefined,
        opacity: style.dim ? '0.6' : undefined,
        rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
      });
      this.decorations.set(key, type);
    }
    return type;
  }

  dispose(): void {
    this.decorations.forEach((d) => d.dispose());
    this.decorations.clear();
  }
}

function editorColor(color: AnsiStyle['fg'] & {}): string | vscode.ThemeColor {
  const mapped = colorForEditor(color);
  return 'themeColor' in mapped ? new vscode.ThemeColor(mapped.themeColor) : mapped.hex;
}
