import { ConflictError, NotFoundError } from '../../core/errors';
import { isPlatformId } from '../../shared/connector-platforms';
import type { AccountChannelType } from '../channel-types';
import type { PlanReads } from './store';

/**
 * A plan line's vendor (docs/domain.md "Vendors"). A vendor named by the input must be one of the
 * company's (else 404, as any entity of another company) and not archived (409 ENTITY_ARCHIVED). A
 * new line given none takes the first usable one of: its account channel type's DefaultVendorId,
 * the company's default for the global channel type, the company's vendor of the type's ad
 * platform (ConnectorType google_ads, meta_ads, tiktok_ads); else none. A default archived since it
 * was set is passed over rather than refused: the planner did not name it.
 */
export async function requireLineVendor(store: PlanReads, companyId: number, vendorId: number): Promise<number> {
  const v = await store.vendor(companyId, vendorId);
  if (!v) throw new NotFoundError(`Vendor ${vendorId} was not found`, 'NOT_FOUND', { entity: 'Vendor', id: vendorId });
  if (v.Archived)
    throw new ConflictError(`Vendor ${vendorId} is archived; restore it first`, 'ENTITY_ARCHIVED', {
      entity: 'Vendor',
      id: vendorId,
    });
  return v.ID;
}

/** The vendor a new line on `copy` takes when the input names none (see above). */
export async function defaultLineVendor(
  store: PlanReads,
  companyId: number,
  copy: Pick<AccountChannelType, 'DefaultVendorId' | 'ChannelTypeId' | 'ConnectorType'>,
): Promise<number | null> {
  const usable = async (id: number | null | undefined) => {
    if (id === null || id === undefined) return undefined;
    const v = await store.vendor(companyId, id);
    return v && !v.Archived ? v.ID : undefined;
  };
  const own = await usable(copy.DefaultVendorId);
  if (own !== undefined) return own;
  const global = await usable(await store.companyDefaultVendor(companyId, copy.ChannelTypeId));
  if (global !== undefined) return global;
  if (!isPlatformId(copy.ConnectorType)) return null;
  return (await store.platformVendor(companyId, copy.ConnectorType))?.ID ?? null;
}

/** A new line's vendor: the input's (checked), none when it says null, else the default. */
export async function newLineVendor(
  store: PlanReads,
  companyId: number,
  given: number | null | undefined,
  copy: Pick<AccountChannelType, 'DefaultVendorId' | 'ChannelTypeId' | 'ConnectorType'>,
): Promise<number | null> {
  if (given === null) return null;
  if (given !== undefined) return requireLineVendor(store, companyId, given);
  return defaultLineVendor(store, companyId, copy);
}
