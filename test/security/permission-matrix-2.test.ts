import { describePermissionShard } from './permission-matrix';

// Shard 2 of 2 of the generated permission matrix (permission-matrix.ts): these files run side by side.
describePermissionShard(2, 2);
