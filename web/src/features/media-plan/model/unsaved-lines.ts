/**
 * Which lines hold an edit the server does not have yet (typed and waiting for its autosave, being
 * saved, refused, or not valid to save): the editor asks before the page is left while any does.
 * A row reports itself here instead of lifting its state, so a keystroke never re-renders the
 * editor; the editor re-renders only when the count changes.
 */
export class UnsavedLines {
  private ids = new Set<number>();
  private listeners = new Set<() => void>();

  set(id: number, unsaved: boolean): void {
    if (unsaved === this.ids.has(id)) return;
    if (unsaved) this.ids.add(id);
    else this.ids.delete(id);
    this.listeners.forEach((l) => l());
  }

  subscribe = (l: () => void): (() => void) => {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };

  count = (): number => this.ids.size;
}
