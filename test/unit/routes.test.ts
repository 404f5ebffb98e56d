import { describe, expect, it } from 'vitest';
import { areaOf, isUnder, knowledgeBaseUrl, releaseMonthUrl, ROUTES, searchUrl } from '../../src/lib/routes';

describe('routes', () => {
  it('encodes the search query, so a slash or an ampersand stays inside q', () => {
    expect(searchUrl('vpc/nat & eks')).toBe('/search?q=vpc%2Fnat%20%26%20eks');
    expect(new URL(searchUrl('a&q=b'), 'https://x.test').searchParams.get('q')).toBe('a&q=b');
  });

  it('builds release-month and knowledge-base addresses under their sections', () => {
    expect(releaseMonthUrl('2024-05')).toBe('/guides/stay-up-to-date/releases/2024-05/');
    expect(knowledgeBaseUrl(10)).toBe('/discussions/knowledge-base/10');
    expect(isUnder(releaseMonthUrl('2024-05'), ROUTES.releases)).toBe(true);
    expect(isUnder(ROUTES.releases, ROUTES.stayUpToDate)).toBe(true);
    expect(isUnder(ROUTES.stayUpToDate, ROUTES.guides)).toBe(true);
  });

  it('matches a section by whole path segments', () => {
    expect(isUnder('/intro', ROUTES.intro)).toBe(true);
    expect(isUnder('/intro/next-steps', ROUTES.intro)).toBe(true);
    expect(isUnder('/introduction', ROUTES.intro)).toBe(false);
    expect(isUnder('/faq/eks', ROUTES.faq)).toBe(true);
    expect(isUnder('/faqs', ROUTES.faq)).toBe(false);
  });

  it('puts a page in the finest area it is under, and a section home in its own area', () => {
    expect(areaOf('/guides/stay-up-to-date/releases/2024-05/')).toBe('releases');
    expect(areaOf('/guides/stay-up-to-date/terraform/terraform-14/')).toBe('stayUpToDate');
    expect(areaOf('/guides/build-it-yourself/vpc/')).toBe('guides');
    expect(areaOf('/faq')).toBe('faq');
    expect(areaOf('/intro/next-steps')).toBe('intro');
    expect(areaOf('/introduction')).toBeUndefined();
    expect(areaOf('/tags/vpc')).toBeUndefined();
    expect(areaOf('/')).toBeUndefined();
  });
});
