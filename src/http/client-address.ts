/**
 * The address a request comes from: the socket's, or — only when TRUST_PROXY is on, i.e. PrestaLab sits
 * behind nginx or Caddy — the last address of `X-Forwarded-For`, the one the proxy itself appended.
 * Earlier entries are whatever the client claimed and are never trusted.
 */
export function clientAddress(
  server: { requestIP(request: Request): { address: string } | null } | null,
  request: Request,
  trustProxy: boolean,
): string {
  if (trustProxy) {
    const forwarded = request.headers.get("x-forwarded-for")?.split(",").pop()?.trim();
    if (forwarded) return forwarded;
  }
  return server?.requestIP(request)?.address ?? "local";
}
