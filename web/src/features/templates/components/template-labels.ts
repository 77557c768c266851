/** The translation key of each line field, for its cell's label and for error messages. */
export const LINE_LABELS: Record<string, string> = {
  ChannelTypeId: 'templates.fields.ChannelTypeId',
  SharePct: 'templates.fields.SharePct',
  BuyType: 'channelTypes.fields.DefaultBuyType',
  UnitCost: 'templates.fields.UnitCost',
  ManagementFeePct: 'channelTypes.fields.ManagementFeePct',
  SystemFeePct: 'channelTypes.fields.SystemFeePct',
};
