import type { Page } from 'playwright-core';
import { check } from './harness';

/**
 * Layout measured in the page, for the screens that must fit a 1440 px window with the menu open:
 * tables that do not scroll sideways, cells that stay short, chart tick labels apart and inside
 * their chart. Each check answers the problems it measured (none: it holds), so a journey can report
 * every one of them at once, each saying by how much.
 */

/** Sets the window to width × 900 and checks the side menu is open (it takes room from the screen). */
export async function atWidthWithMenuOpen(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await page.waitForFunction((w) => document.documentElement.clientWidth === w, width);
  const menu = await page.getByTestId('side-menu').boundingBox();
  check(
    menu && menu.width > 200,
    `at ${width} px the side menu is open (${menu ? Math.round(menu.width) : 0} px wide)`,
  );
  // The charts measure their box on resize and draw again: let two frames pass.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** The container of the table (by test id) does not scroll sideways, nor does the page. */
export async function fitsWidth(page: Page, testId: string, label: string): Promise<string[]> {
  const m = await page.getByTestId(testId).evaluate((el) => ({
    scroll: el.parentElement!.scrollWidth,
    client: el.parentElement!.clientWidth,
    page: document.documentElement.scrollWidth,
    view: document.documentElement.clientWidth,
  }));
  return [
    ...(m.scroll <= m.client ? [] : [`${label}: ${testId} scrolls sideways (${m.scroll} > ${m.client})`]),
    ...(m.page <= m.view ? [] : [`${label}: the page scrolls sideways (${m.page} > ${m.view})`]),
  ];
}

/** Every element of the test id takes at most `max` lines of text. */
export async function atMostLines(page: Page, testId: string, max: number, label: string): Promise<string[]> {
  const counts = await page.getByTestId(testId).evaluateAll((els) =>
    els.map((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      // Lines: the distinct rows of text boxes (boxes of one row differ by a few pixels at most).
      const tops = Array.from(range.getClientRects())
        .map((r) => r.top)
        .sort((a, b) => a - b);
      return tops.filter((top, i) => i === 0 || top - tops[i - 1] > 6).length;
    }),
  );
  return counts.length > 0 && counts.every((n) => n <= max)
    ? []
    : [`${label}: each ${testId} should take at most ${max} line(s) (${counts.join(', ')})`];
}

interface AxisLabels {
  x: number;
  y: number;
  overlapping: string[];
  outside: string[];
}

/**
 * The chart's axis tick labels (SVG text) stay apart from one another and inside the chart's
 * drawing (its SVG), on both axes; each axis shows at least two labels.
 */
export async function chartLabelsApart(page: Page, testId: string, label: string): Promise<string[]> {
  const m = await page.getByTestId(testId).evaluate((root): AxisLabels => {
    const texts = Array.from(root.querySelectorAll<SVGTextElement>('.MuiChartsAxis-tickLabel'));
    const svg = texts[0]?.closest('svg');
    const frame = svg?.getBoundingClientRect();
    const boxes = texts
      .map((t) => ({
        text: t.textContent ?? '',
        x: !!t.closest('.MuiChartsAxis-directionX'),
        r: t.getBoundingClientRect(),
      }))
      .filter((b) => b.r.width > 0 && b.text.trim() !== '');
    // Boxes that merely touch are not enough: two day labels 1 px apart read as one ("2026 7 Dec
    // 2026"). Neighbours on the x axis keep 8 px between them (more than a space), on the y axis 2 px;
    // labels of different axes just may not overlap.
    const gapX = 8;
    const gapY = 2;
    const tol = 0.5; // below a pixel of the screen
    const overlapping: string[] = [];
    for (let i = 0; i < boxes.length; i += 1) {
      for (let j = i + 1; j < boxes.length; j += 1) {
        const [a, b] = [boxes[i].r, boxes[j].r];
        const same = boxes[i].x === boxes[j].x;
        const [dx, dy] = same ? (boxes[i].x ? [gapX, 0] : [0, gapY]) : [0, 0];
        if (
          a.left < b.right + dx - tol &&
          b.left < a.right + dx - tol &&
          a.top < b.bottom + dy - tol &&
          b.top < a.bottom + dy - tol
        ) {
          overlapping.push(`"${boxes[i].text}" × "${boxes[j].text}"`);
        }
      }
    }
    const outside = frame
      ? boxes
          .filter(
            ({ r }) =>
              r.left < frame.left - tol ||
              r.right > frame.right + tol ||
              r.top < frame.top - tol ||
              r.bottom > frame.bottom + tol,
          )
          .map((b) => `"${b.text}"`)
      : ['no chart drawn'];
    return { x: boxes.filter((b) => b.x).length, y: boxes.filter((b) => !b.x).length, overlapping, outside };
  });
  const at = `${label}: ${testId}`;
  return [
    ...(m.x > 1 && m.y > 1 ? [] : [`${at} should show two labels or more on each axis (${m.x} on x, ${m.y} on y)`]),
    ...(m.overlapping.length === 0
      ? []
      : [`${at}: ${m.overlapping.length} pairs of tick labels collide: ${m.overlapping.slice(0, 4).join(', ')}`]),
    ...(m.outside.length === 0
      ? []
      : [`${at}: ${m.outside.length} tick labels outside the chart: ${m.outside.slice(0, 4).join(', ')}`]),
  ];
}
