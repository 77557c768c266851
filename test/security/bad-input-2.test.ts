import { describeBadInputShard } from './bad-input';

// Shard 2 of 2 of the generated bad-input suite (bad-input.ts): these files run side by side.
describeBadInputShard(2, 2);
