/** "1 disponibile", "3 disponibili": Italian agreement of a count with its word, in one place. */
export function countWith(count: number, singular: string, plural: string): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/** "1 disponibile su 6", "0 disponibili su 2". */
export function availableOf(available: number, total: number): string {
  return `${countWith(available, "disponibile", "disponibili")} su ${total}`;
}
