import { object, optional } from 'zod/mini';
import { int, requiredText, rule } from '@server/shared/schema-fields';
import { checkForm, ROOT, type RouteForm } from './route-form';
import { numberInput } from './number-input';

const schema = object({ Name: requiredText(10), Low: int(), High: optional(int()) }).check(
  rule((v: { Low: number }) => v.Low !== 13, 'INVALID', {}, []),
);
type Values = { Name: string; LowText: string; HighText: string };
const form: RouteForm<Values, typeof schema> = {
  schema,
  toInput: (v) => ({ Name: v.Name, Low: numberInput(v.LowText), High: numberInput(v.HighText) }),
  inputKey: 'thing',
  fieldOf: (path) => ({ Low: 'LowText', High: 'HighText' })[path] ?? path,
  rules: (input) =>
    input.High !== undefined && input.High <= input.Low
      ? [{ path: 'High', code: 'PACING_ORDER', params: { low: input.Low, high: input.High } }]
      : [],
  restate: (field, issue) =>
    field === 'HighText' && issue.code === 'PACING_ORDER'
      ? { ...issue, params: { ...issue.params, restated: 1 } }
      : issue,
};
const issues = (v: Values) => {
  const r = checkForm(form, v);
  return r.ok ? 'ok' : Object.fromEntries([...r.issues].map(([field, i]) => [field, i.code]));
};

describe('checkForm: a form checked by its route', () => {
  const ok: Values = { Name: 'a', LowText: '1', HighText: '' };

  it('answers the parsed input when the schema and the rules accept', () => {
    const r = checkForm(form, { ...ok, HighText: '1,000' });
    expect(r).toEqual({ ok: true, input: { Name: 'a', Low: 1, High: 1000 } });
  });

  it("puts each issue on the form field of its path, with the API's code (the first issue per field)", () => {
    expect(issues({ Name: '', LowText: 'x', HighText: '' })).toEqual({
      Name: 'FIELD_REQUIRED',
      LowText: 'FIELD_INVALID',
    });
    expect(issues({ ...ok, LowText: '' })).toEqual({ LowText: 'FIELD_REQUIRED' });
  });

  it("an issue of the whole input is the form's (ROOT)", () => {
    expect(issues({ ...ok, LowText: '13' })).toEqual({ [ROOT]: 'FIELD_INVALID' });
  });

  it("rules run once the schema accepts, and are restated in the form's terms", () => {
    expect(issues({ ...ok, Name: '', HighText: '0' })).toEqual({ Name: 'FIELD_REQUIRED' });
    const r = checkForm(form, { ...ok, HighText: '0' });
    expect(r.ok ? null : r.issues.get('HighText')).toEqual({
      code: 'PACING_ORDER',
      params: { low: 1, high: 0, restated: 1 },
    });
  });
});
