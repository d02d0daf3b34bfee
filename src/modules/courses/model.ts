import { type Static, t } from "elysia";
import { answerInteger, idParams } from "../schemas";

const name = t.String({
  minLength: 1,
  maxLength: 100,
  error: "Il nome del corso è obbligatorio (al massimo 100 caratteri)",
});

export const course = t.Object({ id: answerInteger(), nome: t.String() });
export const courseWithState = t.Object({ id: answerInteger(), nome: t.String(), archiviato: t.Boolean() });

export const newCourse = t.Object({ nome: name }, { error: "Indica il nome del corso" });
export const courseChange = t.Object(
  {
    nome: t.Optional(name),
    archiviato: t.Optional(t.Boolean({ error: "archiviato è vero o falso" })),
  },
  { error: "Indica il nuovo nome o se il corso è archiviato" },
);
export const courseParams = idParams("Corso non valido");

export type NewCourse = Static<typeof newCourse>;
export type CourseChange = Static<typeof courseChange>;
export type Course = Static<typeof course>;
export type CourseWithState = Static<typeof courseWithState>;
