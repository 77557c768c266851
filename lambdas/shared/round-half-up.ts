/** Half-up rounding at `decimals` places without binary drift (1.005 → 1.01): figures as the console shows them. */
export function roundHalfUp(n: number, decimals = 2): number {
  const sign = n < 0 ? -1 : 1;
  const shifted = Number(`${Math.abs(n)}e${decimals}`);
  return sign * Number(`${Math.round(shifted)}e-${decimals}`);
}
