import { describeFuzzShard } from './fuzz-routes';

// Shard 8 of 10 of the generated route fuzz (fuzz-routes.ts): these files run side by side.
describeFuzzShard(8, 10);
