import { percent } from '../../lambdas/shared/schema-fields';

/**
 * A percent has at most 2 decimals, judged on its spelling: the float check it replaced
 * (Math.round(n * 100) === Number((n * 100).toFixed(6))) let 1e-200 through, which DynamoDB
 * refuses to store ("Number underflow": a 500) and the money module refuses to read.
 */
describe('percent()', () => {
  it.each([0, 1, 12.5, 2.25, 100, '15', '0.01'])('accepts %p', (v) => {
    expect(percent().safeParse(v).success).toBe(true);
  });
  it.each([1e-200, 4.4e-323, 9.82174565126178e-106, 0.001, 12.345, 100.01, -1, '1e-7'])('refuses %p', (v) => {
    expect(percent().safeParse(v).success).toBe(false);
  });
});
