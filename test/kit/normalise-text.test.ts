import { foldName, normaliseText } from '../../lambdas/shared/normalise-text';
import { requiredText, multilineText, text, email } from '../../lambdas/shared/schema-fields';

/** One normalisation of every user-entered text, before validation. */
describe('normaliseText', () => {
  it('strips bidi overrides, embeddings and isolates', () => {
    expect(normaliseText('Invoice\u202Egpj.exe')).toBe('Invoicegpj.exe');
    expect(normaliseText('a\u202Ab\u202Bc\u202Cd\u202De\u2066f\u2067g\u2068h\u2069')).toBe('abcdefgh');
  });

  it('strips C0/C1 controls and DEL; a single line turns line breaks and tabs into spaces', () => {
    expect(normaliseText('Ac\u0000me\u0007\u007F\u0085\u009F')).toBe('Acme');
    expect(normaliseText('two\nlines\tand\r\ntab')).toBe('two lines and tab');
    expect(normaliseText('a\u2028b')).toBe('a b');
  });

  it('a multi-line text keeps \\n and \\t (CRLF and line separators become \\n)', () => {
    expect(normaliseText('line 1\r\nline\t2\u0000\rline 3\u2029x', { multiline: true })).toBe(
      'line 1\nline\t2\nline 3\nx',
    );
    expect(normaliseText('\n\n  note \n', { multiline: true })).toBe('note');
  });

  it('drops lone surrogates and keeps real pairs', () => {
    expect(normaliseText('a\uD800b\uDC00c')).toBe('abc');
    expect(normaliseText('rocket \u{1F680}')).toBe('rocket \u{1F680}');
  });

  it('composes to NFC', () => {
    expect(normaliseText('Cafe\u0301')).toBe('Caf\u00E9');
  });

  it('trims Unicode white space including zero-width characters and the BOM', () => {
    expect(normaliseText('\u200B\u200C\u200D\uFEFF\u2060 Acme \u00A0\u3000\u200B')).toBe('Acme');
    expect(normaliseText('\u200B\u200B\u200B')).toBe('');
    expect(normaliseText('Ac\uFEFFme')).toBe('Acme');
  });

  it('a value made only of invisible marks (LRM, RLM, ALM, zero-width) is empty; marks inside real text stay', () => {
    expect(normaliseText('\u200E\u200F\u061C\u200B')).toBe('');
    expect(normaliseText('\u200Fהדר ביטוח\u200F')).toBe('\u200Fהדר ביטוח\u200F');
  });

  it('leaves Hebrew, Arabic and emoji text unchanged', () => {
    for (const s of ['הדר ביטוח', 'גליל מזון (בע"מ)', 'שלום עולם 2026', 'مرحبا', 'Café ☕ \u{1F600}', 'משפחה\u200D']) {
      expect(normaliseText(s)).toBe(s.normalize('NFC').replace(/\u200D$/, ''));
    }
  });
});

describe('foldName (uniqueness key)', () => {
  it('is case-, width- and look-alike-insensitive', () => {
    expect(foldName('Acme')).toBe(foldName('ACME'));
    expect(foldName('Acme')).toBe(foldName('\u0410\u0441m\u0435')); // Cyrillic А, с, е
    expect(foldName('Bank Hapoalim')).toBe(foldName('\u0412\u0430nk \u041D\u0430p\u043E\u0430lim'));
    expect(foldName('ΑΒΕ')).toBe(foldName('abe')); // Greek capitals
    expect(foldName('Ａｃｍｅ')).toBe(foldName('acme')); // full width (NFKC)
    expect(foldName('Ac\u200Bme')).toBe(foldName('Acme'));
    expect(foldName('Acme  Ltd')).toBe(foldName('Acme Ltd'));
  });

  it('keeps different names apart, Hebrew included', () => {
    expect(foldName('Acme')).not.toBe(foldName('Acne'));
    expect(foldName('הדר ביטוח')).not.toBe(foldName('הדר רכב'));
    expect(foldName('הדר ביטוח')).toBe(foldName('הדר ביטוח'));
  });
});

describe('the field builders normalise before validating', () => {
  it('requiredText refuses zero-width-only and mark-only values as "is required"', () => {
    for (const v of ['\u200B\u200B', '\u200F', '\u202E', '\u0000', ' \uFEFF ']) {
      const r = requiredText(50).safeParse(v);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe('is required');
    }
  });

  it('text stores the cleaned value; multilineText keeps line breaks', () => {
    expect(text(50).parse(' Invoice\u202Egpj.exe\u0000 ')).toBe('Invoicegpj.exe');
    expect(multilineText(50).parse('a\r\nb')).toBe('a\nb');
    expect(text(50).parse('a\nb')).toBe('a b');
  });

  it('length limits apply to the cleaned value, and email still validates', () => {
    expect(text(3).safeParse('\u200Babc\u200B').success).toBe(true);
    expect(email().parse('\u200Bname@example.com\u200B')).toBe('name@example.com');
    expect(email().safeParse('na\u202Eme@example.com').success).toBe(true);
  });
});
