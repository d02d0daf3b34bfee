export * from "./audit";
export * from "./inventory";
export * from "./loans";
export * from "./mail";
export * from "./notifications";
export * from "./repairs";
export * from "./settings";
export * from "./users";
