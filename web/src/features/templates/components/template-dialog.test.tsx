/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import type { ChannelType } from '../api/templates-api';
import { TemplateDialog } from './template-dialog';
import { emptyTemplateForm, evenShares, FULL_SHARE, newLine, shareHundredths, shareTotal, toPayload, validateTemplate, type TemplateForm } from './template-form';

const ct = (ID: number, Name: string, Group: ChannelType['Group'], DefaultBuyType: ChannelType['DefaultBuyType'], Active = true): ChannelType => ({
  ID, Name, Group, DefaultBuyType, ConnectorType: 'none', Active, version: 1, createdAt: '', createdBy: '', updatedAt: '', updatedBy: '',
});
const CATALOGUE = [ct(1, 'Google Search', 'Search', 'CPC'), ct(2, 'Meta Feed', 'Social', 'CPM'), ct(3, 'Print', 'Offline', 'Flat', false)];

const line = (ChannelTypeId: string, SharePct: string) => ({ ...newLine(), ChannelTypeId, SharePct, BuyType: 'CPC', UnitCost: '1.5' });

describe('template shares', () => {
  it('adds shares in hundredths, so 33.33 + 33.33 + 33.34 is exactly 100 % (lambdas/domain/templates.ts adds them so)', () => {
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

  it('refuses a template whose shares are not 100 %; accepts it at 100 %', () => {
    const base: TemplateForm = { ...emptyTemplateForm(), Name: 'Always-on', Lines: [line('1', '60'), line('2', '30')] };
    expect(validateTemplate(base).total).toBe('templates.errors.total');
    expect(validateTemplate({ ...base, Lines: [line('1', '60'), line('2', '40')] }).total).toBeUndefined();
    expect(validateTemplate({ ...base, Lines: [] }).total).toBe('templates.errors.noLines');
  });

  it('sends empty fees as null (the account channel type\'s fee)', () => {
    const f: TemplateForm = { ...emptyTemplateForm(), Name: ' T ', Lines: [{ ...line('2', '100'), ManagementFeePct: '12.5', SystemFeePct: '' }] };
    expect(toPayload(f)).toEqual({
      ID: 0, Name: 'T', Description: '',
      Lines: [{ ChannelTypeId: 2, SharePct: 100, BuyType: 'CPC', UnitCost: 1.5, ManagementFeePct: 12.5, SystemFeePct: null, Notes: '' }],
    });
  });
});

describe('<TemplateDialog>', () => {
  setUpScreenTests();

  const input = (name: string) => document.querySelector(`[role="dialog"] input[name^="${name}-"]`) as HTMLInputElement;
  const inputs = (name: string) => [...document.querySelectorAll(`[role="dialog"] input[name^="${name}-"]`)] as HTMLInputElement[];

  it('shows the running share total and saves only at exactly 100 %', async () => {
    const onSave = jest.fn(async () => undefined);
    renderWithProviders(<TemplateDialog initial={{ ...emptyTemplateForm(), Name: 'Always-on' }} catalogue={CATALOGUE} locale="en" onSave={onSave} onClose={() => undefined} />);
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
    expect((await screen.findByTestId('share-error')).textContent).toBe('The shares must add up to exactly 100 %');
    expect(onSave).not.toHaveBeenCalled();

    fireEvent.change(inputs('SharePct')[1], { target: { value: '40' } });
    expect(total()).toBe('Total share: 100.00 %');
    expect(screen.queryByTestId('share-error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    const saved = (onSave.mock.calls[0] as unknown as [TemplateForm])[0];
    expect(toPayload(saved).Lines.map((l) => [l.ChannelTypeId, l.SharePct, l.BuyType])).toEqual([[2, 60, 'CPM'], [1, 40, 'CPC']]);
  });

  it('"Split evenly" makes the shares add up to 100 %', async () => {
    renderWithProviders(<TemplateDialog initial={{ ...emptyTemplateForm(), Lines: [newLine(), newLine(), newLine()] }} catalogue={CATALOGUE} locale="en" onSave={jest.fn()} onClose={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Split evenly' }));
    expect(inputs('SharePct').map((i) => i.value)).toEqual(['33.34', '33.33', '33.33']);
    expect(screen.getByTestId('share-total').textContent).toBe('Total share: 100.00 %');
  });
});
