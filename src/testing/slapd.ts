import { type ChildProcessByStdio, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { Attribute, Change, Client } from "ldapts";

// A real LDAP directory for the tests: Debian's slapd, started on a free local port with a configuration
// generated in a temporary directory (groupOfNames groups, memberOf kept by the memberof overlay, as
// Active Directory keeps it), and seeded with people and groups. Missing slapd fails the test: install
// it with `apt-get install slapd ldap-utils` (.ci/run does). Node's APIs only, so that the Playwright
// journeys, which Node runs, start it as the server tests do.

export const SLAPD = "/usr/sbin/slapd";
export const LDAP_BASE = "dc=accademia,dc=test";
export const LDAP_PEOPLE = `ou=persone,${LDAP_BASE}`;
export const LDAP_SERVICE = { dn: `cn=prestalab,${LDAP_BASE}`, password: "Servizio-Ldap-2026" };
const ROOT = { dn: `cn=admin,${LDAP_BASE}`, password: "radice-di-prova" };

export interface LdapPerson {
  uid: string;
  mail: string;
  givenName: string;
  sn: string;
  password: string;
  groups: string[];
}

/** The server's certificate and key (PEM files) and the authority that signed it (PEM text). */
export interface DirectoryTls {
  certFile: string;
  keyFile: string;
  ca: string;
}

export interface TestDirectory {
  url: string;
  /** ldaps://, when started with TLS. */
  ldapsUrl: string | null;
  dnOf(uid: string): string;
  remove(uid: string): Promise<void>;
  /** Adds a person's entry (back), without their groups. */
  add(person: LdapPerson): Promise<void>;
  stop(): Promise<void>;
}

/** Two photography students of the academy, as the directory knows them. */
export const LDAP_CARLA: LdapPerson = {
  uid: "carla.via",
  mail: "carla.via@studenti.accademia.test",
  givenName: "Carla",
  sn: "Via",
  password: "Password-di-Carla-1",
  groups: ["studenti-fotografia"],
};
export const LDAP_ANNA: LdapPerson = {
  ...LDAP_CARLA,
  uid: "anna.foto",
  mail: "anna.blu@studenti.accademia.test",
  givenName: "Anna",
  sn: "Blu",
  password: "Password-di-Anna-1",
};

/**
 * The "accesso" settings that sign people in through the directory at `url` with the service account,
 * reading their names and groups (photography students get the Fotografia course); `more` adds or replaces.
 */
export function directoryAccess(url: string, more: Record<string, unknown> = {}) {
  return {
    ldap_url: url,
    ldap_bind_dn: LDAP_SERVICE.dn,
    ldap_bind_password: LDAP_SERVICE.password,
    ldap_base_dn: LDAP_PEOPLE,
    ldap_filtro: "(mail={{login}})",
    claim_email: "mail",
    claim_nome: "givenName",
    claim_cognome: "sn",
    claim_gruppi: "memberOf",
    gruppi_corsi: { "studenti-fotografia": "Fotografia" },
    ...more,
  };
}

/** A local port nothing listens on right now: for the directory to start on, or to stand for one that is down. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function configuration(dir: string, tls: DirectoryTls | undefined): string {
  return [
    "include /etc/ldap/schema/core.schema",
    "include /etc/ldap/schema/cosine.schema",
    "include /etc/ldap/schema/inetorgperson.schema",
    "modulepath /usr/lib/ldap",
    "moduleload back_mdb",
    "moduleload memberof",
    `pidfile ${join(dir, "slapd.pid")}`,
    // With TLS, every operation needs it: a plain ldap:// connection that did not StartTLS is refused.
    ...(tls ? [`TLSCertificateFile ${tls.certFile}`, `TLSCertificateKeyFile ${tls.keyFile}`, "security tls=1"] : []),
    "database mdb",
    `suffix "${LDAP_BASE}"`,
    `rootdn "${ROOT.dn}"`,
    `rootpw ${ROOT.password}`,
    `directory ${join(dir, "db")}`,
    "overlay memberof",
    // The service account may read the people; each person may bind as themselves.
    `access to attrs=userPassword by anonymous auth by * none`,
    `access to * by dn.exact="${LDAP_SERVICE.dn}" read by self read by * none`,
    "",
  ].join("\n");
}

/**
 * Resolves when slapd says it is serving ("slapd starting" on its log), fails when it exits first. Its log
 * is read to the end, so that slapd never blocks on a full pipe.
 */
function started(slapd: ChildProcessByStdio<null, null, Readable>): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = "";
    let ready = false;
    slapd.stderr.setEncoding("utf8");
    slapd.stderr.on("data", (chunk: string) => {
      log += chunk;
      if (!ready && log.includes("slapd starting")) {
        ready = true;
        resolve();
      }
    });
    slapd.on("exit", () => {
      if (!ready) reject(new Error(`slapd è terminato subito:\n${log}`));
    });
  });
}

