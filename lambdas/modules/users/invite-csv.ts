import type { output } from 'zod/mini';
import { PayloadTooLargeError, ValidationError } from '../../core/errors';
import type { inviteUser } from './schemas';
import { inviteUserInput } from './schemas';
import type { ErrorIssue } from '../../shared/error-issues';
import { because, reasonText, type ErrorReason } from '../../shared/error-reasons';
import { Role, ROLE_PRESETS } from '../../shared/permissions';

/** The file of InviteUsersCsv read into invitations: its header, its lines, each line's problems. */
export const INVITE_CSV_HEADER = ['email', 'name', 'role', 'accounts'] as const;
export const MAX_CSV_INVITES = 100;
const MAX_LISTED = 20;

const ROLE_NAMES: Record<string, Role> = {
  administrator: Role.Administrator,
  admin: Role.Administrator,
  mediamanager: Role.MediaManager,
  planner: Role.Planner,
  analyst: Role.Analyst,
  client: Role.Client,
};

type InviteInput = output<typeof inviteUser>['user'];

/** One CSV line's cells; a cell may be quoted ("Cohen, Dana"), "" inside quotes is a quote. */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cur += c;
    } else if (c === '"' && cur.trim() === '') {
      quoted = true;
      cur = '';
    } else if (c === ',') {
      cells.push(cur.trim());
      cur = '';
    } else cur += c;
  }
  cells.push(cur.trim());
  return cells;
}

interface CsvRow {
  line: number;
  user: InviteInput;
}

interface CsvLine {
  line: number;
  text: string;
}

/** The file's non-blank lines past the header, once the file's shape is right (not empty, the header, 1..MAX_CSV_INVITES users). */
function dataLinesOf(csv: string): CsvLine[] {
  const lines = csv
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\n|\r/)
    .map((text, i) => ({ line: i + 1, text }))
    .filter((l) => l.text.trim() !== '');
  if (!lines.length)
    throw new ValidationError(
      `csv: the file is empty; it needs the header ${INVITE_CSV_HEADER.join(',')} and a line per user`,
      'CSV_EMPTY',
    );
  const [header, ...data] = lines;
  const names = cellsOf(header.text).map((c) => c.toLowerCase());
  if (names.length !== INVITE_CSV_HEADER.length || names.some((n, i) => n !== INVITE_CSV_HEADER[i])) {
    const found = header.text.trim().slice(0, 60);
    throw new ValidationError(
      `csv: line ${header.line}: the header must be ${INVITE_CSV_HEADER.join(',')} (found "${found}")`,
      'CSV_HEADER_INVALID',
      { expected: INVITE_CSV_HEADER.join(','), found },
    );
  }
  if (!data.length) throw new ValidationError('csv: the file has a header but no users', 'CSV_NO_ROWS');
  if (data.length > MAX_CSV_INVITES)
    throw new PayloadTooLargeError(
      `csv: the file has ${data.length} users; one file invites at most ${MAX_CSV_INVITES} (split it)`,
      'CSV_TOO_MANY_ROWS',
      { rows: data.length, max: MAX_CSV_INVITES },
    );
  return data;
}

type LineIssue = ErrorIssue & { english: string };
type Wrong = (
  line: number,
  field: string | undefined,
  reason: ErrorReason,
  params?: Record<string, string | number>,
) => void;

/** The file's problems so far, and how one is added (its code, its parameters and its English). */
function lineIssues(): { issues: LineIssue[]; wrong: Wrong } {
  const issues: LineIssue[] = [];
  const wrong: Wrong = (line, field, reason, params = {}) => {
    const english = `${field ? `${field} ` : ''}${reasonText(reason, params)}`;
    issues.push({
      line,
      ...(field ? { field } : {}),
      code: reason,
      params: { ...because(reason, params), ...(field ? { column: field } : {}), detail: english },
      english,
    });
  };
  return { issues, wrong };
}

