import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestClient, signInAdmin } from "../../testing/harness";
import { LDAP_PEOPLE, LDAP_SERVICE, startTestDirectory, type TestDirectory } from "../../testing/slapd";
import { DIRECTORY_DOWN } from "./ldap";

// LDAPS and StartTLS against a real slapd whose certificate is signed by an authority made here with
// openssl: the CA chosen in the settings decides whether PrestaLab trusts the directory.

let certificates: string;
let directory: TestDirectory;
let rightCa: string;
let wrongCa: string;

function openssl(...args: string[]): void {
  const run = Bun.spawnSync(["openssl", ...args], { cwd: certificates, stdout: "ignore", stderr: "pipe" });
  if (run.exitCode !== 0) throw new Error(`openssl ${args[0]}: ${run.stderr.toString()}`);
}

beforeAll(async () => {
  certificates = mkdtempSync(join(tmpdir(), "prestalab-ldap-tls-"));
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  for (const ca of ["ca", "other-ca"])
    openssl("req", "-x509", ...ec, "-days", "2", "-subj", `/CN=${ca}`, "-keyout", `${ca}.key`, "-out", `${ca}.pem`);
  openssl("req", ...ec, "-subj", "/CN=127.0.0.1", "-keyout", "server.key", "-out", "server.csr");
  writeFileSync(join(certificates, "server.ext"), "subjectAltName=IP:127.0.0.1\n");
  openssl(
    "x509",
    "-req",
    "-in",
    "server.csr",
    "-CA",
    "ca.pem",
    "-CAkey",
    "ca.key",
    "-CAcreateserial",
    "-days",
    "2",
    "-extfile",
    "server.ext",
    "-out",
    "server.pem",
  );
  rightCa = readFileSync(join(certificates, "ca.pem"), "utf8");
  wrongCa = readFileSync(join(certificates, "other-ca.pem"), "utf8");
  directory = await startTestDirectory(
    [
      {
        uid: "anna.foto",
        mail: "anna.blu@studenti.accademia.test",
        givenName: "Anna",
        sn: "Blu",
        password: "Password-di-Anna-1",
        groups: ["studenti-fotografia"],
      },
    ],
    { certFile: join(certificates, "server.pem"), keyFile: join(certificates, "server.key"), ca: rightCa },
  );
});

afterAll(async () => {
  await directory.stop();
  rmSync(certificates, { recursive: true, force: true });
});

async function signInThrough(url: string, ca: string | null) {
  const client = createTestClient();
  const admin = await signInAdmin(client);
  const saved = await client.put(
    "/api/impostazioni",
    {
      accesso: {
        ldap_url: url,
        ldap_ca: ca,
        ldap_bind_dn: LDAP_SERVICE.dn,
        ldap_bind_password: LDAP_SERVICE.password,
        ldap_base_dn: LDAP_PEOPLE,
        ldap_filtro: "(mail={{login}})",
        claim_email: "mail",
        claim_nome: "givenName",
        claim_cognome: "sn",
        claim_gruppi: "memberOf",
        gruppi_corsi: { "studenti-fotografia": "Fotografia" },
      },
    },
    admin.token,
  );
  expect(saved.status).toBe(200);
  const began = performance.now();
  const answer = await client.post("/api/auth/login", {
    email: "anna.blu@studenti.accademia.test",
    password: "Password-di-Anna-1",
  });
  return { ...answer, ms: performance.now() - began };
}

describe("the directory over TLS, trusted through the CA in the settings", () => {
  it("signs in over ldaps:// with the authority that signed the directory's certificate", async () => {
    const answer = await signInThrough(directory.ldapsUrl as string, rightCa);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ email: "anna.blu@studenti.accademia.test", directory: "ldap" });
  });

  it("refuses within 5 s, in Italian, a directory whose certificate another authority signed", async () => {
    const answer = await signInThrough(directory.ldapsUrl as string, wrongCa);
    expect(answer.ms).toBeLessThan(5000);
    expect(answer).toMatchObject({ status: 503, body: { error: DIRECTORY_DOWN } });
  });

  it("switches an ldap:// address to TLS with StartTLS when a CA is set", async () => {
    const answer = await signInThrough(directory.url, rightCa);
    expect(answer.status).toBe(200);
    // The same address without the CA stays plain, and this directory answers nothing in plain text.
    const plain = await signInThrough(directory.url, null);
    expect(plain).toMatchObject({ status: 503, body: { error: DIRECTORY_DOWN } });
  });

  it("refuses StartTLS within 5 s to a directory whose certificate another authority signed", async () => {
    const answer = await signInThrough(directory.url, wrongCa);
    expect(answer.ms).toBeLessThan(5000);
    expect(answer).toMatchObject({ status: 503, body: { error: DIRECTORY_DOWN } });
  });
});
