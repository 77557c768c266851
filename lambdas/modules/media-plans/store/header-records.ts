import { MEDIA_MIX_ENTITY } from './items';
import type { PlanVersion } from '../store';

/** A record of the table's change stream: the item before and after, as stored. */
export interface HeaderStreamChange {
  oldImage?: Record<string, unknown>;
  newImage?: Record<string, unknown>;
}

/** A media mix header changed by one write, read back from the stored images. */
export interface HeaderChange {
  companyId: number;
  before: PlanVersion;
  after: PlanVersion;
}

/** `C#12#MIX#…` → 12. */
const companyOf = (pk: unknown): number | undefined => {
  const m = /^C#(\d+)#MIX#/.exec(String(pk));
  return m ? Number(m[1]) : undefined;
};

const isHeader = (image: Record<string, unknown> | undefined): image is Record<string, unknown> =>
  !!image && image.entity === MEDIA_MIX_ENTITY && image.sk === 'M';

/**
 * The header change a stream record carries (both images, a new header version), or undefined for
 * anything else: lines, other items, a header created or deleted. Which of its changes is a plan
 * event is the domain's to say (modules/media-plans/notifications.ts).
 */
export function headerChangeOf({ oldImage, newImage }: HeaderStreamChange): HeaderChange | undefined {
  if (!isHeader(oldImage) || !isHeader(newImage)) return undefined;
  if (oldImage.version === newImage.version) return undefined;
  const companyId = companyOf(newImage.pk);
  if (companyId === undefined) return undefined;
  return { companyId, before: oldImage as unknown as PlanVersion, after: newImage as unknown as PlanVersion };
}
