import { afterAll, beforeAll, expect, it } from "bun:test";
import { readFileSync } from "node:fs";
import { PROVIDER_DOWN } from "../../domain/academy-sign-in-errors";
import { makeTestCertificates, type TestCertificates } from "../../testing/certificates";
import { deskWithSettings } from "../../testing/desk-settings";
import { PROVIDER_CERTIFICATE_REFUSED } from "./certificate-failure";

// An OpenID provider over https whose certificate an authority the server does not know signed: the desk
// reads in the log that the certificate was refused; the person signing in is told the service is down.

let certificates: TestCertificates;
let provider: ReturnType<typeof Bun.serve>;

beforeAll(() => {
  certificates = makeTestCertificates();
  provider = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    tls: { cert: readFileSync(certificates.certFile, "utf8"), key: readFileSync(certificates.keyFile, "utf8") },
    fetch: () => Response.json({}),
  });
});

afterAll(async () => {
  await provider.stop(true);
  certificates.remove();
});

it("logs a refused certificate of the provider as such, and tells the person the service does not answer", async () => {
  const { client, warnings } = await deskWithSettings({
    url_pubblico: "http://prestalab.accademia.test",
    accesso: { oidc_issuer: `https://127.0.0.1:${provider.port}`, oidc_client_id: "prestalab" },
  });
  expect(await client.get("/api/auth/oidc/start")).toMatchObject({ status: 503, body: { error: PROVIDER_DOWN } });
  expect(warnings.join("\n")).toContain(`${PROVIDER_CERTIFICATE_REFUSED} (UNABLE_TO_VERIFY_LEAF_SIGNATURE)`);
});
