import { jsonArrayElements, JsonStreamError } from '../../lambdas/modules/connectors/platforms/google-ads/json-stream';

/** searchStream's array split into its elements whatever the chunk boundaries, and refused when broken. */
async function* chunks(text: string, size: number): AsyncGenerator<Uint8Array> {
  const bytes = Buffer.from(text, 'utf8');
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

async function all(text: string, size = 7): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const e of jsonArrayElements(chunks(text, size))) out.push(e);
  return out;
}

const BATCHES = [
  { results: [{ campaign: { id: '1', name: 'Brand — "Search" [he: מותג] {x}' } }], fieldMask: 'campaign.id' },
  { results: [{ campaign: { id: '2', name: 'back\\slash \\" ]}' } }, { metrics: { conversions: 1.5 } }] },
  { fieldMask: 'x', requestId: 'r' },
];

test('every chunk size gives the same elements: strings with brackets, escapes and multi-byte letters across boundaries', async () => {
  const text = ` \n[${BATCHES.map((b) => JSON.stringify(b)).join(' ,\n')}]\n`;
  for (const size of [1, 2, 3, 5, 16, 1000]) expect(await all(text, size)).toEqual(BATCHES);
});

test('a lone object (an error reply) is one element; an empty array none', async () => {
  expect(await all('{"error":{"code":500}}')).toEqual([{ error: { code: 500 } }]);
  expect(await all('[ ]')).toEqual([]);
});

test('broken bodies are refused: cut short, not JSON, a non-object element, text after the end, empty, bad UTF-8', async () => {
  const refused = async (text: string | Buffer) => {
    const out: unknown[] = [];
    try {
      const source =
        typeof text === 'string'
          ? chunks(text, 4)
          : (async function* () {
              yield new Uint8Array(text);
            })();
      for await (const e of jsonArrayElements(source)) out.push(e);
    } catch (err) {
      expect(err).toBeInstanceOf(JsonStreamError);
      return out;
    }
    throw new Error(`accepted: ${String(text)}`);
  };
  // The elements before the break are handed out; the break is an error, never a silent end.
  expect(await refused('[{"a":1},{"b":')).toEqual([{ a: 1 }]);
  await refused('<html>502</html>');
  await refused('[1,2]');
  await refused('[{"a":1}] [');
  await refused('');
  await refused('[{"a":tru}]');
  await refused(Buffer.from([0x5b, 0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d, 0x5d]));
});

test('an element over the size limit is refused before it is held whole', async () => {
  const big = `[{"x":"${'a'.repeat(5000)}"}]`;
  await expect(
    (async () => {
      for await (const _ of jsonArrayElements(chunks(big, 100), 1000)) {
        /* consume */
      }
    })(),
  ).rejects.toThrow(/over 1000 characters/);
});
