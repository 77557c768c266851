import { describeFuzzShard } from './fuzz-routes';

// Shard 5 of 10 of the generated route fuzz (fuzz-routes.ts): these files run side by side.
describeFuzzShard(5, 10);
