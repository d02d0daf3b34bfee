import type { PagedAnswer } from "./paging";

/**
 * An answer whose JSON text a list built itself, from pieces it keeps between reads (the inventory keeps
 * each item's units as text): the server sends (and its response cache keeps) the text as it is, instead
 * of building the objects, checking them against the route's answer schema and encoding them again. The
 * tests beside such a list check its text against that schema.
 */
const texts = new WeakMap<Response, string>();

/**
 * The answer for this JSON text. A Response, so that the route's answer schema is not checked again; it
 * holds no body: the server's answer hook (src/app.ts) sends the text, and copying 650 kB into a body
 * only to replace it cost half a millisecond.
 */
export function jsonText(text: string): Response {
  const response = new Response(null);
  texts.set(response, text);
  return response;
}

/** The text of an answer `jsonText` made, else undefined. */
export function jsonTextOf(value: unknown): string | undefined {
  return value instanceof Response ? texts.get(value) : undefined;
}

/** A JSON array of elements already in JSON. */
export const arrayText = (elements: readonly string[]) => `[${elements.join(",")}]`;

/** `{ elementi, totale, pagina, per_pagina }` (paging.ts) of elements already in JSON, as JSON.stringify writes it. */
export function pageText(elements: readonly string[], page: Omit<PagedAnswer<never>, "elementi">): string {
  const { totale, pagina, per_pagina } = page;
  return `{"elementi":${arrayText(elements)},${JSON.stringify({ totale, pagina, per_pagina }).slice(1)}`;
}
