/**
 * Storage as the browser meets it (lib/storage-upload.ts): an XMLHttpRequest that reports half the
 * file sent, then answers `answer` (an HTTP status) with `body`, or fails as a network error.
 * Returns the forms it was sent.
 */
export function fakeStorage(answer: number | 'network' = 204, body = ''): FormData[] {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open() {
      /* the URL is the form's */
    }
    send(form: FormData) {
      sent.push(form);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        if (answer === 'network') return this.onerror?.();
        this.status = answer;
        this.responseText = body;
        this.onload?.();
      }, 0);
    }
  }
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  return sent;
}
