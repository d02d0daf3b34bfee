/**
 * The class of a radio drawn as a card or a pill: the input itself stays invisible but covers its label
 * (which must be `relative`), so a pointer, a finger or a test's click lands on the real control, and the
 * keyboard and screen readers meet a native radio.
 */
export const COVERING_INPUT =
  "absolute inset-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed";
