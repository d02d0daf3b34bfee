import type { AppContext } from "../context";
import { createOrPromoteAdmin, generatePassword } from "../modules/auth/service";
import { addDemoPhotos } from "./demo-photos";
import { hasUserData, seedDatabase } from "./generate";

/**
 * Loads the demo academy into an empty database: about sixty items, forty students, and loans in
 * every state around today, and photos on a few items. The administrator is the one ADMIN_EMAIL/ADMIN_PASSWORD name, as on a normal
 * first start; a password not given is generated (`generatedAdminPassword`) and printed once.
 */
export async function loadDemoAcademy(ctx: AppContext, administrator: { email: string; password?: string }) {
  if (hasUserData(ctx))
    throw new Error(
      "--demo carica i dati di esempio solo in un database vuoto: questo contiene già inventario o studenti",
    );
  const generatedAdminPassword = administrator.password ? null : generatePassword(16);
  const { user: admin } = await createOrPromoteAdmin(ctx, {
    email: administrator.email,
    password: administrator.password ?? generatedAdminPassword ?? undefined,
  });
  const studentPassword = generatePassword(16);
  const summary = await seedDatabase(ctx, {
    items: 60,
    students: 40,
    loans: 1500,
    requests: 12,
    repairs: 8,
    reports: 5,
    historyDays: 150,
    studentPassword,
    adminId: admin.id,
    stageDemoScenarios: true,
  });
  addDemoPhotos(ctx, admin.id);
  return {
    adminEmail: admin.email,
    generatedAdminPassword,
    studentEmail: summary.firstStudentEmail,
    studentPassword,
    summary,
  };
}
