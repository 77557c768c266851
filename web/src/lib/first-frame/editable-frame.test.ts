/** @jest-environment jsdom */
import '../../testing/polyfills';
import { BUILD_ID } from '../version';
import { drawFrame } from './draw';
import { captureFrame } from './keep';
import type { KeptFrame } from './kept-frame';
import type { FrameRow } from './screen';
import { typeAgain } from './type-again';
import { takeTyped } from './typed';

/** A page with an editable grid as a screen draws it: a heading showing data, labels by name, two lines. */
const PAGE = `<header><a href="/accounts/list" class="menu">Accounts</a><input name="search" value="q"></header>
<div data-frame-blank=""><h2>Flight <b>Spring</b></h2><input name="mixName" value="Spring plan" aria-label="Name"></div>
<table data-frame-labels='{"Name":"Name, line #","Budget":"Budget, line #","BuyType":"Buy type, line #"}'><tbody>
<tr data-frame-row="" data-line-id="41" class="row"><td tabindex="0">1<span class="line-save">✓</span></td>
<td><input name="Name" value="Secret line" aria-label="Name, line 1"></td>
<td><select name="BuyType" aria-label="Buy type, line 1"><option value="CPM">CPM</option><option value="CPC">CPC</option><option value="X" data-frame-own="">Secret choice</option></select></td>
<td><input name="Budget" value="1000"></td><td class="num">₪1,125.00</td>
<td><button class="icon"><svg></svg></button><a href="/history/41">History</a></td></tr>
<tr data-frame-row="" data-line-id="42"><td>2</td><td><input name="Name" value="Other"></td><td><select name="BuyType"></select></td><td><input name="Budget" value="5"></td><td>x</td><td></td></tr>
</tbody></table>`;

const LINES: FrameRow[] = [
  {
    key: '7',
    cells: [
      { text: '1' },
      { name: 'Name', value: 'Alpha' },
      { name: 'BuyType', value: 'CPC' },
      { name: 'Budget', value: '250' },
      { text: '₪281.25' },
    ],
  },
  {
    key: '8',
    cells: [
      { text: '2' },
      { name: 'Name', value: 'Beta' },
      { name: 'BuyType', value: 'Gone', option: 'Old type' },
      { name: 'Budget', value: '9' },
    ],
  },
];

const root = () => document.getElementById('root') as HTMLElement;

function keptFrame(): KeptFrame {
  root().innerHTML = PAGE;
  const captured = captureFrame(root());
  if (!captured) throw new Error('nothing captured');
  root().innerHTML = '<div class="boot-bar"></div>';
  const fit = { build: BUILD_ID, user: 'u', settings: '', width: 2, lang: 'en', dir: 'ltr' as const };
  return { ...fit, view: { locale: 'en', pageSize: 0 }, apiUrl: 'http://api.test', call: '', ...captured };
}

function draw(): HTMLElement {
  expect(drawFrame(root(), keptFrame(), LINES, true)).toBe(true);
  return root().querySelector('[data-first-frame]') as HTMLElement;
}

const rowOf = (frame: ParentNode, key: string) => frame.querySelector(`[data-frame-key="${key}"]`) as HTMLElement;
const control = <T extends Element = HTMLInputElement>(row: Element, name: string) =>
  row.querySelector(`[name="${name}"]`) as unknown as T;

function type(el: HTMLInputElement | HTMLSelectElement, value: string) {
  el.focus();
  el.value = value;
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }));
}

beforeEach(() => {
  document.body.innerHTML = '<div id="root"><div class="boot-bar"></div></div>';
  takeTyped();
});

