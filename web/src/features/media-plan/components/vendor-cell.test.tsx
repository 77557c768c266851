/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { callsTo, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { EXAMPLE_LINES, line, planReads, versionInfo } from '../testing/plan-fixtures';
import { MediaPlanScreen } from './media-plan-screen';

setUpScreenTests({ quiet: true });

const vendor = (ID: number, Name: string, Archived = false) => ({ ID, Name, Archived });
/** Line 201 names vendor 9, archived since; the others name none. */
const LINES = [line({ ...EXAMPLE_LINES[0], VendorId: 9 }), ...EXAMPLE_LINES.slice(1)];

function planApi(info = versionInfo({}, LINES)) {
  return mockApi({
    ...planReads(info),
    'VendorsService/GetVendorsList': (b) =>
      ok({
        Items: b.archived ? [vendor(9, 'Old Outdoor', true)] : [vendor(4, 'Google Ireland'), vendor(5, 'Keshet')],
        NextToken: null,
      }),
    'AccountsService/SaveMediaChannel': (b) => {
      const sent = b.mediaChannel as { ID: number; vendorId: number | null };
      const was = LINES.find((l) => l.ID === sent.ID)!;
      return ok({ ...was, VendorId: sent.vendorId, version: was.version + 1, MediaMixChanged: false });
    },
  });
}

const rowOf = (id: number) => document.querySelector(`[data-line-id="${id}"]`) as HTMLElement;
const select = (id: number) => rowOf(id).querySelector('[name="VendorId"]') as HTMLSelectElement;
const optionTexts = (s: HTMLSelectElement) => [...s.options].map((o) => o.textContent);

describe('media plan: the Vendor cell', () => {
  it("offers the active vendors and the line's archived one by name; a choice is saved as vendorId", async () => {
    signInAs(PROFILES.planner);
    const api = planApi();
    renderWithProviders(<MediaPlanScreen accountId={1} activityId={5} />, '/accounts/1/activities/5/mediaMix/list');
    await screen.findByTestId('plan-editor');
    expect(screen.getByRole('columnheader', { name: 'Vendor' })).toBeTruthy();
    await waitFor(() =>
      expect(optionTexts(select(201))).toEqual(['No vendor', 'Google Ireland', 'Keshet', 'Old Outdoor']),
    );
    expect(select(201).value).toBe('9');
    expect(select(202).value).toBe('');
    expect(optionTexts(select(202))).toEqual(['No vendor', 'Google Ireland', 'Keshet']);

    fireEvent.change(select(202), { target: { value: '5' } });
    fireEvent.keyDown(select(202), { key: 'Enter' });
    await waitFor(() => expect(callsTo(api, 'SaveMediaChannel')).toHaveLength(1));
    expect(callsTo(api, 'SaveMediaChannel')[0].body.mediaChannel).toMatchObject({ ID: 202, vendorId: 5 });
  });

  it('a client user sees no Vendor column and reads no vendors', async () => {
    signInAs(PROFILES.client);
    const api = planApi(versionInfo({ Status: 3, StatusName: 'Approved' }, LINES));
    renderWithProviders(<MediaPlanScreen accountId={1} activityId={5} />, '/accounts/1/activities/5/mediaMix/list');
    await screen.findByTestId('plan-editor');
    expect(screen.queryByRole('columnheader', { name: 'Vendor' })).toBeNull();
    expect(callsTo(api, 'GetVendorsList')).toHaveLength(0);
  });
});
