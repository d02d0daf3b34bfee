import { describe, expect, it } from "bun:test";
import { resolve } from "node:path";
import { loadConfig, parseArgs } from "./config";

describe("parseArgs", () => {
  it("splits positional arguments from --name value, --name=value and bare switches", () => {
    expect(parseArgs(["backup", "copia.db", "--data-dir", "/srv/dati", "--port=8080", "--demo"])).toEqual({
      positional: ["backup", "copia.db"],
      flags: { "data-dir": "/srv/dati", port: "8080", demo: true },
    });
  });

  it("keeps every '=' after the first inside the value", () => {
    const { flags } = parseArgs(["create-admin", "--email=a@accademia.it", "--password=Abc=def==ghi"]);
    expect(flags).toEqual({ email: "a@accademia.it", password: "Abc=def==ghi" });
  });

  it("never lets a switch take the next word: backup --force copia.db names the file", () => {
    expect(parseArgs(["backup", "--force", "copia.db"])).toEqual({
      positional: ["backup", "copia.db"],
      flags: { force: true },
    });
  });

  it("treats a flag followed by another flag as a switch", () => {
    expect(parseArgs(["--help", "--version"]).flags).toEqual({ help: true, version: true });
  });
});

describe("loadConfig", () => {
  it("uses the documented defaults", () => {
    const config = loadConfig({}, {});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      dataDir: resolve("./data"),
      timeZone: "Europe/Rome",
      appName: "PrestaLab",
      overdueCheckMinutes: 15,
      logLevel: "info",
      demo: false,
      trustProxy: false,
    });
    expect(config.jwtSecret).toBeUndefined();
    expect(config.adminEmail).toBeUndefined();
    expect(config.now).toBeUndefined();
  });

  it("trusts X-Forwarded-For only when TRUST_PROXY or --trust-proxy says so", () => {
    expect(loadConfig({}, { TRUST_PROXY: "1" }).trustProxy).toBe(true);
    expect(loadConfig({}, { TRUST_PROXY: "off" }).trustProxy).toBe(false);
    expect(loadConfig({ "trust-proxy": true }, {}).trustProxy).toBe(true);
    expect(loadConfig({ "trust-proxy": "0" }, { TRUST_PROXY: "1" }).trustProxy).toBe(false);
    expect(() => loadConfig({}, { TRUST_PROXY: "forse" })).toThrow("TRUST_PROXY non valido: forse (usa 1 o 0)");
  });

  it("reads the environment", () => {
    const config = loadConfig(
      {},
      {
        PORT: "4100",
        HOST: "127.0.0.1",
        PRESTALAB_DATA_DIR: "/srv/prestalab",
        TZ_ACADEMY: "Europe/Berlin",
        APP_NAME: "Prestiti ABA",
        JWT_SECRET: "segreto",
        ADMIN_EMAIL: "banco@accademia.it",
        ADMIN_PASSWORD: "Banco-Prestiti-1",
        OVERDUE_CHECK_MINUTES: "5",
        LOG_LEVEL: "warn",
        PRESTALAB_NOW: "2026-03-10T09:00:00Z",
      },
    );
    expect(config).toMatchObject({
      port: 4100,
      host: "127.0.0.1",
      dataDir: "/srv/prestalab",
      timeZone: "Europe/Berlin",
      appName: "Prestiti ABA",
      jwtSecret: "segreto",
      adminEmail: "banco@accademia.it",
      adminPassword: "Banco-Prestiti-1",
      overdueCheckMinutes: 5,
      logLevel: "warn",
    });
    expect(config.now?.toISOString()).toBe("2026-03-10T09:00:00.000Z");
  });

  it("lets flags override the environment", () => {
    const env = {
      PORT: "4100",
      HOST: "127.0.0.1",
      PRESTALAB_DATA_DIR: "/srv/env",
      PRESTALAB_NOW: "2026-01-01T00:00:00Z",
    };
    const config = loadConfig(
      { port: "5000", host: "0.0.0.0", "data-dir": "/srv/flag", now: "2026-06-01T10:00:00Z", demo: true },
      env,
    );
    expect(config).toMatchObject({ port: 5000, host: "0.0.0.0", dataDir: "/srv/flag", demo: true });
    expect(config.now?.toISOString()).toBe("2026-06-01T10:00:00.000Z");
  });

  it("treats empty environment variables as unset", () => {
    const config = loadConfig(
      {},
      { PORT: "", HOST: "", APP_NAME: "", OVERDUE_CHECK_MINUTES: "", LOG_LEVEL: "", TZ_ACADEMY: "", JWT_SECRET: "" },
    );
    expect(config).toMatchObject({ port: 3000, host: "0.0.0.0", appName: "PrestaLab", overdueCheckMinutes: 15 });
    expect(config.logLevel).toBe("info");
    expect(config.timeZone).toBe("Europe/Rome");
    expect(config.jwtSecret).toBeUndefined();
  });

  it("refuses invalid values with a message naming the setting", () => {
    const cases: Array<[Record<string, string>, Record<string, string>, RegExp]> = [
      [{ port: "tremila" }, {}, /Porta non valida/],
      [{}, { PORT: "70000" }, /Porta non valida/],
      [{}, { PORT: "-1" }, /Porta non valida/],
      [{}, { PORT: "80.5" }, /Porta non valida/],
      [{}, { OVERDUE_CHECK_MINUTES: "0" }, /OVERDUE_CHECK_MINUTES/],
      [{}, { OVERDUE_CHECK_MINUTES: "ogni tanto" }, /OVERDUE_CHECK_MINUTES/],
      [{}, { OVERDUE_CHECK_MINUTES: "-5" }, /OVERDUE_CHECK_MINUTES/],
      [{}, { TZ_ACADEMY: "Europe/Atlantide" }, /TZ_ACADEMY/],
      [{}, { LOG_LEVEL: "verbose" }, /LOG_LEVEL/],
      [{}, { PRESTALAB_NOW: "ieri" }, /PRESTALAB_NOW/],
      [{ now: "2026-02-30T25:00:00Z" }, {}, /--now/],
    ];
    for (const [flags, env, message] of cases) expect(() => loadConfig(flags, env)).toThrow(message);
  });
});
