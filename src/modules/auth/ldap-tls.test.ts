import { afterAll, beforeAll, describe, expect, it } from "bun:test";
import { makeTestCertificates, type TestCertificates } from "../../testing/certificates";
import { deskWithSettings } from "../../testing/desk-settings";
import { directoryAccess, LDAP_ANNA, startTestDirectory, type TestDirectory } from "../../testing/slapd";
import { DIRECTORY_CERTIFICATE_REFUSED } from "./certificate-failure";
import { checkDirectoryAccounts } from "./directory-check";
import { DIRECTORY_DOWN } from "./ldap";

// LDAPS and StartTLS against a real slapd whose certificate is signed by an authority made here with
// openssl: the CA chosen in the settings decides whether PrestaLab trusts the directory, and a refused
// certificate is told apart from a directory that does not answer.

let certificates: TestCertificates;
let directory: TestDirectory;

beforeAll(async () => {
  certificates = makeTestCertificates();
  directory = await startTestDirectory([LDAP_ANNA], {
    certFile: certificates.certFile,
    keyFile: certificates.keyFile,
    ca: certificates.rightCa,
  });
});

afterAll(async () => {
  await directory.stop();
  certificates.remove();
});

/** A desk whose directory is at `url`, trusted through `ca`; the warnings its server logs. */
function deskWithDirectory(url: string, ca: string | null) {
  return deskWithSettings({ accesso: directoryAccess(url, { ldap_ca: ca }) });
}

async function signInThrough(url: string, ca: string | null) {
  const { client, warnings } = await deskWithDirectory(url, ca);
  const began = performance.now();
  const answer = await client.post("/api/auth/login", {
    email: "anna.blu@studenti.accademia.test",
    password: "Password-di-Anna-1",
  });
  return { ...answer, ms: performance.now() - began, logged: warnings.join("\n") };
}

describe("the directory over TLS, trusted through the CA in the settings", () => {
  it("signs in over ldaps:// with the authority that signed the directory's certificate", async () => {
    const answer = await signInThrough(directory.ldapsUrl as string, certificates.rightCa);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ email: "anna.blu@studenti.accademia.test", directory: "ldap" });
  });

  it("refuses within 5 s, in Italian, a directory whose certificate another authority signed", async () => {
    const answer = await signInThrough(directory.ldapsUrl as string, certificates.wrongCa);
    expect(answer.ms).toBeLessThan(5000);
    // The person signing in cannot fix a certificate: they hear the directory is down, the desk reads why.
    expect(answer).toMatchObject({ status: 503, body: { error: DIRECTORY_DOWN } });
    expect(answer.logged).toContain(`${DIRECTORY_CERTIFICATE_REFUSED} (UNABLE_TO_VERIFY_LEAF_SIGNATURE)`);
  });

  it("switches an ldap:// address to TLS with StartTLS when a CA is set", async () => {
    const answer = await signInThrough(directory.url, certificates.rightCa);
    expect(answer.status).toBe(200);
    // The same address without the CA stays plain, and this directory answers nothing in plain text.
    const plain = await signInThrough(directory.url, null);
    expect(plain).toMatchObject({ status: 503, body: { error: DIRECTORY_DOWN } });
    expect(plain.logged).not.toContain(DIRECTORY_CERTIFICATE_REFUSED);
  });

  it("refuses StartTLS within 5 s to a directory whose certificate another authority signed", async () => {
    const answer = await signInThrough(directory.url, certificates.wrongCa);
    expect(answer.ms).toBeLessThan(5000);
    expect(answer).toMatchObject({ status: 503, body: { error: DIRECTORY_DOWN } });
    expect(answer.logged).toContain(`${DIRECTORY_CERTIFICATE_REFUSED} (UNABLE_TO_VERIFY_LEAF_SIGNATURE)`);
  });
});

describe("the daily directory check over TLS", () => {
  it("says on Sistema that the directory's certificate was refused, not that the directory is down", async () => {
    for (const url of [directory.ldapsUrl as string, directory.url]) {
      const { client, admin, warnings } = await deskWithDirectory(url, certificates.wrongCa);
      expect(await checkDirectoryAccounts(client.ctx)).toBe(
        "certificato della directory non accettato (UNABLE_TO_VERIFY_LEAF_SIGNATURE): nessun account segnato",
      );
      expect(warnings.join("\n")).toContain(DIRECTORY_CERTIFICATE_REFUSED);
      const card = await client.get("/api/system/directory", admin.token);
      expect(card.body).toMatchObject({
        ultimo_controllo: { esito: "certificato_non_valido", account_scomparsi: 0 },
        scomparsi: [],
      });
    }
  });
});
