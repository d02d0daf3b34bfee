/** Things counted out, as the desk writes them everywhere: "2 × Batteria, 1 × Cavo USB". */
export function countedList(things: ReadonlyArray<{ quantita: number; nome: string }>): string {
  return things.map((thing) => `${thing.quantita} × ${thing.nome}`).join(", ");
}
