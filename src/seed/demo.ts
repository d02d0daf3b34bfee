import type { AppContext } from "../context";
import { createOrPromoteAdmin, generatePassword } from "../modules/auth/service";
import { hasUserData, seedDatabase } from "./generate";

/**
 * Loads the demo academy into an empty database: about sixty items, forty students, and loans in
 * every state around today. Passwords are generated and printed once, like the first administrator's.
 */
export async function loadDemoAcademy(ctx: AppContext, adminEmail: string) {
  if (hasUserData(ctx))
    throw new Error(
      "--demo carica i dati di esempio solo in un database vuoto: questo contiene già inventario o studenti",
    );
  const adminPassword = generatePassword(16);
  const { user: admin } = await createOrPromoteAdmin(ctx, { email: adminEmail, password: adminPassword });
  const studentPassword = generatePassword(16);
  const summary = await seedDatabase(ctx, {
    items: 60,
    students: 40,
    loans: 260,
    requests: 12,
    repairs: 8,
    reports: 5,
    historyDays: 150,
    studentPassword,
    adminId: admin.id,
    stageDemoScenarios: true,
  });
  return { adminEmail: admin.email, adminPassword, studentEmail: summary.firstStudentEmail, studentPassword, summary };
}
