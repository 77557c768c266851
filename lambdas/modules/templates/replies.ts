import type { BuyType } from '../../shared/money';
import type { Stamped } from '../../shared/replies/reply';

/** Replies of TemplatesService (ApplyTemplate's is with the media plans', modules/media-plans/replies). */

export interface TemplateLine {
  /** Global channel type id (the catalogue); the account's copy is found when the template is applied. */
  ChannelTypeId: number;
  SharePct: number;
  BuyType: BuyType;
  UnitCost: number;
  /** null: use the account channel type's fee when applied. */
  ManagementFeePct: number | null;
  SystemFeePct: number | null;
  Notes: string;
}

/** A named media-plan skeleton of the company (docs/domain.md). */
export interface Template extends Stamped {
  ID: number;
  Name: string;
  Description: string;
  Lines: TemplateLine[];
  Status: 'Active' | 'Archived';
}

/** GetTemplatesList: a template without its lines. */
export type TemplateSummary = Omit<Template, 'Lines'> & { LineCount: number };

/** GetTemplateInfo: each line with its channel type's name and group (the catalogue may rename it). */
export type TemplateInfo = Omit<Template, 'Lines'> & {
  Lines: (TemplateLine & { ChannelTypeName: string | null; ChannelGroup: string | null; ChannelTypeActive: boolean })[];
};
