/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { COLUMN_FORMATS as SERVER_FORMATS, COLUMN_SCOPES as SERVER_SCOPES } from '@server/schemas/custom-columns';
import { firstCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { COLUMN_FORMATS, COLUMN_SCOPES } from '../api/custom-columns-api';
import { emptyColumnForm } from './column-form';
import { CustomColumnDialog } from './custom-column-dialog';
import { CustomColumnsScreen } from './custom-columns-screen';
import { checkLocally, insertName } from './formula-check';

setUpScreenTests();

describe('formula check while typing', () => {
  it('the console offers the scopes and formats the server accepts', () => {
    expect(COLUMN_SCOPES).toEqual(SERVER_SCOPES);
    expect(COLUMN_FORMATS).toEqual(SERVER_FORMATS);
  });

  it('finds the position of the problem with the shared parser', () => {
    expect(checkLocally('spend / conversions', 'performance')).toEqual({ state: 'ok', names: ['spend', 'conversions'] });
    expect(checkLocally('spend / convs', 'performance')).toEqual({ state: 'error', message: "Unknown name 'convs'", position: 8 });
    expect(checkLocally('clicks * 100 )', 'performance')).toEqual({ state: 'error', message: "Unexpected ')'", position: 13 });
    // spend is a performance metric, not a media plan one.
    expect(checkLocally('spend * 2', 'mediaPlan')).toMatchObject({ state: 'error', position: 0 });
    expect(checkLocally('   ', 'performance')).toEqual({ state: 'empty' });
    expect(checkLocally('x'.repeat(501), 'performance')).toMatchObject({ state: 'tooLong' });
  });

  it('inserts a metric name at the caret with spaces where needed', () => {
    expect(insertName('spend /', 'clicks', 7)).toEqual({ text: 'spend / clicks', caret: 14 });
    expect(insertName('(', 'clicks', 1)).toEqual({ text: '(clicks', caret: 7 });
    expect(insertName('a+b', 'ctr', 1, 2)).toEqual({ text: 'a ctr b', caret: 5 });
  });
});

describe('<CustomColumnDialog>', () => {
  const formula = () => document.querySelector('[role="dialog"] input[name="Formula"]') as HTMLInputElement;

  it('shows a live error with its position, points at it, and saves once valid (CheckFormula first)', async () => {
    const check = jest.fn(async () => ({ Valid: true, Message: '', Position: null, Names: ['spend', 'conversions'] }));
    const onSave = jest.fn(async () => undefined);
    renderWithProviders(<CustomColumnDialog initial={{ ...emptyColumnForm(), Name: 'CPA' }} check={check} onSave={onSave} onClose={() => undefined} />);
    const plain = (s: string | null) => (s ?? '').replace(/[\u2068\u2069]/g, '');
    const status = () => plain(screen.getByTestId('formula-status').textContent);
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.change(formula(), { target: { value: 'spend / convs' } });
    expect(status()).toBe("Character 9: Unknown name 'convs'");
    expect(formula().getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('formula-pointer').textContent).toBe('spend / convs\n        ^');
    expect(save.disabled).toBe(true);

    fireEvent.change(formula(), { target: { value: 'spend / ' } });
    expect(status()).toBe("Character 9: Expected a number, a name or '('");
    formula().setSelectionRange(8, 8);
    fireEvent.click(within(screen.getByTestId('metric-chips')).getByText('conversions'));
    expect(formula().value).toBe('spend / conversions');
    expect(status()).toBe('Valid formula · uses spend, conversions');
    expect(screen.queryByTestId('formula-pointer')).toBeNull();

    fireEvent.click(save);
    await waitFor(() => expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ Formula: 'spend / conversions', Scope: 'performance' })));
    expect(check).toHaveBeenCalledWith('spend / conversions', 'performance');
  });

  it('the chips follow the scope, and the server\'s refusal is shown with its position', async () => {
    const check = jest.fn(async () => ({ Valid: false, Message: "Unknown name 'budget' at position 0", Position: 0, Names: [] }));
    const onSave = jest.fn(async () => undefined);
    renderWithProviders(<CustomColumnDialog initial={{ ...emptyColumnForm(), Name: 'Net', Scope: 'mediaPlan', Formula: 'budget' }} check={check} onSave={onSave} onClose={() => undefined} />);
    const chips = [...screen.getByTestId('metric-chips').querySelectorAll('.MuiChip-label')].map((c) => c.textContent);
    expect(chips).toContain('managementFee');
    expect(chips).not.toContain('roas');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('formula-server-error')).textContent?.replace(/[\u2068\u2069]/g, '')).toBe("Character 1: Unknown name 'budget'");
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('<CustomColumnsScreen>', () => {
  it('lists the columns and saves a new one after CheckFormula, without x-account-id', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({
      'CustomColumnsService/GetCustomColumnsList': () => ok({ Items: [{ ID: 1, Name: 'CPA', Formula: 'spend / conversions', Names: [], Format: 'currency', Scope: 'performance', Status: 'Active', version: 1, createdAt: '', createdBy: '', updatedAt: '2026-01-01T00:00:00Z', updatedBy: '' }] }),
      'CustomColumnsService/CheckFormula': () => ok({ Valid: true, Message: '', Position: null, Names: ['clicks', 'impressions'] }),
      'CustomColumnsService/SaveCustomColumn': (b) => ok({ ...(b.customColumn as object), ID: 2 }),
    });
    renderWithProviders(<CustomColumnsScreen />);
    // The formula is listed on its column's row.
    expect((await screen.findByText('spend / conversions')).closest('tr')?.textContent).toContain('CPA');
    fireEvent.click(screen.getByTestId('create-column'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('input[name="Name"]') as Element, { target: { value: 'CTR' } });
    fireEvent.change(dialog.querySelector('input[name="Formula"]') as Element, { target: { value: 'clicks / impressions * 100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Changes successfully saved');
    const save = firstCall(api, 'SaveCustomColumn');
    expect(save?.body).toEqual({ customColumn: { ID: 0, Name: 'CTR', Formula: 'clicks / impressions * 100', Format: 'number', Scope: 'performance' } });
    expect(save?.headers).not.toHaveProperty('x-account-id');
  });
});
