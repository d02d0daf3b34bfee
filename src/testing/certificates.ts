import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Certificates for the tests' TLS servers, made with openssl in a temporary directory: an authority ("ca")
// that signs a server certificate for 127.0.0.1, and another authority that signed nothing, the wrong CA
// to give a client.

export interface TestCertificates {
  /** The server's certificate and key, as PEM files. */
  certFile: string;
  keyFile: string;
  /** PEM text of the authority that signed the server's certificate, and of one that did not. */
  rightCa: string;
  wrongCa: string;
  remove(): void;
}

export function makeTestCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), "prestalab-tls-"));
  const openssl = (...args: string[]) => {
    const run = Bun.spawnSync(["openssl", ...args], { cwd: dir, stdout: "ignore", stderr: "pipe" });
    if (run.exitCode !== 0) throw new Error(`openssl ${args[0]}: ${run.stderr.toString()}`);
  };
  const ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"];
  for (const ca of ["ca", "other-ca"])
    openssl("req", "-x509", ...ec, "-days", "2", "-subj", `/CN=${ca}`, "-keyout", `${ca}.key`, "-out", `${ca}.pem`);
  openssl("req", ...ec, "-subj", "/CN=127.0.0.1", "-keyout", "server.key", "-out", "server.csr");
  writeFileSync(join(dir, "server.ext"), "subjectAltName=IP:127.0.0.1\n");
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
  return {
    certFile: join(dir, "server.pem"),
    keyFile: join(dir, "server.key"),
    rightCa: readFileSync(join(dir, "ca.pem"), "utf8"),
    wrongCa: readFileSync(join(dir, "other-ca.pem"), "utf8"),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
