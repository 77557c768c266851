import type { RE2 } from 're2-wasm';

/**
 * An account connector's naming rule evaluated: a regular expression over campaign
 * names whose first capture group is the id of the plan line the campaign belongs to, e.g.
 * `\[L(\d+)\]` maps "Summer sale [L42]" to line 42. Evaluated with RE2 (re2-wasm): linear in the
 * name's length, no backtracking, so a pathological pattern such as `(a+)+$` is as fast as any other.
 * The pattern is bounded (MAX_NAMING_RULE_LENGTH) and RE2 refuses a program too large to build, so a
 * rule cannot make the engine do unbounded work either.
 *
 * Only the sync workers import this module (lambdas/modules/connectors/campaign-rule-mappings.ts): they store
 * each campaign's result (RuleLineId), which the routes read. The routes check a rule's syntax
 * without RE2 (naming-rule-syntax.ts), so re2-wasm's ~100 kB of engine glue stays out of their bundles.
 */
const compiled = new Map<string, RE2>();

/**
 * The engine is loaded on the first rule a worker meets, not at import: its glue and wasm compile
 * are most of a worker's cold init (~100+ ms), and a sync of an account without a naming rule never
 * needs them. Callers await `ruleEngineFor(rule)` before the synchronous functions below.
 */
let Engine: typeof RE2 | undefined;

export async function ruleEngineFor(pattern: string): Promise<void> {
  if (pattern === '' || Engine) return;
  Engine = (await import('re2-wasm')).RE2;
}

class RuleEngineNotLoaded extends Error {
  constructor() {
    super('naming-rule: await ruleEngineFor(rule) before evaluating it');
  }
}

function compile(pattern: string): RE2 {
  let re = compiled.get(pattern);
  if (!re) {
    if (!Engine) throw new RuleEngineNotLoaded();
    re = new Engine(pattern, 'u');
    compiled.set(pattern, re);
    if (compiled.size > 500) compiled.delete(compiled.keys().next().value as string);
  }
  return re;
}

/** Why RE2 refuses a rule (in RE2's words, bounded), or undefined when it compiles; '' is no rule. */
export function re2Refusal(pattern: string): string | undefined {
  if (pattern === '') return undefined;
  try {
    compile(pattern);
    return undefined;
  } catch (err) {
    if (err instanceof RuleEngineNotLoaded) throw err;
    return (err instanceof Error ? err.message : String(err)).slice(0, 200);
  }
}

/** The plan line id a rule reads from a campaign name, or null (no match, not an id, or a rule RE2 refuses). */
export function lineIdByRule(pattern: string, campaignName: string): number | null {
  if (pattern === '') return null;
  let m: ReturnType<RE2['exec']>;
  try {
    const re = compile(pattern);
    re.lastIndex = 0;
    m = re.exec(campaignName);
  } catch (err) {
    if (err instanceof RuleEngineNotLoaded) throw err;
    return null;
  }
  const token = m?.[1]?.trim();
  if (!token || !/^\d{1,10}$/.test(token)) return null;
  const id = Number(token);
  return id > 0 && id <= 2147483647 ? id : null;
}
