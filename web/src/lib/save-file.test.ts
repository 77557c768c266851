/** @jest-environment jsdom */
import { saveFile, XLSX_TYPE } from './save-file';

/** What the browser is asked to save: the object URL's blob and the link's name, with the URLs released. */
function watchSaves() {
  const saved: { blob: Blob; name: string; url: string }[] = [];
  const revoked: string[] = [];
  const created: Blob[] = [];
  (URL as unknown as { createObjectURL: (b: Blob) => string }).createObjectURL = (b: Blob) => {
    created.push(b);
    return `blob:file-${created.length}`;
  };
  (URL as unknown as { revokeObjectURL: (u: string) => void }).revokeObjectURL = (u: string) => void revoked.push(u);
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: created[created.length - 1], name: this.download, url: this.href });
    expect(this.isConnected).toBe(true);
  });
  return { saved, revoked };
}

afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

it('saves the blob under the name, without bidi isolates, and leaves no link behind', () => {
  const { saved } = watchSaves();
  const blob = new Blob(['a,b\r\n'], { type: 'text/csv;charset=utf-8' });
  saveFile(blob, '\u2067דוח\u2069 2026-03.csv');
  expect(saved).toEqual([{ blob, name: 'דוח 2026-03.csv', url: 'blob:file-1' }]);
  expect(saved[0].blob).toBe(blob);
  expect(document.querySelectorAll('a')).toHaveLength(0);
});

it('releases the object URL later, not before the download could start', () => {
  jest.useFakeTimers();
  const { revoked } = watchSaves();
  saveFile(new Blob([new Uint8Array([80, 75, 3, 4])], { type: XLSX_TYPE }), 'plan.xlsx');
  jest.advanceTimersByTime(29_999);
  expect(revoked).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(revoked).toEqual(['blob:file-1']);
});
