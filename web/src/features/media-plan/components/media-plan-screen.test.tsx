/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { convertInverse, planTotals } from '@server/shared/money';
import { setLocale } from '../../../lib/i18n';
import { chooseLocale } from '../../../lib/display/settings-store';
import { callsTo, fail, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { ACTIVITY, EXAMPLE_LINES, line, listItem, planReads, RATE, versionInfo } from '../testing/plan-fixtures';
import { MediaPlanScreen } from './media-plan-screen';
import { stripIsolates } from '../../../testing/bidi';

type Body = Record<string, unknown>;
type Handler = (body: Body, headers: Record<string, string>) => { status?: number; json: unknown };

setUpScreenTests({ quiet: true });

/** The plan screen's API with one version (`info`), plus any handler given. */
function planApi(info = versionInfo(), extra: Record<string, Handler> = {}) {
  return mockApi({
    ...planReads(info),
    ...extra,
  });
}

const render = (path = '/accounts/1/activities/5/mediaMix/list') =>
  renderWithProviders(<MediaPlanScreen accountId={1} activityId={5} />, path);

const rowOf = (id: number) => document.querySelector(`[data-line-id="${id}"]`) as HTMLElement;
const cell = (id: number, name: string) => rowOf(id).querySelector(`[name="${name}"]`) as HTMLInputElement;
const total = (k: string) => screen.getByTestId(`total-${k}`);
const editor = () => screen.findByTestId('plan-editor');

describe('media plan: totals (docs/domain.md)', () => {
  it('the footer equals money.planTotals of the worked example: ₪18,654.03, and the converted total with the rate', async () => {
    signInAs(PROFILES.planner);
    planApi();
    render();
    await editor();
    const expected = planTotals(
      EXAMPLE_LINES.map((l) => ({
        budget: l.Budget,
        managementFeePct: l.ManagementFeePct,
        systemFeePct: l.SystemFeePct,
        imageCreatives: l.ImageCreatives,
        videoCreatives: l.VideoCreatives,
      })),
      { applyVat: true, vatPct: 18, setupFee: 300, imageSubmitFee: 0.5, videoSubmitFee: 1.3 },
    );
    expect(expected.total).toBe(1865403);
    for (const k of [
      'net',
      'managementFee',
      'systemFee',
      'creativeFee',
      'setupFee',
      'subtotal',
      'vat',
      'total',
    ] as const) {
      expect(Number(total(k).getAttribute('data-minor'))).toBe(expected[k]);
    }
    expect(total('net').textContent).toBe('₪13,333.33');
    expect(total('managementFee').textContent).toBe('₪1,916.67');
    expect(total('systemFee').textContent).toBe('₪250.00');
    expect(total('creativeFee').textContent).toBe('₪8.50');
    expect(total('setupFee').textContent).toBe('₪300.00');
    expect(total('subtotal').textContent).toBe('₪15,808.50');
    expect(total('vat').textContent).toBe('₪2,845.53');
    expect(total('total').textContent).toBe('₪18,654.03');
    // ILS → USD with a USD→ILS rate: divided once, half-up (as the API's convertWith).
    expect(convertInverse(expected.total, RATE.Rate)).toBe(502465);
    expect(total('converted').textContent).toBe('$5,024.65');
    expect(screen.getByTestId('rate-used').textContent).toContain(`1 USD = ${RATE.Rate} ILS`);
    // Each line shows its own rounded amounts; the footer is their sum.
    expect(rowOf(202).querySelector('[data-amount="managementFee"]')?.textContent).toBe('₪416.67');
  });

  it('the rate line under the totals: in Hebrew its date is an isolate and the colon stays outside it; in English no bidi controls', async () => {
    signInAs(PROFILES.planner);
    planApi();
    render();
    await editor();
    const english = screen.getByTestId('rate-used').textContent ?? '';
    expect(english).not.toMatch(/[\u2066-\u2069]/);
    cleanup();
    await act(async () => {
      chooseLocale('he');
      await setLocale('he');
    });
    try {
      signInAs(PROFILES.planner);
      const api = planApi();
      render();
      await editor();
      const hebrew = screen.getByTestId('rate-used').textContent ?? '';
      // "שער מ-<FSI>date<PDI>: " and the rate itself left to right in its own isolate.
      expect(hebrew).toMatch(/^שער מ-\u2068[^\u2066-\u2069]+\u2069: /);
      expect(screen.getByTestId('rate-used').querySelector('bdi[dir="ltr"]')?.textContent).toBe(
        `1 USD = ${RATE.Rate} ILS`,
      );
      // A line's dates are typed the Hebrew way (day first) and saved as YYYY-MM-DD.
      expect(cell(202, 'StartDate').value).toBe('01.03.2026');
      fireEvent.change(cell(202, 'StartDate'), { target: { value: '15.04.2026' } });
      fireEvent.focusOut(cell(202, 'StartDate'), { relatedTarget: document.body });
      await waitFor(() =>
        expect(callsTo(api, 'SaveMediaChannel').at(-1)?.body.mediaChannel).toMatchObject({ StartDate: '2026-04-15' }),
      );
    } finally {
      cleanup();
      chooseLocale('en');
      await act(async () => {
        await setLocale('en');
      });
    }
  });

  it("says which rate is missing in the user's words, from RateMissingOn (not the server's English RateMissing)", async () => {
    signInAs(PROFILES.planner);
    planApi(
      versionInfo({
        ExchangeRateUsed: null,
        RateMissing: 'server English text',
        RateMissingOn: { From: 'ILS', To: 'USD', Date: '2026-02-01' },
      }),
    );
    render();
    await editor();
    const alert = screen.getByTestId('rate-missing').textContent;
    expect(alert).toContain('No exchange rate from ILS to USD (or back) on or before');
    expect(alert).not.toContain('server English text');
    expect(screen.queryByTestId('total-converted')).toBeNull();
  });

  it('updates the footer live while a budget is typed, without saving yet', async () => {
    signInAs(PROFILES.planner);
    const api = planApi();
    render();
    await editor();
    fireEvent.change(cell(202, 'Budget'), { target: { value: '5,000' } });
    // 15,000 net; fees 1,500 + 625 + 250; creatives 8.50; setup 300 → 17,683.50 + VAT 3,183.03
    expect(total('net').textContent).toBe('₪15,000.00');
    expect(total('total').textContent).toBe('₪20,866.53');
    expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(0);
  });

  it("measures the net media against the activity's budget as it is typed: what remains, then by how much it is over", async () => {
    signInAs(PROFILES.planner);
    planApi();
    render();
    await editor();
    // The activity's budget is ₪15,000; the net is 10,000 + 3,333.33.
    expect(screen.getByTestId('budget-check').textContent).toBe(
      '₪1,666.67 of the activity budget (₪15,000.00) remains',
    );
    fireEvent.change(cell(202, 'Budget'), { target: { value: '5,500' } });
    const over = screen.getByTestId('budget-check');
    expect(over.textContent).toBe('Net media is over the activity budget (₪15,000.00) by ₪500.00');
    expect(over.getAttribute('data-over')).toBe('50000');
  });
});

describe('media plan: custom columns', () => {
  it('shows the media-plan columns per line, evaluated with formula.ts on the line as typed', async () => {
    signInAs(PROFILES.planner);
    planApi(versionInfo(), {
      'CustomColumnsService/GetCustomColumnsList': (body) => {
        expect(body).toEqual({ scope: 'mediaPlan' });
        return ok({
          Items: [
            {
              ID: 7,
              Name: 'Cost per click',
              Formula: 'budget / clicks',
              Names: ['budget', 'clicks'],
              Format: 'currency',
              Scope: 'mediaPlan',
              Status: 'Active',
              version: 1,
            },
          ],
        });
      },
    });
    render();
    await editor();
    expect(screen.getByRole('columnheader', { name: 'Cost per click' })).toBeTruthy();
    const col = () => rowOf(201).querySelector('[data-column="Cost per click"]')?.textContent;
    expect(col()).toBe('₪4.50'); // 10,000 / 2,222 clicks (CPC 4.50, rounded down)
    fireEvent.change(cell(201, 'UnitCost'), { target: { value: '5' } });
    expect(col()).toBe('₪5.00');
    expect(rowOf(202).querySelector('[data-column="Cost per click"]')?.textContent).toBe('₪0.00'); // CPV plans views, not clicks: ÷ 0 → 0
  });
});

describe('media plan: editing lines', () => {
  // A grid edit is one write that leaves the mix's version (MediaMixChanged false); a change on the
  // server's full path (new dates or type) moves it on by one.
  it.each([
    [false, 7],
    [true, 8],
  ])(
    "a line edit calls SaveMediaChannel from the line's version; with MediaMixChanged %s Submit sends version %i",
    async (versionChanged, submitted) => {
      signInAs(PROFILES.planner);
      const info = versionInfo();
      const api = planApi(info, {
        'AccountsService/SaveMediaChannel': (body) => {
          const l = body.mediaChannel as Body;
          return ok({ ...EXAMPLE_LINES[0], ...l, version: (l.version as number) + 1, MediaMixChanged: versionChanged });
        },
        'MediaMixService/SubmitMediaMix': (body) =>
          ok({ ...listItem(info), Status: 2, version: (body.version as number) + 1 }),
      });
      render();
      await editor();
      fireEvent.change(cell(201, 'Budget'), { target: { value: '12000.5' } });
      fireEvent.change(cell(201, 'Name'), { target: { value: 'Search - brand' } });
      // Moving within the row does not save; leaving it does.
      fireEvent.focusOut(cell(201, 'Budget'), { relatedTarget: cell(201, 'Name') });
      expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(0);
      fireEvent.focusOut(cell(201, 'Name'), { relatedTarget: document.body });
      await waitFor(() => expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(1));
      const [save] = callsTo(api, 'SaveMediaChannel');
      expect(save.headers).toMatchObject({ 'x-account-id': '1' });
      expect(save.body.mediaChannel).toMatchObject({
        ID: 201,
        MediaMixId: 11,
        version: 3,
        Budget: 12000.5,
        Name: 'Search - brand',
        ManagementFeePct: 15,
        SystemFeePct: 2.5,
        ImageCreatives: 4,
        VideoCreatives: 2,
      });
      await waitFor(() => expect(rowOf(201).className).not.toContain('dirty'));
      // The mix was read at version 7.
      fireEvent.click(screen.getByTestId('submit-plan'));
      await waitFor(() => expect(callsTo(api, 'SubmitMediaMix')).toHaveLength(1));
      expect(callsTo(api, 'SubmitMediaMix')[0].body).toEqual({ mediaMixId: 11, version: submitted });
    },
  );

  it('an invalid value is marked and not saved', async () => {
    signInAs(PROFILES.planner);
    const api = planApi();
    render();
    await editor();
    fireEvent.change(cell(201, 'Budget'), { target: { value: '10.005' } });
    fireEvent.focusOut(cell(201, 'Budget'), { relatedTarget: document.body });
    expect(cell(201, 'Budget').getAttribute('aria-invalid')).toBe('true');
    // Dates are typed in the UI's format, not the browser's; the row holds YYYY-MM-DD.
    expect((cell(202, 'StartDate') as HTMLInputElement).value).toBe('03/01/2026');
    // A line runs within the activity's dates (1 March – 31 May 2026).
    fireEvent.change(cell(202, 'EndDate'), { target: { value: '06/30/2026' } });
    fireEvent.focusOut(cell(202, 'EndDate'), { relatedTarget: document.body });
    expect(cell(202, 'EndDate').getAttribute('aria-invalid')).toBe('true');
    expect(cell(202, 'EndDate').getAttribute('title')).toBe(
      "End, line 2: the line runs 2026-03-01 to 2026-06-30, outside the activity's dates 2026-03-01 to 2026-05-31.",
    );
    expect((cell(202, 'EndDate') as HTMLInputElement).value).toBe('06/30/2026');
    // What is no day is refused on its cell, not sent.
    fireEvent.change(cell(202, 'StartDate'), { target: { value: '31/02/2026' } });
    fireEvent.focusOut(cell(202, 'StartDate'), { relatedTarget: document.body });
    expect(cell(202, 'StartDate').getAttribute('aria-invalid')).toBe('true');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(0);
  });

  it('a field the API refuses on save (KPI_LIMIT on mediaChannel.UnitCost) is marked on its cell, until it is edited', async () => {
    signInAs(PROFILES.planner);
    const api = planApi(versionInfo(), {
      'AccountsService/SaveMediaChannel': () =>
        fail(400, 'mediaChannel.UnitCost: plans too much', 'KPI_LIMIT', { field: 'mediaChannel.UnitCost', max: 1e15 }),
    });
    render();
    await editor();
    fireEvent.change(cell(202, 'UnitCost'), { target: { value: '0.0002' } });
    fireEvent.keyDown(cell(202, 'UnitCost'), { key: 'Enter' });
    await waitFor(() => expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(1));
    await waitFor(() => expect(cell(202, 'UnitCost').getAttribute('aria-invalid')).toBe('true'));
    expect(cell(202, 'UnitCost').getAttribute('title')).toMatch(/^Unit cost, line 2/);
    expect(cell(202, 'Budget').getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(cell(202, 'UnitCost'), { target: { value: '2' } });
    expect(cell(202, 'UnitCost').getAttribute('aria-invalid')).toBeNull();
  });

  it('a 409 on a line says it was changed by someone else and reloads the plan on request', async () => {
    signInAs(PROFILES.planner);
    const api = planApi(versionInfo(), {
      'AccountsService/SaveMediaChannel': () =>
        fail(409, 'This record was changed by someone else; reload it and try again'),
    });
    render();
    await editor();
    fireEvent.change(cell(202, 'VideoCreatives'), { target: { value: '4' } });
    fireEvent.keyDown(cell(202, 'VideoCreatives'), { key: 'Enter' });
    await screen.findByText('This record was changed by someone else. Reload it and try again.');
    const before = callsTo(api, 'GetMediaMixInfo').length;
    fireEvent.click(screen.getByRole('button', { name: 'Reload', hidden: true }));
    await waitFor(() => expect(callsTo(api, 'GetMediaMixInfo').length).toBe(before + 1));
    await waitFor(() => expect(cell(202, 'VideoCreatives').value).toBe('3'));
  });

  it("changing the channel type brings its defaults the line still held (fees, buy type) and says so; the planner's own name stays; adding a line creates it with the activity's dates", async () => {
    signInAs(PROFILES.planner);
    const created = line({
      ID: 230,
      Budget: 0,
      ManagementFeePct: 10,
      SystemFeePct: 1,
      AccountChannelTypeId: 101,
      Name: 'Google Search',
    });
    const api = planApi(versionInfo(), { 'AccountsService/SaveMediaChannel': () => ok(created) });
    render();
    await editor();
    fireEvent.change(cell(202, 'AccountChannelTypeId'), { target: { value: '103' } });
    expect(cell(202, 'ManagementFeePct').value).toBe('10');
    expect(cell(202, 'SystemFeePct').value).toBe('1');
    // YouTube's CPV was the line's own default: the Meta line buys by CPM, not by views.
    expect((cell(202, 'BuyType') as unknown as HTMLSelectElement).value).toBe('CPM');
    expect(cell(202, 'Name').value).toBe('Pre-roll 15s');
    expect(within(rowOf(202) as HTMLElement).getByTestId('line-channel-note').textContent).toMatch(
      /^Follows the new channel type: .*Buy type/,
    );
    fireEvent.click(screen.getByTestId('add-line'));
    await waitFor(() => expect(rowOf(230)).toBeTruthy());
    expect(callsTo(api, 'SaveMediaChannel')[0].body.mediaChannel).toMatchObject({
      ID: 0,
      MediaMixId: 11,
      AccountChannelTypeId: 101,
      StartDate: '2026-03-01',
      EndDate: '2026-05-31',
      BuyType: 'CPC',
    });
  });
});

describe('media plan: delete, new version, export', () => {
  it('deletes a line after confirmation; the footer drops it', async () => {
    signInAs(PROFILES.planner);
    const api = planApi(versionInfo(), {
      'AccountsService/DeleteMediaChannel': (body) => ok({ ...EXAMPLE_LINES[1], ID: body.channelId, Archived: true }),
    });
    render();
    await editor();
    fireEvent.click(screen.getByRole('button', { name: 'Delete line 2' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(rowOf(202)).toBeNull());
    expect(callsTo(api, 'DeleteMediaChannel')[0]).toMatchObject({
      body: { channelId: 202 },
      headers: { 'x-account-id': '1' },
    });
    expect(total('net').textContent).toBe('₪10,000.00');
  });

  it('a new version from an approved one opens it', async () => {
    signInAs(PROFILES.planner);
    const approved = versionInfo({
      Status: 3,
      StatusName: 'Approved',
      ApprovedBy: 'approver@demo.mixdesk.test',
      ApprovedAt: '2026-02-02T09:00:00.000Z',
    });
    const draft = versionInfo({ ID: 12, Version: 2, SourceMixId: 11 });
    let made = false;
    const api = planApi(approved, {
      'MediaMixService/GetMediaMixList': () =>
        ok({ ActivityId: 5, Items: made ? [listItem(draft), listItem(approved)] : [listItem(approved)] }),
      'MediaMixService/GetMediaMixInfo': (body) =>
        ok(JSON.parse(JSON.stringify(body.mediaMixId === 12 ? draft : approved))),
      'MediaMixService/CreateMediaMixVersion': () => {
        made = true;
        return ok(listItem(draft));
      },
    });
    const { router } = render();
    await editor();
    fireEvent.click(screen.getByTestId('new-version'));
    await waitFor(() => expect(router.state.location.search).toBe('?version=12'));
    expect(callsTo(api, 'CreateMediaMixVersion')[0].body).toEqual({ mediaMixId: 11 });
    await screen.findByText('Version 2', { selector: 'h2' });
    expect(screen.getByTestId('plan-grid').getAttribute('data-editable')).toBe('true');
  });

  /** Clicks Export on an Approved version as the client; returns the request bodies and the saved file names. */
  async function exportAs(fileName: string) {
    signInAs(PROFILES.client);
    const info = versionInfo({ Status: 3, StatusName: 'Approved' });
    const api = planApi(info, {
      'MediaMixService/ExportMediaMix': () =>
        ok({
          FileName: fileName,
          ContentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          ContentDisposition: 'attachment',
          Base64: btoa('PK\u0003\u0004'),
        }),
    });
    const created: Blob[] = [];
    const saved: string[] = [];
    (URL as unknown as { createObjectURL: (b: Blob) => string }).createObjectURL = (b: Blob) => {
      created.push(b);
      return 'blob:plan';
    };
    (URL as unknown as { revokeObjectURL: () => void }).revokeObjectURL = () => undefined;
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    render();
    await editor();
    fireEvent.click(screen.getByTestId('export-plan'));
    await waitFor(() => expect(saved).toEqual([fileName]));
    click.mockRestore();
    return { bodies: callsTo(api, 'ExportMediaMix').map((c) => c.body), created };
  }

  it('exports the version in the UI language: the Base64 reply is saved as its .xlsx file', async () => {
    const { bodies, created } = await exportAs('Spring launch plan v1.xlsx');
    expect(bodies).toEqual([{ mediaMixId: 11, language: 'en' }]);
    expect(created[0].type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(created[0].size).toBe(4);
  });

  describe('export in another UI language', () => {
    afterEach(async () => {
      cleanup();
      chooseLocale('en');
      await act(async () => {
        await setLocale('en');
      });
    });

    it('a Hebrew UI asks for the Hebrew file and saves it under its Hebrew name', async () => {
      chooseLocale('he');
      await setLocale('he');
      const { bodies } = await exportAs('Spring launch plan גרסה 1.xlsx');
      expect(bodies).toEqual([{ mediaMixId: 11, language: 'he' }]);
    });

    it('a French UI asks for the French file (the server writes all five languages)', async () => {
      chooseLocale('fr');
      await setLocale('fr');
      const { bodies } = await exportAs('Spring launch plan version 1.xlsx');
      expect(bodies).toEqual([{ mediaMixId: 11, language: 'fr' }]);
    });
  });
});

describe('media plan: read-only and actions per permission and status', () => {
  const buttons = () =>
    within(screen.getByTestId('plan-actions'))
      .queryAllByRole('button')
      .map((b) => b.getAttribute('data-testid'));

  it('a planner edits a Draft: add, template, save, submit, export', async () => {
    signInAs(PROFILES.planner);
    planApi();
    render();
    await editor();
    expect(screen.getByTestId('plan-grid').getAttribute('data-editable')).toBe('true');
    expect(buttons()).toEqual(['add-line', 'apply-template', 'save-draft', 'submit-plan', 'export-plan']);
  });

  it('a Submitted version: the approver may approve or reject; the planner may not, and neither edits', async () => {
    const info = versionInfo({ Status: 2, StatusName: 'Submitted' });
    signInAs(PROFILES.approver);
    planApi(info);
    render();
    await editor();
    expect(buttons()).toEqual(['approve-plan', 'reject-plan', 'export-plan']);
    expect(screen.getByTestId('plan-grid').querySelectorAll('input')).toHaveLength(0);
    cleanup();
    signInAs(PROFILES.planner);
    planApi(info);
    render();
    await editor();
    expect(buttons()).toEqual(['export-plan']);
  });

  it('an Approved version is read only; staff may start a new version from it', async () => {
    signInAs(PROFILES.planner);
    planApi(
      versionInfo({
        Status: 3,
        StatusName: 'Approved',
        ApprovedBy: 'approver@demo.mixdesk.test',
        ApprovedAt: '2026-02-02T09:00:00.000Z',
        RateFixed: true,
      }),
    );
    render();
    await editor();
    expect(screen.getByTestId('read-only')).toBeTruthy();
    expect(screen.getByTestId('plan-grid').querySelectorAll('input, select')).toHaveLength(0);
    expect(buttons()).toEqual(['new-version', 'import-plan', 'export-plan']);
    // Staff open the version's activity performance (features/performance) by its URL.
    expect(screen.getByTestId('plan-performance').getAttribute('href')).toBe(
      '/accounts/1/activities/5/mediaMix/11/stats',
    );
    // And its flowchart (features/flowchart).
    expect(screen.getByTestId('plan-flowchart').getAttribute('href')).toBe(
      '/accounts/1/activities/5/mediaMix/11/flowchart',
    );
    expect(total('total').textContent).toBe('₪18,654.03');
    expect(screen.getByTestId('rate-used').textContent).toContain('fixed at approval');
  });

  it('a client sees the approved plan read only, and may sign off or decline it with a comment', async () => {
    signInAs(PROFILES.client);
    const info = versionInfo({
      Status: 3,
      StatusName: 'Approved',
      ApprovedBy: 'approver@demo.mixdesk.test',
      ApprovedAt: '2026-02-02T09:00:00.000Z',
    });
    const api = planApi(info, {
      'MediaMixService/ClientDecline': (body) =>
        ok({
          ...listItem(info),
          ClientDeclinedAt: '2026-02-03T00:00:00Z',
          ClientDeclinedBy: 'client',
          ClientDeclinedComment: body.comment,
        }),
    });
    render();
    await editor();
    expect(screen.getByTestId('plan-grid').querySelectorAll('input, select')).toHaveLength(0);
    expect(buttons()).toEqual(['client-sign-off', 'client-decline', 'export-plan']);
    expect(screen.queryByTestId('plan-performance')).toBeNull();
    expect(callsTo(api, 'GetAccountChannelTypesList')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('client-decline'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    fireEvent.change(dialog.querySelector('textarea[name="reason"]') as Element, {
      target: { value: 'Too much on search' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(callsTo(api, 'ClientDecline')).toHaveLength(1));
    expect(callsTo(api, 'ClientDecline')[0].body).toEqual({ mediaMixId: 11, comment: 'Too much on search' });
  });

  it('the approver rejects with a reason from the version read', async () => {
    signInAs(PROFILES.approver);
    const info = versionInfo({ Status: 2, StatusName: 'Submitted', version: 9 });
    const api = planApi(info, { 'MediaMixService/RejectMediaMix': () => ok({ ...listItem(info), Status: 4 }) });
    render();
    await editor();
    fireEvent.click(screen.getByTestId('reject-plan'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('textarea[name="reason"]') as Element, {
      target: { value: 'Budget too high' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(callsTo(api, 'RejectMediaMix')).toHaveLength(1));
    expect(callsTo(api, 'RejectMediaMix')[0].body).toEqual({ mediaMixId: 11, version: 9, reason: 'Budget too high' });
  });
});

describe('media plan: apply template', () => {
  it('applies a template with a total budget to the draft and reloads its lines', async () => {
    signInAs(PROFILES.planner);
    let applied = false;
    const after = versionInfo({ version: 8 }, [
      ...EXAMPLE_LINES,
      line({ ID: 240, Budget: 6000, ManagementFeePct: 10, SystemFeePct: 0, Name: 'Meta feed' }),
    ]);
    const api = planApi(versionInfo(), {
      'MediaMixService/GetMediaMixInfo': () => ok(applied ? after : versionInfo()),
      'TemplatesService/GetTemplatesList': () =>
        ok({
          Items: [
            { ID: 3, Name: 'Always-on search + social', Description: '', LineCount: 2, Status: 'Active', version: 1 },
          ],
        }),
      'TemplatesService/ApplyTemplate': () => {
        applied = true;
        return ok({ MediaMixId: 11, TemplateId: 3, TotalBudget: 6000, Lines: [after.Lines[2]] });
      },
    });
    render();
    await editor();
    fireEvent.click(screen.getByTestId('apply-template'));
    const dialog = await screen.findByRole('dialog', { name: 'Apply a template' });
    const budget = dialog.querySelector('input[name="totalBudget"]') as HTMLInputElement;
    expect(budget.value).toBe('15000'); // the activity's budget is offered
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Required')).toBeTruthy();
    fireEvent.mouseDown(await within(dialog).findByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: /Always-on search \+ social/ }));
    fireEvent.change(budget, { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('An amount greater than 0, at most 2 decimals')).toBeTruthy();
    fireEvent.change(budget, { target: { value: '6,000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(callsTo(api, 'ApplyTemplate')).toHaveLength(1));
    expect(callsTo(api, 'ApplyTemplate')[0].body).toEqual({ templateId: 3, mediaMixId: 11, totalBudget: 6000 });
    expect(callsTo(api, 'ApplyTemplate')[0].headers).toMatchObject({ 'x-account-id': '1' });
    await waitFor(() => expect(rowOf(240)).toBeTruthy());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(total('net').textContent).toBe('₪19,333.33');
  });
});

describe('media plan: no plan yet', () => {
  it("staff start the activity's plan; a client only reads that there is none", async () => {
    signInAs(PROFILES.planner);
    const info = versionInfo({}, []);
    let created = false;
    const api = planApi(info, {
      'MediaMixService/GetMediaMixList': () => ok({ ActivityId: 5, Items: created ? [listItem(info)] : [] }),
      'MediaMixService/SaveMediaMix': () => {
        created = true;
        return ok(listItem(info));
      },
    });
    render();
    fireEvent.click(await screen.findByTestId('create-plan'));
    await editor();
    expect(callsTo(api, 'SaveMediaMix')[0].body).toEqual({
      mediaMix: { ID: 0, ActivityId: 5, Name: 'Hadar spring launch – media plan' },
    });
    expect(screen.getByTestId('plan-empty')).toBeTruthy();
    cleanup();
    signInAs(PROFILES.client);
    planApi(info, { 'MediaMixService/GetMediaMixList': () => ok({ ActivityId: 5, Items: [] }) });
    render();
    await screen.findByText('No approved media plan to show yet.');
    expect(screen.queryByTestId('create-plan')).toBeNull();
  });
});

describe('media plan: monthly split of a line', () => {
  // A two-month line: January has 31 of its 59 days, February 28, so ₪5,900 splits 3,100 / 2,800 by days.
  const winter = (over: Partial<Parameters<typeof line>[0]> = {}) =>
    line({
      ID: 250,
      Name: 'Meta winter',
      AccountChannelTypeId: 103,
      ChannelTypeName: 'Meta',
      BuyType: 'CPM',
      UnitCost: 12.5,
      StartDate: '2026-01-01',
      EndDate: '2026-02-28',
      Budget: 5900,
      ManagementFeePct: 10,
      SystemFeePct: 1,
      ImageCreatives: 2,
      Notes: 'winter push',
      version: 4,
      ...over,
    });
  const winterActivity = { ...ACTIVITY, StartDate: '2026-01-01', EndDate: '2026-05-31' };
  /** The plan with the winter line, whose saves the fake API answers with the line as sent (version + 1). */
  const splitApi = (
    l = winter(),
    over: Partial<Parameters<typeof versionInfo>[0]> = {},
    extra: Record<string, Handler> = {},
  ) => {
    const info = versionInfo(over, [...EXAMPLE_LINES, l]);
    return planApi(info, {
      'ActivitiesService/GetActivityInfo': () => ok(winterActivity),
      'AccountsService/SaveMediaChannel': (body) => {
        const sent = body.mediaChannel as Body;
        return ok({ ...l, ...sent, version: (sent.version as number) + 1, MediaMixChanged: true });
      },
      'MediaMixService/SubmitMediaMix': (body) =>
        ok({ ...listItem(info), Status: 2, version: (body.version as number) + 1 }),
      ...extra,
    });
  };
  const openSplit = async (name: string) => {
    fireEvent.click(screen.getByTestId('split-250'));
    return screen.findByRole('dialog', { name: (accessible) => stripIsolates(accessible) === name });
  };
  const month = (dialog: HTMLElement, label: string) => within(dialog).getByLabelText(label) as HTMLInputElement;
  const text = (id: string) => screen.getByTestId(id).textContent;
  const saveButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;

  it('opens with the pro-rata months, checks the sum live and saves MonthlySplit with the line as it is', async () => {
    signInAs(PROFILES.planner);
    const api = splitApi();
    render();
    await editor();
    expect(screen.getByTestId('split-250').getAttribute('data-has-split')).toBe('false');
    const dialog = await openSplit('Monthly split – Meta winter');
    expect(within(dialog).getByText(/the budget is spread over the months by days/)).toBeTruthy();
    expect(month(dialog, 'January 2026').value).toBe('3100.00');
    expect(month(dialog, 'February 2026').value).toBe('2800.00');
    expect(dialog.querySelectorAll('input')).toHaveLength(2);
    expect(text('split-budget')).toBe('₪5,900.00');
    expect(text('split-sum')).toBe('₪5,900.00');
    expect(text('split-left')).toBe('₪0.00');
    expect(saveButton(dialog).disabled).toBe(false);

    // 100 short: the remainder is shown and Save waits.
    fireEvent.change(month(dialog, 'January 2026'), { target: { value: '3,000' } });
    expect(text('split-sum')).toBe('₪5,800.00');
    expect(within(dialog).getByText('Left to allocate')).toBeTruthy();
    expect(text('split-left')).toBe('₪100.00');
    expect(text('split-reason')).toBe("The months must add up to the line's budget exactly.");
    expect(saveButton(dialog).disabled).toBe(true);
    // 100 over.
    fireEvent.change(month(dialog, 'February 2026'), { target: { value: '3000' } });
    expect(within(dialog).getByText('Over the budget by')).toBeTruthy();
    expect(text('split-left')).toBe('₪100.00');
    expect(saveButton(dialog).disabled).toBe(true);
    // More than 2 decimals (or a negative amount) is not an amount.
    fireEvent.change(month(dialog, 'February 2026'), { target: { value: '2899.995' } });
    expect(text('split-reason')).toBe('Each month needs an amount of 0 or more, with at most 2 decimals.');
    expect(month(dialog, 'February 2026').getAttribute('aria-invalid')).toBe('true');
    expect(saveButton(dialog).disabled).toBe(true);
    fireEvent.change(month(dialog, 'February 2026'), { target: { value: '-2900' } });
    expect(saveButton(dialog).disabled).toBe(true);
    fireEvent.change(month(dialog, 'February 2026'), { target: { value: '2900' } });
    expect(text('split-left')).toBe('₪0.00');
    expect(screen.queryByTestId('split-reason')).toBeNull();
    expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(0);

    fireEvent.click(saveButton(dialog));
    await waitFor(() => expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(1));
    expect(callsTo(api, 'SaveMediaChannel')[0].body.mediaChannel).toEqual({
      ID: 250,
      MediaMixId: 11,
      AccountChannelTypeId: 103,
      Name: 'Meta winter',
      StartDate: '2026-01-01',
      EndDate: '2026-02-28',
      BuyType: 'CPM',
      UnitCost: 12.5,
      Budget: 5900,
      ManagementFeePct: 10,
      SystemFeePct: 1,
      ImageCreatives: 2,
      VideoCreatives: 0,
      Notes: 'winter push',
      MonthlySplit: { '2026-01': 3000, '2026-02': 2900 },
      vendorId: null,
      version: 4,
    });
    await screen.findByText('Monthly split saved');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('split-250').getAttribute('data-has-split')).toBe('true');
    // The line as returned (version 5) is the row's now: the split opens as saved.
    const again = await openSplit('Monthly split – Meta winter');
    expect(month(again, 'January 2026').value).toBe('3000.00');
    expect(within(again).getByText(/This line has its own budget per month\./)).toBeTruthy();
    fireEvent.click(within(again).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The save moved the mix's version on (MediaMixChanged): Submit sends 8, not the 7 read.
    fireEvent.click(screen.getByTestId('submit-plan'));
    await waitFor(() => expect(callsTo(api, 'SubmitMediaMix')).toHaveLength(1));
    expect(callsTo(api, 'SubmitMediaMix')[0].body).toEqual({ mediaMixId: 11, version: 8 });
  });

  it('"Even by days" brings back the pro-rata months; "Clear split" saves MonthlySplit null', async () => {
    signInAs(PROFILES.planner);
    const api = splitApi(winter({ MonthlySplit: { '2026-01': 1000, '2026-02': 4900 } }));
    render();
    await editor();
    expect(screen.getByTestId('split-250').getAttribute('data-has-split')).toBe('true');
    expect(screen.getByTestId('split-250').getAttribute('aria-label')).toBe(
      'Monthly split (set for this line), line 3',
    );
    const dialog = await openSplit('Monthly split – Meta winter');
    expect(month(dialog, 'January 2026').value).toBe('1000.00');
    expect(month(dialog, 'February 2026').value).toBe('4900.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Even by days' }));
    expect(month(dialog, 'January 2026').value).toBe('3100.00');
    expect(month(dialog, 'February 2026').value).toBe('2800.00');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear split' }));
    await waitFor(() => expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(1));
    expect(callsTo(api, 'SaveMediaChannel')[0].body.mediaChannel).toMatchObject({
      ID: 250,
      Budget: 5900,
      MonthlySplit: null,
      version: 4,
      Notes: 'winter push',
    });
    await screen.findByText('Monthly split cleared: the budget is spread by days');
    await waitFor(() => expect(screen.getByTestId('split-250').getAttribute('data-has-split')).toBe('false'));
  });

  it('a grid edit keeps the split while budget and dates stay, and says so when a new budget resets it', async () => {
    signInAs(PROFILES.planner);
    const api = splitApi(winter({ MonthlySplit: { '2026-01': 1000, '2026-02': 4900 } }));
    render();
    await editor();
    fireEvent.change(cell(250, 'Notes'), { target: { value: 'winter push, more video' } });
    fireEvent.keyDown(cell(250, 'Notes'), { key: 'Enter' });
    await waitFor(() => expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(1));
    expect(callsTo(api, 'SaveMediaChannel')[0].body.mediaChannel).toMatchObject({
      Notes: 'winter push, more video',
      MonthlySplit: { '2026-01': 1000, '2026-02': 4900 },
      version: 4,
    });
    await waitFor(() => expect(rowOf(250).className).not.toContain('dirty'));
    expect(screen.queryByText(/monthly split was reset/)).toBeNull();
    fireEvent.change(cell(250, 'Budget'), { target: { value: '6000' } });
    fireEvent.keyDown(cell(250, 'Budget'), { key: 'Enter' });
    await waitFor(() => expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(2));
    expect(callsTo(api, 'SaveMediaChannel')[1].body.mediaChannel).toMatchObject({
      Budget: 6000,
      MonthlySplit: null,
      version: 5,
    });
    await screen.findByText(
      'The budget or dates of "Meta winter" changed, so its monthly split was reset to an even split by days',
    );
    await waitFor(() => expect(screen.getByTestId('split-250').getAttribute('data-has-split')).toBe('false'));
  });

  it('a row holding edits is saved first, then its split opens; a row with invalid edits cannot open it', async () => {
    signInAs(PROFILES.planner);
    const api = splitApi();
    render();
    await editor();
    fireEvent.change(cell(250, 'Budget'), { target: { value: '5900.005' } });
    expect((screen.getByTestId('split-250') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('split-250').getAttribute('title')).toBe("Fix the line's marked fields first");
    fireEvent.change(cell(250, 'Budget'), { target: { value: '11,800' } });
    expect((screen.getByTestId('split-250') as HTMLButtonElement).disabled).toBe(false);
    const dialog = await openSplit('Monthly split – Meta winter');
    expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(1);
    expect(callsTo(api, 'SaveMediaChannel')[0].body.mediaChannel).toMatchObject({
      Budget: 11800,
      MonthlySplit: null,
      version: 4,
    });
    expect(text('split-budget')).toBe('₪11,800.00');
    expect(month(dialog, 'January 2026').value).toBe('6200.00');
    expect(month(dialog, 'February 2026').value).toBe('5600.00');
  });

  it('read only (an approved version, a client): the months are shown, no input is enabled, no Save', async () => {
    signInAs(PROFILES.client);
    const api = splitApi(winter({ MonthlySplit: { '2026-01': 1000, '2026-02': 4900 } }), {
      Status: 3,
      StatusName: 'Approved',
      ApprovedBy: 'approver@demo.mixdesk.test',
      ApprovedAt: '2026-02-02T09:00:00.000Z',
    });
    render();
    await editor();
    expect(screen.getByTestId('plan-grid').querySelectorAll('input, select')).toHaveLength(0);
    const dialog = await openSplit('Monthly split – Meta winter');
    const inputs = [...dialog.querySelectorAll('input')];
    expect(inputs.map((i) => i.value)).toEqual(['1000.00', '4900.00']);
    expect(inputs.every((i) => i.disabled)).toBe(true);
    expect(text('split-sum')).toBe('₪5,900.00');
    expect(within(dialog).queryByRole('button', { name: 'Save' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Clear split' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Even by days' })).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(0);
  });

  describe('in Hebrew', () => {
    afterEach(async () => {
      cleanup(); // unmount first: the language switch back re-renders nothing
      chooseLocale('en');
      await act(async () => {
        await setLocale('en');
      });
    });

    it('the dialog is in Hebrew, months named by the locale', async () => {
      chooseLocale('he');
      await setLocale('he');
      signInAs(PROFILES.planner);
      splitApi();
      render();
      await editor();
      const dialog = await openSplit('חלוקה חודשית – Meta winter');
      expect(month(dialog, 'ינואר 2026').value).toBe('3100.00');
      expect(within(dialog).getByRole('button', { name: 'חלוקה שווה לפי ימים' })).toBeTruthy();
      expect(within(dialog).getByText('נותר להקצאה')).toBeTruthy();
    });
  });
});
