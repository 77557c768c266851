import type { Page, Request } from 'playwright-core';
import { check, DEMO_PASSWORD, type Journey } from './harness';
import { apiToken, holdConsoleEntry, makeDraftPlan } from './steps';

/**
 * A planner edits a media plan with the keyboard alone: no click from sign-in to save. Tab into the
 * sign-in form and the plan's grid, arrow keys to a line's budget (the forward arrow as the page
 * reads: Left in Hebrew), Enter to edit, Escape puts the value back, Enter again and a new budget
 * kept with Enter, Shift+Tab back to "Save draft" and Enter. The budget is then read from the API.
 * The focused cell shows a ring; with the system's reduced motion the console's transitions stop.
 */
const PLANNER = 'planner@demo.mixdesk.test';
const NEW_BUDGET = 7350;

/** What has focus: its tag, name, test id, role and the line its row is. */
const focusedElement = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      name: el?.getAttribute('name') ?? '',
      testId: el?.getAttribute('data-testid') ?? '',
      role: el?.getAttribute('role') ?? '',
      line: el?.closest('[data-line-id]')?.getAttribute('data-line-id') ?? '',
      control: el?.querySelector('input, select')?.getAttribute('name') ?? '',
    };
  });
type Focused = Awaited<ReturnType<typeof focusedElement>>;

/** Presses `key` until what has focus is what `wanted` says (at most `max` times). */
async function pressUntil(page: Page, key: string, wanted: (f: Focused) => boolean, what: string, max = 120) {
  for (let i = 0; i < max; i++) {
    if (wanted(await focusedElement(page))) return;
    await page.keyboard.press(key);
  }
  check(
    wanted(await focusedElement(page)),
    `${key} reaches ${what} (focus on ${JSON.stringify(await focusedElement(page))})`,
  );
}

/** Signs in by keyboard: the e-mail field has focus when the form opens. */
async function signInByKeyboard(page: Page, webUrl: string) {
  await page.goto(`${webUrl}/login`);
  await page.locator('input[name="email"]').waitFor();
  await pressUntil(page, 'Tab', (f) => f.name === 'email', 'the e-mail field');
  await page.keyboard.type(PLANNER);
  await page.keyboard.press('Tab');
  await pressUntil(page, 'Tab', (f) => f.name === 'password', 'the password field', 5);
  await page.keyboard.type(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/default$/, { timeout: 20_000 });
}

const FRAME_BUDGET = 4321;

/**
 * The plan opened on its newest version is kept; opened again, its kept frame is drawn with the
 * lines of a call sent at once, editable before the console starts: a budget typed into the frame
 * (the console's entry held until then, as on a slow machine) is typed again into the console's row
 * when it shows, which saves it. The lines were asked for once.
 */
async function typedIntoFrame(page: Page, plan: Awaited<ReturnType<typeof makeDraftPlan>>, webUrl: string) {
  const lineId = String(plan.lines[1]);
  await page.goto(`${webUrl}/accounts/${plan.accountId}/activities/${plan.activityId}/mediaMix/list`);
  await page.locator(`[data-line-id="${lineId}"] input[name="Budget"]`).waitFor();
  await page.waitForFunction(() => localStorage.getItem('mixdesk-frame.plan') !== null);
  const asked: string[] = [];
  const onRequest = (r: Request) => {
    if (r.url().endsWith('/MediaMixService/GetMediaMixInfo')) asked.push(r.postData() ?? '');
  };
  page.on('request', onRequest);
  const { release, done } = await holdConsoleEntry(page);
  const saved = page.waitForResponse(
    (r) =>
      r.url().endsWith('/AccountsService/SaveMediaChannel') &&
      r.request().postDataJSON()?.mediaChannel?.ID === Number(lineId),
  );
  try {
    await page.reload({ waitUntil: 'commit' });
    const inFrame = page.locator(`[data-first-frame] [data-frame-key="${lineId}"] input[name="Budget"]`);
    await inFrame.waitFor();
    await inFrame.click();
    await inFrame.selectText();
    await page.keyboard.type(String(FRAME_BUDGET));
    release();
    const row = page.locator(`[data-line-id="${lineId}"]`);
    await row.locator('input[name="Budget"]').waitFor();
    const shown = await row.locator('input[name="Budget"]').inputValue();
    check(
      shown.replace(/\D/g, '') === String(FRAME_BUDGET),
      `the console's row shows the budget typed into the frame (${shown})`,
    );
    check((await focusedElement(page)).name === 'Budget', 'the focus is back in the budget typed into');
  } finally {
    page.off('request', onRequest);
    await done();
  }
  check((await saved).ok(), 'the row saved the budget typed into the frame');
  check(asked.length === 1, `the lines were asked for once (${asked.length})`);
  check((await page.locator('[data-first-frame]').count()) === 0, 'the console replaced the kept frame');
  const stored = await plan.storedBudget(Number(lineId));
  check(stored === FRAME_BUDGET, `the budget typed into the frame is stored (${stored})`);
}

