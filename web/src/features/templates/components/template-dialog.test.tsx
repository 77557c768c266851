/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { ChannelType } from '../api/templates-api';
import { TemplateDialog } from './template-dialog';
import { ApiError } from '../../../lib/api-client';
import { checkForm } from '../../../lib/forms/route-form';
import { verdicts } from '../../../testing/api-verdict';
import { inHebrew } from '../../../testing/hebrew';
import { TEMPLATE_FORM } from './template-dialog';
import {
  emptyTemplateForm,
  evenShares,
  FULL_SHARE,
  newLine,
  shareHundredths,
  shareTotal,
  toPayload,
  type TemplateForm,
} from './template-form';
import { stripIsolates } from '../../../testing/bidi';

const ct = (
  ID: number,
  Name: string,
  Group: ChannelType['Group'],
  DefaultBuyType: ChannelType['DefaultBuyType'],
  Active = true,
): ChannelType => ({
  ID,
  Name,
  Group,
  DefaultBuyType,
  ConnectorType: 'none',
  Active,
  DefaultVendorId: null,
  version: 1,
  createdAt: '',
  createdBy: '',
  updatedAt: '',
  updatedBy: '',
});
const CATALOGUE = [
  ct(1, 'Google Search', 'Search', 'CPC'),
  ct(2, 'Meta Feed', 'Social', 'CPM'),
  ct(3, 'Print', 'Offline', 'Flat', false),
];

const line = (ChannelTypeId: string, SharePct: string) => ({
  ...newLine(),
  ChannelTypeId,
  SharePct,
  BuyType: 'CPC',
  UnitCost: '1.5',
});

describe('template shares', () => {
  it('adds shares in hundredths, so 33.33 + 33.33 + 33.34 is exactly 100 % (lambdas/modules/templates/templates.ts adds them so)', () => {
    const lines = ['33.33', '33.33', '33.34'].map((s) => line('1', s));
    expect(shareTotal(lines)).toBe(FULL_SHARE);
    expect(shareTotal([line('1', '0.1'), line('1', '0.2'), line('1', '99.7')])).toBe(FULL_SHARE);
    expect(shareHundredths('12.5')).toBe(1250);
    expect(shareHundredths('101')).toBeNull();
    expect(shareHundredths('1.234')).toBeNull();
  });

  it('splits evenly to exactly 100 %', () => {
    for (const n of [1, 3, 6, 7, 100]) {
      const shares = evenShares(n);
      expect(shares).toHaveLength(n);
      expect(shareTotal(shares.map((s) => ({ SharePct: s })))).toBe(FULL_SHARE);
    }
    expect(evenShares(3)).toEqual(['33.34', '33.33', '33.33']);
  });

  it('refuses a template whose shares are not 100 % (SHARES_NOT_100, as the domain adds them); accepts it at 100 %', () => {
    const base: TemplateForm = { ...emptyTemplateForm(), Name: 'Always-on', Lines: [line('1', '60'), line('2', '30')] };
    const check = checkForm(TEMPLATE_FORM, base);
    expect(check.ok ? null : check.issues.get('Lines')).toEqual({
      code: 'SHARES_NOT_100',
      params: { field: 'Lines', total: 90 },
    });
    expect(checkForm(TEMPLATE_FORM, { ...base, Lines: [line('1', '60'), line('2', '40')] }).ok).toBe(true);
  });

  it("sends empty fees as null (the account channel type's fee)", () => {
    const f: TemplateForm = {
      ...emptyTemplateForm(),
      Name: ' T ',
      Lines: [{ ...line('2', '100'), ManagementFeePct: '12.5', SystemFeePct: '' }],
    };
    expect(toPayload(f)).toEqual({
      ID: 0,
      Name: 'T',
      Description: '',
      Lines: [
        {
          ChannelTypeId: 2,
          SharePct: 100,
          BuyType: 'CPC',
          UnitCost: 1.5,
          ManagementFeePct: 12.5,
          SystemFeePct: null,
          Notes: '',
        },
      ],
    });
  });
});

describe('the template form refuses what SaveTemplate refuses (its own schema)', () => {
  const valid: TemplateForm = { ...emptyTemplateForm(), Name: 'Always-on', Lines: [line('1', '60'), line('2', '40')] };
  const withLine = (patch: Partial<TemplateForm['Lines'][number]>): Partial<TemplateForm> => ({
    Lines: [{ ...valid.Lines[0], ...patch }, valid.Lines[1]],
  });
  it.each([
    ['a valid template', 'accepted', {}, null],
    [
      "empty fees (the account channel type's)",
      'accepted',
      withLine({ ManagementFeePct: '', SystemFeePct: ' ' }),
      null,
    ],
    ['a blank name', 'FIELD_REQUIRED', { Name: '  ' }, 'Name'],
    ['a description over 1,000 characters', 'FIELD_TOO_LONG', { Description: 'd'.repeat(1001) }, 'Description'],
    ['no channel type', 'FIELD_REQUIRED', withLine({ ChannelTypeId: '' }), 'Lines.0.ChannelTypeId'],
    ['no buy type', 'FIELD_INVALID', withLine({ BuyType: '' }), 'Lines.0.BuyType'],
    ['a share with 3 decimals', 'FIELD_INVALID', withLine({ SharePct: '59.999' }), 'Lines.0.SharePct'],
    ['a fee over 100', 'FIELD_INVALID', withLine({ SystemFeePct: '120' }), 'Lines.0.SystemFeePct'],
    // The old check took a name of invisible characters (String.trim keeps zero-width spaces); the API's text is empty.
    ['a name of zero-width spaces', 'FIELD_REQUIRED', { Name: '\u200b\u2060' }, 'Name'],
    ['a unit cost of 0.00001', 'FIELD_INVALID', withLine({ UnitCost: '0.00001' }), 'Lines.0.UnitCost'],
    ['a unit cost with 5 decimals', 'FIELD_INVALID', withLine({ UnitCost: '1.00001' }), 'Lines.0.UnitCost'],
  ] as const)('%s: the form and the API both say %s, on the same field', (_, expected, patch, field) => {
    const { api, form } = verdicts(TEMPLATE_FORM, { ...valid, ...patch }, 'TemplatesService', 'SaveTemplate');
    expect(form).toEqual(api);
    expect(api === 'accepted' ? api : api.code).toBe(expected);
    if (api !== 'accepted') expect(api.field).toBe(field);
  });
});

