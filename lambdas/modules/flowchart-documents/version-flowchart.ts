import { ForbiddenError } from '../../core/errors';
import { isClientOnly } from '../../shared/permissions';
import type { ExportedFile } from '../media-plans/replies/plans';
import { getVersionInfo } from '../media-plans';
import { cachedAccounts, type UserProfile } from '../tenancy';
import type { GroupedLine } from './grouping';
import { render, type FlowchartAsk } from './render';

/**
 * MediaMixService.ExportMediaMixFlowchart: the version's live lines as GetMediaMixInfo reads them
 * for the caller (the same scope, account and status checks), grouped as asked; by vendor for
 * agency staff only, as on screen (a client user is refused with CLIENT_READ_ONLY).
 */
export async function versionFlowchartFor(
  caller: UserProfile,
  accountId: number,
  input: FlowchartAsk & { mediaMixId: number },
): Promise<ExportedFile> {
  if (input.groupBy === 'vendor' && isClientOnly(caller.permissions))
    throw new ForbiddenError('Grouping by vendor is for agency staff', 'CLIENT_READ_ONLY');
  const info = await getVersionInfo(caller, accountId, input.mediaMixId);
  const [account] = await cachedAccounts(caller.companyId, [info.AccountId]);
  const lines = info.Lines.filter((l) => !l.Archived).map(
    (l): GroupedLine => ({
      id: l.ID,
      name: l.Name,
      budget: l.Budget,
      startDate: l.StartDate,
      endDate: l.EndDate,
      monthlySplit: l.MonthlySplit,
      channelTypeId: l.AccountChannelTypeId,
      channelTypeName: l.ChannelTypeName,
      vendorId: l.VendorId,
    }),
  );
  return render(caller, accountId, input, {
    lines,
    title: (L) => `${info.Name} · ${L.version} ${info.Version}`,
    facts: (L) => [
      [L.plan, info.Name],
      [L.version, String(info.Version)],
      [L.account, account?.Name ?? ''],
      [L.currency, info.CurrencyCode],
    ],
  });
}
