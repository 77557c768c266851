/** The fields every stored business item carries: one declaration, shared with the replies. */
export type { Stamped } from '../../shared/replies/reply';
