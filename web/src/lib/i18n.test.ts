import { BIDI, i18n, loadCatalogue } from './i18n';
import { stripIsolates } from '../testing/bidi';

beforeAll(async () => {
  await loadCatalogue('he');
  await loadCatalogue('en');
  i18n.addResourceBundle(
    'he',
    'translation',
    { probe: { rate: 'שער מ-{{date}}: {{rate}}', count: '{{count}} שורות', list: ['אחת', 'שתיים'] } },
    true,
    true,
  );
  i18n.addResourceBundle(
    'en',
    'translation',
    { probe: { rate: 'Rate of {{date}}: {{rate}}', count: '{{count}} lines' } },
    true,
    true,
  );
});

describe('interpolated values are bidi isolates in Hebrew only', () => {
  it("Hebrew: each value in FSI … PDI, the sentence's punctuation outside", () => {
    const text = i18n.t('probe.rate', { lng: 'he', date: '1 בינו׳ 2026', rate: '1 USD = 3.7125 ILS' });
    expect(text).toBe(`שער מ-${BIDI.FSI}1 בינו׳ 2026${BIDI.PDI}: ${BIDI.FSI}1 USD = 3.7125 ILS${BIDI.PDI}`);
    expect(i18n.t('probe.count', { lng: 'he', count: 3 })).toBe(`${BIDI.FSI}3${BIDI.PDI} שורות`);
  });

  it('English: the values as they are, no controls', () => {
    const text = i18n.t('probe.rate', { lng: 'en', date: 'Jan 1, 2026', rate: '1 USD = 3.7125 ILS' });
    expect(text).toBe('Rate of Jan 1, 2026: 1 USD = 3.7125 ILS');
    expect(text).not.toMatch(/[\u2066-\u2069\uE000\uE001]/);
  });

  it('follows the language in use when the call names none', async () => {
    await i18n.changeLanguage('he');
    expect(i18n.t('probe.count', { count: 2 })).toBe(`${BIDI.FSI}2${BIDI.PDI} שורות`);
    await i18n.changeLanguage('en');
    expect(i18n.t('probe.count', { count: 2 })).toBe('2 lines');
  });

  it('no HTML escaping (React escapes): a value with markup characters is kept as typed', () => {
    expect(i18n.t('probe.rate', { lng: 'en', date: '<b>&', rate: 'a/b' })).toBe('Rate of <b>&: a/b');
  });

  it('strings without values and whole objects are left alone; stripIsolates gives the plain text', () => {
    expect(i18n.t('menu.accounts', { lng: 'he' })).toBe('לקוחות');
    expect(i18n.t('probe.list', { lng: 'he', returnObjects: true })).toEqual(['אחת', 'שתיים']);
    expect(stripIsolates(i18n.t('probe.rate', { lng: 'he', date: 'x', rate: 'y' }))).toBe('שער מ-x: y');
  });
});
