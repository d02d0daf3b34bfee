// Letters and digits that cannot be mistaken for one another when read out at the desk (no 0/O, 1/l/I).
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789";
const GROUPS = 4;
const GROUP_SIZE = 5;

/**
 * A one-time password for a borrower registered at the desk: 20 characters drawn from the browser's
 * cryptographic generator (about 115 bits), in groups of five so it can be dictated. Bytes that would
 * favour some characters (modulo bias) are thrown away.
 */
export function generateTemporaryPassword(): string {
  const wanted = GROUPS * GROUP_SIZE;
  const usable = 256 - (256 % ALPHABET.length);
  const characters: string[] = [];
  while (characters.length < wanted) {
    for (const byte of crypto.getRandomValues(new Uint8Array(wanted * 2))) {
      if (byte >= usable) continue;
      characters.push(ALPHABET.charAt(byte % ALPHABET.length));
      if (characters.length === wanted) break;
    }
  }
  const groups: string[] = [];
  for (let start = 0; start < wanted; start += GROUP_SIZE)
    groups.push(characters.slice(start, start + GROUP_SIZE).join(""));
  return groups.join("-");
}
