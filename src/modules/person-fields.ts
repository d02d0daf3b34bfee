/** Who a desk list's row is about, by name and address: nulls once the account is deleted. */
export function personFields(user: { name: string; surname: string; email: string } | null | undefined) {
  return {
    utente_nome: user?.name ?? null,
    utente_cognome: user?.surname ?? null,
    utente_email: user?.email ?? null,
  };
}
