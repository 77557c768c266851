import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import type { UserChange, UserView } from '../api/users-api';
import { accessText } from './user-cells';

type T = (k: string, o?: Record<string, unknown>) => string;

/** A value of the history in words: roles, permissions, access, status and times as the list shows them. */
function valueText(field: string, v: unknown, t: T, names: ReadonlyMap<number, string>, locale: string): string {
  if (v === null || v === undefined || v === '') return '—';
  if (field === 'roleId') return t(`roles.${String(v)}`);
  if (field === 'permissions' && Array.isArray(v))
    return v.length ? v.map((p) => t(`users.permissions.${String(p)}`)).join(', ') : t('users.noPermissions');
  if (field === 'accountAccess') return accessText(v as UserView['AccountAccess'], names, t);
  if (field === 'status') return t(`users.status.${String(v)}`);
  if (typeof v === 'boolean') return t(v ? 'users.yes' : 'users.no');
  if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(v)) return formatDate(v, locale, true);
  return String(v);
}

/** The fields the history names, in the user's language (others by their stored name). */
const HISTORY_FIELDS = new Set([
  'email',
  'name',
  'roleId',
  'permissions',
  'accountAccess',
  'isSystemAdmin',
  'status',
  'tokensValidAfter',
  'passwordResetAt',
  'mfaResetAt',
  'mfaEnabled',
]);

/** A user's change history: when, who, what, and each field's before → after. */
export function UserHistory({
  entries,
  names,
  locale,
}: {
  entries: UserChange[];
  names: ReadonlyMap<number, string>;
  locale: string;
}) {
  const { t } = useTranslation();
  if (!entries.length) return <Typography color="text.secondary">{t('users.history.empty')}</Typography>;
  return (
    <Table size="small" data-testid="user-history">
      <TableHead>
        <TableRow>
          <TableCell>{t('users.history.at')}</TableCell>
          <TableCell>{t('users.history.by')}</TableCell>
          <TableCell>{t('users.history.action')}</TableCell>
          <TableCell>{t('users.history.changes')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((e, i) => (
          <TableRow key={`${e.At}-${i}`} data-testid="history-row">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(e.At, locale, true)}</TableCell>
            <TableCell>{e.ByName}</TableCell>
            <TableCell>{t(`users.history.actions.${e.Action}`)}</TableCell>
            <TableCell>
              <Box component="ul" sx={{ m: 0, ps: 2 }}>
                {e.Changes.map((c) => (
                  <li key={c.Field}>
                    {t('users.history.change', {
                      field: HISTORY_FIELDS.has(c.Field) ? t(`users.historyFields.${c.Field}`) : c.Field,
                      before: valueText(c.Field, c.Before, t, names, locale),
                      after: valueText(c.Field, c.After, t, names, locale),
                    })}
                  </li>
                ))}
              </Box>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