describe('an editable first frame', () => {
  it('keeps the grid’s pattern without the row’s data, its own choices or its tab stop, and blanks the data shown outside the rows', () => {
    const kept = keptFrame();
    for (const gone of ['Secret', '1000', '₪1,125.00', 'aria-label', 'tabindex="0"', '✓', 'href'])
      expect(kept.row).not.toContain(gone);
    expect(kept.row).toContain('<option value="CPC">CPC</option>');
    for (const gone of ['Spring', 'value="Spring plan"', 'aria-label="Name"']) expect(kept.html).not.toContain(gone);
    // Its place on the page stays: the heading's elements, a blank for each text.
    expect(kept.html).toContain('<h2>&nbsp;<b>&nbsp;</b></h2>');
    expect(kept.html).toContain('data-frame-labels');
  });

  it('draws the rows with their values, labels and keys, not inert; only the rows’ controls can change', () => {
    const frame = draw();
    expect(frame.hasAttribute('inert')).toBe(false);
    expect(frame.getAttribute('aria-busy')).toBe('true');
    const [a, b] = [rowOf(frame, '7'), rowOf(frame, '8')];
    expect(control(a, 'Name').value).toBe('Alpha');
    expect(control(a, 'Budget').value).toBe('250');
    expect(control<HTMLSelectElement>(a, 'BuyType').value).toBe('CPC');
    expect(control(b, 'Name').getAttribute('aria-label')).toBe('Name, line 2');
    expect(a.textContent).toContain('₪281.25');
    // A choice the column no longer offers is shown as the row's own.
    const gone = control<HTMLSelectElement>(b, 'BuyType');
    expect([gone.value, gone.selectedOptions[0]?.textContent]).toEqual(['Gone', 'Old type']);
    expect(control(frame, 'search').readOnly).toBe(true);
    expect(control(frame, 'mixName').readOnly).toBe(true);
    expect(control(a, 'Name').readOnly).toBe(false);
  });

  it('holds only a select’s own choice until it is opened, then every choice of its column', () => {
    const frame = draw();
    const select = control<HTMLSelectElement>(rowOf(frame, '7'), 'BuyType');
    expect(Array.from(select.options, (o) => o.value)).toEqual(['CPC']);
    select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    expect(Array.from(select.options, (o) => o.value)).toEqual(['CPM', 'CPC']);
    expect(select.value).toBe('CPC');
    const gone = control<HTMLSelectElement>(rowOf(frame, '8'), 'BuyType');
    gone.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(Array.from(gone.options, (o) => o.value)).toEqual(['Gone', 'CPM', 'CPC']);
    expect(gone.value).toBe('Gone');
  });

  it('does nothing for a click on a link or a button, and lets the inputs take theirs', () => {
    const frame = draw();
    const click = (el: Element) => {
      const e = new MouseEvent('click', { bubbles: true, cancelable: true });
      el.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(click(frame.querySelector('a.menu')!)).toBe(true);
    expect(click(rowOf(frame, '7').querySelector('button')!)).toBe(true);
    expect(click(control(rowOf(frame, '7'), 'Budget'))).toBe(false);
  });

  it('hands what is typed, by row and name, and where the caret was, to the console once', () => {
    const frame = draw();
    const budget = control(rowOf(frame, '7'), 'Budget');
    type(budget, '2');
    type(budget, '2500');
    type(control<HTMLSelectElement>(rowOf(frame, '8'), 'BuyType'), 'Gone');
    type(control(rowOf(frame, '8'), 'Name'), 'Beta 2');
    control(rowOf(frame, '8'), 'Name').setSelectionRange(1, 3);
    control(rowOf(frame, '8'), 'Name').dispatchEvent(new Event('select', { bubbles: true }));
    // The console's first render removes the frame: its input is blurred toward nothing, which is no leaving.
    control(rowOf(frame, '8'), 'Name').dispatchEvent(
      new FocusEvent('focusout', { bubbles: true, relatedTarget: null }),
    );
    frame.remove();
    expect(takeTyped()).toEqual({
      edits: [
        { key: '7', name: 'Budget', value: '2500' },
        { key: '8', name: 'BuyType', value: 'Gone' },
        { key: '8', name: 'Name', value: 'Beta 2' },
      ],
      focus: { key: '8', name: 'Name', start: 1, end: 3 },
    });
    expect(takeTyped()).toBeNull();
  });

  it('forgets where the caret was when the focus leaves for another part of the page', () => {
    const frame = draw();
    const name = control(rowOf(frame, '7'), 'Name');
    type(name, 'Alpha 2');
    name.dispatchEvent(new FocusEvent('focusout', { bubbles: true, relatedTarget: frame.querySelector('a.menu') }));
    expect(takeTyped()?.focus).toBeNull();
  });

  it('types it again into the screen’s rows through their handlers, gives the focus back, and returns what it could not enter', () => {
    document.body.innerHTML = `<table><tr data-line-id="7"><td><input name="Budget" value="250"></td><td><select name="BuyType"><option>CPM</option><option>CPC</option></select></td></tr>
      <tr data-line-id="8"><td><input name="Name" value="Beta" readonly></td></tr></table>`;
    const seen: string[] = [];
    document.addEventListener('input', (e) => seen.push(`input ${(e.target as HTMLInputElement).value}`));
    document.addEventListener('change', (e) => seen.push(`change ${(e.target as HTMLSelectElement).value}`));
    const typed = {
      edits: [
        { key: '7', name: 'Budget', value: '2500' },
        { key: '7', name: 'BuyType', value: 'CPC' },
        { key: '7', name: 'BuyType', value: 'Flat' },
        { key: '8', name: 'Name', value: 'Beta 2' },
        { key: '9', name: 'Name', value: 'Gamma' },
      ],
      focus: { key: '7', name: 'Budget', start: 1, end: 2 },
    };
    const rowOfLine = (key: string) => document.querySelector(`[data-line-id="${key}"]`);
    const missed = typeAgain(typed, rowOfLine);
    expect(seen).toEqual(['input 2500', 'change CPC', 'change ']);
    expect(missed.map((m) => `${m.key} ${m.name}`)).toEqual(['7 BuyType', '8 Name', '9 Name']);
    const budget = document.querySelector<HTMLInputElement>('[name="Budget"]')!;
    expect(document.activeElement).toBe(budget);
    expect([budget.selectionStart, budget.selectionEnd]).toEqual([1, 2]);
  });
});
