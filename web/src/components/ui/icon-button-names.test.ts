import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Every icon button has a name a screen reader reads (WCAG 4.1.2): an `aria-label` (or
 * `aria-labelledby`) from the catalogue. A tooltip or a `title` is no name: a tooltip shows on hover
 * only, and neither is announced reliably. Checked in the sources, so a new button cannot ship
 * without one: MUI's IconButton and Fab everywhere, the rows' plain RowIconButton and RowIconLink, and
 * the grid's own plain `<button className="icon">`.
 */
const SRC = path.resolve(__dirname, '..', '..');
const ICON_COMPONENTS = new Set(['IconButton', 'Fab', 'RowIconButton', 'RowIconLink']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sources(file);
    return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [file] : [];
  });
}

const attr = (el: ts.JsxOpeningLikeElement, name: string) =>
  el.attributes.properties.find((p): p is ts.JsxAttribute => ts.isJsxAttribute(p) && p.name.getText() === name);

/** Why an icon button of this source has no translated name, one line each (file:line: reason). */
function unnamedIconButtons(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) {
      const tag = node.tagName.getText();
      const className = attr(node, 'className')?.initializer?.getText() ?? '';
      if (ICON_COMPONENTS.has(tag) || (tag === 'button' && /\bicon\b/.test(className))) {
        const where = `${path.relative(SRC, file)}:${sf.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
        const label = attr(node, 'aria-label') ?? attr(node, 'aria-labelledby');
        if (!label?.initializer) found.push(`${where}: <${tag}> has no aria-label`);
        else if (ts.isStringLiteral(label.initializer) && label.name.getText() === 'aria-label')
          found.push(`${where}: <${tag}> is named by a literal, not from the catalogue`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('icon buttons are named for screen readers', () => {
  it('every IconButton, Fab and grid icon button of the console has an aria-label', () => {
    const files = sources(SRC);
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((f) => unnamedIconButtons(f, readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('finds a button named only by its tooltip, and one named by a literal', () => {
    const text = `
      const a = (
        <Tooltip title={t('x')}>
          <IconButton onClick={go}><EditIcon /></IconButton>
        </Tooltip>
      );
      const b = <IconButton aria-label="Edit" />;
      const c = <button className="icon split" title="Split">x</button>;
      const d = <IconButton aria-label={t('common.edit')} />;`;
    expect(unnamedIconButtons(path.join(SRC, 'x.tsx'), text)).toEqual([
      'x.tsx:4: <IconButton> has no aria-label',
      'x.tsx:7: <IconButton> is named by a literal, not from the catalogue',
      'x.tsx:8: <button> has no aria-label',
    ]);
  });
});