/** The accounts cell: "all", none, or main account ids (NaN for what is not a number). */
function accountsOf(accountsText: string): 'all' | number[] {
  return accountsText.trim().toLowerCase() === 'all'
    ? ('all' as const)
    : accountsText.trim() === ''
      ? []
      : accountsText
          .split(/[\s;]+/)
          .filter(Boolean)
          .map((a) => (/^\d{1,10}$/.test(a) ? Number(a) : NaN));
}

/** One data line as an invitation, or undefined once its problems are told to `wrong`. */
function inviteOfLine({ line, text }: CsvLine, wrong: Wrong): InviteInput | undefined {
  const cells = cellsOf(text);
  if (cells.length !== INVITE_CSV_HEADER.length) {
    wrong(line, undefined, 'CSV_VALUE_COUNT', {
      expected: INVITE_CSV_HEADER.length,
      columns: INVITE_CSV_HEADER.join(','),
      found: cells.length,
    });
    return undefined;
  }
  const [email, name, roleText, accountsText] = cells;
  let problems = 0;
  const wrongHere: Wrong = (...args) => {
    problems++;
    wrong(...args);
  };
  const roleKey = roleText.toLowerCase().replace(/[\s_-]/g, '');
  const roleId = /^[1-5]$/.test(roleKey) ? (Number(roleKey) as Role) : ROLE_NAMES[roleKey];
  if (!roleId)
    wrongHere(line, 'role', 'NOT_ONE_OF', { values: 'Administrator, MediaManager, Planner, Analyst, Client, 1-5' });
  const accounts = accountsOf(accountsText);
  if (accounts !== 'all' && accounts.some((a) => !Number.isInteger(a) || a <= 0 || a > 2147483647))
    wrongHere(line, 'accounts', 'ACCOUNT_LIST');
  if (!name) wrongHere(line, 'name', 'REQUIRED');
  const parsed = inviteUserInput.safeParse({
    email,
    name: name || '-',
    roleId: roleId ?? 1,
    permissions: ROLE_PRESETS[roleId ?? Role.Planner],
    accountAccess: accounts === 'all' ? 'all' : accounts.filter(Number.isInteger),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      if (field === 'email') wrongHere(line, 'email', 'EMAIL');
      else if (field === 'name') wrongHere(line, 'name', 'INVALID');
      else if (field !== 'accountAccess' && field !== 'roleId') wrongHere(line, field || undefined, 'INVALID');
    }
  }
  if (problems > 0 || !parsed.success) return undefined;
  return parsed.data;
}

/** The file refused with its problems: the first one's details, up to MAX_LISTED listed. */
function refusalOf(issues: LineIssue[]): ValidationError {
  const [firstIssue] = issues;
  const listed = issues
    .slice(0, MAX_LISTED)
    .map((e) => `line ${e.line}: ${e.english}`)
    .join('; ');
  const more = issues.length > MAX_LISTED ? ` (and ${issues.length - MAX_LISTED} more)` : '';
  return new ValidationError(`csv: ${listed}${more}`, 'CSV_LINE_INVALID', {
    column: firstIssue.field ?? '',
    ...firstIssue.params,
    line: firstIssue.line,
    detail: firstIssue.english,
    count: issues.length,
  }).withIssues(issues.slice(0, MAX_LISTED).map(({ english: _e, ...i }) => i));
}

/** Parses and checks the whole file before anyone is invited: a wrong line refuses the file (CSV_LINE_INVALID, each line's problem listed). */
export function parseUsersCsv(csv: string): CsvRow[] {
  const data = dataLinesOf(csv);
  const { issues, wrong } = lineIssues();
  const rows: CsvRow[] = [];
  const seen = new Map<string, number>();
  for (const csvLine of data) {
    const user = inviteOfLine(csvLine, wrong);
    if (!user) continue;
    const { line } = csvLine;
    const key = user.email.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      wrong(line, 'email', 'CSV_REPEATED_ROW', { first, other: key });
      continue;
    }
    seen.set(key, line);
    rows.push({ line, user });
  }
  if (issues.length) throw refusalOf(issues);
  return rows;
}
