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
  const decode = (chunk: Uint8Array | undefined, stream: boolean) => {
    try {
      return chunk ? decoder.decode(chunk, { stream }) : decoder.decode();
    } catch {
      throw new JsonStreamError('the reply is not valid UTF-8');
    }
  };
  const splitter = new ElementSplitter(maxElementChars);
  for await (const chunk of body) yield* splitter.consume(decode(chunk, true));
  yield* splitter.consume(decode(undefined, false));
  splitter.end();
}

const parse = (text: string) => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new JsonStreamError('an element of the reply is not valid JSON');
  }
};

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;

/** The splitter's state across chunks: where it is in the body, the nesting depth, the element being read. */
class ElementSplitter {
  /** 'start' before the first non-space; 'array' between elements; 'single' when the body is one value. */
  private mode: 'start' | 'array' | 'single' | 'done' = 'start';
  private depth = 0;
  private inString = false;
  private escaped = false;
  private parts: string[] = [];
  private partsLength = 0;
  private capturing = false;

  constructor(private readonly maxElementChars: number) {}

  /** The elements completed in `text`, each parsed; the unfinished one is kept for the next chunk. */
  *consume(text: string): Generator<unknown> {
    let start = this.capturing ? 0 : -1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.inString) {
        this.inStringChar(c);
        continue;
      }
      if (isSpace(c)) continue;
      if (this.skipsOutside(c)) continue;
      if (!this.capturing) {
        this.capturing = true;
        start = i;
      }
      if (c === 0x22) this.inString = true;
      else if (c === 0x7b || c === 0x5b) this.depth++;
      else if (c === 0x7d /* } */ || c === 0x5d) {
        this.depth--;
        if (this.depth === 0) {
          yield parse(this.take(text.slice(start, i + 1)));
          start = -1;
        } else if (this.depth < 0) throw new JsonStreamError('the reply closes more than it opened');
      }
    }
    if (this.capturing) this.keep(text.slice(start));
  }

  /** The body's end: anything unfinished is refused. */
  end(): void {
    if (this.mode === 'start') throw new JsonStreamError('the reply is empty');
    if (this.mode !== 'done' || this.capturing || this.inString)
      throw new JsonStreamError('the reply ends in the middle');
  }

  private inStringChar(c: number): void {
    if (this.escaped) this.escaped = false;
    else if (c === 0x5c /* \ */) this.escaped = true;
    else if (c === 0x22 /* " */) this.inString = false;
  }

  /**
   * A character outside any element: the array's opening, commas and closing are skipped (true);
   * the start of an element, or of a single value, is not (false); anything else is refused.
   */
  private skipsOutside(c: number): boolean {
    if (this.mode === 'done') throw new JsonStreamError('the reply has text after its end');
    if (this.mode === 'start') {
      if (c === 0x5b /* [ */) {
        this.mode = 'array';
        return true;
      }
      if (c !== 0x7b /* { */) throw new JsonStreamError('the reply is neither a JSON array nor an object');
      this.mode = 'single';
    }
    if (this.capturing || this.mode !== 'array' || this.depth !== 0) return false;
    if (c === 0x2c /* , */) return true;
    if (c === 0x5d /* ] */) {
      this.mode = 'done';
      return true;
    }
    if (c !== 0x7b && c !== 0x5b) throw new JsonStreamError('an element of the reply array is not an object');
    return false;
  }

  /** The element that ends with `piece`, whole; the splitter is outside any element again. */
  private take(piece: string): string {
    const whole = this.parts.length ? this.parts.join('') + piece : piece;
    this.parts = [];
    this.partsLength = 0;
    this.capturing = false;
    if (this.mode === 'single') this.mode = 'done';
    return whole;
  }

  /** The start of an element that goes on in the next chunk, bounded. */
  private keep(rest: string): void {
    this.partsLength += rest.length;
    if (this.partsLength > this.maxElementChars)
      throw new JsonStreamError(`an element of the reply is over ${this.maxElementChars} characters`);
    this.parts.push(rest);
  }
}
