import { describe, expect, it } from "bun:test";
import {
  AUTOMATIC_BLOCK_REASON,
  bookingDateProblem,
  DATE_MESSAGES,
  daysLate,
  effectiveLoanState,
  isInternalUse,
  lateReturnReason,
  penaltyWarning,
  strikesForDaysLate,
} from "./loan-rules";

describe("lateness of a return", () => {
  it("counts returning on the due day, or before it, as on time", () => {
    expect(daysLate("2026-03-10", "2026-03-10")).toBe(0);
    expect(daysLate("2026-03-10", "2026-03-08")).toBe(0);
  });

  it("counts whole calendar days after the due date", () => {
    expect(daysLate("2026-03-10", "2026-03-11")).toBe(1);
    expect(daysLate("2026-03-10", "2026-03-18")).toBe(8);
  });

  it("counts across month ends, leap days and the switch to summer time", () => {
    expect(daysLate("2026-02-27", "2026-03-02")).toBe(3);
    expect(daysLate("2028-02-28", "2028-03-01")).toBe(2);
    // Europe switches to summer time in the night of 2026-03-29: still one day per date.
    expect(daysLate("2026-03-28", "2026-03-30")).toBe(2);
    expect(daysLate("2026-10-24", "2026-10-26")).toBe(2);
  });
});

describe("strikes for a late return", () => {
  const table: Array<[number, number]> = [
    [0, 0],
    [1, 1],
    [2, 1],
    [3, 1],
    [4, 2],
    [5, 2],
    [7, 2],
    [8, 3],
    [15, 3],
    [120, 3],
  ];
  it.each(table)("gives %i days late %i strikes", (days, strikes) => {
    expect(strikesForDaysLate(days)).toBe(strikes);
  });

  it("explains the penalty with the number of days", () => {
    expect(lateReturnReason(3)).toBe("Ritardo di 3 giorni nella restituzione");
    expect(lateReturnReason(8)).toBe("Ritardo di 8 giorni nella restituzione");
    // Italian singular for one day.
    expect(lateReturnReason(1)).toBe("Ritardo di 1 giorno nella restituzione");
  });

  it("states the automatic block in the academy's words", () => {
    expect(AUTOMATIC_BLOCK_REASON).toBe("Blocco automatico: 3 o più penalità per ritardi nella restituzione");
  });
});

describe("the state a loan shows", () => {
  it("shows an open loan past its due date as overdue, even before the job marked it", () => {
    expect(effectiveLoanState("attivo", "2026-03-09", "2026-03-10")).toBe("scaduto");
  });

  it("keeps a loan due today or later active", () => {
    expect(effectiveLoanState("attivo", "2026-03-10", "2026-03-10")).toBe("attivo");
    expect(effectiveLoanState("attivo", "2026-03-20", "2026-03-10")).toBe("attivo");
  });

  it("never turns a returned loan back into an overdue one", () => {
    expect(effectiveLoanState("restituito", "2026-03-01", "2026-03-10")).toBe("restituito");
  });

  it("keeps a loan marked overdue overdue", () => {
    expect(effectiveLoanState("scaduto", "2026-03-01", "2026-03-10")).toBe("scaduto");
  });
});

describe("date rules of a booking", () => {
  const base = {
    start: "2026-03-12",
    end: "2026-03-14",
    today: "2026-03-10",
    loanType: "solo_esterno" as const,
    usage: "esterno" as const,
    form: "request" as const,
  };

  it("accepts a future external loan and one starting today", () => {
    expect(bookingDateProblem(base)).toBeNull();
    expect(bookingDateProblem({ ...base, start: "2026-03-10", end: "2026-03-10" })).toBeNull();
  });

  it("refuses a start in the past", () => {
    expect(bookingDateProblem({ ...base, start: "2026-03-09" })).toBe("La data di inizio non può essere nel passato");
  });

  it("refuses an end before the start, in the wording of each form", () => {
    const backwards = { ...base, start: "2026-03-14", end: "2026-03-13" };
    expect(bookingDateProblem(backwards)).toBe("La data di fine deve essere successiva alla data di inizio");
    expect(bookingDateProblem({ ...backwards, form: "loan" })).toBe(
      "La data di fine non può essere prima della data di inizio",
    );
  });

  it("requires internal use to end on the day it starts", () => {
    const message = "Per utilizzo interno, la data di fine deve essere lo stesso giorno della data di inizio";
    expect(bookingDateProblem({ ...base, loanType: "solo_interno", usage: "interno" })).toBe(message);
    expect(bookingDateProblem({ ...base, loanType: "entrambi", usage: "interno" })).toBe(message);
    expect(bookingDateProblem({ ...base, loanType: "entrambi", usage: "interno", end: base.start })).toBeNull();
    expect(bookingDateProblem({ ...base, loanType: "entrambi", usage: "esterno" })).toBeNull();
  });

  it("requires a usage type for items lent both ways", () => {
    expect(bookingDateProblem({ ...base, loanType: "entrambi", usage: null })).toBe("Seleziona il tipo di utilizzo");
    expect(bookingDateProblem({ ...base, loanType: "entrambi", usage: undefined })).toBe(DATE_MESSAGES.usageRequired);
  });

  it("reports the first broken rule in the order a person fixes them", () => {
    expect(
      bookingDateProblem({ ...base, start: "2026-03-09", end: "2026-03-01", loanType: "entrambi", usage: null }),
    ).toBe(DATE_MESSAGES.startInPast);
    expect(bookingDateProblem({ ...base, end: "2026-03-11", loanType: "entrambi", usage: "interno" })).toBe(
      DATE_MESSAGES.endBeforeStartRequest,
    );
  });

  it("treats solo_interno as internal use whatever usage was sent", () => {
    expect(isInternalUse("solo_interno", null)).toBe(true);
    expect(isInternalUse("solo_interno", "esterno")).toBe(true);
    expect(isInternalUse("entrambi", "interno")).toBe(true);
    expect(isInternalUse("entrambi", "esterno")).toBe(false);
    expect(isInternalUse("solo_esterno", "interno")).toBe(false);
  });
});

describe("the desk's penalty warning", () => {
  it("stays silent below two strikes", () => {
    expect(penaltyWarning(0)).toBeNull();
    expect(penaltyWarning(1)).toBeNull();
  });

  it("warns at two strikes that one more delay blocks the account", () => {
    const warning = penaltyWarning(2);
    expect(warning).toContain("2 penalità");
    expect(warning).toContain("bloccherà");
  });

  it("still warns a user kept above the threshold after an unblock", () => {
    expect(penaltyWarning(3)).toContain("3 penalità");
    expect(penaltyWarning(5)).toContain("5 penalità");
  });
});
