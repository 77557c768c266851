import { applyChannelDefaults, type ChannelDefaults } from './channel-defaults';
import type { LineForm } from './line-form';

const SEARCH: ChannelDefaults = {
  ID: 101,
  Name: 'Google Search',
  DefaultBuyType: 'CPC',
  ManagementFeePct: 15,
  SystemFeePct: 2.5,
};
const YOUTUBE: ChannelDefaults = {
  ID: 102,
  Name: 'YouTube',
  DefaultBuyType: 'CPV',
  ManagementFeePct: 12.5,
  SystemFeePct: 0,
};

const form = (extra: Partial<LineForm> = {}): LineForm => ({
  AccountChannelTypeId: '101',
  Name: 'Google Search',
  StartDate: '2026-03-01',
  EndDate: '2026-03-31',
  BuyType: 'CPC',
  UnitCost: '1.2',
  Budget: '1000',
  ManagementFeePct: '15',
  SystemFeePct: '2.5',
  ImageCreatives: '0',
  VideoCreatives: '0',
  Notes: '',
  VendorId: '',
  ...extra,
});

describe('a line that changes its channel type', () => {
  it("takes the new type's name, buy type and fees when it still held the old type's", () => {
    const r = applyChannelDefaults(form(), SEARCH, YOUTUBE);
    expect(r.form).toMatchObject({ Name: 'YouTube', BuyType: 'CPV', ManagementFeePct: '12.5', SystemFeePct: '0' });
    expect(r.changed).toEqual(['Name', 'BuyType', 'ManagementFeePct', 'SystemFeePct']);
  });

  it('keeps what the planner chose: a name of their own, another buy type, their own fee', () => {
    const r = applyChannelDefaults(
      form({ Name: 'Brand search - winter', BuyType: 'CPM', ManagementFeePct: '9' }),
      SEARCH,
      YOUTUBE,
    );
    expect(r.form).toMatchObject({
      Name: 'Brand search - winter',
      BuyType: 'CPM',
      ManagementFeePct: '9',
      SystemFeePct: '0',
    });
    expect(r.changed).toEqual(['SystemFeePct']);
  });

  it("reads a fee typed as 15.00 as the old type's 15, and fills what was left empty", () => {
    const r = applyChannelDefaults(form({ ManagementFeePct: '15.00', Name: '' }), SEARCH, YOUTUBE);
    expect(r.form).toMatchObject({ Name: 'YouTube', ManagementFeePct: '12.5' });
  });

  it('changes nothing of a line whose old type is unknown (retired), except what is empty', () => {
    const r = applyChannelDefaults(form({ SystemFeePct: '' }), undefined, YOUTUBE);
    expect(r.form).toMatchObject({ Name: 'Google Search', BuyType: 'CPC', ManagementFeePct: '15', SystemFeePct: '0' });
    expect(r.changed).toEqual(['SystemFeePct']);
  });
});
