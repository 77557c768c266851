import { ConflictError, NotFoundError, STALE_VERSION_MESSAGE, ValidationError } from '../../core/errors';
import { listChannelTypes, type ChannelType } from '../channel-types';
import { nextId } from '../../aws/dynamodb/counters';
import type { UserProfile } from '../tenancy';
import type { Template, TemplateLine, TemplateSummary } from './store';
import { getTemplate, insertTemplate, listTemplates, replaceTemplate } from './store.dynamodb';
import type { TemplateInput } from './schemas';
import type { ListOf } from '../../shared/replies/reply';
import type { TemplateInfo } from './replies';

export type { Template, TemplateLine };

/** GetTemplateInfo shows each line with its channel type's name and group (modules/templates/replies.ts). */
export type { TemplateInfo };

/**
 * TemplatesService.GetTemplatesList: the company's active templates (archived: the archived ones,
 * which RestoreTemplate brings back) by name, without their lines.
 */
export async function listTemplatesFor(caller: UserProfile, archived = false): Promise<ListOf<TemplateSummary>> {
  const items = await listTemplates(caller.companyId, archived ? 'Archived' : 'Active');
  return { Items: items.sort((a, b) => a.Name.localeCompare(b.Name) || a.ID - b.ID) };
}

/** TemplatesService.GetTemplateInfo (archived templates too: a plan made from one may link to it). */
export async function getTemplateInfo(caller: UserProfile, templateId: number): Promise<TemplateInfo> {
  const t = await loadTemplate(caller.companyId, templateId);
  const catalogue = new Map((await listChannelTypes()).map((c) => [c.ID, c]));
  return {
    ...t,
    Lines: t.Lines.map((l) => {
      const c = catalogue.get(l.ChannelTypeId);
      return {
        ...l,
        ChannelTypeName: c?.Name ?? null,
        ChannelGroup: c?.Group ?? null,
        ChannelTypeActive: c?.Active ?? false,
      };
    }),
  };
}

/** Shares are compared in hundredths of a percent (integers): 33.33 + 33.33 + 33.34 is exactly 100. */
export function shareHundredths(lines: readonly { SharePct: number }[]): number {
  return lines.reduce((sum, l) => sum + Math.round(l.SharePct * 100), 0);
}

/** TemplatesService.SaveTemplate: ID <= 0 creates, else updates the version the caller read. */
export async function saveTemplateFor(caller: UserProfile, input: TemplateInput): Promise<Template> {
  const total = shareHundredths(input.Lines);
  if (total !== 10_000) {
    throw new ValidationError(
      `template.Lines: shares add up to ${total / 100} %, they must add up to 100 %`,
      'SHARES_NOT_100',
      { field: 'template.Lines', total: total / 100 },
    );
  }
  const before = input.ID > 0 ? await loadTemplate(caller.companyId, input.ID) : undefined;
  if (before) {
    if (input.version === undefined)
      throw new ValidationError(
        'template.version: is required when updating (send the version you read)',
        'FIELD_REQUIRED',
        { field: 'template.version' },
      );
    if (before.version !== input.version) throw new ConflictError(STALE_VERSION_MESSAGE, 'STALE_VERSION');
    if (before.Status !== 'Active')
      throw new ConflictError(`Template ${before.ID} is archived`, 'ENTITY_ARCHIVED', {
        entity: 'Template',
        id: before.ID,
      });
  }
  checkChannelTypes(input.Lines, await listChannelTypes(), new Set(before?.Lines.map((l) => l.ChannelTypeId)));
  const lines: TemplateLine[] = input.Lines.map((l) => ({
    ChannelTypeId: l.ChannelTypeId,
    SharePct: l.SharePct,
    BuyType: l.BuyType,
    UnitCost: l.UnitCost,
    ManagementFeePct: l.ManagementFeePct ?? null,
    SystemFeePct: l.SystemFeePct ?? null,
    Notes: l.Notes,
  }));
  const now = new Date().toISOString();
  if (!before) {
    const created: Template = {
      ID: await nextId(caller.companyId, 'Template'),
      Name: input.Name,
      Description: input.Description,
      Lines: lines,
      Status: 'Active',
      version: 1,
      createdAt: now,
      createdBy: caller.email,
      updatedAt: now,
      updatedBy: caller.email,
    };
    await insertTemplate(caller.companyId, created);
    return created;
  }
  const after: Template = {
    ...before,
    Name: input.Name,
    Description: input.Description,
    Lines: lines,
    version: before.version + 1,
    updatedAt: now,
    updatedBy: caller.email,
  };
  await replaceTemplate(caller.companyId, before, after, 'update');
  return after;
}

