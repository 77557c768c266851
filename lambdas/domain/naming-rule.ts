import { RE2 } from 're2-wasm';
import { ValidationError } from '../kit/errors';
import { MAX_NAMING_RULE_LENGTH } from '../shared/connectors';

/**
 * An account connector's naming rule (issue 12 §1): a regular expression over campaign names whose
 * first capture group is the id of the plan line the campaign belongs to, e.g. `\[L(\d+)\]` maps
 * "Summer sale [L42]" to line 42. Evaluated with RE2 (re2-wasm): linear in the name's length, no
 * backtracking, so a pathological pattern such as `(a+)+$` is as fast as any other. The pattern is
 * bounded (MAX_NAMING_RULE_LENGTH) and RE2 refuses a program too large to build, so a rule cannot
 * make the engine do unbounded work either.
 */
const compiled = new Map<string, RE2>();

function compile(pattern: string): RE2 {
  let re = compiled.get(pattern);
  if (!re) {
    re = new RE2(pattern, 'u');
    compiled.set(pattern, re);
    if (compiled.size > 500) compiled.delete(compiled.keys().next().value as string);
  }
  return re;
}

/** Refuses a rule RE2 cannot compile, or one without a capture group, with 400 naming the field. */
export function checkNamingRule(pattern: string, field: string): void {
  if (pattern === '') return;
  if (pattern.length > MAX_NAMING_RULE_LENGTH) {
    throw new ValidationError(`${field}: must be at most ${MAX_NAMING_RULE_LENGTH} characters`, 'FIELD_TOO_LONG', { field, max: MAX_NAMING_RULE_LENGTH });
  }
  try {
    compile(pattern);
  } catch (err) {
    const detail = (err instanceof Error ? err.message : String(err)).slice(0, 200);
    throw new ValidationError(`${field}: not a valid regular expression (${detail})`, 'NAMING_RULE_INVALID', { field, detail });
  }
  // A rule must say which part of the name is the line id.
  if (!/\((?!\?[:=!])/.test(pattern.replace(/\\./g, ''))) {
    throw new ValidationError(`${field}: needs a capture group, e.g. \\[L(\\d+)\\], whose text is the plan line id`, 'NAMING_RULE_INVALID', { field, detail: 'no capture group' });
  }
}

/** The plan line id a rule reads from a campaign name, or null (no match, or not an id). */
export function lineIdByRule(pattern: string, campaignName: string): number | null {
  if (pattern === '') return null;
  let re: RE2;
  try {
    re = compile(pattern);
  } catch {
    return null;
  }
  re.lastIndex = 0;
  const m = re.exec(campaignName);
  const token = m?.[1]?.trim();
  if (!token || !/^\d{1,10}$/.test(token)) return null;
  const id = Number(token);
  return id > 0 && id <= 2147483647 ? id : null;
}
