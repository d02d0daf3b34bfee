import { type Static, t } from "elysia";
import { answerInteger, isoDate } from "../schemas";

export const closure = t.Object(
  {
    dal: isoDate("Ogni chiusura ha una data di inizio valida (AAAA-MM-GG)"),
    al: isoDate("Ogni chiusura ha una data di fine valida (AAAA-MM-GG)"),
    motivo: t.String({ maxLength: 200, error: "Il motivo di una chiusura è un testo di al massimo 200 caratteri" }),
  },
  { error: "Ogni chiusura ha dal, al e motivo" },
);

export const strikeStep = t.Object(
  {
    da_giorni: answerInteger({ error: "I giorni di ritardo di ogni gradino sono un numero intero" }),
    strike: answerInteger({ error: "Le penalità di ogni gradino sono un numero intero" }),
  },
  { error: "Ogni gradino della scala ha da_giorni e strike" },
);

const fields = {
  giorni_apertura: t.Array(answerInteger({ error: "I giorni di apertura sono numeri da 1 (lunedì) a 7 (domenica)" }), {
    error: "I giorni di apertura sono un elenco di numeri da 1 a 7",
  }),
  chiusure: t.Array(closure, { error: "Le chiusure sono un elenco di { dal, al, motivo }" }),
  durata_massima_giorni: t.Nullable(answerInteger({ error: "La durata massima è un numero intero di giorni" }), {
    error: "La durata massima è un numero intero di giorni (vuota = nessun limite)",
  }),
  prestiti_massimi_per_studente: t.Nullable(answerInteger({ error: "Il massimo di prestiti è un numero intero" }), {
    error: "Il massimo di prestiti per studente è un numero intero (vuoto = nessun limite)",
  }),
  soglia_blocco: answerInteger({ error: "La soglia di blocco è un numero intero di penalità" }),
  scala_penalita: t.Array(strikeStep, { error: "La scala delle penalità è un elenco di gradini" }),
  scadenza_penalita_mesi: answerInteger({ error: "La scadenza delle penalità è un numero intero di mesi" }),
  giorni_ritiro: answerInteger({ error: "I giorni per il ritiro sono un numero intero di giorni" }),
  ore_attesa: answerInteger({ error: "Le ore per confermare un posto liberato sono un numero intero" }),
  testo_condizioni: t.String({ error: "Il testo delle condizioni è un testo" }),
  url_pubblico: t.Nullable(t.String({ error: "L'URL pubblico è un indirizzo" }), {
    error: "L'URL pubblico è un indirizzo (vuoto = quello del browser)",
  }),
  smtp_url: t.Nullable(t.String({ maxLength: 500, error: "Il server di posta è un indirizzo smtp:// o smtps://" }), {
    error: "Il server di posta è un indirizzo smtp:// o smtps:// (vuoto = SMTP_URL, o nessuna e-mail)",
  }),
  mail_from: t.Nullable(t.String({ maxLength: 200, error: "Il mittente è un indirizzo e-mail" }), {
    error: "Il mittente è un indirizzo e-mail (vuoto = MAIL_FROM)",
  }),
};

const nullableText = (maxLength: number, error: string) => t.Nullable(t.String({ maxLength, error }), { error });

const accessFields = {
  oidc_issuer: nullableText(500, "L'emittente OIDC è un indirizzo https://"),
  oidc_client_id: nullableText(500, "Il client id OIDC è un testo"),
  oidc_client_secret: nullableText(1000, "Il client secret OIDC è un testo"),
  oidc_scopes: t.String({ maxLength: 500, error: "Gli scope OIDC sono un testo, es. openid email profile" }),
  oidc_etichetta: t.String({ maxLength: 80, error: "L'etichetta del pulsante è un testo di al massimo 80 caratteri" }),
  ldap_url: nullableText(500, "Il server LDAP è un indirizzo ldap:// o ldaps://"),
  ldap_bind_dn: nullableText(500, "L'account di servizio LDAP è un DN, es. cn=prestalab,dc=accademia,dc=it"),
  ldap_bind_password: nullableText(1000, "La password dell'account di servizio LDAP è un testo"),
  ldap_base_dn: nullableText(500, "La base di ricerca LDAP è un DN, es. ou=persone,dc=accademia,dc=it"),
  ldap_filtro: t.String({ maxLength: 500, error: "Il filtro LDAP è un testo, es. (mail={{login}})" }),
  ldap_ca: nullableText(20_000, "Il certificato dell'autorità LDAP è un testo PEM"),
  claim_email: t.String({ maxLength: 100, error: "Il claim dell'e-mail è un nome" }),
  claim_nome: t.String({ maxLength: 100, error: "Il claim del nome è un nome" }),
  claim_cognome: t.String({ maxLength: 100, error: "Il claim del cognome è un nome" }),
  claim_matricola: t.String({ maxLength: 100, error: "Il claim della matricola è un nome" }),
  claim_gruppi: t.String({ maxLength: 100, error: "Il claim dei gruppi è un nome" }),
  claim_valido_fino_al: t.String({ maxLength: 100, error: "Il claim della scadenza è un nome" }),
  gruppi_corsi: t.Record(t.String({ maxLength: 500 }), t.String({ maxLength: 200 }), {
    error: 'I gruppi dei corsi sono { "gruppo": "corso" }',
  }),
  gruppo_banco: nullableText(500, "Il gruppo del banco è il nome di un gruppo"),
  accesso_password_studenti: t.Boolean({ error: "accesso_password_studenti è vero o falso" }),
  corso_obbligatorio: t.Boolean({ error: "corso_obbligatorio è vero o falso" }),
  domini_email_registrazione: t.Array(
    t.String({ maxLength: 253, error: "Ogni dominio per la registrazione è un nome come studenti.accademia.it" }),
    { error: "I domini per la registrazione sono un elenco di nomi come studenti.accademia.it (vuoto = tutti)" },
  ),
  registrazione_aperta: t.Boolean({ error: "registrazione_aperta è vero o falso" }),
  scadenza_account: nullableText(5, "La scadenza degli account è un giorno MM-GG, es. 10-31"),
};

export const accessSettings = t.Object(accessFields, { error: "Le impostazioni di accesso non sono valide" });

export const settings = t.Object({ ...fields, accesso: accessSettings });
export const bookingRules = t.Pick(settings, [
  "giorni_apertura",
  "chiusure",
  "durata_massima_giorni",
  "prestiti_massimi_per_studente",
  "soglia_blocco",
  "scala_penalita",
  "scadenza_penalita_mesi",
]);
/** A PUT changes the fields it names; the whole result is then checked against every rule. */
export const settingsChange = t.Partial(
  t.Object(
    {
      ...fields,
      accesso: t.Partial(accessSettings, { error: "Le impostazioni di accesso non sono valide" }),
    },
    { error: "Impostazioni non valide" },
  ),
  { error: "Impostazioni non valide" },
);

export type Settings = Static<typeof settings>;
export type BookingRules = Static<typeof bookingRules>;
export type SettingsChange = Static<typeof settingsChange>;
