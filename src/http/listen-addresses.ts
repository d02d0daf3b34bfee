import { networkInterfaces } from "node:os";

/** Addresses that mean "every interface of this machine". */
const EVERY_INTERFACE = new Set(["0.0.0.0", "::", "[::]"]);

/**
 * The addresses a person can open, for the start line. Listening on every interface, that is this
 * machine's `localhost` and each of its LAN addresses (what students' browsers on the campus network use);
 * otherwise the one address it listens on.
 */
export function listenAddresses(host: string, port: number, interfaces = networkInterfaces()): string[] {
  if (!EVERY_INTERFACE.has(host)) return [`http://${host.includes(":") ? `[${host}]` : host}:${port}`];
  const lan = Object.values(interfaces)
    .flatMap((entries) => entries ?? [])
    .filter((entry) => entry.family === "IPv4" && !entry.internal)
    .map((entry) => `http://${entry.address}:${port}`);
  return [`http://localhost:${port}`, ...lan];
}
