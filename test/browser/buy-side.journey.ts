import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { check, type Journey } from './harness';
import { apiCall, apiToken, chooseLanguage, chooseOption, findDemoPlan, signInAndLand } from './steps';

/**
 * The buy side from an approved plan to the margin, in real Chromium against the local stack. The
 * demo's "Galil social" plan is approved and its actuals came from the ad-platform fakes at start,
 * but it has no orders: the approver generates them, approves the Meta order and sends it; the
 * vendor's contact opens the link the mail catcher holds and accepts; the planner enters a bill
 * with its PDF that reconciles (matched) and one billed above the order (disputed); the approver
 * approves the matched one and pays it; the payables CSV is read back; the analyst sees the margin.
 */
const PLANNER = 'planner@demo.mixdesk.test';
const APPROVER = 'approver@demo.mixdesk.test';
const ANALYST = 'analyst@demo.mixdesk.test';
const CONTACT = 'billing@meta.example';
const APPROVED = 3;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

interface Bill {
  ID: number;
  VendorRef: string;
  Status: 'matched' | 'disputed';
  Ordered: number;
  Delivered: number | null;
  Expected: number;
  Gross: number;
  Reasons: string[];
  FileUrl: string | null;
}

const mails = async (sesEndpoint: string) =>
  (await (await fetch(`${sesEndpoint}/_fake/mails`)).json()) as { To: string[]; Text: string }[];

/** The bill dialog of the order (its "Bills" link), filled and saved; the chip then tells its check. */
async function enterBill(page: Page, orderPath: string, bill: { month: string; ref: string; net: number }) {
  await page.goto(orderPath);
  await page.getByTestId('order-bills').click();
  const dialog = page.getByTestId('bill-dialog');
  await dialog.getByTestId('bill-order').waitFor();
  await chooseOption(page, dialog.getByRole('combobox', { name: 'Month' }), bill.month);
  await dialog.getByTestId('bill-VendorRef').fill(bill.ref);
  await dialog.getByTestId('bill-BillDate').fill(new Date().toISOString().slice(0, 10));
  await dialog.getByTestId('bill-Net').fill(String(bill.net));
  await dialog.getByTestId('bill-Vat').fill('0');
  await dialog.getByTestId('bill-Gross').fill(String(bill.net));
  await dialog
    .getByTestId('bill-file-input')
    .setInputFiles({ name: `${bill.ref}.pdf`, mimeType: 'application/pdf', buffer: PDF });
  await dialog.getByTestId('bill-file-state').getByText('PDF uploaded').waitFor();
  await dialog.getByTestId('save-bill').click();
  await dialog.getByTestId('bill-review').waitFor();
  return dialog;
}

