import { laneCount, splitLanes } from '../browser/journey-lanes';

describe('the journeys split into lanes', () => {
  const times = { a: 30_000, b: 25_000, c: 10_000, d: 9_000, e: 8_000, f: 1_000 };
  const names = Object.keys(times);
  const total = (lane: string[]) => lane.reduce((s, n) => s + (times as Record<string, number>)[n], 0);

  it('gives every journey exactly one lane, heaviest first to the lightest, each lane in the given order', () => {
    const lanes = splitLanes(names, times, 2);
    expect(lanes.flat().sort()).toEqual(names);
    // a to the first lane; b, then c (25 < 30) to the second; d (30 < 35), e (35 < 39), f (39 < 43).
    expect(lanes).toEqual([
      ['a', 'd', 'f'],
      ['b', 'c', 'e'],
    ]);
    expect(Math.abs(total(lanes[0]) - total(lanes[1]))).toBeLessThanOrEqual(3_000);
  });

  it('weighs a journey without a time as a middling one, and never leaves a lane out of the count', () => {
    const lanes = splitLanes(['new', 'a', 'b'], { a: 30_000, b: 25_000 }, 2);
    expect(lanes).toEqual([['a'], ['new', 'b']]);
    expect(splitLanes(['x'], {}, 3)).toEqual([['x'], [], []]);
  });

  it('runs a handful of journeys, or MIXDESK_JOURNEY_LANES=1, in one process', () => {
    const before = process.env.MIXDESK_JOURNEY_LANES;
    try {
      delete process.env.MIXDESK_JOURNEY_LANES;
      expect(laneCount(28)).toBe(2);
      expect(laneCount(3)).toBe(1);
      process.env.MIXDESK_JOURNEY_LANES = '1';
      expect(laneCount(28)).toBe(1);
      process.env.MIXDESK_JOURNEY_LANES = '3';
      expect(laneCount(28)).toBe(3);
      process.env.MIXDESK_JOURNEY_LANES = 'many';
      expect(laneCount(28)).toBe(2);
    } finally {
      if (before === undefined) delete process.env.MIXDESK_JOURNEY_LANES;
      else process.env.MIXDESK_JOURNEY_LANES = before;
    }
  });
});