/**
 * The root's connection. slapd logs "slapd starting" just before its listener thread starts listening,
 * so the first connections may still be refused: each refusal comes back at once, and is tried again.
 */
async function rootClient(url: string, ca: string | undefined): Promise<Client> {
  for (let attempt = 1; ; attempt++) {
    const client = new Client({ url, tlsOptions: ca ? { ca: [ca] } : undefined });
    try {
      await client.bind(ROOT.dn, ROOT.password);
      return client;
    } catch (error) {
      if ((error as { code?: string }).code !== "ECONNREFUSED" || attempt === 1000) throw error;
    }
  }
}

export async function startTestDirectory(people: LdapPerson[], tls?: DirectoryTls): Promise<TestDirectory> {
  if (!existsSync(SLAPD))
    throw new Error(`${SLAPD} manca: installa slapd (apt-get install -y slapd ldap-utils), come fa .ci/run`);
  const dir = mkdtempSync(join(tmpdir(), "prestalab-slapd-"));
  mkdirSync(join(dir, "db"));
  const conf = join(dir, "slapd.conf");
  writeFileSync(conf, configuration(dir, tls));
  const url = `ldap://127.0.0.1:${await freePort()}`;
  const ldapsUrl = tls ? `ldaps://127.0.0.1:${await freePort()}` : null;
  const listeners = [url, ldapsUrl].flatMap((listener) => (listener ? `${listener}/` : [])).join(" ");
  // -d 32768: stay in the foreground and log only what is always logged, "slapd starting" among it.
  const slapd = spawn(SLAPD, ["-f", conf, "-h", listeners, "-d", "32768"], { stdio: ["ignore", "ignore", "pipe"] });
  await started(slapd);
  const root = await rootClient(ldapsUrl ?? url, tls?.ca);
  const dnOf = (uid: string) => `uid=${uid},${LDAP_PEOPLE}`;
  await root.add(LDAP_BASE, { objectClass: ["dcObject", "organization"], dc: "accademia", o: "Accademia" });
  await root.add(LDAP_PEOPLE, { objectClass: "organizationalUnit", ou: "persone" });
  await root.add(`ou=gruppi,${LDAP_BASE}`, { objectClass: "organizationalUnit", ou: "gruppi" });
  await root.add(LDAP_SERVICE.dn, {
    objectClass: ["organizationalRole", "simpleSecurityObject"],
    cn: "prestalab",
    userPassword: LDAP_SERVICE.password,
  });
  const addPerson = (person: LdapPerson) =>
    root.add(dnOf(person.uid), {
      objectClass: "inetOrgPerson",
      uid: person.uid,
      cn: `${person.givenName} ${person.sn}`,
      givenName: person.givenName,
      sn: person.sn,
      mail: person.mail,
      userPassword: person.password,
    });
  for (const person of people) await addPerson(person);
  const groups = new Set(people.flatMap((person) => person.groups));
  for (const group of groups)
    await root.add(`cn=${group},ou=gruppi,${LDAP_BASE}`, {
      objectClass: "groupOfNames",
      cn: group,
      member: people.filter((person) => person.groups.includes(group)).map((person) => dnOf(person.uid)),
    });
  return {
    url,
    ldapsUrl,
    dnOf,
    async remove(uid) {
      for (const group of groups)
        await root
          .modify(
            `cn=${group},ou=gruppi,${LDAP_BASE}`,
            new Change({ operation: "delete", modification: new Attribute({ type: "member", values: [dnOf(uid)] }) }),
          )
          // A group keeps at least one member (groupOfNames): the last one stays listed there.
          .catch(() => undefined);
      await root.del(dnOf(uid));
    },
    add: addPerson,
    async stop() {
      await root.unbind().catch(() => undefined);
      const exited = new Promise((resolve) => slapd.once("exit", resolve));
      slapd.kill();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
