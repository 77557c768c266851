import type { ScheduleLanguage } from './replies/report-schedules';

/** An outside address's state: `pending` until it follows its confirmation link. */
export type OutsideState = 'pending' | 'confirmed';

export interface OutsideRecipient {
  Address: string;
  State: OutsideState;
  /** The language of the schedule that first named the address: its confirmation mail's. */
  Language: ScheduleLanguage;
  RequestedAt: string;
  ConfirmedAt?: string;
  /** Set while a confirmation mail is owed: when the dispatcher should send it. */
  MailAt?: string;
}

/** What the outside recipients of scheduled reports need of storage; outside-recipient-store.dynamodb.ts implements it. */
export interface OutsideRecipientStore {
  /** The company's outside recipients. */
  listOutsideRecipients(companyId: number): Promise<OutsideRecipient[]>;
  /** A new address, pending, its confirmation mail owed now; an address already known is left as it is. */
  addPendingRecipient(
    companyId: number,
    address: string,
    language: ScheduleLanguage,
    by: string,
    now: string,
  ): Promise<void>;
  /** Claims an owed confirmation mail if it is still owed at the time read. */
  claimConfirmationMail(companyId: number, r: Pick<OutsideRecipient, 'Address' | 'MailAt'>): Promise<boolean>;
  /** The confirmation mail could not go: owed again at `at`. */
  oweConfirmationAgain(companyId: number, address: string, at: string): Promise<void>;
  /** The address followed its link: confirmed (idempotent). False when the company never asked it. */
  confirmRecipient(companyId: number, address: string, now: string): Promise<boolean>;
  /** Takes one mail of the company's daily allowance to outside addresses: false when `cap` are spent that day. */
  takeOutsideMail(companyId: number, day: string, cap: number): Promise<boolean>;
}
