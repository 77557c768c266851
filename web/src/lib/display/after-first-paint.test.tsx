/** @jest-environment jsdom */
import '../../testing/polyfills';
import { render, waitFor } from '@testing-library/react';
import { useAfterFirstPaint } from './after-first-paint';

function Recorder({ seen }: { seen: boolean[] }) {
  const after = useAfterFirstPaint();
  seen.push(after);
  return <p>{after ? 'entries' : 'none yet'}</p>;
}

describe('useAfterFirstPaint', () => {
  it('is false in the page first render and true after its first frame, then at once for every later mount', async () => {
    const frames: FrameRequestCallback[] = [];
    const raf = jest.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => frames.push(cb));
    const first: boolean[] = [];
    const view = render(<Recorder seen={first} />);
    expect(view.container.textContent).toBe('none yet');
    // Not before the frame has come.
    await new Promise((r) => setTimeout(r, 20));
    expect(view.container.textContent).toBe('none yet');
    raf.mockRestore();
    frames.forEach((cb) => cb(0));
    await waitFor(() => expect(view.container.textContent).toBe('entries'));
    expect(first[0]).toBe(false);
    expect(first.at(-1)).toBe(true);

    const later: boolean[] = [];
    const again = render(<Recorder seen={later} />);
    expect(later[0]).toBe(true);
    expect(again.container.textContent).toBe('entries');
  });
});
