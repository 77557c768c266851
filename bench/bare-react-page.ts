import { createElement as h, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

/**
 * The bare page's script (bench/bare-page.ts bundles it): plain React and nothing of the console's
 * shell. It reads config.json, makes the screen's call with the token from the URL's fragment and
 * renders the rows the screen renders, as a plain table. What it is to call and show comes from
 * `window.BARE`, written into the page beside it. No JSX: the bench's TypeScript has no JSX setting.
 */
interface Bare {
  route: string;
  headers: Record<string, string>;
  body: string;
  /** JS expressions: the rows from `r` (the Response), the cells of one row `x`. */
  items: string;
  cells: string[];
  testId: string;
  inputs?: boolean;
  inputName?: string;
}

const bare = (window as unknown as { BARE: Bare }).BARE;
// The bench's own expressions, written by the bench: no user input reaches them.
const itemsOf = new Function('r', `return ${bare.items};`) as (r: unknown) => unknown[];
const cellsOf = new Function('x', `return [${bare.cells.join(', ')}];`) as (x: unknown) => unknown[];

async function load(): Promise<unknown[][]> {
  const token = location.hash.slice(1);
  const config = (await (await fetch('/config.json', { cache: 'no-store' })).json()) as { apiUrl: string };
  const res = await fetch(`${config.apiUrl.replace(/\/+$/, '')}/${bare.route}`, {
    method: 'POST',
    headers: { ...bare.headers, Authorization: `Bearer ${token}` },
    body: bare.body,
  });
  const r = ((await res.json()) as { Response: unknown }).Response;
  return itemsOf(r).map(cellsOf);
}

function cell(v: unknown, i: number) {
  const text = v === null || v === undefined ? '' : String(v);
  return h(
    'td',
    { key: i },
    bare.inputs ? h('input', { defaultValue: text, name: i === 0 ? bare.inputName : undefined }) : text,
  );
}

function Rows() {
  const [rows, setRows] = useState<unknown[][]>([]);
  useEffect(() => {
    void load().then(setRows);
  }, []);
  return h(
    'table',
    null,
    h(
      'tbody',
      null,
      rows.map((cells, i) => h('tr', { key: i, 'data-testid': bare.testId }, cells.map(cell))),
    ),
  );
}

createRoot(document.getElementById('root')!).render(h(Rows));
