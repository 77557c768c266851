import type { TFunction } from 'i18next';
import type { AgentConnector } from '../api/connectors-api';

/** The kinds of reason the server records with LastError (connectors.platformError.<kind>). */
const KINDS = new Set([
  'auth',
  'permission',
  'throttled',
  'transient',
  'invalid',
  'malformed',
  'noAccounts',
  'unexpected',
]);

/**
 * A connection's last reason in the user's language: said from its kind, with the platform's own
 * code (a code is the same in every language); a reason without a known kind is shown as recorded.
 */
export function platformErrorText(
  t: TFunction,
  a: Pick<AgentConnector, 'ConnectorType' | 'LastError' | 'LastErrorKind' | 'LastErrorCode'>,
): string {
  const kind = a.LastErrorKind ?? '';
  if (!KINDS.has(kind)) return a.LastError;
  const text = t(`connectors.platformError.${kind}`, { platform: t(`connectors.types.${a.ConnectorType}`) });
  return a.LastErrorCode ? `${text} (${a.LastErrorCode})` : text;
}

/** A campaign's status as its platform names it (ENABLED, ACTIVE, STATUS_ENABLE…), translated when known. */
export const campaignStatusText = (t: TFunction, status: string): string =>
  status ? t(`connectors.campaignStatus.${status.replace(/[^A-Za-z0-9_]/g, '_')}`, { defaultValue: status }) : '—';
