import { Elysia } from "elysia";

/**
 * The resources of `data_versions` (migration 0006; "sets" — the sets, their mancanze and the kits — from
 * 0027; "demand" — the demand events and the waiting list — from 0028). Writes name no resource: the triggers of those migrations bump the version of the resource a table belongs to on every insert, update and delete, by any
 * connection, so a write cannot forget to. Every kept list also reads the academy's settings (rules such
 * as lateness follow them); they rarely change.
 */
export const RESOURCES = [
  "inventory",
  "loans",
  "requests",
  "users",
  "repairs",
  "reports",
  "audit",
  "settings",
  "sets",
  "demand",
] as const;
export type Resource = (typeof RESOURCES)[number];

/**
 * What a route reads, stated at the route: at least one resource, and its answers are kept by the
 * response cache until one of them changes. "fresh" says a list is answered anew on every call.
 */
export type Reads = readonly [Resource, ...Resource[]] | "fresh";

/** The macro's hook of each declaration, to find a route's declaration among its hooks. */
const declarations = new WeakMap<object, Reads>();
/** What the request's route reads, set before its handler runs (and before the cache looks). */
const readByRequest = new WeakMap<Request, readonly Resource[]>();

/**
 * `{ reads: ["loans", "inventory"] }` on a GET route: the response cache keeps its answers per user and
 * rebuilds them once a write changes one of these resources. A list that starts reading another resource
 * names it here; src/read-model/reads.test.ts fails for a list route that declares nothing.
 */
export const readsPlugin = new Elysia({ name: "read-model" }).macro({
  reads(reads: Reads) {
    const transform = ({ request }: { request: Request }) => {
      if (reads !== "fresh") readByRequest.set(request, reads);
    };
    declarations.set(transform, reads);
    return { transform };
  },
});

/** The resources the request's route reads, when its answers are kept. */
export function resourcesRead(request: Request): readonly Resource[] | undefined {
  return readByRequest.get(request);
}

/** What a route of `app.routes` declares it reads, if anything. */
export function declaredReads(route: { hooks?: { transform?: unknown } }): Reads | undefined {
  const hooks = [route.hooks?.transform ?? []].flat() as Array<{ fn?: object } | object>;
  for (const hook of hooks) {
    const declared = declarations.get("fn" in hook && hook.fn ? hook.fn : hook);
    if (declared) return declared;
  }
  return undefined;
}