/**
 * Every line must name a channel type of the catalogue; a new line must name an active one (a line
 * kept from before may keep a type retired since, so an old template can still be edited).
 */
function checkChannelTypes(lines: TemplateInput['Lines'], catalogue: ChannelType[], kept: Set<number>) {
  const byId = new Map(catalogue.map((c) => [c.ID, c]));
  lines.forEach((l, i) => {
    const c = byId.get(l.ChannelTypeId);
    if (!c)
      throw new ValidationError(
        `template.Lines.${i}.ChannelTypeId: channel type ${l.ChannelTypeId} does not exist`,
        'CHANNEL_TYPE_UNKNOWN',
        { field: `template.Lines.${i}.ChannelTypeId`, id: l.ChannelTypeId },
      );
    if (!c.Active && !kept.has(c.ID))
      throw new ValidationError(
        `template.Lines.${i}.ChannelTypeId: channel type ${c.ID} (${c.Name}) is retired`,
        'CHANNEL_TYPE_INACTIVE',
        { field: `template.Lines.${i}.ChannelTypeId`, name: c.Name },
      );
  });
}

/** Moves a template to `status` (answered unchanged when it is there already), audited as `action`. */
async function setTemplateStatus(
  caller: UserProfile,
  templateId: number,
  status: Template['Status'],
  action: 'archive' | 'restore',
): Promise<Template> {
  const before = await loadTemplate(caller.companyId, templateId);
  if (before.Status === status) return before;
  const after: Template = {
    ...before,
    Status: status,
    version: before.version + 1,
    updatedAt: new Date().toISOString(),
    updatedBy: caller.email,
  };
  await replaceTemplate(caller.companyId, before, after, action);
  return after;
}

/** TemplatesService.DeleteTemplate: archives (the template stays readable; nothing is destroyed). */
export const archiveTemplate = (caller: UserProfile, templateId: number) =>
  setTemplateStatus(caller, templateId, 'Archived', 'archive');

/**
 * TemplatesService.RestoreTemplate: an archived template is active again (an active one is answered
 * unchanged). Its lines are not checked: a line may name a channel type retired since it was
 * archived, as an active template may (SaveTemplate keeps such lines); ApplyTemplate then answers 400
 * naming the types the account does not have active.
 */
export const restoreTemplate = (caller: UserProfile, templateId: number) =>
  setTemplateStatus(caller, templateId, 'Active', 'restore');

/**
 * The lines of an active template of the company, for applying it to a media mix (MediaPlans).
 * Shares add up to exactly 100 % (checked at save). Unknown id → 404; archived → 409.
 */
export async function templateLinesFor(companyId: number, templateId: number): Promise<TemplateLine[]> {
  const t = await loadTemplate(companyId, templateId);
  if (t.Status !== 'Active')
    throw new ConflictError(`Template ${t.ID} is archived`, 'ENTITY_ARCHIVED', { entity: 'Template', id: t.ID });
  return t.Lines;
}

async function loadTemplate(companyId: number, templateId: number): Promise<Template> {
  const t = await getTemplate(companyId, templateId, true);
  if (!t)
    throw new NotFoundError(`Template ${templateId} was not found`, 'NOT_FOUND', {
      entity: 'Template',
      id: templateId,
    });
  return t;
}
