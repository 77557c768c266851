/**
 * searchStream answers ONE JSON array whose elements are batches (`[{"results":[…]},{"results":[…]},…]`),
 * written as the server reads them. A year of 200 campaigns is ~25 MB of it: parsing the whole body
 * at once would hold it all in memory. This splitter reads the body as it arrives and hands out each
 * top-level element, parsed, as soon as its closing brace is read — so the client holds one batch at
 * a time. A body that is not an array (a plain `{"error":…}` object) comes out as one element.
 *
 * It tracks only nesting depth and strings (with their escapes); JSON.parse does the real parsing of
 * each element, so a broken element is still refused by it.
 */
export class JsonStreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonStreamError';
  }
}

/** One element over this many characters is refused (a 10,000-row batch is ~4 MB). */
const MAX_ELEMENT_CHARS = 64 * 1024 * 1024;

export async function* jsonArrayElements(
  body: AsyncIterable<Uint8Array>,
  maxElementChars = MAX_ELEMENT_CHARS,
): AsyncGenerator<unknown> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  /** 'start' before the first non-space; 'array' between elements; 'single' when the body is one value. */
  let mode: 'start' | 'array' | 'single' | 'done' = 'start';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let parts: string[] = [];
  let partsLength = 0;
  let capturing = false;

  const parse = (text: string) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new JsonStreamError('an element of the reply is not valid JSON');
    }
  };

  const decode = (chunk: Uint8Array | undefined, stream: boolean) => {
    try {
      return chunk ? decoder.decode(chunk, { stream }) : decoder.decode();
    } catch {
      throw new JsonStreamError('the reply is not valid UTF-8');
    }
  };

  const consume = function* (text: string): Generator<unknown> {
    let start = capturing ? 0 : -1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 0x5c /* \ */) escaped = true;
        else if (c === 0x22 /* " */) inString = false;
        continue;
      }
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) continue;
      if (mode === 'done') throw new JsonStreamError('the reply has text after its end');
      if (mode === 'start') {
        if (c === 0x5b /* [ */) {
          mode = 'array';
          continue;
        }
        if (c !== 0x7b /* { */) throw new JsonStreamError('the reply is neither a JSON array nor an object');
        mode = 'single';
      }
      if (!capturing) {
        if (mode === 'array' && depth === 0) {
          if (c === 0x2c /* , */) continue;
          if (c === 0x5d /* ] */) {
            mode = 'done';
            continue;
          }
          if (c !== 0x7b && c !== 0x5b) throw new JsonStreamError('an element of the reply array is not an object');
        }
        capturing = true;
        start = i;
      }
      if (c === 0x22) inString = true;
      else if (c === 0x7b || c === 0x5b) depth++;
      else if (c === 0x7d /* } */ || c === 0x5d) {
        depth--;
        if (depth === 0) {
          const piece = text.slice(start, i + 1);
          const whole = parts.length ? parts.join('') + piece : piece;
          parts = [];
          partsLength = 0;
          capturing = false;
          start = -1;
          if (mode === 'single') mode = 'done';
          yield parse(whole);
        } else if (depth < 0) throw new JsonStreamError('the reply closes more than it opened');
      }
    }
    if (capturing) {
      const rest = text.slice(start);
      partsLength += rest.length;
      if (partsLength > maxElementChars)
        throw new JsonStreamError(`an element of the reply is over ${maxElementChars} characters`);
      parts.push(rest);
    }
  };

  for await (const chunk of body) yield* consume(decode(chunk, true));
  yield* consume(decode(undefined, false));
  if (mode === 'start') throw new JsonStreamError('the reply is empty');
  if (mode !== 'done' || capturing || inString) throw new JsonStreamError('the reply ends in the middle');
}
