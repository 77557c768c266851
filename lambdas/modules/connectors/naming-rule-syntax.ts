import { ValidationError } from '../../core/errors';
import { MAX_NAMING_RULE_LENGTH } from '../../shared/connectors';

/**
 * The syntax check of an account connector's naming rule, made where the rule is saved
 * (ConnectorsService.SaveAccountConnector) WITHOUT the RE2 engine: re2-wasm's engine glue is large and
 * slow to load, so RE2 runs only in the sync workers, which evaluate rules
 * (lambdas/modules/connectors/naming-rule.ts). The rule language is what RE2 and JavaScript both accept:
 *
 * - the pattern is compiled by JavaScript's RegExp with the 'u' flag — compiled only, never run on
 *   any text, so a pathological pattern costs nothing here;
 * - what JavaScript accepts but RE2 cannot do is refused by name: lookarounds `(?=` `(?!` `(?<=`
 *   `(?<!` and backreferences `\1`–`\9`, `\k<name>` (they need backtracking);
 * - it needs a capturing group (its first one's text is the plan line id).
 *
 * A rule that passes and that RE2 still refuses (the two engines differ in corners, e.g. some
 * `\p{…}` names) is recorded by the sync as the connector's error, and its campaigns keep the
 * mapping they had.
 */

/** Why a rule is not usable, or undefined when it is (a syntax check only: the pattern is compiled, never run). */
export function namingRuleProblem(pattern: string): string | undefined {
  try {
    new RegExp(pattern, 'u'); // compiled for its syntax errors only; never executed
  } catch (err) {
    return (err instanceof Error ? err.message : String(err)).slice(0, 200);
  }
  let inClass = false;
  let groups = 0;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i];
    if (ch === '\\') {
      const next = pattern[i + 1] ?? '';
      if (next === 'k') return 'named backreferences (\\k<…>) are not supported';
      if (!inClass && next >= '1' && next <= '9') return `backreferences (\\${next}) are not supported`;
      i++;
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
      continue;
    }
    if (ch === '[') inClass = true;
    else if (ch === '(') {
      if (pattern[i + 1] !== '?') groups++;
      else if (
        pattern[i + 2] === '=' ||
        pattern[i + 2] === '!' ||
        (pattern[i + 2] === '<' && (pattern[i + 3] === '=' || pattern[i + 3] === '!'))
      ) {
        return 'lookarounds ((?=, (?!, (?<=, (?<!) are not supported';
      } else if (pattern[i + 2] === '<') groups++; // (?<name>…): a named group captures
    }
  }
  if (groups === 0) return 'no capture group';
  return undefined;
}

/** Refuses, with 400 naming the field, a rule too long, not a regular expression of the rule language, or without a capture group. */
export function checkNamingRule(pattern: string, field: string): void {
  if (pattern === '') return;
  if (pattern.length > MAX_NAMING_RULE_LENGTH) {
    throw new ValidationError(`${field}: must be at most ${MAX_NAMING_RULE_LENGTH} characters`, 'FIELD_TOO_LONG', {
      field,
      max: MAX_NAMING_RULE_LENGTH,
    });
  }
  const detail = namingRuleProblem(pattern);
  if (detail === 'no capture group') {
    throw new ValidationError(
      `${field}: needs a capture group, e.g. \\[L(\\d+)\\], whose text is the plan line id`,
      'NAMING_RULE_INVALID',
      { field, detail },
    );
  }
  if (detail !== undefined)
    throw new ValidationError(`${field}: not a valid regular expression (${detail})`, 'NAMING_RULE_INVALID', {
      field,
      detail,
    });
}
