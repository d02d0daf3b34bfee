/** An error meant for a person: an HTTP status and an Italian message, plus optional extra fields. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toBody(): Record<string, unknown> {
    return { error: this.message, ...this.extra };
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new HttpError(400, message, extra);
export const unauthorized = (message = "Sessione scaduta, accedi di nuovo") => new HttpError(401, message);
export const forbidden = (message = "Non hai i permessi per questa operazione", extra?: Record<string, unknown>) =>
  new HttpError(403, message, extra);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new HttpError(409, message, extra);
export const tooManyRequests = (message = "Troppi tentativi, riprova più tardi") => new HttpError(429, message);

export const INTERNAL_ERROR_MESSAGE = "Errore interno del server";
