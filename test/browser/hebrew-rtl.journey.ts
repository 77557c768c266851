import { check, type Journey } from './harness';
import { chooseLanguage, expectTitle, signInAndLand } from './steps';

/** The company's default is Hebrew (right to left); English turns it off; Hebrew again turns it on with Hebrew labels. */
const journey: Journey = {
  name: 'hebrew-rtl',
  async run({ newPage, webUrl }) {
    const page = await newPage();
    // Nothing the console asks for is missing (the favicon was a 404 on every load).
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) missing.push(r.url());
    });
    await signInAndLand(page, webUrl, 'planner@demo.mixdesk.test', /\/dashboard\/default$/);
    await page.goto(`${webUrl}/accounts/list`);
    await page.getByTestId('account-row').first().waitFor();
    const dir = () => page.evaluate(() => document.documentElement.getAttribute('dir'));
    check((await dir()) === 'rtl', 'the company default (Hebrew) is right to left');

    await chooseLanguage(page, 'en');
    check((await dir()) === 'ltr', 'English is left to right');
    await expectTitle(page, 'Accounts');

    await chooseLanguage(page, 'he');
    check((await dir()) === 'rtl', 'Hebrew is right to left');
    check((await page.locator('html[dir="rtl"][lang="he"]').count()) === 1, '<html dir="rtl" lang="he">');
    await expectTitle(page, 'לקוחות');
    await page.getByText('ניהול קמפיינים').first().waitFor();
    await page.getByRole('columnheader', { name: 'שם' }).waitFor();
    const drawerBox = await page.getByTestId('side-menu').boundingBox();
    check(drawerBox && drawerBox.x > 600, 'the drawer sits on the right in Hebrew');

    const icon = await page.locator('link[rel="icon"]').getAttribute('href');
    check(icon === '/favicon.svg', `the page names its favicon (${icon})`);
    const favicon = await page.request.get(`${webUrl}/favicon.svg`);
    check(
      favicon.status() === 200 && (favicon.headers()['content-type'] ?? '').startsWith('image/svg+xml'),
      `the favicon is served (${favicon.status()} ${favicon.headers()['content-type']})`,
    );
    check((await favicon.text()).includes('<svg'), 'the favicon is the SVG mark, not the console page');

    // The choice is kept across a reload.
    await page.reload();
    await page.getByTestId('account-row').first().waitFor();
    check((await dir()) === 'rtl', 'still right to left after a reload');
    check(missing.length === 0, `no 404 on the way: ${missing.join(', ')}`);
    return page;
  },
};
export default journey;
