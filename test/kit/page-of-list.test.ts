import { decodeOffsetToken, pageOfList, type ListPage } from '../../lambdas/aws/dynamodb/page-token';

/** Lists assembled in memory page through the same opaque tokens as Queries (aws/dynamodb/page-token.ts). */
describe('pageOfList', () => {
  const all = Array.from({ length: 7 }, (_, i) => i + 1);

  it('walks a list page by page with opaque tokens, ending with null', () => {
    const seen: number[] = [];
    let token: string | null = null;
    let pages = 0;
    do {
      const page: ListPage<number> = pageOfList(all, token, 3);
      seen.push(...page.items);
      token = page.nextToken;
      pages += 1;
      if (token) expect(token).not.toMatch(/^\d+$/);
    } while (token);
    expect(seen).toEqual(all);
    expect(pages).toBe(3);
  });

  it('answers an empty last page when the list shrank between two pages, never an error', () => {
    const first = pageOfList(all, null, 6);
    expect(decodeOffsetToken(first.nextToken)).toBe(6);
    expect(pageOfList(all.slice(0, 4), first.nextToken, 6)).toEqual({ items: [], nextToken: null });
  });

  it('refuses a forged token with the 400 naming nextToken', () => {
    expect(() => pageOfList(all, 'not-a-token', 3)).toThrow(/^nextToken: /);
  });
});
