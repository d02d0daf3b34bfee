/** The one message for any statistic the server could not give (admin spec §8). */
export const STATS_LOAD_ERROR = "Errore nel caricamento delle statistiche";
