/**
 * What the context holds of the outbox (AppContext.mailer), apart from the outbox itself: the context is
 * imported by every module, so it may import only what imports none of them.
 */
export interface MailSender {
  /** Sends every message that is due; a round already running is joined (and followed by one more), never doubled. */
  deliverDue(): Promise<number>;
  /** Asks for a round soon, after the current transaction and request are done. */
  wake(): void;
}
