/** What an idle timer aborts a request with: a timeout, whatever the request was doing. */
export class TimeoutError extends Error {
  constructor() {
    super('timed out');
    this.name = 'TimeoutError';
  }
}

/**
 * Aborts a request when nothing arrives for `ms`: before the headers, and between chunks of the body
 * (a streamed report may take minutes in all, but never long between two chunks).
 */
export class IdleTimer {
  private readonly controller = new AbortController();
  private timer?: ReturnType<typeof setTimeout>;
  private timedOut = false;
  readonly signal = this.controller.signal;

  constructor(private readonly ms: number) {
    this.touch();
  }

  touch() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(new TimeoutError());
    }, this.ms);
  }

  stop() {
    clearTimeout(this.timer);
  }

  private rethrow(err: unknown): never {
    throw this.timedOut ? new TimeoutError() : err;
  }

  async *watch(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
    const reader = body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        this.touch();
        yield value;
      }
    } catch (err) {
      this.rethrow(err);
    } finally {
      // Stopped early (a refused batch, the caller's break): let the connection go.
      reader.cancel().catch(() => undefined);
    }
  }

  async text(res: Response): Promise<string> {
    const chunks: Uint8Array[] = [];
    if (res.body) for await (const c of this.watch(res.body)) chunks.push(c);
    return Buffer.concat(chunks).toString('utf8');
  }
}
