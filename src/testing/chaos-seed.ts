/**
 * The seed of a randomised test (fuzz, property and crash-safety tests): PRESTALAB_SEED replays a run,
 * otherwise a new one is drawn. It is printed before the test starts, so a failing run's output
 * always names the seed that replays it: `PRESTALAB_SEED=<seed> bun test <file>`.
 */
export function chaosSeed(testName: string): number {
  const given = process.env.PRESTALAB_SEED;
  const seed = given ? Number(given) : Math.floor(Math.random() * 2 ** 31);
  if (!Number.isInteger(seed)) throw new Error(`PRESTALAB_SEED non valido: ${given}`);
  console.log(`${testName}: seme ${seed} (per ripetere: PRESTALAB_SEED=${seed})`);
  return seed;
}
