/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  COLUMN_FORMATS as SERVER_FORMATS,
  COLUMN_SCOPES as SERVER_SCOPES,
} from '@server/modules/custom-columns/schemas';
import { ApiError } from '../../../lib/api-client';
import { verdicts } from '../../../testing/api-verdict';
import { firstCall, mockApi, ok, PROFILES, signInAs } from '../../../testing/fixtures';
import { inHebrew } from '../../../testing/hebrew';
import { renderWithProviders } from '../../../testing/render';
import { setUpScreenTests } from '../../../testing/screen-tests';
import { COLUMN_FORMATS, COLUMN_SCOPES } from '../api/custom-columns-api';
import { emptyColumnForm, type ColumnForm } from './column-form';
import { COLUMN_FORM, CustomColumnDialog } from './custom-column-dialog';
import { CustomColumnsScreen } from './custom-columns-screen';
import { checkLocally, insertName } from './formula-check';
import { stripIsolates } from '../../../testing/bidi';

setUpScreenTests();

describe('formula check while typing', () => {
  it('the console offers the scopes and formats the server accepts', () => {
    expect(COLUMN_SCOPES).toEqual(SERVER_SCOPES);
    expect(COLUMN_FORMATS).toEqual(SERVER_FORMATS);
  });

  it('finds the position of the problem with the shared parser', () => {
    expect(checkLocally('spend / conversions', 'performance')).toEqual({
      state: 'ok',
      names: ['spend', 'conversions'],
    });
    expect(checkLocally('spend / convs', 'performance')).toEqual({
      state: 'error',
      message: "Unknown name 'convs'",
      position: 8,
    });
    expect(checkLocally('clicks * 100 )', 'performance')).toEqual({
      state: 'error',
      message: "Unexpected ')'",
      position: 13,
    });
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

describe('the column form refuses what SaveCustomColumn refuses (its own schema)', () => {
  const valid: ColumnForm = { ...emptyColumnForm(), Name: 'CPA', Formula: 'spend / conversions' };
  it.each([
    ['a valid column', 'accepted', {}],
    ['a name of 100 characters', 'accepted', { Name: 'n'.repeat(100) }],
    ['a name of 101 characters', 'FIELD_TOO_LONG', { Name: 'n'.repeat(101) }],
    // The old check took these two: a name of invisible characters, and a bidi override hidden in the formula.
    ['a name of zero-width spaces', 'FIELD_REQUIRED', { Name: '\u200b' }],
    ['a formula hiding a bidi override', 'FIELD_INVALID', { Formula: 'spend \u202e/ conversions' }],
    ['no formula', 'FIELD_REQUIRED', { Formula: '' }],
  ] as const)('%s: the form and the API both say %s, on the same field', (_, expected, patch) => {
    const { api, form } = verdicts(COLUMN_FORM, { ...valid, ...patch }, 'CustomColumnsService', 'SaveCustomColumn');
    expect(form).toEqual(api);
    expect(api === 'accepted' ? api : api.code).toBe(expected);
    if (api !== 'accepted') expect(api.field).toBe(Object.keys(patch)[0]);
  });
});

describe('<CustomColumnDialog>', () => {
  const formula = () => document.querySelector('[role="dialog"] input[name="Formula"]') as HTMLInputElement;
  const name = () => document.querySelector('[role="dialog"] input[name="Name"]') as HTMLInputElement;
  const messageOf = (el: HTMLInputElement) =>
    stripIsolates(document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent);

  it('in Hebrew, a blank name is refused naming the name field, and nothing is checked or saved', async () => {
    await inHebrew(async () => {
      const check = jest.fn(async () => ({ Valid: true, Message: '', Position: null, Names: [] }));
      const onSave = jest.fn(async () => undefined);
      renderWithProviders(
        <CustomColumnDialog
          initial={{ ...emptyColumnForm(), Name: '   ', Formula: 'clicks' }}
          check={check}
          onSave={onSave}
          onClose={() => undefined}
        />,
      );
      fireEvent.click(screen.getByRole('button', { name: 'שמירה' }));
      await waitFor(() => expect(messageOf(name())).toBe('השדה שם הוא חובה.'));
      expect(check).not.toHaveBeenCalled();
      expect(onSave).not.toHaveBeenCalled();
    });
  });

  it("the save's refusals land on their fields: the formula's (FORMULA_INVALID) and a name taken (NAME_TAKEN)", async () => {
    const check = jest.fn(async () => ({ Valid: true, Message: '', Position: null, Names: ['clicks'] }));
    const broken = new ApiError(400, 'bad formula', 'CustomColumnsService.SaveCustomColumn', {
      ErrorCode: 'FORMULA_INVALID',
      ErrorParams: {
        field: 'customColumn.Formula',
        detail: 'Formula is nested too deeply',
        reason: 'FORMULA_TOO_DEEP',
        limit: 50,
        position: 3,
      },
    });
    const taken = new ApiError(409, 'taken', 'CustomColumnsService.SaveCustomColumn', {
      ErrorCode: 'NAME_TAKEN',
      ErrorParams: { entity: 'CustomColumn', name: 'CTR' },
    });
    const onSave = jest.fn().mockRejectedValueOnce(broken).mockRejectedValueOnce(taken);
    renderWithProviders(
      <CustomColumnDialog
        initial={{ ...emptyColumnForm(), Name: 'CTR', Formula: 'clicks' }}
        check={check}
        onSave={onSave}
        onClose={() => undefined}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(messageOf(formula())).toBe('Formula: the formula is not valid: Nested too deeply (more than 50 levels)'),
    );
    expect(formula().getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(messageOf(name())).toBe('An active Custom column named "CTR" exists already. Choose another name.'),
    );
  });

  it('shows a live error with its position, points at it, and saves once valid (CheckFormula first)', async () => {
    const check = jest.fn(async () => ({ Valid: true, Message: '', Position: null, Names: ['spend', 'conversions'] }));
    const onSave = jest.fn(async () => undefined);
    renderWithProviders(
      <CustomColumnDialog
        initial={{ ...emptyColumnForm(), Name: 'CPA' }}
        check={check}
        onSave={onSave}
        onClose={() => undefined}
      />,
    );
    const plain = stripIsolates;
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
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith(
        expect.objectContaining({ Formula: 'spend / conversions', Scope: 'performance' }),
      ),
    );
    expect(check).toHaveBeenCalledWith('spend / conversions', 'performance');
  });

  it("the chips follow the scope, and the server's refusal is shown with its position", async () => {
    const check = jest.fn(async () => ({
      Valid: false,
      Message: "Unknown name 'budget' at position 0",
      Position: 0,
      Names: [],
    }));
    const onSave = jest.fn(async () => undefined);
    renderWithProviders(
      <CustomColumnDialog
        initial={{ ...emptyColumnForm(), Name: 'Net', Scope: 'mediaPlan', Formula: 'budget' }}
        check={check}
        onSave={onSave}
        onClose={() => undefined}
      />,
    );
    const chips = [...screen.getByTestId('metric-chips').querySelectorAll('.MuiChip-label')].map((c) => c.textContent);
    expect(chips).toContain('managementFee');
    expect(chips).not.toContain('roas');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(stripIsolates((await screen.findByTestId('formula-server-error')).textContent)).toBe(
      "Character 1: Unknown name 'budget'",
    );
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('<CustomColumnsScreen>', () => {
  it('lists the columns and saves a new one after CheckFormula, without x-account-id', async () => {
    signInAs(PROFILES.admin);
    const api = mockApi({
      'CustomColumnsService/GetCustomColumnsList': () =>
        ok({
          Items: [
            {
              ID: 1,
              Name: 'CPA',
              Formula: 'spend / conversions',
              Names: [],
              Format: 'currency',
              Scope: 'performance',
              Status: 'Active',
              version: 1,
              createdAt: '',
              createdBy: '',
              updatedAt: '2026-01-01T00:00:00Z',
              updatedBy: '',
            },
          ],
        }),
      'CustomColumnsService/CheckFormula': () =>
        ok({ Valid: true, Message: '', Position: null, Names: ['clicks', 'impressions'] }),
      'CustomColumnsService/SaveCustomColumn': (b) => ok({ ...(b.customColumn as object), ID: 2 }),
    });
    renderWithProviders(<CustomColumnsScreen />);
    // The formula is listed on its column's row.
    expect((await screen.findByText('spend / conversions')).closest('tr')?.textContent).toContain('CPA');
    fireEvent.click(screen.getByTestId('create-column'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('input[name="Name"]') as Element, { target: { value: 'CTR' } });
    fireEvent.change(dialog.querySelector('input[name="Formula"]') as Element, {
      target: { value: 'clicks / impressions * 100' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await screen.findByText('Changes successfully saved');
    const save = firstCall(api, 'SaveCustomColumn');
    expect(save?.body).toEqual({
      customColumn: {
        ID: 0,
        Name: 'CTR',
        Formula: 'clicks / impressions * 100',
        Format: 'number',
        Scope: 'performance',
      },
    });
    expect(save?.headers).not.toHaveProperty('x-account-id');
  });
});
