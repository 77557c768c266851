import { ConflictError, NotFoundError, STALE_VERSION_MESSAGE, ValidationError } from '../../core/errors';
import { nextId } from '../../aws/dynamodb/counters';
import type { UserProfile } from '../tenancy';
import type { Vendor, VendorContact } from './store';
import { getVendor, insertVendor, listVendors, replaceVendor, vendorOfPlatform } from './store.dynamodb';
import type { PlatformId } from '../../shared/connector-platforms';
import { platformTaken } from './platforms';
import type { output } from 'zod/mini';
import type { getVendorsList, VendorInput } from './schemas';
import type { VendorsPage } from './replies';
import { addressesToMail, mailConfirmations, withConfirmations } from './contact-confirmation';

const DEFAULT_PAGE_SIZE = 50;

const stale = () => new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');

/** VendorsService.GetVendorsList: active (or archived) vendors by name, by part of the name, paged. */
export async function listVendorsFor(caller: UserProfile, input: output<typeof getVendorsList>): Promise<VendorsPage> {
  const page = await listVendors(
    caller.companyId,
    { archived: input.archived, search: input.search ?? '' },
    input.pageSize ?? DEFAULT_PAGE_SIZE,
    input.nextToken,
  );
  return { Items: page.items, NextToken: page.nextToken };
}

/** VendorsService.GetVendor: a vendor of the caller's company (another company's id is not found). */
export const getVendorFor = (caller: UserProfile, vendorId: number) => loadVendor(caller.companyId, vendorId);

/**
 * Contacts as stored: addresses lower-case, as users' are; Confirmed only while the vendor had that
 * address confirmed already (contact-confirmation.ts): a new or changed address is mailed its link.
 */
const contactsOf = (input: VendorInput, before: readonly VendorContact[]): VendorContact[] =>
  withConfirmations(
    before,
    input.Contacts.map((c) => ({ Name: c.Name, Email: c.Email.toLowerCase(), Phone: c.Phone, Confirmed: false })),
  );

/** The fields a save sets, from the input; an absent platform keeps the vendor's (none on a create). */
const fieldsOf = (input: VendorInput, before?: Vendor) => ({
  Name: input.Name,
  TaxId: input.TaxId,
  Address: input.Address,
  Currency: input.Currency,
  PaymentTerms: { Kind: input.PaymentTerms.Kind, Days: input.PaymentTerms.Days },
  VatTreatment: input.VatTreatment,
  Contacts: contactsOf(input, before?.Contacts ?? []),
  Platform: input.platform === undefined ? (before?.Platform ?? null) : input.platform,
});

/** VendorsService.SaveVendor: ID <= 0 creates, else updates the version the caller read. */
export async function saveVendorFor(caller: UserProfile, input: VendorInput): Promise<Vendor> {
  const now = new Date().toISOString();
  if (input.ID <= 0) {
    await assertPlatformFree(caller.companyId, input.platform ?? null, 0);
    const created: Vendor = {
      ID: await nextId(caller.companyId, 'Vendor'),
      ...fieldsOf(input),
      Archived: false,
      version: 1,
      createdAt: now,
      createdBy: caller.email,
      updatedAt: now,
      updatedBy: caller.email,
    };
    await insertVendor(caller.companyId, created);
    await mailConfirmations(caller.companyId, created, addressesToMail([], created.Contacts));
    return created;
  }
  const before = await loadVendor(caller.companyId, input.ID);
  if (input.version === undefined)
    throw new ValidationError(
      'vendor.version: is required when updating (send the version you read)',
      'FIELD_REQUIRED',
      {
        field: 'vendor.version',
      },
    );
  if (before.version !== input.version) throw stale();
  if (before.Archived)
    throw new ConflictError(`Vendor ${before.ID} is archived; restore it first`, 'ENTITY_ARCHIVED', {
      entity: 'Vendor',
      id: before.ID,
    });
  const fields = fieldsOf(input, before);
  if (fields.Platform !== before.Platform) await assertPlatformFree(caller.companyId, fields.Platform, before.ID);
  const after: Vendor = {
    ...before,
    ...fields,
    version: before.version + 1,
    updatedAt: now,
    updatedBy: caller.email,
  };
  await replaceVendor(caller.companyId, before, after, 'update', stale());
  await mailConfirmations(caller.companyId, after, addressesToMail(before.Contacts, after.Contacts));
  return after;
}

/** Moves a vendor in or out of the archive (answered unchanged when it is there already), audited as `action`. */
async function setArchived(caller: UserProfile, vendorId: number, archived: boolean): Promise<Vendor> {
  const before = await loadVendor(caller.companyId, vendorId);
  if (before.Archived === archived) return before;
  const after: Vendor = {
    ...before,
    Archived: archived,
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
    updatedBy: caller.email,
  };
  await replaceVendor(caller.companyId, before, after, archived ? 'archive' : 'restore', stale());
  return after;
}

/** VendorsService.ArchiveVendor: the vendor stays readable and keeps its name; nothing is destroyed. */
export const archiveVendor = (caller: UserProfile, vendorId: number) => setArchived(caller, vendorId, true);

/** VendorsService.RestoreVendor: an archived vendor is active again. */
export const restoreVendor = (caller: UserProfile, vendorId: number) => setArchived(caller, vendorId, false);

/**
 * Refuses a platform another vendor has before anything is written (not even an id taken); the
 * platform guard written with the save still decides between two saves at once.
 */
async function assertPlatformFree(companyId: number, platform: PlatformId | null, vendorId: number) {
  if (!platform) return;
  const holder = await vendorOfPlatform(companyId, platform);
  if (holder && holder.ID !== vendorId) throw platformTaken(platform, holder);
}

/**
 * A vendor another entity may name (a channel type's default, a plan line's vendor): one of the
 * company's (else 404, as any entity of another company) and not archived (409 ENTITY_ARCHIVED).
 */
export async function requireUsableVendor(companyId: number, vendorId: number): Promise<Vendor> {
  const v = await loadVendor(companyId, vendorId);
  if (v.Archived)
    throw new ConflictError(`Vendor ${v.ID} is archived; restore it first`, 'ENTITY_ARCHIVED', {
      entity: 'Vendor',
      id: v.ID,
    });
  return v;
}

/** The company's vendor that is `platform` and may be used (not archived), if any: a line's last default. */
export async function platformVendorOf(companyId: number, platform: PlatformId): Promise<Vendor | undefined> {
  const v = await vendorOfPlatform(companyId, platform);
  return v && !v.Archived ? v : undefined;
}

async function loadVendor(companyId: number, vendorId: number): Promise<Vendor> {
  const v = await getVendor(companyId, vendorId, true);
  if (!v) throw new NotFoundError(`Vendor ${vendorId} was not found`, 'NOT_FOUND', { entity: 'Vendor', id: vendorId });
  return v;
}
