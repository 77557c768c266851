/** What other code may use of the pacing digest: nothing else of this folder. */
export { runPacingDigests, type DigestRunSummary } from './digest-runs';
export { unsubscribeDigest } from './unsubscribe';
export { DIGEST_WORDS } from './digest-words';
