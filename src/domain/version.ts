export const VERSION = "2.1.0";
export const BUILD = 500;
