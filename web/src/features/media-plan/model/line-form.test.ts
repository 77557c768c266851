/** @jest-environment jsdom */
import '../../../testing/polyfills';
import { fieldText } from '../../../lib/forms/field-text';
import { i18n, setLocale } from '../../../lib/i18n';
import { verdicts } from '../../../testing/api-verdict';
import { EXAMPLE_LINES } from '../testing/plan-fixtures';
import { formOf, inputOfForm, lineRoute, toPayload, validateLine, type LineForm } from './line-form';
import { stripIsolates } from '../../../testing/bidi';

const saved = EXAMPLE_LINES[0];
const form = formOf(saved);
const range = { min: '2026-03-01', max: '2026-05-31' };

describe('a plan row refuses what SaveMediaChannel refuses (its own schema, over the payload the row saves)', () => {
  it.each([
    ['the saved line', 'accepted', {}],
    ['a budget with thousands separators', 'accepted', { Budget: '10,000.50' }],
    ['a budget with 3 decimals', 'FIELD_INVALID', { Budget: '10.005' }],
    ['a budget over the line limit', 'FIELD_INVALID', { Budget: '100000000.01' }],
    ['a budget that is not a number', 'FIELD_INVALID', { Budget: '10 000 0' }],
    ['no budget', 'FIELD_REQUIRED', { Budget: '' }],
    ['a unit cost under the smallest', 'FIELD_INVALID', { UnitCost: '0.00001' }],
    ['a day the calendar lacks', 'FIELD_INVALID', { StartDate: '2026-02-30' }],
    ['an end before the start', 'FIELD_INVALID', { EndDate: '2026-02-28' }],
    ['a fee over 100', 'FIELD_INVALID', { SystemFeePct: '100.5' }],
    ['a fractional creative count', 'FIELD_INVALID', { VideoCreatives: '2.5' }],
    // The old check refused these, which the API takes: an empty fee (the channel type's), empty creatives (0),
    // and notes padded past 2,000 characters by blanks the API trims; a name of 201 characters of which a
    // bidi override (removed) is one.
    ['an empty fee', 'accepted', { ManagementFeePct: '' }],
    ['no creatives', 'accepted', { ImageCreatives: '' }],
    ['notes padded with blanks', 'accepted', { Notes: `${'n'.repeat(2000)}   ` }],
    ['a name with a bidi override', 'accepted', { Name: `${'x'.repeat(200)}\u202e` }],
  ] as const)('%s: the row and the API both say %s, on the same field', (_, expected, patch) => {
    const { api, form: verdict } = verdicts(
      lineRoute(saved),
      { ...form, ...patch },
      'AccountsService',
      'SaveMediaChannel',
    );
    expect(verdict).toEqual(api);
    expect(api === 'accepted' ? api : api.code).toBe(expected);
    if (api !== 'accepted') expect(api.field).toBe(Object.keys(patch)[0]);
  });

  it("a line runs within the activity's dates (LINE_OUTSIDE_ACTIVITY, on the side that sticks out, as the domain says)", () => {
    expect(validateLine(saved, { ...form, EndDate: '2026-06-30' }, range)).toEqual({
      EndDate: {
        code: 'LINE_OUTSIDE_ACTIVITY',
        params: {
          field: 'EndDate',
          start: '2026-03-01',
          end: '2026-06-30',
          activityStart: '2026-03-01',
          activityEnd: '2026-05-31',
        },
      },
    });
    expect(validateLine(saved, form, range)).toEqual({});
    // A saved line is checked for the rule alone: the activity's dates may have moved since it was saved.
    expect(Object.keys(validateLine(saved, form, { min: '2026-04-01', max: '2026-05-31' }))).toEqual(['StartDate']);
  });

  it("the payload has numbers, an empty fee as null, and the line's version", () => {
    const edited: LineForm = { ...form, Budget: '12,000', ManagementFeePct: '' };
    expect(toPayload(saved, edited)).toMatchObject({
      ID: 201,
      MediaMixId: 11,
      Budget: 12000,
      ManagementFeePct: null,
      SystemFeePct: 2.5,
      version: 3,
    });
    // Live figures wait for the saved line while a fee is the channel type's.
    expect(inputOfForm(edited, validateLine(saved, edited))).toBeNull();
    expect(inputOfForm({ ...form, Budget: '12,000' }, {})).toMatchObject({ budget: 12000, managementFeePct: 15 });
  });

  it('in Hebrew, a refused cell is named by its Hebrew label', async () => {
    await setLocale('he');
    try {
      const issue = validateLine(saved, { ...form, Budget: '10.005' }).Budget;
      expect(issue).toBeDefined();
      const t = i18n.t.bind(i18n);
      // The cell's label as the plan editor names it (mediaPlan.cellLabel).
      const labelOf = (f: string) => t('mediaPlan.cellLabel', { field: t(`mediaPlan.fields.${f}`), n: 1 });
      expect(stripIsolates(fieldText(issue!, 'Budget', labelOf, t))).toBe(
        'הערך בשדה תקציב (נטו), שורה 1 אינו תקין: עד 2 ספרות אחרי הנקודה',
      );
    } finally {
      await setLocale('en');
    }
  });
});