describe('<TemplateDialog>', () => {
  setUpScreenTests();

  const input = (name: string) => document.querySelector(`[role="dialog"] input[name^="${name}-"]`) as HTMLInputElement;
  const inputs = (name: string) =>
    [...document.querySelectorAll(`[role="dialog"] input[name^="${name}-"]`)] as HTMLInputElement[];

  it('shows the running share total and saves only at exactly 100 %', async () => {
    const onSave = jest.fn(async () => undefined);
    renderWithProviders(
      <TemplateDialog
        initial={{ ...emptyTemplateForm(), Name: 'Always-on' }}
        catalogue={CATALOGUE}
        locale="en"
        onSave={onSave}
        onClose={() => undefined}
      />,
    );
    const total = () => screen.getByTestId('share-total').textContent;
    expect(total()).toBe('Total share: 0.00 % · 100.00 % left');

    // The channel type sets the line's buy type from its default; retired types are not offered.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Channel type 1' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).queryByText('Print')).toBeNull();
    fireEvent.click(within(listbox).getByText('Meta Feed'));
    await waitFor(() => expect(input('BuyType').value).toBe('CPM'));
    fireEvent.change(input('SharePct'), { target: { value: '60' } });
    fireEvent.change(input('UnitCost'), { target: { value: '12' } });
    expect(total()).toBe('Total share: 60.00 % · 40.00 % left');

    fireEvent.click(screen.getByRole('button', { name: 'Add line' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Channel type 2' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByText('Google Search'));
    fireEvent.change(inputs('SharePct')[1], { target: { value: '45' } });
    fireEvent.change(inputs('UnitCost')[1], { target: { value: '2.5' } });
    expect(total()).toBe('Total share: 105.00 % · 5.00 % too much');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('share-error')).textContent).toBe(
      'Lines: the shares add up to 105%; they must add up to 100%.',
    );
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(inputs('SharePct')[1], { target: { value: '40' } });
    expect(total()).toBe('Total share: 100.00 %');
    await waitFor(() => expect(screen.queryByTestId('share-error')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const saved = (onSave.mock.calls[0] as unknown as [TemplateForm])[0];
    expect(toPayload(saved).Lines.map((l) => [l.ChannelTypeId, l.SharePct, l.BuyType])).toEqual([
      [2, 60, 'CPM'],
      [1, 40, 'CPC'],
    ]);
  });

  it("in Hebrew, a share over 100 names the line's share field", async () => {
    await inHebrew(async () => {
      const onSave = jest.fn(async () => undefined);
      renderWithProviders(
        <TemplateDialog
          initial={{ ...emptyTemplateForm(), Name: 'T', Lines: [line('1', '150')] }}
          catalogue={CATALOGUE}
          locale="he"
          onSave={onSave}
          onClose={() => undefined}
        />,
      );
      fireEvent.click(screen.getByRole('button', { name: 'שמירה' }));
      const cell = input('SharePct');
      await waitFor(() => expect(cell.getAttribute('aria-invalid')).toBe('true'));
      expect(
        stripIsolates(cell.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent),
      ).toBe('הערך בשדה נתח % 1 אינו תקין: צריך להיות בין 0 ל-100');
      expect(onSave).not.toHaveBeenCalled();
    });
  });

  it('a channel type the server refuses (CHANNEL_TYPE_INACTIVE on template.Lines.1.ChannelTypeId) lands on that line', async () => {
    const refusal = new ApiError(400, 'retired', 'TemplatesService.SaveTemplate', {
      ErrorCode: 'CHANNEL_TYPE_INACTIVE',
      ErrorParams: { field: 'template.Lines.1.ChannelTypeId', name: 'Meta Feed' },
    });
    renderWithProviders(
      <TemplateDialog
        initial={{ ...emptyTemplateForm(), Name: 'T', Lines: [line('1', '50'), line('2', '50')] }}
        catalogue={CATALOGUE}
        locale="en"
        onSave={jest.fn(async () => {
          throw refusal;
        })}
        onClose={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const picker = screen.getByRole('combobox', { name: 'Channel type 2' });
    await waitFor(() =>
      expect(picker.closest('.MuiFormControl-root')?.querySelector('.MuiFormHelperText-root')?.textContent).toBe(
        'Channel type 2: channel type "Meta Feed" is inactive.',
      ),
    );
  });

  it('"Split evenly" makes the shares add up to 100 %', async () => {
    renderWithProviders(
      <TemplateDialog
        initial={{ ...emptyTemplateForm(), Lines: [newLine(), newLine(), newLine()] }}
        catalogue={CATALOGUE}
        locale="en"
        onSave={jest.fn()}
        onClose={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Split evenly' }));
    expect(inputs('SharePct').map((i) => i.value)).toEqual(['33.34', '33.33', '33.33']);
    expect(screen.getByTestId('share-total').textContent).toBe('Total share: 100.00 %');
  });
});
