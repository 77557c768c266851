import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** For tests of what a console module pulls in, read from the sources (no build needed). */
const SERVER = path.resolve(__dirname, '..', '..', '..', 'lambdas');

/** The file an import names: a console path, or shared server code through `@server/`. */
export function resolveImport(from: string, spec: string): string | null {
  const base = spec.startsWith('@server/') ? path.join(SERVER, spec.slice(8)) : path.resolve(path.dirname(from), spec);
  return ['.ts', '.tsx', '/index.ts'].map((ext) => base + ext).find(existsSync) ?? null;
}

/** Every file the module reaches by static imports, and the packages it names (type-only imports are erased). */
export function staticGraph(entry: string): { files: string[]; packages: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)';/gms)) {
      const spec = m[1];
      if (spec.startsWith('.') || spec.startsWith('@server/')) {
        const next = resolveImport(file, spec);
        if (next) visit(next);
      } else packages.add(spec);
    }
  };
  visit(entry);
  return { files: [...files], packages: [...packages] };
}
