import ExcelJS from 'exceljs';
import { EXPORT_LABELS, LINE_COLUMNS } from '../../lambdas/shared/export-labels';
import { VersionStatus } from '../../lambdas/shared/version-status';
import type { Page } from 'playwright-core';
import { pngOf } from '../support/images';
import { check, screenshotPath, type Journey, type JourneyContext } from './harness';
import { apiCall, apiToken, findDemoPlan, signInAndLand } from './steps';

/**
 * A plan edited in Excel and brought back, as the demo planner does it: the approved
 * version of the demo's Hadar always-on plan is exported from its screen (the real download), the
 * file is edited with exceljs as a spreadsheet program would save it — two budgets changed and a
 * line added with valid cells — and imported through the screen's file input. The preview lists
 * exactly 2 changed lines (their budgets) and 1 added; once confirmed, version N+1 opens as a Draft
 * whose lines show exactly those budgets, the new line, and every other line as it was. Meanwhile
 * the company has a logo (the demo's Admin uploads it first and removes it after): the file shows
 * it, and the picture changes nothing of the import.
 */
const PLANNER = 'planner@demo.mixdesk.test';
const ADMIN = 'admin@demo.mixdesk.test';
const LOGO = pngOf(240, 80);
const ADDED = { name: 'Excel import — display retargeting', budget: 4321.5 };

interface Line {
  ID: number;
  Name: string;
  Budget: number;
}
interface Info {
  ID: number;
  Version: number;
  Status: number;
  Lines: Line[];
}

const col = (c: (typeof LINE_COLUMNS)[number]) => LINE_COLUMNS.indexOf(c) + 1;
const plain = (v: ExcelJS.CellValue) => (v !== null && typeof v === 'object' && 'result' in v ? v.result : v);

/** The lines shown in the editor: name → budget, from the grid's inputs (a Draft) or cells. */
async function shownBudgets(page: Page): Promise<Map<string, number>> {
  const rows = await page
    .locator('[data-testid="plan-line"]')
    .evaluateAll((els) =>
      els.map((r) => [
        (r.querySelector('input[name="Name"]') as HTMLInputElement | null)?.value ?? '',
        (r.querySelector('input[name="Budget"]') as HTMLInputElement | null)?.value ?? '',
      ]),
    );
  return new Map(rows.map(([name, budget]) => [name, Number(budget.replace(/[,\s\u00a0]/g, ''))]));
}

