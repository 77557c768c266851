/** What other code may use of the pacing digest: nothing else of this folder. */
export { runPacingDigests, type DigestDeps, type DigestRunSummary } from './digest-runs';
export { unsubscribeDigest, type DigestUnsubscribeOutcome } from './unsubscribe';
export { DIGEST_WORDS } from './digest-words';
