import { UNBLOCK_HELP } from "../../../../../src/domain/loan-rules";
import type { BlockedStudentAnswer } from "../../../../../src/modules/loans/model";
import { BlockedAccountCard } from "../../../components/blocked-account-card";
import { Button } from "../../../components/button";
import { ApiError } from "../../../lib/api";

/** The part of the server's refusal of a blocked student (the loans model's answer) the request shows. */
export type BlockedAnswer = Pick<BlockedStudentAnswer, "message" | "reason" | "strikes" | "helpMessage">;

/** The server refuses a blocked student with `{ blocked: true, message, reason, strikes, helpMessage }`. */
export function blockedAnswer(error: unknown): BlockedAnswer | null {
  if (!(error instanceof ApiError) || error.body.blocked !== true) return null;
  const { message, reason, strikes, helpMessage } = error.body;
  return {
    message: typeof message === "string" ? message : error.message,
    reason: typeof reason === "string" ? reason : null,
    strikes: typeof strikes === "number" ? strikes : 0,
    helpMessage: typeof helpMessage === "string" ? helpMessage : UNBLOCK_HELP,
  };
}

/** A blocked student's request ends here: why the account is blocked and how to unblock it, then close. */
export function BlockedRefusal({ answer, onClose }: { answer: BlockedAnswer; onClose: () => void }) {
  return (
    <BlockedAccountCard {...answer}>
      <div className="pt-2">
        <Button variant="secondary" onClick={onClose}>
          Chiudi
        </Button>
      </div>
    </BlockedAccountCard>
  );
}
