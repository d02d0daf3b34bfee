// Server answers for the repairs and fault-report screens, shaped as the API sends them, with the
// fields a test cares about overridable.
import type { RepairView } from "../../src/modules/repairs/model";
import type { ReportView } from "../../src/modules/reports/model";

export function aRepair(overrides: Partial<RepairView> = {}): RepairView {
  return {
    id: 5,
    inventario_id: 11,
    articolo_nome: "Macchina da cucire Bernina",
    oggetto_nome: "Macchina da cucire Bernina",
    unit_id: 44,
    codice_univoco: "BERNINA_003",
    descrizione: "Non si accende più",
    note: "Verificare l'alimentatore\nRicambio ordinato al fornitore",
    note_tecniche: "Verificare l'alimentatore\nRicambio ordinato al fornitore",
    priorita: "critica",
    stato: "in_corso",
    data_inizio: "2025-03-10",
    data_fine: null,
    segnalazione_id: null,
    created_at: "2025-03-10T09:30:00.000Z",
    ...overrides,
  };
}

export function aFaultReport(overrides: Partial<ReportView> = {}): ReportView {
  return {
    id: 7,
    tipo: "guasto",
    urgenza: "alta",
    messaggio: "L'obiettivo non mette a fuoco",
    stato: "aperta",
    created_at: "2025-03-12T15:45:00.000Z",
    handled_at: null,
    inventario_id: 1,
    inventario_nome: "Canon EOS R6",
    unit_id: 4,
    codice_univoco: "CANONEOSR6_004",
    prestito_id: 265,
    riparazione_id: null,
    user_id: 2,
    utente_nome: "Giulia",
    utente_cognome: "Bianchi",
    utente_email: "giulia.bianchi@accademia.it",
    foto: [],
    ...overrides,
  };
}

/** An inventory item with its units, as GET /api/inventario lists it. */
export function anItemWithUnits(overrides: Record<string, unknown> = {}) {
  return {
    id: 1,
    nome: "Canon EOS R6",
    categoria_nome: "Fotografia - Fotocamere",
    posizione: "Scaffale A1",
    quantita_totale: 5,
    unita_disponibili: 1,
    stato_effettivo: "disponibile",
    unita: [
      { id: 1, codice_univoco: "CANONEOSR6_001", stato: "disponibile", note: null, prestito_corrente_id: null },
      {
        id: 2,
        codice_univoco: "CANONEOSR6_002",
        stato: "riservato",
        note: "Graffio sul display",
        prestito_corrente_id: 9,
      },
      { id: 3, codice_univoco: "CANONEOSR6_003", stato: "prestato", note: null, prestito_corrente_id: 8 },
      { id: 4, codice_univoco: "CANONEOSR6_004", stato: "in_riparazione", note: null, prestito_corrente_id: null },
      { id: 5, codice_univoco: "CANONEOSR6_005", stato: "perso", note: null, prestito_corrente_id: null },
    ],
    ...overrides,
  };
}

/** One of the student's loans, as GET /api/prestiti/mie lists it. */
export function aStudentLoan(overrides: Record<string, unknown> = {}) {
  return {
    id: 261,
    inventario_id: 3,
    oggetto_nome: "Blackmagic Pocket 6K",
    articolo_nome: "Blackmagic Pocket 6K",
    unita: ["POCKET6K_001", "POCKET6K_002"],
    unita_ids: [12, 13],
    stato: "attivo",
    data_uscita: "2025-03-10",
    data_rientro: "2025-03-14",
    ...overrides,
  };
}
