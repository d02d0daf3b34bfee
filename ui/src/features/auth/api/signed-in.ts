import { ApiError } from "../../../lib/api";
import type { User } from "../../../lib/user";

export interface SignedIn {
  token: string;
  user: User;
}

/** Sign-in and registration must both answer a token and a user; anything else is refused. */
export function signedInFrom(answer: Partial<SignedIn>, invalidMessage: string): SignedIn {
  if (!answer.token || !answer.user) throw new ApiError(200, invalidMessage, answer as Record<string, unknown>);
  return { token: answer.token, user: answer.user };
}
