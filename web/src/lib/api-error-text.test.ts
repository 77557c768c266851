/** @jest-environment jsdom */
import { ApiError } from './api-client';
import { apiErrorText, errorMessage } from './api-error-text';
import { i18n, loadErrorCatalogue, setLocale } from './i18n';
import { stripIsolates } from '../testing/bidi';

/** The console shows the message of the code in the user's language and reacts to the code. */
describe("API errors in the user's language", () => {
  beforeAll(async () => {
    await setLocale('he');
    // The messages load on the first error (callApi awaits this before it throws; see the lazy test below).
    await loadErrorCatalogue();
  });
  afterAll(async () => {
    await setLocale('he');
  });
  const t = i18n.t.bind(i18n);
  const apiError = (status: number, message: string, ErrorCode?: string, ErrorParams = {}) =>
    new ApiError(status, message, 'X.Y', { ErrorCode, ErrorParams });

  it('a 409 that no reload fixes is its own message, in Hebrew, and not a stale version', () => {
    const err = apiError(
      409,
      'Account 10 still has active sub-accounts; archive them first',
      'ACCOUNT_HAS_ACTIVE_SUBACCOUNTS',
      { accountId: 10 },
    );
    expect(err.isStale).toBe(false);
    expect(stripIsolates(apiErrorText(err, t))).toBe(
      'לחשבון 10 יש עדיין תתי-חשבונות פעילים. העבירו אותם לארכיון קודם.',
    );
  });

  it('STALE_VERSION is the one 409 a reload fixes; permission codes are permission errors', () => {
    expect(apiError(409, 'changed', 'STALE_VERSION').isStale).toBe(true);
    expect(apiError(403, 'No access to account 10', 'ACCOUNT_NO_ACCESS', { accountId: 10 }).isPermissionMissing).toBe(
      true,
    );
    expect(apiError(403, 'You submitted version 2…', 'APPROVER_IS_SUBMITTER', { version: 2 }).isPermissionMissing).toBe(
      false,
    );
  });

  it('translates the words among the params (entities, plan statuses and actions, activity statuses)', () => {
    expect(
      stripIsolates(apiErrorText(apiError(403, 'No access to account 10', 'ACCOUNT_NO_ACCESS', { accountId: 10 }), t)),
    ).toBe('אין לך גישה לחשבון 10.');
    expect(
      stripIsolates(
        apiErrorText(
          apiError(409, 'Cannot approve a Draft version', 'PLAN_ACTION_NOT_ALLOWED', {
            action: 'approve',
            status: 'Draft',
          }),
          t,
        ),
      ),
    ).toBe('לא ניתן לאשר גרסה במצב טיוטה.');
    expect(
      stripIsolates(
        apiErrorText(
          apiError(409, 'Cannot move an activity from Live to Draft', 'ACTIVITY_STATUS_MOVE', {
            fromStatus: 3,
            toStatus: 1,
          }),
          t,
        ),
      ),
    ).toBe('לא ניתן להעביר פעילות מסטטוס פעיל לסטטוס טיוטה.');
    expect(
      stripIsolates(
        apiErrorText(apiError(404, 'Media mix 4 was not found', 'NOT_FOUND', { entity: 'MediaMix', id: 4 }), t),
      ),
    ).toBe('לא נמצא: גרסת התוכנית 4.');
    const changed = apiError(409, 'The stored offline of order 7 …', 'ORDER_DOCUMENT_CHANGED', {
      id: 7,
      format: 'offline',
    });
    expect(stripIsolates(apiErrorText(changed, t))).toContain('קובץ ה-עותק חתום השמור של הזמנה 7');
    expect(stripIsolates(apiErrorText(changed, t))).not.toContain('offline');
  });

  it('says why a value was refused in Hebrew, from its reason: no English detail inside the Hebrew message', () => {
    const decimals = apiError(400, 'mediaChannel.Budget: may have at most 2 decimals', 'FIELD_INVALID', {
      field: 'mediaChannel.Budget',
      detail: 'may have at most 2 decimals',
      reason: 'DECIMALS',
      places: 2,
    });
    expect(stripIsolates(apiErrorText(decimals, t))).toBe(
      'הערך בשדה mediaChannel.Budget אינו תקין: עד 2 ספרות אחרי הנקודה',
    );
    const formula = apiError(400, "customColumn.Formula: Unknown name 'leads' at position 9", 'FORMULA_INVALID', {
      field: 'customColumn.Formula',
      detail: "Unknown name 'leads' at position 9",
      reason: 'FORMULA_UNKNOWN_NAME',
      token: 'leads',
      position: 9,
    });
    expect(stripIsolates(apiErrorText(formula, t))).toBe("customColumn.Formula: הנוסחה אינה תקינה: שם לא מוכר 'leads'");
    const csv = apiError(400, 'csv: line 3: rate must be at most 10,000,000', 'CSV_LINE_INVALID', {
      line: 3,
      column: 'rate',
      detail: 'rate must be at most 10,000,000',
      reason: 'AT_MOST',
      limit: 10_000_000,
      count: 1,
    });
    expect(stripIsolates(apiErrorText(csv, t))).toBe(
      'נמצאו בקובץ 1 בעיות, ודבר לא יובא. הראשונה בשורה 3: rate: צריך להיות 10,000,000 לכל היותר',
    );
    for (const err of [decimals, formula, csv])
      expect(stripIsolates(apiErrorText(err, t))).not.toMatch(/may have|Unknown name|must be/);
  });

  it('falls back to the server message for a code this console does not know, or none', () => {
    expect(stripIsolates(apiErrorText(apiError(409, 'Something new', 'NOT_A_CODE_YET'), t))).toBe('Something new');
    expect(stripIsolates(apiErrorText(apiError(400, 'account.Name: is required'), t))).toBe(
      'account.Name: is required',
    );
  });

  it('a Cognito sign-in error by its name ("Invalid password" → Hebrew)', () => {
    const cognito = Object.assign(new Error('Invalid password'), { name: 'NotAuthorizedException' });
    expect(errorMessage(cognito, t)).toBe('דוא"ל או סיסמה שגויים.');
    expect(errorMessage(new Error('plain'), t)).toBe('plain');
    // The pool refuses a disabled user at the password step: said as such, not as a wrong password.
    const disabled = Object.assign(new Error('User is disabled.'), { name: 'NotAuthorizedException' });
    expect(errorMessage(disabled, t)).toBe(t('apiErrors.codes.USER_DISABLED'));
    expect(errorMessage(disabled, t)).not.toBe(errorMessage(cognito, t));
  });
});
