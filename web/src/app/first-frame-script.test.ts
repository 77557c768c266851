import path from 'node:path';
import { staticGraph } from '../testing/static-graph';
import { FRAME_SCREENS } from './first-frame-screens';

/**
 * The first frame's script runs before the console's code and is built on its own
 * (vite.config.mts): what it reaches must stay plain modules, or it would carry the libraries the
 * console loads anyway, and run only after them.
 */
describe("the first frame's script", () => {
  const { files, packages } = staticGraph(path.resolve(__dirname, '..', 'first-frame.ts'));

  it('reaches no package and no component', () => {
    expect(packages).toEqual([]);
    expect(files.filter((f) => f.endsWith('.tsx'))).toEqual([]);
  });

  it('carries every screen registered for it', () => {
    expect(FRAME_SCREENS.map((s) => s.id)).toEqual(['accounts', 'payables', 'plan']);
    for (const area of ['accounts', 'payables', 'media-plan'])
      expect(files).toContain(path.resolve(__dirname, '..', 'features', area, 'first-frame.ts'));
  });
});
