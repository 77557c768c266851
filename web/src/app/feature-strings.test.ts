/** @jest-environment jsdom */
import '../testing/polyfills';
import type { Feature } from '../lib/feature';
import { i18n, loadCatalogue } from '../lib/i18n';
import { CATALOGUES } from '../locales/registry';
import { loadFeatureStrings } from './feature-strings';

const area = (): Feature => ({
  id: 'zz-area',
  routes: [],
  catalogues: jest.fn(async () => ({
    zzArea: {
      he: async () => ({ default: { zzArea: { hello: 'שלום' } } }),
      en: async () => ({ default: { zzArea: { hello: 'Hello' } } }),
    },
  })),
});

describe("a feature's strings (they come with its first route)", () => {
  it('merge into the loaded locales at once, and load with a locale chosen later', async () => {
    i18n.removeResourceBundle('en', 'translation');
    await loadFeatureStrings(area());
    expect(i18n.getFixedT('he')('zzArea.hello')).toBe('שלום');
    // English was not loaded, and no English bundle appears (it would count as loaded without the shell's strings)…
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    // …but the file is in the locale registry now, so loading English brings it with the shell's strings.
    expect(Object.keys(CATALOGUES.en)).toEqual(expect.arrayContaining(['en', 'zzArea.en']));
    await loadCatalogue('en');
    await i18n.changeLanguage('en');
    expect(i18n.t('zzArea.hello')).toBe('Hello');
    expect(i18n.t('titles.activities')).toBe('Activities');
  });

  it("a feature's catalogues are asked for once however many of its routes load", async () => {
    const feature = area();
    await Promise.all([loadFeatureStrings(feature), loadFeatureStrings(feature)]);
    await loadFeatureStrings(feature);
    expect(feature.catalogues).toHaveBeenCalledTimes(1);
  });
});