const journey: Journey = {
  name: 'keyboard-plan',
  async run({ newPage, webUrl, stack, log }) {
    const plan = await makeDraftPlan(
      stack.apiUrl,
      await apiToken(stack, PLANNER),
      { activity: `Keyboard flight ${Date.now() % 100000}`, plan: 'Keyboard plan' },
      2,
    );
    const [lineId] = plan.lines.map(String);
    const page = await newPage();
    await signInByKeyboard(page, webUrl);
    await page.goto(
      `${webUrl}/accounts/${plan.accountId}/activities/${plan.activityId}/mediaMix/list?version=${plan.versionId}`,
    );
    await page.locator(`[data-line-id="${lineId}"]`).waitFor();
    const rtl = (await page.evaluate(() => document.documentElement.dir)) === 'rtl';
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    log(`the page reads ${rtl ? 'right to left' : 'left to right'}: the forward arrow is ${forward}`);

    // Tab enters the grid on its one tab stop, a cell.
    await pressUntil(page, 'Tab', (f) => f.role === 'gridcell', "the grid's cell");
    check((await focusedElement(page)).line === lineId, 'the grid is entered on the first line');
    const ring = await page.evaluate(() => {
      const s = getComputedStyle(document.activeElement as Element);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
    });
    check(ring.style === 'solid' && ring.width >= 2, `the focused cell shows a ring (${JSON.stringify(ring)})`);
    await pressUntil(page, forward, (f) => f.control === 'Budget', "the line's budget", 20);

    // Enter edits; Escape puts the value back and returns to the cell.
    const budget = page.locator(`[data-line-id="${lineId}"] input[name="Budget"]`);
    const before = await budget.inputValue();
    await page.keyboard.press('Enter');
    check((await focusedElement(page)).name === 'Budget', 'Enter puts the budget in edit');
    await page.keyboard.type('1');
    await page.keyboard.press('Escape');
    check((await budget.inputValue()) === before, `Escape puts back ${before} (${await budget.inputValue()})`);
    check((await focusedElement(page)).role === 'gridcell', 'Escape returns to the cell');

    // F2 edits (the text selected: typing replaces it); Enter keeps the edit and the row saves.
    const saved = page.waitForResponse(
      (r) =>
        r.url().endsWith('/AccountsService/SaveMediaChannel') &&
        r.request().postDataJSON()?.mediaChannel?.ID === Number(lineId),
    );
    await page.keyboard.press('F2');
    await page.keyboard.type(String(NEW_BUDGET));
    await page.keyboard.press('Enter');
    check((await saved).ok(), 'the row saved the new budget');
    check((await focusedElement(page)).role === 'gridcell', 'Enter returns to the cell');

    // Down to the next line, then back out of the grid to "Save draft".
    await page.keyboard.press('ArrowDown');
    check((await focusedElement(page)).line === String(plan.lines[1]), 'Down moves to the next line, same column');
    await pressUntil(page, 'Shift+Tab', (f) => f.testId === 'save-draft', '"Save draft"');
    // Save draft flushes every row, then says so (a name unchanged needs no call of its own).
    await page.keyboard.press('Enter');
    await page.getByTestId('snackbar').waitFor();

    // With the system's "reduce motion", transitions end at once; without it, the buttons ease.
    const transition = () =>
      page.evaluate(
        () => getComputedStyle(document.querySelector('[data-testid="save-draft"]') as Element).transitionDuration,
      );
    const normal = await transition();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const reduced = await transition();
    check(
      /[1-9]/.test(normal) && reduced.split(',').every((d) => parseFloat(d) <= 0.01),
      `reduced motion turns transitions off (${normal} → ${reduced})`,
    );

    const stored = await plan.storedBudget(Number(lineId));
    check(stored === NEW_BUDGET, `the line's budget is stored as ${NEW_BUDGET} (${stored})`);
    log(`line ${lineId}: budget ${before} → ${stored}, by keyboard only`);

    await typedIntoFrame(page, plan, webUrl);
    log(`line ${plan.lines[1]}: budget ${FRAME_BUDGET} typed into the kept frame, kept by the console`);
    return page;
  },
};
export default journey;
