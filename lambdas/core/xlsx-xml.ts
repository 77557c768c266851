/**
 * The XML of an .xlsx's parts, as xlsx-read.ts reads it: the few elements it needs, found with
 * bounded regular expressions (no XML parser), their attributes and text decoded, and the package's
 * relationships resolved inside the package.
 */

/** An element name's optional namespace prefix (`x:c`). */
const PREFIX = '(?:[\\w.-]+:)?';

/** XML text with its entities and OOXML's `_xHHHH_` escapes decoded. */
export function text(raw: string): string {
  if (!raw.includes('&') && !raw.includes('_x')) return raw;
  return raw
    .replace(/&(#x[0-9a-fA-F]{1,6}|#\d{1,7}|lt|gt|amp|quot|apos);/g, (_, e: string) => {
      if (e[0] !== '#') return ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" } as Record<string, string>)[e];
      const code = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return code <= 0x10ffff ? String.fromCodePoint(code) : '';
    })
    .replace(/_x([0-9A-Fa-f]{4})_/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

const ATTRS = new Map<string, RegExp>();
/** An attribute of a start tag's text (`r="A1"`, `r:id='x'` as `id`), by its local name; undefined when absent. */
export function attr(tag: string, name: string): string | undefined {
  let re = ATTRS.get(name);
  if (!re) ATTRS.set(name, (re = new RegExp(`(?:^|\\s)${PREFIX}${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`)));
  const m = re.exec(tag);
  return m ? text(m[1] ?? m[2] ?? '') : undefined;
}

const STARTS = new Map<string, RegExp>();
/**
 * Every element `name` (any namespace prefix): its start tag's attributes (text) and inner XML (''
 * when self-closed). Linear in the text: start tags are found by one regular expression whose
 * attributes stop at the next `<`, and each element's end by indexOf from its start, remembered
 * until passed — so a tag left unclosed is skipped after one scan, never one scan to the end of the
 * part per tag. (Not re-entrant for one name: no element nests in its own kind here.)
 */
export function* elements(xml: string, name: string): Generator<{ tag: string; inner: string }> {
  let start = STARTS.get(name);
  if (!start) STARTS.set(name, (start = new RegExp(`<(${PREFIX}${name})\\b([^<>]*?)(/?)>`, 'g')));
  start.lastIndex = 0;
  const closes = new Map<string, number>();
  for (let m = start.exec(xml); m; m = start.exec(xml)) {
    if (m[3]) {
      yield { tag: m[2], inner: '' };
      continue;
    }
    const close = `</${m[1]}>`;
    const from = start.lastIndex;
    let at = closes.get(close);
    if (at === undefined || (at !== -1 && at < from)) {
      at = xml.indexOf(close, from);
      closes.set(close, at);
    }
    if (at === -1) continue; // never closed: no element
    const next = at + close.length;
    yield { tag: m[2], inner: xml.slice(from, at) };
    start.lastIndex = next;
  }
}

const T_ELEMENT = new RegExp(`<${PREFIX}t\\b[^<>]*?(?:/>|>([^<]*)</${PREFIX}t>)`, 'g');
const PHONETIC = new RegExp(`<${PREFIX}rPh\\b[\\s\\S]*?</${PREFIX}rPh>`, 'g');

/** The text of a string item (`<si>` or `<is>`): its `<t>` runs joined, phonetic runs (`<rPh>`) left out. */
export function stringItem(inner: string): string {
  const plain = inner.includes('rPh') ? inner.replace(PHONETIC, '') : inner;
  let out = '';
  T_ELEMENT.lastIndex = 0;
  for (let t = T_ELEMENT.exec(plain); t; t = T_ELEMENT.exec(plain)) out += text(t[1] ?? '');
  return out;
}

/** A relationship target resolved against the folder of the part that names it; undefined when it leaves the package. */
function resolve(from: string, target: string): string | undefined {
  const base = target.startsWith('/') ? [] : from.split('/').slice(0, -1);
  for (const seg of target.replace(/^\/+/, '').split('/')) {
    if (seg === '..') {
      if (!base.length) return undefined;
      base.pop();
    } else if (seg && seg !== '.') base.push(seg);
  }
  return base.join('/');
}

export function relationships(xml: string | undefined, from: string): Map<string, { type: string; target: string }> {
  const out = new Map<string, { type: string; target: string }>();
  for (const r of elements(xml ?? '', 'Relationship')) {
    const id = attr(r.tag, 'Id');
    const target = attr(r.tag, 'Target');
    if (!id || !target || attr(r.tag, 'TargetMode') === 'External') continue;
    const path = resolve(from, target);
    if (path !== undefined) out.set(id, { type: attr(r.tag, 'Type') ?? '', target: path });
  }
  return out;
}

const FIRST = new Map<string, RegExp>();
/** The first element `name` of a short text (a cell, a part's one sheetData): its inner XML. */
export function first(xml: string, name: string): RegExpExecArray | null {
  let re = FIRST.get(name);
  if (!re) FIRST.set(name, (re = new RegExp(`<${PREFIX}${name}\\b[^<>]*?(?:/>|>([\\s\\S]*?)</${PREFIX}${name}>)`)));
  return re.exec(xml);
}
