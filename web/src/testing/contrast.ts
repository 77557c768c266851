/**
 * WCAG 2.x contrast: relative luminance of sRGB colours and the ratio (L1 + 0.05) / (L2 + 0.05).
 * Colours as MUI writes them: #rgb, #rrggbb, rgb(…) and rgba(…) (a translucent colour is laid over
 * what is under it first).
 */
type Rgba = [number, number, number, number];

export function parseColor(css: string): Rgba {
  const c = css.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(c);
  if (hex) {
    const h = hex[1].length === 3 ? [...hex[1]].map((x) => x + x).join('') : hex[1];
    return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)).concat(1) as Rgba;
  }
  const fn = /^rgba?\(([^)]+)\)$/i.exec(c);
  if (fn) {
    const [r, g, b, a = '1'] = fn[1].split(',').map((x) => x.trim());
    return [Number(r), Number(g), Number(b), Number(a)];
  }
  throw new Error(`not a colour this check reads: ${css}`);
}

/** `top` laid over the opaque `under`. */
export function over(top: string, under: string): string {
  const [r, g, b, a] = parseColor(top);
  const [R, G, B] = parseColor(under);
  const mix = (x: number, y: number) => Math.round(x * a + y * (1 - a));
  return `rgb(${mix(r, R)}, ${mix(g, G)}, ${mix(b, B)})`;
}

export function luminance(css: string): number {
  const [r, g, b] = parseColor(css).map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of a (possibly translucent) foreground on an opaque background. */
export function contrast(fg: string, bg: string): number {
  const a = luminance(over(fg, bg));
  const b = luminance(bg);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}