/** The export → edit → import of the demo plan, with the company's logo in the file. */
async function roundTrip({ newPage, webUrl, stack, log }: JourneyContext): Promise<Page> {
  const started = Date.now();
  // The demo's approved plan, found as the planner (their token, their accounts).
  const token = await apiToken(stack, PLANNER);
  const { account: hadar, activity, versions } = await findDemoPlan(stack.apiUrl, token);
  const base = versions[0];
  check(
    base && base.Status === VersionStatus.Approved,
    `the plan's newest version is Approved (${JSON.stringify(versions.map((v) => [v.Version, v.Status]))})`,
  );
  const before = await apiCall<Info>(
    stack.apiUrl,
    token,
    'MediaMixService/GetMediaMixInfo',
    { mediaMixId: base.ID },
    hadar.ID,
  );
  check(before.Lines.length >= 4, `the plan has lines to leave unchanged (${before.Lines.length})`);

  // 1. The planner opens it and exports it (the company's language, Hebrew: the Hebrew file).
  const page = await newPage();
  await signInAndLand(page, webUrl, PLANNER, /\/dashboard\/default$/);
  const planPath = `/accounts/${hadar.ID}/activities/${activity.ID}/mediaMix/list`;
  await page.goto(`${webUrl}${planPath}?version=${base.ID}`);
  await page
    .locator(`[data-testid="plan-editor"][data-mix-id="${base.ID}"][data-status="${VersionStatus.Approved}"]`)
    .waitFor();
  check(await page.getByTestId('import-plan').isVisible(), 'an approved version offers Import from Excel');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-plan').click()]);
  const file = await download.path();
  check(
    file && /\.xlsx$/.test(download.suggestedFilename()),
    `the export was downloaded (${download.suggestedFilename()})`,
  );

  // 2. Edited as a spreadsheet program would: two budgets, one line added under the others.
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const pictures = book.worksheets[0].getImages();
  const media = pictures[0] && (book.getImage(Number(pictures[0].imageId)) as unknown as { buffer: Uint8Array });
  check(
    pictures.length === 1 && Buffer.from(media.buffer).equals(LOGO),
    `the file shows the company's logo (${pictures.length} pictures)`,
  );
  const meta = book.getWorksheet('Mixdesk');
  check(meta && meta.state === 'hidden', 'the file carries its hidden Mixdesk sheet');
  const metaRow = (key: string) =>
    meta.getSheetValues().find((r) => Array.isArray(r) && r[1] === key) as ExcelJS.CellValue[] | undefined;
  check(
    metaRow('Format')?.[2] === 'mixdesk-plan/1' && Number(metaRow('MediaMixId')?.[2]) === base.ID,
    'the Mixdesk sheet names the format and the version',
  );
  const sheet = book.worksheets.find((w) => w.state !== 'hidden' && w.state !== 'veryHidden')!;
  const labels = Object.values(EXPORT_LABELS).find((L) => {
    let found = false;
    sheet.eachRow((row) => {
      found ||= row.getCell(1).value === L.columns.channel;
    });
    return found;
  });
  check(labels, 'the lines sheet has its header row');
  let header = 0;
  sheet.eachRow((row, n) => {
    if (!header && row.getCell(1).value === labels.columns.channel) header = n;
  });
  check(
    sheet.getRow(header).getCell(col('lineId')).value === labels.columns.lineId,
    `the header ends with "${labels.columns.lineId}"`,
  );
  let last = header;
  while (sheet.getRow(last + 1).getCell(1).value) last += 1;
  check(last - header === before.Lines.length, `the sheet lists the ${before.Lines.length} lines (${last - header})`);
  const rowOf = (id: number) => {
    for (let n = header + 1; n <= last; n += 1)
      if (Number(plain(sheet.getRow(n).getCell(col('lineId')).value)) === id) return sheet.getRow(n);
    throw new Error(`no row has line id ${id}`);
  };
  const [first, second] = before.Lines;
  const edits = new Map([
    [first.ID, Math.round((first.Budget + 13_333.33) * 100) / 100],
    [second.ID, Math.round((second.Budget / 2) * 100) / 100],
  ]);
  for (const [id, budget] of edits) rowOf(id).getCell(col('budget')).value = budget;
  const model = rowOf(first.ID);
  const cells: ExcelJS.CellValue[] = [];
  cells[col('channel')] = plain(model.getCell(col('channel')).value);
  cells[col('line')] = ADDED.name;
  cells[col('start')] = plain(model.getCell(col('start')).value);
  cells[col('end')] = plain(model.getCell(col('end')).value);
  cells[col('buyType')] = 'CPM';
  cells[col('unitCost')] = 12.5;
  cells[col('budget')] = ADDED.budget;
  cells[col('managementFeePct')] = 15;
  cells[col('systemFeePct')] = 2.5;
  cells[col('images')] = 2;
  cells[col('videos')] = 0;
  sheet.insertRow(last + 1, cells, 'i');
  const edited = Buffer.from(await book.xlsx.writeBuffer());
  log(
    `export "${download.suggestedFilename()}" (${labels === EXPORT_LABELS.he ? 'Hebrew' : 'English'}) edited: budgets of lines ${[...edits.keys()].join(', ')}, one line added`,
  );

  // 3. Imported through the screen: the preview lists exactly what was edited.
  await page.getByTestId('import-plan-file').setInputFiles({
    name: 'always-on edited.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: edited,
  });
  const dialog = page.getByRole('dialog');
  await dialog
    .getByTestId('import-preview')
    .waitFor({ timeout: 20_000 })
    .catch(async (err: Error) => {
      const refused = await dialog
        .getByTestId('import-refused')
        .innerText()
        .catch(() => '');
      throw new Error(`no preview${refused ? `; refused: ${refused}` : ''} (${err.message})`);
    });
  const changed = await dialog.getByTestId('import-changed-line').evaluateAll((els) =>
    els.map((e) => ({
      id: Number(e.getAttribute('data-line-id')),
      fields: Array.from(e.querySelectorAll('[data-testid="import-change"]'), (c) => c.getAttribute('data-field')),
    })),
  );
  check(changed.length === 2, `the preview lists exactly 2 changed lines (${JSON.stringify(changed)})`);
  check(
    changed.every((c) => edits.has(c.id) && c.fields.length === 1 && c.fields[0] === 'Budget'),
    `only the two budgets changed (${JSON.stringify(changed)})`,
  );
  const added = await dialog.getByTestId('import-added-line').allInnerTexts();
  check(
    added.length === 1 && added[0].includes(ADDED.name),
    `the preview lists exactly 1 added line (${JSON.stringify(added)})`,
  );
  check((await dialog.getByTestId('import-removed-line').count()) === 0, 'nothing removed');
  check(
    Number(await dialog.getByTestId('import-unchanged').getAttribute('data-count')) === before.Lines.length - 2,
    'the other lines are unchanged',
  );
  await page.screenshot({ path: screenshotPath('plan-excel-preview') });
  await dialog.locator('button[type="submit"]').click();

  // 4. Version N+1 opens, a Draft with exactly the file's lines.
  await page.waitForURL((url) => url.pathname === planPath && url.searchParams.get('version') !== String(base.ID), {
    timeout: 20_000,
  });
  const newId = Number(new URL(page.url()).searchParams.get('version'));
  await page
    .locator(`[data-testid="plan-editor"][data-mix-id="${newId}"][data-status="${VersionStatus.Draft}"]`)
    .waitFor();
  const made = await apiCall<Info>(
    stack.apiUrl,
    token,
    'MediaMixService/GetMediaMixInfo',
    { mediaMixId: newId },
    hadar.ID,
  );
  check(
    made.Version === before.Version + 1 && made.Status === VersionStatus.Draft,
    `version ${made.Version} (expected ${before.Version + 1}) is a Draft (${made.Status})`,
  );
  await page.locator('[data-testid="plan-line"] input[name="Budget"]').first().waitFor();
  const expected = new Map(before.Lines.map((l) => [l.Name, edits.get(l.ID) ?? l.Budget]));
  expected.set(ADDED.name, ADDED.budget);
  const shown = await shownBudgets(page);
  check(
    shown.size === expected.size && [...expected].every(([name, budget]) => shown.get(name) === budget),
    `the Draft shows exactly the file's budgets (expected ${JSON.stringify([...expected])}, shown ${JSON.stringify([...shown])})`,
  );
  check(
    made.Lines.length === expected.size && made.Lines.every((l) => expected.get(l.Name) === l.Budget),
    'the API has the same lines and budgets',
  );
  const approvedAfter = await apiCall<Info>(
    stack.apiUrl,
    token,
    'MediaMixService/GetMediaMixInfo',
    { mediaMixId: base.ID },
    hadar.ID,
  );
  check(
    approvedAfter.Status === VersionStatus.Approved &&
      approvedAfter.Lines.every((l, i) => l.Budget === before.Lines[i].Budget),
    'the approved version is as it was',
  );
  log(
    `imported as version ${made.Version} (${newId}), a Draft of ${made.Lines.length} lines, in ${Date.now() - started} ms`,
  );
  return page;
}

const journey: Journey = {
  name: 'plan-excel',
  async run(ctx) {
    const admin = await apiToken(ctx.stack, ADMIN);
    await apiCall(ctx.stack.apiUrl, admin, 'ConfigurationsService/SaveCompanyLogo', { Logo: LOGO.toString('base64') });
    try {
      return await roundTrip(ctx);
    } finally {
      // The demo company as it was for the other journeys: no logo.
      await apiCall(ctx.stack.apiUrl, admin, 'ConfigurationsService/DeleteCompanyLogo', {});
    }
  },
};
export default journey;
