/**
 * File sizes in B to TB, base 1024: "1.5 MB" is 1.5 × 1024 × 1024 bytes. At most two decimals
 * (the product rounds numbers to 2 decimals), trailing zeros dropped. The units are the same
 * in every language (the API's messages and the console's both use this). Shared with the console.
 */
const UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  // Rounding may reach 1024 of a unit (1023.999 KB): say 1 MB instead.
  let rounded = Math.round(value * 100) / 100;
  if (rounded >= 1024 && unit < UNITS.length - 1) {
    rounded = Math.round((rounded / 1024) * 100) / 100;
    unit++;
  }
  return `${rounded} ${UNITS[unit]}`;
}