const journey: Journey = {
  name: 'buy-side',
  async run({ newPage, webUrl, stack, log }) {
    const api = async <T>(email: string, route: string, body: unknown, accountId?: number) =>
      apiCall<T>(stack.apiUrl, await apiToken(stack, email), route, body, accountId);
    const plannerToken = await apiToken(stack, PLANNER);
    const { account: galil, versions } = await findDemoPlan(stack.apiUrl, plannerToken, 'Galil Foods', 'Galil social');
    const approvedVersion = versions.find((v) => v.Status === APPROVED);
    check(approvedVersion, 'the demo plan Galil social has an approved version');

    // 1. The approver makes the plan's orders, approves the Meta order and sends it to its confirmed contact.
    const approver = await newPage();
    await signInAndLand(approver, webUrl, APPROVER, /\/accounts\/list$/);
    await chooseLanguage(approver, 'en');
    await approver.goto(`${webUrl}/orders/list?account=${galil.ID}&mix=${approvedVersion.ID}`);
    await approver.getByTestId('generate-orders').click();
    await approver.getByTestId('generate-result').waitFor();
    const row = approver.getByTestId('order-row').filter({ hasText: 'Meta' });
    const orderId = Number(await row.getAttribute('data-order-id'));
    await row.getByRole('link').first().click();
    await approver.waitForURL(/\/detail$/);
    const orderPath = `${webUrl}/orders/${galil.ID}/${orderId}/detail`;
    await approver.getByTestId('approve-order').click();
    await approver.getByTestId('send-order').click();
    await approver.getByTestId(`send-contact-${CONTACT}`).check();
    const mailsBefore = (await mails(stack.sesEndpoint)).length;
    await approver.getByTestId('send-confirm').click();
    await approver.getByTestId('order-send-status').waitFor();
    log(`order ${orderId} of Galil social approved and sent to ${CONTACT}`);

    // 2. The vendor follows the link in the mail catcher, with no account, and accepts with a typed name.
    // The catcher answers newest first: the new mails lead.
    const caught = await mails(stack.sesEndpoint);
    const sent = caught.slice(0, caught.length - mailsBefore).find((m) => m.To.includes(CONTACT));
    const link = sent?.Text.match(/https?:\/\/\S+order-acceptance\S+/)?.[0];
    check(link, 'the mail catcher holds the order mail with its link');
    const vendorPage = await newPage();
    await vendorPage.goto(link);
    await vendorPage.locator('input[name="typedName"]').fill('Dana Vendor');
    await vendorPage
      .locator('form', { has: vendorPage.locator('input[value="accept"]') })
      .locator('button')
      .click();
    await vendorPage.waitForLoadState();
    type Order = { Periods: { Month: string; Amount: number }[]; Send: { PdfSha256: string; Decision: any } };
    const order = await api<Order>(PLANNER, 'OrdersService/GetOrder', { orderId }, galil.ID);
    const decision = order.Send.Decision;
    check(
      decision?.Kind === 'accepted' &&
        decision.TypedName === 'Dana Vendor' &&
        decision.DocumentSha256 === order.Send.PdfSha256,
      `the acceptance records the typed name and the sent PDF's SHA-256 (${JSON.stringify(decision)})`,
    );

    // 3. The planner enters two bills of past months: one corrected to its expected amount (matched), one above the order (disputed).
    const thisMonth = new Date().toISOString().slice(0, 7);
    const past = order.Periods.filter((p) => p.Month < thisMonth);
    check(past.length >= 2, `the order has two past months (${order.Periods.map((p) => p.Month)})`);
    const [m, d] = past;
    const planner = await newPage();
    await signInAndLand(planner, webUrl, PLANNER, /\/dashboard\/default$/);
    await chooseLanguage(planner, 'en');
    const refs = { matched: `META-${orderId}-${m.Month}`, disputed: `META-${orderId}-${d.Month}` };
    let dialog = await enterBill(planner, orderPath, { month: m.Month, ref: refs.matched, net: m.Amount });
    const bills = async () =>
      (
        await api<{ Items: Bill[] }>(
          PLANNER,
          'VendorBillsService/GetVendorBillsList',
          { accountId: galil.ID },
          galil.ID,
        )
      ).Items;
    const billOf = async (ref: string) => {
      const found = (await bills()).find((b) => b.VendorRef === ref);
      check(found, `the bill ${ref} is listed`);
      return api<Bill>(PLANNER, 'VendorBillsService/GetVendorBill', { billId: found.ID }, galil.ID);
    };
    const first = await billOf(refs.matched);
    check(
      first.Delivered !== null && first.Delivered > 0,
      `${m.Month} has delivery from the platform fakes (${first.Delivered})`,
    );
    check(first.FileUrl, 'the bill keeps its PDF');
    await dialog.getByTestId('bill-Net').fill(String(first.Expected));
    await dialog.getByTestId('bill-Gross').fill(String(first.Expected));
    await dialog.getByTestId('save-bill').click();
    await dialog.getByTestId('bill-status').getByText('Matched').waitFor();
    dialog = await enterBill(planner, orderPath, {
      month: d.Month,
      ref: refs.disputed,
      net: Math.round(d.Amount * 110) / 100,
    });
    await dialog.getByTestId('bill-status').getByText('Disputed').waitFor();
    check((await dialog.getByTestId('bill-reason').count()) > 0, 'the disputed bill says why');
    const matched = await billOf(refs.matched);
    check(matched.Status === 'matched' && matched.Gross === first.Expected, `matched at ${first.Expected}`);
    log(`bills: ${m.Month} matched at ${first.Expected} (ordered ${m.Amount}), ${d.Month} disputed`);

    // 4. The approver (a second person) approves the matched bill and pays it in full.
    await approver.goto(`${webUrl}/payables/list`);
    await approver.locator(`[data-testid="bill-row"][data-bill-id="${matched.ID}"]`).getByTestId('open-bill').click();
    await approver.getByTestId('approve-bill').click();
    await approver.getByTestId('bill-approved').waitFor();
    await approver.getByTestId('payment-date').fill(new Date().toISOString().slice(0, 10));
    await approver.getByTestId('payment-amount').fill(String(matched.Gross));
    await approver.getByTestId('record-payment').click();
    await approver.getByTestId('bill-review').getByTestId('pay-status').getByText('Paid').waitFor();
    // 5. The payables export, read back (a fresh screen: the list as stored, no dialog over it).
    await approver.goto(`${webUrl}/payables/list`);
    await approver.locator(`[data-testid="bill-row"][data-bill-id="${matched.ID}"]`).waitFor();

    const [csv] = await Promise.all([approver.waitForEvent('download'), approver.getByTestId('export-csv').click()]);
    const lines = readFileSync(await csv.path())
      .toString('utf8')
      .split(/\r?\n/);
    const lineOf = (ref: string) => lines.find((l) => l.includes(ref)) ?? '';
    check(lineOf(refs.matched) && lineOf(refs.disputed), 'the CSV lists both bills');
    check(
      lineOf(refs.matched).includes(matched.Gross.toFixed(2)),
      `the CSV shows the matched bill's gross ${matched.Gross}`,
    );

    // 6. The analyst's margin: the billed month's cost is the bill.
    type Margin = { Months: { Month: string; Cost: number; Billed: number }[] };
    const margin = await api<Margin>(
      ANALYST,
      'VendorBillsService/GetAccountMargin',
      { fromMonth: m.Month, toMonth: d.Month },
      galil.ID,
    );
    const month = margin.Months.find((x) => x.Month === m.Month);
    check(
      month && month.Billed >= 1 && month.Cost >= matched.Gross,
      `the margin counts the bill (${JSON.stringify(month)})`,
    );
    const analyst = await newPage();
    await signInAndLand(analyst, webUrl, ANALYST, /^(?!.*\/login).*$/);
    await chooseLanguage(analyst, 'en');
    await analyst.goto(`${webUrl}/performance/margin?account=${galil.ID}&from=${m.Month}&to=${d.Month}`);
    await analyst.locator(`[data-testid="margin-row"][data-month="${m.Month}"]`).waitFor();
    await analyst.getByTestId('margin-total').waitFor();
    return analyst;
  },
};

export default journey;
