import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Elysia } from "elysia";
import { isDesk } from "../../access";
import type { Actor } from "../../actor";
import type { AppContext } from "../../context";
import { authPlugin, type TokenService } from "../../http/auth";
import { backupOffThread } from "../../read-jobs";
import { recordAudit } from "../audit/service";
import { accountsGoneFromDirectory, lastDirectoryCheck } from "../auth/directory-check";
import { fileAnswer } from "../schemas";
import { type DirectoryAccounts, directoryAccounts, type SystemStatus, systemStatus } from "./model";
import { createStatusProbe } from "./service";

/** Streams a file and deletes it once the download has been read to the end (or abandoned). */
function streamThenDelete(path: string): ReadableStream<Uint8Array> {
  const reader = Bun.file(path).stream().getReader();
  const cleanup = () => rmSync(path, { force: true });
  return new ReadableStream({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
        cleanup();
      } else controller.enqueue(value);
    },
    cancel() {
      void reader.cancel();
      cleanup();
    },
  });
}

export function systemModule(ctx: AppContext, tokens: TokenService) {
  const probe = createStatusProbe(ctx);
  const status = ({ actor }: { actor: Actor }): SystemStatus => {
    const current = probe.full();
    // Students see whether the service works, never the server's figures or other users' activity.
    if (!isDesk(actor)) return { overall: current.overall, services: current.services };
    return current;
  };
  return (
    new Elysia()
      .use(authPlugin(tokens))
      .get("/system/status", status, { auth: "signed-in", response: systemStatus })
      // The path an existing desk client asks for the same answer.
      .get("/stats/system-status", status, { auth: "signed-in", response: systemStatus })
      .get(
        "/system/directory",
        (): DirectoryAccounts => {
          const last = lastDirectoryCheck(ctx);
          return {
            ultimo_controllo: last && {
              il: last.at,
              esito: last.outcome,
              account_controllati: last.checked,
              account_scomparsi: last.gone,
            },
            scomparsi: accountsGoneFromDirectory(ctx),
          };
        },
        { auth: "admin", response: directoryAccounts },
      )
      .get(
        "/system/backup",
        async ({ actor }) => {
          const stamp = ctx.clock.now().toISOString().slice(0, 19).replace(/[:T]/g, "-");
          const fileName = `prestalab-backup-${stamp}.db`;
          // Unique per download: two admins (or a double click) in the same second must not collide.
          const target = join(ctx.dataDir ?? tmpdir(), `.${fileName}.${crypto.randomUUID()}.tmp`);
          try {
            // The copy is read on a connection of its own and takes no lock; the audit row is a write, so
            // it waits at the gate while an import holds the write lock (inside SQLite it would hold the
            // server's only thread for busy_timeout, then fail with "database is locked").
            await backupOffThread(ctx, target);
            await ctx.writes.hold(() =>
              recordAudit(ctx.db, ctx.clock, actor, {
                action: "system.backup",
                entity: "system",
                summary: `Scaricato il backup ${fileName}`,
              }),
            );
          } catch (error) {
            rmSync(target, { force: true });
            throw error;
          }
          return new Response(streamThenDelete(target), {
            headers: {
              "content-type": "application/vnd.sqlite3",
              "content-disposition": `attachment; filename="${fileName}"`,
              "cache-control": "no-store",
            },
          });
        },
        { auth: "admin", detail: fileAnswer("application/vnd.sqlite3", "Una copia coerente del database (SQLite)") },
      )
  );
}
