/** The local Bedrock's "model": answers written from the facts of the request, in the prompt's notation. */

export interface FactRow {
  Id: string;
  Subject?: string;
  Value: number;
  Unit: string;
  Currency?: string;
  Text?: string;
}

/** How the "model" writes numbers: as the system prompt's language does (French "1 234,5", Romanian "1.234,5"), else "1,234.5". */
interface Notation {
  group: string;
  decimal: string;
}
const DOT_DECIMAL: Notation = { group: ',', decimal: '.' };
const notationOf = (system: string): Notation =>
  /Answer in French/.test(system)
    ? { group: '\u202f', decimal: ',' }
    : /Answer in Romanian/.test(system)
      ? { group: '.', decimal: ',' }
      : DOT_DECIMAL;

/** |v| as a model writes it for a reader: grouped thousands, 2 decimals unless whole (₪590,000, $1,234.50). */
function grouped(v: number, { group, decimal }: Notation): string {
  const [whole, decimals] = Math.abs(v)
    .toFixed(Number.isInteger(v) ? 0 : 2)
    .split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, group)}${decimals ? `${decimal}${decimals}` : ''}`;
}

/** A figure as the fake's "model" writes it: the fact's value grouped, at 2 decimals, with its unit, then its id. */
function written(f: FactRow, notation: Notation): string {
  const n = grouped(f.Value, notation);
  switch (f.Unit) {
    case 'percent':
      return `${n}% [${f.Id}]`;
    case 'currency':
      return f.Currency === 'USD' ? `$${n} [${f.Id}]` : f.Currency === 'ILS' ? `₪${n} [${f.Id}]` : `${n} [${f.Id}]`;
    case 'days':
      return `${n} ${f.Value === 1 ? 'day' : 'days'} [${f.Id}]`;
    case 'ratio':
      return `${n}× [${f.Id}]`;
    default:
      return `${n} [${f.Id}]`;
  }
}

export function factsOfMessage(user: string): FactRow[] {
  const m = /<facts>\s*([\s\S]*?)\s*<\/facts>/.exec(user);
  if (!m) return [];
  try {
    const rows = JSON.parse(m[1]) as unknown;
    return Array.isArray(rows)
      ? rows.filter(
          (r): r is FactRow => typeof r?.Id === 'string' && typeof r?.Value === 'number' && typeof r?.Unit === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** A fact's label without its subject (a fact's Text starts "<subject>: "). */
const labelOf = (f: FactRow) =>
  f.Subject !== undefined && f.Text?.startsWith(`${f.Subject}: `)
    ? f.Text.slice(f.Subject.length + 2)
    : (f.Text ?? f.Id);

/** A grounded answer: the first five facts, each as '"<subject>" <label>: <figure> [id].' — a name quoted whole, as the system prompt asks. */
export function groundedAnswer(facts: readonly FactRow[], system = ''): string {
  if (facts.length === 0) return 'There are no facts to analyse.';
  const notation = notationOf(system);
  return facts
    .slice(0, 5)
    .map((f) => `${f.Subject !== undefined ? `"${f.Subject}" ` : ''}${labelOf(f)}: ${written(f, notation)}.`)
    .join('\n');
}

/** An answer with one figure no fact supports: far above every fact's value, with odd decimals. */
export function inventedAnswer(facts: readonly FactRow[], system = ''): string {
  const top = facts.reduce((m, f) => Math.max(m, Math.abs(f.Value)), 0);
  const first = facts[0]?.Id ?? 'F1';
  return `${groundedAnswer(facts, system)}\nNext month the plan should gain ${(top * 3 + 7.37).toFixed(2)} more conversions [${first}].`;
}
