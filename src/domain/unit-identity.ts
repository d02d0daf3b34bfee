import { isIsoDate } from "./dates";

/** The highest purchase value a unit takes, in euros: beyond it the figure is a typing slip. */
export const MAX_UNIT_VALUE = 10_000_000;

/**
 * A purchase value in euros as written by a person or a spreadsheet: a number, or text such as "1.234,50",
 * "1234.5", "€ 890" or "890 €". Blank is null; anything else (negative, over the limit, words) is undefined.
 */
export function euroAmount(value: unknown): number | null | undefined {
  if (value === null || value === undefined) return null;
  let amount: number;
  if (typeof value === "number") amount = value;
  else {
    const text = String(value)
      .replace(/€|eur(o)?/gi, "")
      .replace(/\s/g, "");
    if (text === "") return null;
    // The last comma or dot followed by one or two digits is the decimal mark; the others group thousands.
    const decimal = /[.,](\d{1,2})$/.exec(text);
    const whole = (decimal ? text.slice(0, decimal.index) : text).replace(/[.,](?=\d{3}(\D|$))/g, "");
    if (!/^\d+$/.test(whole)) return undefined;
    amount = Number(`${whole}.${decimal?.[1] ?? "0"}`);
  }
  if (!Number.isFinite(amount) || amount < 0 || amount > MAX_UNIT_VALUE) return undefined;
  return Math.round(amount * 100) / 100;
}

/**
 * A purchase date as YYYY-MM-DD, from that form, an Italian "31/12/2024" (or with - or .), or the serial
 * day number a spreadsheet stores a date cell as. Blank is null; anything else is undefined.
 */
export function purchaseDate(value: unknown): string | null | undefined {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") {
    // Spreadsheet day numbers count from 1899-12-30.
    if (!Number.isInteger(value) || value < 1 || value > 2_958_465) return undefined;
    return new Date(Date.UTC(1899, 11, 30) + value * 86_400_000).toISOString().slice(0, 10);
  }
  const text = String(value).trim();
  if (text === "") return null;
  if (isIsoDate(text)) return text;
  const italian = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  if (!italian) return undefined;
  const iso = `${italian[3]}-${italian[2]?.padStart(2, "0")}-${italian[1]?.padStart(2, "0")}`;
  return isIsoDate(iso) ? iso : undefined;
}
